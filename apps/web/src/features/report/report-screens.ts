import type { ComponentType } from 'react';

/**
 * Every report screen (`/report/*`, `/voice/voiceHistory`, `/scenario-diagram/:campaignCode`), each its
 * own chunk; the route table reaches them through this one module, so the login page's entry holds one
 * lazy import for them all. The diagram's graph library is in the scenario chunk only.
 */
export const REPORT_SCREENS = {
  reportQuery: async () => (await import('./pages/report-query-page')).ReportQueryPage,
  reportDownload: async () => (await import('./pages/report-download-page')).ReportDownloadPage,
  reportPage: async () => (await import('./pages/report-summary-page')).ReportSummaryPage,
  reportNotificationHistory: async () =>
    (await import('./pages/notification-history-page')).NotificationHistoryPage,
  voiceHistory: async () => (await import('./pages/voice-history-page')).VoiceHistoryPage,
  scenarioDiagram: async () => (await import('./pages/scenario-diagram-page')).ScenarioDiagramPage,
} satisfies Record<string, () => Promise<ComponentType>>;

export type ReportScreen = keyof typeof REPORT_SCREENS;
