import type { Weekday, WindowRange } from '@sapa/contracts';

/** What the schedule reads of a window: pure data, so a fake clock tests it. */
export type WindowSchedule = {
  timeZone: string;
  ranges: readonly WindowRange[];
  /** Local dates (YYYY-MM-DD in the window's zone) on which it never opens. */
  blackoutDates: readonly string[];
};

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const weekdayOf = (date: string): Weekday =>
  (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

type LocalTime = { date: string; weekday: Weekday; minutes: number; wallMs: number };

/** The wall clock of `at` in the zone: its date, weekday, minute of the day, and as a UTC-read number. */
function localTime(at: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const [year, month, day, hour, minute, second] = [
    parts.year,
    parts.month,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  ].map(Number) as [number, number, number, number, number, number];
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: weekdayOf(`${parts.year}-${parts.month}-${parts.day}`),
    minutes: hour * 60 + minute,
    wallMs: Date.UTC(year, month - 1, day, hour, minute, second) + (at.getTime() % 1000),
  };
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The instant the zone's wall clock shows `minutes` after midnight of `date`. A wall time shown twice
 * (clocks going back) is its first occurrence; one that does not exist (clocks going forward) is the
 * end of the gap, the first instant whose wall time is later, which is when `isOpen` opens too.
 */
function instantOf(date: string, minutes: number, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day) + minutes * MINUTE;
  const wallAt = (instant: number) => localTime(new Date(instant), timeZone).wallMs;
  // The true instant lies within 14 hours of `wall` read as UTC: sample the offsets on both sides.
  const offsets = new Set([-14, 0, 12].map((hours) => wallAt(wall + hours * HOUR) - (wall + hours * HOUR)));
  const candidates = [...offsets].map((offset) => wall - offset).sort((a, b) => a - b);
  const exact = candidates.find((candidate) => wallAt(candidate) === wall);
  if (exact !== undefined) return exact;
  // A gap: the wall clock jumps over `wall` between the candidates; find the jump to the minute.
  let before = candidates[0]!;
  let after = candidates[candidates.length - 1]!;
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / MINUTE / 2) * MINUTE;
    if (wallAt(middle) > wall) after = middle;
    else before = middle;
  }
  return after;
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localDateOf(at: Date, timeZone: string): string {
  return localTime(at, timeZone).date;
}

/** The instant a local date begins in a zone (its first minute, past a DST gap). */
export function localDayStart(date: string, timeZone: string): Date {
  return new Date(instantOf(date, 0, timeZone));
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** Whether the window lets a message go at `at` (ranges are [start, end) in local time). */
export function isOpen(window: WindowSchedule, at: Date): boolean {
  const local = localTime(at, window.timeZone);
  if (window.blackoutDates.includes(local.date)) return false;
  return window.ranges.some(
    (range) =>
      range.day === local.weekday &&
      minutesOf(range.start) <= local.minutes &&
      local.minutes < minutesOf(range.end),
  );
}

/**
 * The first instant at or after `at` when the window is open: `at` itself when it is open now, else
 * the start of the next range that is not blacked out; null when it never opens (no ranges, or every
 * day blacked out for as far as its blackout list reaches).
 */
export function nextOpening(window: WindowSchedule, at: Date): Date | null {
  if (isOpen(window, at)) return at;
  if (window.ranges.length === 0) return null;
  const blackout = new Set(window.blackoutDates);
  const today = localTime(at, window.timeZone).date;
  // A whole week past the last blacked-out day holds every weekday, so an opening if the ranges hold any.
  const lastBlackout = window.blackoutDates.reduce((last, date) => (date > last ? date : last), today);
  const horizon = Math.round((Date.parse(lastBlackout) - Date.parse(today)) / DAY) + 8;
  for (let offset = 0; offset <= horizon; offset += 1) {
    const date = addDays(today, offset);
    if (blackout.has(date)) continue;
    const weekday = weekdayOf(date);
    const starts = window.ranges
      .filter((range) => range.day === weekday)
      .map((range) => instantOf(date, minutesOf(range.start), window.timeZone))
      .filter((start) => start > at.getTime())
      .sort((a, b) => a - b);
    if (starts.length > 0) return new Date(starts[0]!);
  }
  return null;
}
