/**
 * When an email pulse leaves: at a whole local hour of the client's time zone, every day or on one
 * weekday. Pure: time-zone rules come from Intl, so the scheduler and its tests need no database.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The zone's offset from UTC at an instant, in milliseconds (Asia/Jakarta: +7 h). */
function offsetAt(instant: number, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant a local date and hour start in a time zone. */
export function localHourInstant(date: string, hour: number, timezone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + hour * HOUR;
  const guess = wall - offsetAt(wall, timezone);
  // Around a change of offset the first guess can be off by the change: correct once.
  return new Date(wall - offsetAt(guess, timezone));
}

/** A local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date, timezone: string): string {
  return instant.toLocaleDateString('en-CA', { timeZone: timezone });
}

export type PulseSchedule = {
  frequency: 'daily' | 'weekly';
  dayOfWeek: number | null;
  hour: number;
};

/** The first scheduled instant strictly after `after`. */
export function nextPulseRun(schedule: PulseSchedule, timezone: string, after: Date): Date {
  const start = Date.parse(`${localDate(after, timezone)}T00:00:00Z`) - DAY;
  for (let day = 0; day < 10; day++) {
    const date = new Date(start + day * DAY).toISOString().slice(0, 10);
    if (schedule.frequency === 'weekly' && new Date(`${date}T00:00:00Z`).getUTCDay() !== schedule.dayOfWeek)
      continue;
    const run = localHourInstant(date, schedule.hour, timezone);
    if (run.getTime() > after.getTime()) return run;
  }
  throw new Error('No pulse run within ten days');
}

/**
 * The local days a digest sent at `runAt` reports on: the day before (daily) or the seven days before
 * (weekly), whole days that are over.
 */
export function pulsePeriod(frequency: 'daily' | 'weekly', runAt: Date, timezone: string) {
  const today = Date.parse(`${localDate(runAt, timezone)}T00:00:00Z`);
  const day = (offset: number) => new Date(today + offset * DAY).toISOString().slice(0, 10);
  return { from: day(frequency === 'daily' ? -1 : -7), to: day(-1) };
}
