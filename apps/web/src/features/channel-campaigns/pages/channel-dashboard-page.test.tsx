import type { CampaignSummary, DailyProgress, StatusCounts } from '@sapa/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

beforeEach(() => {
  resetShell();
  useSessionStore.setState({
    session: buildSession({ role: 'ADC', features: ['VOICE', 'SMS'], mainFeature: 'VOICE' }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const counts = (given: Partial<StatusCounts>): StatusCounts => ({
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  expired: 0,
  canceled: 0,
  answered: 0,
  busy: 0,
  no_answer: 0,
  ...given,
});

const voiceSummary: CampaignSummary = {
  channel: 'VOICE',
  startDate: '2026-11-21',
  endDate: '2026-11-27',
  total: 12,
  counts: counts({ answered: 8, busy: 2, no_answer: 2 }),
  successRate: 66.7,
  days: [{ date: '2026-11-27', total: 12, reached: 8, failed: 4 }],
  calls: { answered: 8, durationSeconds: 3725, averageSeconds: 465.6, chargedSeconds: 3840 },
};

const activeCustomers = (channels: string[], today: number, thisMonth: number) =>
  jsonResponse(200, {
    channels,
    timezone: 'Asia/Jakarta',
    date: '2026-11-27',
    today,
    thisMonth,
    daily: [
      { date: '2026-11-26', customers: today === 0 ? 0 : 4 },
      { date: '2026-11-27', customers: today },
    ],
    monthly: [
      { month: '2026-10', customers: thisMonth === 0 ? 0 : 9 },
      { month: '2026-11', customers: thisMonth },
    ],
  });

const progress = (items: DailyProgress['items']) => jsonResponse(200, { date: '2026-11-27', items });

describe('channel dashboards', () => {
  it("shows the voice summary with call durations, and today's campaigns searched by code", async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/campaigns/dashboard/summary?'))
          return jsonResponse(200, voiceSummary);
        if (request.path.startsWith('/api/campaigns/dashboard/active-customers?'))
          return activeCustomers(['VOICE'], 7, 31);
        if (request.path.startsWith('/api/campaigns/dashboard/daily-progress'))
          return progress(
            request.path.includes('code=NONE')
              ? []
              : [
                  {
                    campaignId: 'c-1',
                    code: 'REMIND-01',
                    name: 'Pengingat',
                    channel: 'VOICE',
                    total: 10,
                    counts: counts({ queued: 2, answered: 6, busy: 2 }),
                    progress: 80,
                  },
                ],
          );
        return undefined;
      },
    });
    renderApp('/dashboard/voice');
    // The first screen of the file loads its lazy chunk and charts: slow on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Voice dashboard' }, { timeout: 15_000 })).toBeTruthy();
    const stat = (name: string) =>
      within(screen.getByRole('group', { name })).getByTestId('stat-value').textContent;
    await screen.findByRole('group', { name: 'Call duration, total' });
    expect(stat('Notifications')).toBe('12');
    expect(stat('Success rate')).toBe('66.7%');
    expect(stat('Call duration, total')).toBe('1 h 02 m 05 s');
    expect(stat('Average per answered call')).toBe('7 m 46 s');
    expect(stat('Charged duration')).toBe('1 h 04 m 00 s');
    await screen.findByRole('group', { name: 'Daily active customers' });
    expect(stat('Daily active customers')).toBe('7');
    expect(stat('Monthly active customers')).toBe('31');
    expect(screen.getByText('Daily active customers, last 2 days')).toBeTruthy();
    expect(screen.getByText('Monthly active customers, last 2 months')).toBeTruthy();
    const active = requests.find((request) =>
      request.path.startsWith('/api/campaigns/dashboard/active-customers?'),
    )!.path;
    expect(active).toContain('channel=VOICE');
    expect(active).toContain('days=30');
    expect(active).toContain('months=6');
    // Tickets are the inbox's (WhatsApp); the voice dashboard does not ask for them.
    expect(requests.some((request) => request.path.startsWith('/api/cs/tickets/daily'))).toBe(false);
    const table = await screen.findByRole('table', { name: 'Daily campaign progress' });
    expect(within(table).getByText('REMIND-01')).toBeTruthy();
    expect(within(table).getByText('80%')).toBeTruthy();
    expect(
      requests.find((request) => request.path.startsWith('/api/campaigns/dashboard/summary?'))!.path,
    ).toContain('channel=VOICE');

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search by campaign code' }), 'NONE');
    expect(await screen.findByText("no data for today's campaign")).toBeTruthy();
  });

  it('shows every channel on the notification dashboard and the usage of the one chosen', async () => {
    useSessionStore.setState({
      session: buildSession({ role: 'ADC', features: ['KAN', 'VOICE', 'SMS'], mainFeature: null }),
    });
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/campaigns/dashboard/summary?'))
          return jsonResponse(200, {
            ...voiceSummary,
            channel: request.path.includes('channel=SMS') ? 'SMS' : 'VOICE',
            calls: request.path.includes('channel=SMS') ? null : voiceSummary.calls,
          });
        if (request.path.startsWith('/api/campaigns/dashboard/daily-progress')) return progress([]);
        if (request.path.startsWith('/api/campaigns/dashboard/active-customers?'))
          return activeCustomers(['VOICE', 'SMS'], 12, 40);
        return undefined;
      },
    });
    renderApp('/dashboard-notification/notification');
    expect(await screen.findByRole('heading', { name: 'Notification dashboard' })).toBeTruthy();
    expect(await screen.findByText("no data for today's campaign")).toBeTruthy();
    const daily = requests.find((request) =>
      request.path.startsWith('/api/campaigns/dashboard/daily-progress'),
    );
    expect(daily!.path).not.toContain('channel=');
    expect(await screen.findByRole('heading', { name: 'Active customers, every channel' })).toBeTruthy();
    await screen.findByRole('group', { name: 'Monthly active customers' });
    const active = requests.find((request) =>
      request.path.startsWith('/api/campaigns/dashboard/active-customers?'),
    );
    expect(active!.path).not.toContain('channel=');
    await screen.findByRole('group', { name: 'Call duration, total' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Call duration, total' })).toBeNull());
    expect(requests.some((request) => request.path.includes('summary?channel=SMS'))).toBe(true);
  });

  it('shows active customers and the daily active tickets on the WhatsApp dashboard of a supervisor', async () => {
    useSessionStore.setState({
      session: buildSession({ role: 'ADC', features: ['WHATSAPP', 'CS'], mainFeature: 'WHATSAPP' }),
    });
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/campaigns/dashboard/summary?'))
          return jsonResponse(200, { ...voiceSummary, channel: 'WHATSAPP', calls: null });
        if (request.path.startsWith('/api/campaigns/dashboard/daily-progress')) return progress([]);
        if (request.path.startsWith('/api/campaigns/dashboard/active-customers?'))
          return activeCustomers(['WHATSAPP'], 0, 0);
        if (request.path.startsWith('/api/cs/tickets/daily?'))
          return jsonResponse(200, {
            from: '2026-11-14',
            to: '2026-11-27',
            days: [
              { date: '2026-11-26', active: 2, opened: 2, resolved: 0 },
              { date: '2026-11-27', active: 3, opened: 2, resolved: 1 },
            ],
          });
        return undefined;
      },
    });
    renderApp('/dashboard/whatsapp');
    expect(await screen.findByRole('heading', { name: 'Daily active tickets' })).toBeTruthy();
    const stat = (name: string) =>
      within(screen.getByRole('group', { name })).getByTestId('stat-value').textContent;
    await screen.findByRole('group', { name: 'Active tickets today' });
    expect(stat('Active tickets today')).toBe('3');
    expect(stat('Resolved today')).toBe('1');
    await screen.findByRole('group', { name: 'Daily active customers' });
    expect(stat('Daily active customers')).toBe('0');
    expect(screen.getByText('No customer reached in these days and months')).toBeTruthy();
    const tickets = requests.find((request) => request.path.startsWith('/api/cs/tickets/daily?'))!.path;
    expect(tickets).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  });

  it('leaves the tickets out for a reader the inbox does not let see them', async () => {
    useSessionStore.setState({
      session: buildSession({ role: 'USR', features: ['WHATSAPP', 'CS'], mainFeature: 'WHATSAPP' }),
    });
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/campaigns/dashboard/summary?'))
          return jsonResponse(200, { ...voiceSummary, channel: 'WHATSAPP', calls: null });
        if (request.path.startsWith('/api/campaigns/dashboard/daily-progress')) return progress([]);
        if (request.path.startsWith('/api/campaigns/dashboard/active-customers?'))
          return activeCustomers(['WHATSAPP'], 5, 8);
        return undefined;
      },
    });
    renderApp('/dashboard/whatsapp');
    await screen.findByRole('group', { name: 'Monthly active customers' });
    expect(screen.queryByRole('heading', { name: 'Daily active tickets' })).toBeNull();
    expect(requests.some((request) => request.path.startsWith('/api/cs/tickets/daily'))).toBe(false);
  });
});
