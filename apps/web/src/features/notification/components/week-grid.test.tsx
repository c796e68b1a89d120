import '../notification-i18n';
import type { WindowRange } from '@sapa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { emptyWeek, rangesToWeek, WeekGrid, weekToRanges } from './week-grid';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function Harness({ initial }: { initial: WindowRange[] }) {
  const [week, setWeek] = useState(rangesToWeek(initial));
  return (
    <>
      <WeekGrid value={week} onChange={setWeek} />
      <output data-testid="ranges">{JSON.stringify(weekToRanges(week))}</output>
    </>
  );
}
const ranges = () => JSON.parse(screen.getByTestId('ranges').textContent ?? '[]') as WindowRange[];

describe('week grid window editor', () => {
  it('turns runs of open hours into ranges, ending at 24:00 for midnight, and back', () => {
    const week = emptyWeek();
    for (const hour of [8, 9, 10, 14]) week[0]![hour] = true;
    for (let hour = 20; hour < 24; hour++) week[6]![hour] = true;
    expect(weekToRanges(week)).toEqual([
      { day: 'mon', start: '08:00', end: '11:00' },
      { day: 'mon', start: '14:00', end: '15:00' },
      { day: 'sun', start: '20:00', end: '24:00' },
    ]);
    expect(rangesToWeek(weekToRanges(week))).toEqual(week);
  });

  it('shows an hour open when a range covers any part of it', () => {
    const week = rangesToWeek([{ day: 'tue', start: '09:30', end: '10:15' }]);
    expect(week[1]!.map((open, hour) => (open ? hour : null)).filter((hour) => hour !== null)).toEqual([
      9, 10,
    ]);
  });

  it('opens an hour on click and paints the hours a drag crosses', () => {
    renderWithProviders(<Harness initial={[]} />);
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Wed 09:00' }), { button: 0 });
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Wed 10:00' }));
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Wed 11:00' }));
    fireEvent.mouseUp(screen.getByRole('button', { name: 'Wed 11:00' }));
    // After the mouse is up, passing over an hour changes nothing.
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Wed 12:00' }));
    expect(ranges()).toEqual([{ day: 'wed', start: '09:00', end: '12:00' }]);
    expect(screen.getByRole('button', { name: 'Wed 10:00' }).getAttribute('aria-pressed')).toBe('true');

    // A drag that starts on an open hour closes what it crosses.
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Wed 10:00' }), { button: 0 });
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Wed 11:00' }));
    fireEvent.mouseUp(screen.getByRole('button', { name: 'Wed 11:00' }));
    expect(ranges()).toEqual([{ day: 'wed', start: '09:00', end: '10:00' }]);
  });

  it('toggles a whole day, takes presets, and works from the keyboard', () => {
    renderWithProviders(<Harness initial={[{ day: 'fri', start: '00:00', end: '24:00' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open or close all of Fri' }));
    expect(ranges()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Office hours (Mon–Fri 08–17)' }));
    expect(ranges()).toHaveLength(5);
    expect(ranges()[0]).toEqual({ day: 'mon', start: '08:00', end: '17:00' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Sat 07:00' }), { key: 'Enter' });
    expect(ranges().at(-1)).toEqual({ day: 'sat', start: '07:00', end: '08:00' });
    fireEvent.click(screen.getByRole('button', { name: 'Every hour' }));
    expect(ranges()).toHaveLength(7);
    expect(ranges().every((range) => range.start === '00:00' && range.end === '24:00')).toBe(true);
  });

  it('speaks Indonesian', async () => {
    await i18n.changeLanguage('id');
    renderWithProviders(<Harness initial={[]} />);
    const grid = screen.getByRole('table', { name: 'Jam pengiriman dalam seminggu' });
    expect(within(grid).getByRole('button', { name: 'Sen 08:00' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });
});
