import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const PLAN = {
  retryPlanId: 'rp-1',
  name: 'Three tries',
  maxAttempts: 3,
  delay: { kind: 'fixed', seconds: 300 },
  retryOn: ['failed', 'busy'],
  fallbackChannels: ['WHATSAPP'],
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

beforeEach(() => {
  resetShell();
  useSessionStore.setState({
    session: buildSession({ role: 'ADC', features: ['VOICE'], mainFeature: null }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the retry strategy editor', () => {
  it('lists how each plan retries from the area’s channel, edits one beside its timeline and saves it', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path === '/api/retry-plans' && request.method === 'GET')
          return jsonResponse(200, { items: [PLAN] });
        if (request.path === '/api/retry-plans/rp-1' && request.method === 'PUT')
          return jsonResponse(200, { ...PLAN, ...(request.body as object) });
        return undefined;
      },
    });
    renderApp('/voice/campaign/retry-strategy');
    const table = await screen.findByRole('table', { name: 'Retry strategies' }, { timeout: 10_000 });
    const row = within(table).getByText('Three tries').closest('tr')!;
    expect(row.textContent).toContain('Fixed: 5 min between attempts');
    expect(row.textContent).toContain('Voice → WhatsApp');
    expect(row.textContent).toContain('Busy');

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit Three tries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the retry plan' });
    await user.click(within(dialog).getByText('Growing'));
    fireEvent.change(within(dialog).getByLabelText('Attempts per channel'), { target: { value: '2' } });
    const timeline = within(dialog).getByRole('region', { name: 'Retry timeline' });
    await waitFor(() =>
      expect(
        within(timeline)
          .getAllByTestId('retry-step')
          .map((step) => step.textContent),
      ).toEqual([
        'VoiceAttempt 1At once',
        'VoiceAttempt 2Retry after 5 min',
        'WhatsAppAttempt 1Fallback after 5 min',
        'WhatsAppAttempt 2Retry after 10 min',
      ]),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        name: 'Three tries',
        maxAttempts: 2,
        delay: { kind: 'growing', firstSeconds: 300, factor: 2, maxSeconds: 3600 },
        retryOn: ['failed', 'busy'],
        fallbackChannels: ['WHATSAPP'],
      }),
    );
    expect(await screen.findByText('Retry plan Three tries is saved.')).toBeTruthy();
  });

  it('checks a new plan before saving and shows why the server refuses to delete one in use', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path === '/api/retry-plans' && request.method === 'GET')
          return jsonResponse(200, { items: [PLAN] });
        if (request.path === '/api/retry-plans/rp-1' && request.method === 'DELETE')
          return errorResponse(409, 'retry_plan_in_use', 'Campaign BILL-1 uses this retry plan');
        return undefined;
      },
    });
    renderApp('/voice/campaign/retry-plan');
    const table = await screen.findByRole('table', { name: 'Retry plans' }, { timeout: 10_000 });
    // The plan page shows the schedule: 3 voice attempts, then 3 on WhatsApp.
    expect(within(table).getByText('+0 s, +5 min, +10 min, +10 min, +15 min, +20 min')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New retry plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New retry plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await within(dialog).findByText('Enter a name')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST' && request.path === '/api/retry-plans')).toBe(
      false,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(table).getByRole('button', { name: 'Delete Three tries' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the retry plan?' });
    await user.click(within(confirm).getByRole('button', { name: /yes|delete|confirm/i }));
    expect(await screen.findByText('Campaign BILL-1 uses this retry plan')).toBeTruthy();
  });
});
