import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { WidgetChart } from './widget-chart';

afterEach(cleanup);

const range = { from: '2026-11-02', to: '2026-11-03', timezone: 'Asia/Jakarta' };

describe('analytics chart widget', () => {
  it('shows response-time figures as durations with a day-by-day list', async () => {
    renderWithProviders(
      <WidgetChart
        result={{
          ...range,
          widget: { kind: 'firstResponseTime', rangeDays: 7 },
          data: {
            kind: 'firstResponseTime',
            count: 3,
            median: 60,
            p90: 108,
            byDay: [
              { date: '2026-11-02', count: 2, median: 90 },
              { date: '2026-11-03', count: 0, median: null },
            ],
          },
        }}
      />,
    );
    const card = await screen.findByRole('group', { name: 'First response time' });
    expect(within(card).getByTestId('figure-median').textContent).toBe('1 min 0 s');
    expect(within(card).getByTestId('figure-p90').textContent).toBe('1 min 48 s');
    expect(within(card).getByTestId('figure-count').textContent).toBe('3');
    expect(within(card).getByText('2026-11-02 – 2026-11-03')).toBeTruthy();
    const days = within(card).getByRole('list', { name: 'First response time' });
    expect(
      within(days)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2026-11-02: 1 min 30 s (2)', '2026-11-03: — (0)']);
  });

  it('shows bot containment with its own title, and says so when no conversation met the bot', async () => {
    const containment = (contained: number, handedOff: number, inProgress: number) => ({
      ...range,
      widget: { kind: 'botContainment' as const, title: 'Bot this week', rangeDays: 7 },
      data: {
        kind: 'botContainment' as const,
        botConversations: contained + handedOff + inProgress,
        contained,
        handedOff,
        inProgress,
        containmentRate:
          contained + handedOff ? Math.round((contained / (contained + handedOff)) * 1000) / 10 : null,
        byDay: [],
      },
    });
    const { unmount } = renderWithProviders(<WidgetChart result={containment(3, 1, 2)} />);
    const card = await screen.findByRole('group', { name: 'Bot this week' });
    expect(within(card).getByTestId('figure-rate').textContent).toBe('75%');
    expect(within(card).getByTestId('figure-handed-off').textContent).toBe('1');
    expect(within(card).queryByText('No conversation went through the bot in these days.')).toBeNull();
    unmount();
    renderWithProviders(<WidgetChart result={containment(0, 0, 0)} />);
    expect(await screen.findByText('No conversation went through the bot in these days.')).toBeTruthy();
    expect(screen.getByTestId('figure-rate').textContent).toBe('—');
  });
});
