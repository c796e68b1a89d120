import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

beforeEach(() => resetShell());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const agent = (csId: string, status: string, openRooms: number) => ({
  csId,
  name: csId,
  email: `${csId}@demo.test`,
  status,
  statusSince: '2026-11-27T01:00:00.000Z',
  capacity: 5,
  openRooms,
});

const routes = (request: SentRequest) => {
  if (request.path.startsWith('/api/cs/dashboard/realtime-status?'))
    return jsonResponse(200, {
      pageSize: 200,
      pageNumber: 0,
      total: 3,
      items: [agent('ani', 'online', 2), agent('budi', 'online', 1), agent('citra', 'away', 0)],
    });
  if (request.path.startsWith('/api/cs/dashboard?'))
    return jsonResponse(200, {
      startDate: '2026-11-27',
      endDate: '2026-11-27',
      totalConversation: 9,
      openConversation: 4,
      closedConversation: 5,
      activeCs: 2,
      csat: { responses: 0, average: null, satisfiedPercent: null },
    });
  if (request.path.startsWith('/api/cs/chatRoomInternal?'))
    return jsonResponse(200, { pageSize: 100, pageNumber: 1, items: [] });
  if (request.path.startsWith('/api/cs/tickets/daily?'))
    return jsonResponse(200, { from: '2026-11-14', to: '2026-11-27', days: [] });
  if (request.path.startsWith('/api/campaigns/dashboard/active-customers?'))
    return jsonResponse(200, {
      channels: ['SMS'],
      timezone: 'Asia/Jakarta',
      date: '2026-11-27',
      today: 3,
      thisMonth: 11,
      daily: [{ date: '2026-11-27', customers: 3 }],
      monthly: [{ month: '2026-11', customers: 11 }],
    });
  if (request.path.startsWith('/api/campaigns/dashboard/daily-progress'))
    return jsonResponse(200, { date: '2026-11-27', items: [] });
  return undefined;
};

const stat = (name: string) =>
  within(screen.getByRole('group', { name })).getByTestId('stat-value').textContent;

describe('/dashboard/internal', () => {
  it("shows a supervisor the team's realtime status, internal chat, tickets and the usage across channels", async () => {
    useSessionStore.setState({
      session: buildSession({ role: 'ADC', features: ['CS', 'SMS'], mainFeature: 'CS' }),
    });
    const { requests } = mockShellApi(useSessionStore.getState().session!, { routes });
    renderApp('/dashboard/internal');
    expect(
      await screen.findByRole('heading', { name: 'Internal dashboard' }, { timeout: 15_000 }),
    ).toBeTruthy();
    await screen.findByRole('group', { name: 'Online now' });
    expect(stat('Agents')).toBe('3');
    expect(stat('Online now')).toBe('2');
    expect(stat('Open conversations')).toBe('3');
    await screen.findByRole('group', { name: 'Conversations today' });
    expect(stat('Active CS today')).toBe('2');
    expect(stat('Conversations today')).toBe('9');
    expect(screen.getByText('Away: 1', { exact: false })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Internal chat' })).toBeTruthy();
    await screen.findByRole('group', { name: 'Open internal chats' });
    expect(stat('Unread messages')).toBe('0');
    expect(await screen.findByRole('heading', { name: 'Daily active tickets' })).toBeTruthy();
    await screen.findByRole('group', { name: 'Monthly active customers' });
    expect(stat('Monthly active customers')).toBe('11');
    expect(screen.getByTestId('realtime-connection')).toBeTruthy();
    expect(requests.some((request) => request.path.startsWith('/api/cs/dashboard/realtime-status'))).toBe(
      true,
    );
  }, 40_000);

  it('shows a report user only the usage across channels, and asks nothing of the inbox', async () => {
    useSessionStore.setState({
      session: buildSession({ role: 'USR', features: ['CS', 'SMS'], mainFeature: 'SMS' }),
    });
    const { requests } = mockShellApi(useSessionStore.getState().session!, { routes });
    renderApp('/dashboard/internal');
    await screen.findByRole('group', { name: 'Daily active customers' }, { timeout: 15_000 });
    expect(stat('Daily active customers')).toBe('3');
    expect(screen.queryByRole('heading', { name: 'Realtime status' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Internal chat' })).toBeNull();
    expect(
      requests.some((request) =>
        ['/api/cs/dashboard', '/api/cs/chatRoomInternal', '/api/cs/tickets'].some((path) =>
          request.path.startsWith(path),
        ),
      ),
    ).toBe(false);
  }, 40_000);

  it('says so when nothing is open to the reader', async () => {
    useSessionStore.setState({
      session: buildSession({ role: 'ADC', features: ['OTP'], mainFeature: 'OTP' }),
    });
    mockShellApi(useSessionStore.getState().session!, { routes });
    renderApp('/dashboard/internal');
    expect(await screen.findByText(/Nothing to show for your role/, {}, { timeout: 15_000 })).toBeTruthy();
  }, 40_000);
});
