import type { StoredHoliday, StoredPeriod } from './availability.tables.js';

/** The default zone of a client (architecture §5) and of a zone this runtime does not know. */
export const DEFAULT_TIMEZONE = 'Asia/Jakarta';

export type Schedule = { periods: StoredPeriod[]; holidays: StoredHoliday[]; enabled: boolean };

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        hourCycle: 'h23',
        weekday: 'short',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
    } catch {
      // A zone saved before it was checked, or one this runtime lacks: the default is better than a 500.
      return formatterFor(DEFAULT_TIMEZONE);
    }
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The local wall clock of an instant in a zone: day of week (0 Sunday), date and `HH:MM`. */
export function localClock(at: Date, timezone: string) {
  const parts = Object.fromEntries(
    formatterFor(timezone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: WEEKDAYS[parts.weekday!] ?? 0,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * Whether a schedule is open at an instant: not on one of its holidays, and inside one of that day's
 * periods (start inclusive, end exclusive). A switched-off schedule is always open: it no longer limits.
 */
export function isOpenAt(schedule: Schedule, at: Date, timezone: string): boolean {
  if (!schedule.enabled) return true;
  const clock = localClock(at, timezone);
  if (schedule.holidays.some((holiday) => holiday.date === clock.date)) return false;
  return schedule.periods.some(
    (period) => period.day === clock.day && period.start <= clock.time && clock.time < period.end,
  );
}
