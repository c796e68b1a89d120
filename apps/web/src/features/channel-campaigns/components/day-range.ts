const DAY = 86_400_000;

/** Today's date where the client works (the server counts local days in the client's time zone too). */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: timezone });
}

/** A plain calendar date moved by whole days. */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

export const DAY_PRESETS = ['today', 'last7', 'last30'] as const;
export type DayPreset = (typeof DAY_PRESETS)[number];

/** The local days a preset covers, ending today. */
export function presetDays(preset: DayPreset, today: string): { startDate: string; endDate: string } {
  const back = { today: 0, last7: 6, last30: 29 }[preset];
  return { startDate: shiftDate(today, -back), endDate: today };
}
