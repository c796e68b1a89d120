import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';
import { rangeProblem, shiftDate, todayIn } from '../components/date-range-filter';

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const today = () => todayIn('Asia/Jakarta');

/** Answers the dashboard calls with figures derived from the asked range, so each range shows its own. */
function serveDashboard() {
  return mockShellApi(useSessionStore.getState().session!, {
    routes: (request: SentRequest) => {
      const url = new URL(request.path, 'http://localhost');
      const query = Object.fromEntries(url.searchParams);
      if (url.pathname === '/api/cs/dashboard') {
        const days =
          (Date.parse(`${query.endDate}T00:00:00Z`) - Date.parse(`${query.startDate}T00:00:00Z`)) /
            86_400_000 +
          1;
        return jsonResponse(200, {
          startDate: query.startDate,
          endDate: query.endDate,
          totalConversation: days * 10,
          openConversation: days,
          closedConversation: days * 9,
          activeCs: 3,
        });
      }
      if (url.pathname === '/api/cs/dashboard/daily') {
        const days = [];
        for (let date = query.from!; date <= query.to!; date = shiftDate(date, 1))
          days.push({ date, activeCustomers: 2, tickets: 5 });
        return jsonResponse(200, { from: query.from, to: query.to, timezone: 'Asia/Jakarta', days });
      }
      if (url.pathname === '/api/cs/dashboard/realtime-status')
        return jsonResponse(200, {
          items: [
            {
              csId: 'cs-1',
              name: 'Ayu',
              email: 'usc@demo.test',
              status: 'online',
              statusSince: '2026-11-23T01:00:00.000Z',
              capacity: 5,
              openRooms: 2,
            },
          ],
          total: 1,
          pageNumber: 1,
          pageSize: 10,
        });
      if (url.pathname.startsWith('/api/cs/dashboard')) return errorResponse(500, 'unexpected', url.pathname);
      return undefined;
    },
  });
}

const calls = (requests: SentRequest[], path: string) =>
  requests
    .map((request) => new URL(request.path, 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

const statValue = (label: string) =>
  within(screen.getByRole('group', { name: label })).getByTestId('stat-value').textContent;

describe('rangeProblem', () => {
  it('accepts a range up to 92 days and names what is wrong otherwise', () => {
    expect(rangeProblem({ from: '2026-01-01', to: '2026-04-02' })).toBeNull();
    expect(rangeProblem({ from: '2026-01-01', to: '2026-04-03' })).toBe('tooLong');
    expect(rangeProblem({ from: '2026-02-01', to: '2026-01-01' })).toBe('backwards');
    expect(rangeProblem({ from: '', to: '2026-01-01' })).toBe('incomplete');
  });
});

describe('customer-service dashboard', () => {
  it('asks for the last 7 days first, then for the range the user picks', async () => {
    const { requests } = serveDashboard();
    renderApp('/dashboard/customer-service');
    const week = { startDate: shiftDate(today(), -6), endDate: today() };

    await waitFor(() => expect(statValue('Total conversations')).toBe('70'));
    expect(calls(requests, '/api/cs/dashboard')).toEqual([week]);
    expect(calls(requests, '/api/cs/dashboard/daily')).toEqual([{ from: week.startDate, to: week.endDate }]);
    expect(statValue('Closed conversations')).toBe('63');
    expect(screen.getByRole('img', { name: 'Daily active customers' })).toBeTruthy();
    expect(screen.getByText('Total for the period: 35')).toBeTruthy();
    expect(await screen.findByText('usc@demo.test')).toBeTruthy();
    expect(screen.getByText('2 of 5')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Today' }));
    await waitFor(() => expect(statValue('Total conversations')).toBe('10'));
    expect(calls(requests, '/api/cs/dashboard').at(-1)).toEqual({ startDate: today(), endDate: today() });
    expect(calls(requests, '/api/cs/dashboard/daily').at(-1)).toEqual({ from: today(), to: today() });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-03' } });
    await waitFor(() => expect(statValue('Total conversations')).toBe('30'));
    expect(calls(requests, '/api/cs/dashboard').at(-1)).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-03',
    });
    expect(calls(requests, '/api/cs/dashboard/daily').at(-1)).toEqual({
      from: '2026-10-01',
      to: '2026-10-03',
    });
  });

  it('keeps the last good range and says why when the dates are backwards or too far apart', async () => {
    const { requests } = serveDashboard();
    renderApp('/dashboard/customer-service');
    await waitFor(() => expect(statValue('Total conversations')).toBe('70'));
    const before = calls(requests, '/api/cs/dashboard').length;

    // Days after today cannot be chosen at all; an end before the start can, and is explained.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: shiftDate(today(), -40) } });
    expect(await screen.findByText('The end date is before the start date')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: shiftDate(today(), -200) } });
    expect(await screen.findByText('Choose at most 92 days')).toBeTruthy();
    expect(calls(requests, '/api/cs/dashboard')).toHaveLength(before);
    expect(statValue('Total conversations')).toBe('70');
  });

  it('tells roles outside supervision that the dashboard is not theirs, without asking the server', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'USE' }) });
    const { requests } = serveDashboard();
    renderApp('/dashboard/customer-service');
    expect(
      await screen.findByText("The customer-service dashboard is for supervisors and the client's admins."),
    ).toBeTruthy();
    expect(calls(requests, '/api/cs/dashboard')).toHaveLength(0);
  });
});
