/** Log types of spec §3; a client's `logTypes` setting lists which of them it records. */
export const LOG_TYPES = ['LOGIN', 'USER', 'BROWSER_SETTINGS', 'CAMPAIGN', 'UPLOAD', 'CS', 'REPORT'] as const;
export type LogType = (typeof LOG_TYPES)[number];
