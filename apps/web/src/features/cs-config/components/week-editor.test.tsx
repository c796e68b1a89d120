import '../automation-i18n';
import type { AvailabilityPeriod } from '@sapa/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { hoursPerWeek, periodProblems, WeekEditor } from './week-editor';

afterEach(cleanup);

/** The editor as a form holds it: its own state, reported to the test on each change. */
function Harness({
  initial,
  onChange,
  showProblems = false,
}: {
  initial: AvailabilityPeriod[];
  onChange: (periods: AvailabilityPeriod[]) => void;
  showProblems?: boolean;
}) {
  const [periods, setPeriods] = useState(initial);
  return (
    <WeekEditor
      periods={periods}
      showProblems={showProblems}
      onChange={(next) => {
        setPeriods(next);
        onChange(next);
      }}
    />
  );
}

describe('week editor', () => {
  it('shows the week Monday first, each day closed or with its periods', () => {
    renderWithProviders(
      <Harness initial={[{ day: 1, start: '08:00', end: '12:00' }]} onChange={() => undefined} />,
    );
    const rows = within(screen.getByRole('table', { name: 'Week' })).getAllByRole('rowheader');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect((screen.getByLabelText('Monday From') as HTMLInputElement).value).toBe('08:00');
    expect(screen.getAllByText('Closed')).toHaveLength(6);
  });

  it('adds a second period after the first one of the day, edits and removes periods', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={[{ day: 1, start: '08:00', end: '12:00' }]} onChange={onChange} />);

    await user.click(screen.getByRole('button', { name: 'Add period Monday' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { day: 1, start: '08:00', end: '12:00' },
      { day: 1, start: '12:00', end: '13:00' },
    ]);
    const [, secondStart] = screen.getAllByLabelText('Monday From');
    fireEvent.change(secondStart!, { target: { value: '13:00' } });
    const [, secondEnd] = screen.getAllByLabelText('Monday Until');
    fireEvent.change(secondEnd!, { target: { value: '17:00' } });
    expect(onChange).toHaveBeenLastCalledWith([
      { day: 1, start: '08:00', end: '12:00' },
      { day: 1, start: '13:00', end: '17:00' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Add period Saturday' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.arrayContaining([{ day: 6, start: '08:00', end: '17:00' }]),
    );
    await user.click(screen.getByRole('button', { name: 'Remove period Monday 08:00' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { day: 1, start: '13:00', end: '17:00' },
      { day: 6, start: '08:00', end: '17:00' },
    ]);
  });

  it('says which period ends before it starts or overlaps another, once problems are shown', () => {
    const periods = [
      { day: 2, start: '09:00', end: '12:00' },
      { day: 2, start: '11:00', end: '14:00' },
      { day: 3, start: '17:00', end: '08:00' },
    ];
    expect(periodProblems(periods)).toEqual(['overlap', 'overlap', 'endAfterStart']);
    expect(periodProblems([{ day: 1, start: '8am', end: '09:00' }])).toEqual(['invalidTime']);
    expect(
      hoursPerWeek([
        { day: 1, start: '08:00', end: '12:30' },
        { day: 2, start: '13:00', end: '17:00' },
      ]),
    ).toBe(8.5);

    renderWithProviders(<Harness initial={periods} onChange={() => undefined} showProblems />);
    expect(screen.getAllByText('Overlaps another period of this day')).toHaveLength(2);
    expect(screen.getAllByText('A period must end after it starts')).toHaveLength(1);
  });
});
