import type { WindowRange } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { isOpen, nextOpening, type WindowSchedule } from './window-schedule.js';

const weekdays = (start: string, end: string): WindowRange[] =>
  (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, start, end }));
const window = (fields: Partial<WindowSchedule>): WindowSchedule => ({
  timeZone: 'Asia/Jakarta',
  ranges: [...weekdays('08:00', '12:00'), ...weekdays('13:00', '17:00')],
  blackoutDates: [],
  ...fields,
});
const at = (iso: string) => new Date(iso);
const next = (schedule: WindowSchedule, iso: string) => nextOpening(schedule, at(iso))?.toISOString() ?? null;

describe('sending windows (fake clock)', () => {
  // 2026-11-23 is a Monday; Jakarta is UTC+7 all year.
  const office = window({});

  it('is open inside a range and answers the moment itself', () => {
    expect(isOpen(office, at('2026-11-23T02:00:00Z'))).toBe(true); // Mon 09:00 WIB
    expect(next(office, '2026-11-23T02:00:00Z')).toBe('2026-11-23T02:00:00.000Z');
  });

  it('treats a range as [start, end): open at its first minute, closed at its end', () => {
    expect(isOpen(office, at('2026-11-23T01:00:00Z'))).toBe(true); // 08:00
    expect(isOpen(office, at('2026-11-23T00:59:59Z'))).toBe(false); // 07:59:59
    expect(isOpen(office, at('2026-11-23T05:00:00Z'))).toBe(false); // 12:00
    expect(next(office, '2026-11-23T05:00:00Z')).toBe('2026-11-23T06:00:00.000Z'); // lunch → 13:00
  });

  it('reads the day in the window’s zone, not in UTC', () => {
    // Sunday 20:00 UTC is Monday 03:00 in Jakarta: the same Monday's 08:00 opens next.
    expect(isOpen(office, at('2026-11-22T20:00:00Z'))).toBe(false);
    expect(next(office, '2026-11-22T20:00:00Z')).toBe('2026-11-23T01:00:00.000Z');
    // Monday 23:00 UTC is already Tuesday 06:00 in Jakarta.
    expect(next(office, '2026-11-23T23:00:00Z')).toBe('2026-11-24T01:00:00.000Z');
  });

  it('skips the weekend from Friday’s closing', () => {
    expect(next(office, '2026-11-27T10:00:00Z')).toBe('2026-11-30T01:00:00.000Z'); // Fri 17:00 → Mon 08:00
  });

  it('never opens on a blackout date, nor at the moments it would otherwise be open', () => {
    const holiday = window({ blackoutDates: ['2026-11-23', '2026-11-24'] });
    expect(isOpen(holiday, at('2026-11-23T02:00:00Z'))).toBe(false);
    expect(next(holiday, '2026-11-23T02:00:00Z')).toBe('2026-11-25T01:00:00.000Z');
    // A blackout date is local: 23 Nov 18:00 UTC is 24 Nov 01:00 in Jakarta, still blacked out.
    expect(next(holiday, '2026-11-23T18:00:00Z')).toBe('2026-11-25T01:00:00.000Z');
  });

  it('looks past long blackouts', () => {
    const mondays = Array.from({ length: 12 }, (_, week) =>
      new Date(Date.UTC(2026, 10, 23 + week * 7)).toISOString().slice(0, 10),
    );
    const onlyMondays = window({
      ranges: [{ day: 'mon', start: '10:00', end: '11:00' }],
      blackoutDates: mondays,
    });
    expect(next(onlyMondays, '2026-11-22T00:00:00Z')).toBe('2027-02-15T03:00:00.000Z');
  });

  it('answers null for a window with no range', () => {
    expect(next(window({ ranges: [] }), '2026-11-23T02:00:00Z')).toBeNull();
  });

  it('keeps several ranges a day in order and reaches midnight with 24:00', () => {
    const evening = window({
      ranges: [
        { day: 'sat', start: '20:00', end: '24:00' },
        { day: 'sat', start: '06:00', end: '07:00' },
      ],
    });
    expect(isOpen(evening, at('2026-11-28T16:59:00Z'))).toBe(true); // Sat 23:59
    expect(isOpen(evening, at('2026-11-28T17:00:00Z'))).toBe(false); // Sun 00:00
    expect(next(evening, '2026-11-27T20:00:00Z')).toBe('2026-11-27T23:00:00.000Z'); // Sat 03:00 → 06:00
    expect(next(evening, '2026-11-28T00:30:00Z')).toBe('2026-11-28T13:00:00.000Z'); // 07:30 → 20:00
  });

  it.each([
    // zone, a Monday 08:00 local in UTC
    ['Asia/Kolkata', '2026-11-23T02:30:00.000Z'], // +05:30
    ['Pacific/Kiritimati', '2026-11-22T18:00:00.000Z'], // +14: Monday starts on Sunday in UTC
    ['America/Sao_Paulo', '2026-11-23T11:00:00.000Z'], // -03, no DST since 2019
    ['Asia/Makassar', '2026-11-23T00:00:00.000Z'], // +08
    ['UTC', '2026-11-23T08:00:00.000Z'],
  ])('opens at 08:00 local in %s', (timeZone, opening) => {
    const zoned = window({ timeZone, ranges: [{ day: 'mon', start: '08:00', end: '09:00' }] });
    expect(next(zoned, '2026-11-20T00:00:00Z')).toBe(opening);
    expect(isOpen(zoned, new Date(opening))).toBe(true);
    expect(isOpen(zoned, new Date(Date.parse(opening) - 1000))).toBe(false);
    expect(isOpen(zoned, new Date(Date.parse(opening) + 3_600_000))).toBe(false);
  });

  it('follows clocks that change (Europe/Berlin): a start in the gap opens at its end, as isOpen does', () => {
    // 29 Mar 2026: 02:00 CET jumps to 03:00 CEST (01:00 UTC). 02:30 never exists that day.
    const spring = window({
      timeZone: 'Europe/Berlin',
      ranges: [{ day: 'sun', start: '02:30', end: '04:00' }],
    });
    expect(next(spring, '2026-03-29T00:00:00Z')).toBe('2026-03-29T01:00:00.000Z');
    expect(isOpen(spring, at('2026-03-29T00:59:00Z'))).toBe(false);
    expect(isOpen(spring, at('2026-03-29T01:00:00Z'))).toBe(true);
    // 25 Oct 2026: 03:00 CEST goes back to 02:00 CET; 02:30 happens twice, the first one opens.
    const autumn = window({
      timeZone: 'Europe/Berlin',
      ranges: [{ day: 'sun', start: '02:30', end: '04:00' }],
    });
    expect(next(autumn, '2026-10-24T22:00:00Z')).toBe('2026-10-25T00:30:00.000Z');
    // Outside DST weeks the offset is the ordinary one.
    expect(next(autumn, '2026-11-20T00:00:00Z')).toBe('2026-11-22T01:30:00.000Z');
  });
});
