import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, mockFetch, type SentRequest } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { buildSession } from '../../../test/session-fixture';
import { ResponseReport } from './response-report';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const figures = (conversations: number, first: number | null, res: number | null) => ({
  conversations,
  firstResponse: {
    count: first === null ? 0 : conversations,
    median: first,
    p90: first === null ? null : first * 2,
  },
  resolution: { count: res === null ? 0 : conversations, median: res, p90: res === null ? null : res * 2 },
});

describe('response report on the CS dashboard', () => {
  it('shows overall figures as durations, a row per agent, and asks for the chosen days', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
    const { requests } = mockFetch((request: SentRequest) =>
      request.path.startsWith('/api/cs/dashboard/response-times')
        ? jsonResponse(200, {
            from: '2026-11-02',
            to: '2026-11-04',
            timezone: 'Asia/Jakarta',
            overall: figures(6, 120, 1050),
            byAgent: [{ csId: 'cs-1', name: 'Agent A', ...figures(3, 45, 7500) }],
            byDay: [{ date: '2026-11-02', ...figures(2, 90, 900) }],
            byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, conversations: hour === 9 ? 2 : 0 })),
          })
        : jsonResponse(404, { error: { code: 'not_found', message: 'no' } }),
    );
    renderWithProviders(
      <ResponseReport clientId="client-1" range={{ from: '2026-11-02', to: '2026-11-04' }} enabled />,
    );
    expect((await screen.findByTestId('report-firstMedian')).textContent).toBe('2 min 0 s');
    expect(screen.getByTestId('report-resolutionP90').textContent).toBe('35 min 0 s');
    const table = screen.getByRole('table', { name: 'Response times per agent' });
    const row = within(table).getByText('Agent A').closest('tr')!;
    expect(row.textContent).toContain('45 s');
    expect(row.textContent).toContain('2 h 5 min');
    expect(screen.getByText('09:00 2')).toBeTruthy();
    expect(requests[0]!.path).toBe('/api/cs/dashboard/response-times?from=2026-11-02&to=2026-11-04');
  });
});
