import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, mockFetch, type SentRequest } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { buildSession } from '../../../test/session-fixture';
import { AnalyticsListPage } from './analytics-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dashboard = {
  id: 'd-1',
  name: 'Weekly service',
  description: 'For the Monday meeting',
  widgets: [{ kind: 'botContainment', rangeDays: 7 }],
  createdBy: 'adc@demo.test',
  createdAt: '2026-11-20T01:00:00.000Z',
  updatedAt: '2026-11-20T01:00:00.000Z',
};

describe('analytics dashboards screen', () => {
  it('lists dashboards, opens one with its charts, and deletes one after confirming', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
    let items = [dashboard];
    const { requests } = mockFetch((request: SentRequest) => {
      if (request.path.startsWith('/api/cs/analytics') && request.method === 'GET')
        return jsonResponse(200, { items, total: items.length, pageNumber: 1, pageSize: 10 });
      if (request.path.startsWith('/api/cs/analytics?id=d-1') && request.method === 'DELETE') {
        items = [];
        return jsonResponse(200, { deleted: 1 });
      }
      if (request.path.startsWith('/api/cs/dashboard/analytics?id=d-1'))
        return jsonResponse(200, {
          dashboard,
          results: [
            {
              widget: dashboard.widgets[0],
              from: '2026-11-14',
              to: '2026-11-20',
              timezone: 'Asia/Jakarta',
              data: {
                kind: 'botContainment',
                botConversations: 5,
                contained: 3,
                handedOff: 1,
                inProgress: 1,
                containmentRate: 75,
                byDay: [],
              },
            },
          ],
        });
      return jsonResponse(404, { error: { code: 'not_found', message: 'no' } });
    });
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsListPage />);
    const table = await screen.findByRole('table', { name: 'Analytics dashboards' });
    const row = within(table).getByText('Weekly service').closest('tr')!;
    expect(row.textContent).toContain('Bot containment');

    await user.click(within(row).getByRole('button', { name: 'View' }));
    const card = await screen.findByRole('group', { name: 'Bot containment' });
    expect(within(card).getByTestId('figure-rate').textContent).toBe('75%');
    expect(screen.getByText('For the Monday meeting')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    const again = await screen.findByRole('table', { name: 'Analytics dashboards' });
    await user.click(
      within(within(again).getByText('Weekly service').closest('tr')!).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete dashboard' });
    await user.click(within(dialog).getByRole('button', { name: /yes|delete|ok/i }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/cs/analytics?id=d-1')).toBe(true),
    );
    expect(
      await screen.findByText(
        'No dashboard yet. Create one to chart response times, bot containment and agent load.',
      ),
    ).toBeTruthy();
  });

  it('refuses to save a dashboard without a name and says why', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
    const { requests } = mockFetch(() =>
      jsonResponse(200, { items: [], total: 0, pageNumber: 1, pageSize: 10 }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsListPage />);
    await user.click(await screen.findByRole('button', { name: 'New dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'New dashboard' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Give the dashboard a name (at most 100 characters).'),
    ).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
