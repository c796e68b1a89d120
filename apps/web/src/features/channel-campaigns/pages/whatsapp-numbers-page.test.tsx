import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const NUMBER = {
  id: 'n-1',
  provider: 'cloud',
  phoneNumberId: '510000000000001',
  displayPhoneNumber: '+62 31 5310 0051',
  wabaId: '510000000000000',
  verifyToken: 'verify-510000000000001',
  hasAccessToken: true,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  verifiedName: 'Toko Sapa',
  nameStatus: 'APPROVED',
  qualityRating: 'YELLOW',
  messagingLimitTier: 'TIER_1K',
  throughputLevel: 'STANDARD',
  codeVerificationStatus: 'VERIFIED',
  platformType: 'CLOUD_API',
  graphReadAt: '2026-11-26T03:00:00.000Z',
  graphError: null,
  refreshRequestedAt: null,
  webhookUrl: 'https://portal.example.test/webhooks/whatsapp',
};
const SANDBOX = {
  ...NUMBER,
  id: 'n-2',
  provider: 'sandbox',
  phoneNumberId: '100000000000001',
  displayPhoneNumber: '+62 21 5000 0001',
  verifiedName: null,
  nameStatus: null,
  qualityRating: null,
  messagingLimitTier: null,
  throughputLevel: null,
  codeVerificationStatus: null,
  platformType: null,
  graphReadAt: null,
};

beforeEach(() => {
  resetShell();
  useSessionStore.setState({
    session: buildSession({ role: 'ADC', features: ['WHATSAPP'], mainFeature: null }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(
  list: () => Response,
  extra: (request: SentRequest) => Response | undefined = () => undefined,
) {
  return mockShellApi(useSessionStore.getState().session!, {
    routes: (request) => {
      const answer = extra(request);
      if (answer) return answer;
      if (request.path === '/api/channels/whatsapp' && request.method === 'GET') return list();
      return undefined;
    },
  });
}

describe('WhatsApp phone numbers (/whatsapp/phoneNumber)', () => {
  it("shows each number's verified name, quality, limit, throughput and registration as Meta gave them", async () => {
    serve(() => jsonResponse(200, [NUMBER, SANDBOX]));
    renderApp('/whatsapp/phoneNumber');
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    const row = within(table).getByText('+62 31 5310 0051').closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('Toko Sapa')).toBeTruthy();
    expect(cells.getByText('Name review: APPROVED')).toBeTruthy();
    expect(cells.getByText('Medium')).toBeTruthy();
    expect(cells.getByText('TIER_1K')).toBeTruthy();
    expect(cells.getByText('STANDARD')).toBeTruthy();
    expect(cells.getByText('Yes (Cloud API)')).toBeTruthy();
    expect(cells.getByRole('button', { name: /Refresh from WhatsApp/ })).toBeTruthy();
    const sandbox = within(within(table).getByText('+62 21 5000 0001').closest('tr')!);
    expect(sandbox.getByText('Sandbox number: not on WhatsApp')).toBeTruthy();
    expect(sandbox.queryByRole('button', { name: /Refresh from WhatsApp/ })).toBeNull();
  });

  it('shows the empty state when no number is connected', async () => {
    serve(() => jsonResponse(200, []));
    renderApp('/whatsapp/phoneNumber');
    expect(
      await screen.findByText(/No WhatsApp number is connected yet/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('shows the error state with a retry when the numbers cannot be read', async () => {
    let calls = 0;
    serve(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { error: { code: 'internal', message: 'Something went wrong.' } })
        : jsonResponse(200, [NUMBER]);
    });
    renderApp('/whatsapp/phoneNumber');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 15_000 });
    expect(screen.getByText('Could not load the list')).toBeTruthy();
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Toko Sapa')).toBeTruthy();
  });

  it('asks for a refresh, shows it running, then what WhatsApp answered', async () => {
    let state: 'before' | 'running' | 'done' = 'before';
    const { requests } = serve(
      () =>
        jsonResponse(200, [
          state === 'before'
            ? NUMBER
            : state === 'running'
              ? { ...NUMBER, refreshRequestedAt: '2026-11-27T03:00:00.000Z' }
              : { ...NUMBER, qualityRating: 'RED', graphReadAt: '2026-11-27T03:00:05.000Z' },
        ]),
      (request) => {
        if (request.method === 'POST' && request.path === '/api/channels/whatsapp/n-1/refresh') {
          state = 'running';
          return jsonResponse(202, { ...NUMBER, refreshRequestedAt: '2026-11-27T03:00:00.000Z' });
        }
        return undefined;
      },
    );
    renderApp('/whatsapp/phoneNumber');
    const button = await screen.findByRole(
      'button',
      { name: /Refresh from WhatsApp \+62 31 5310 0051/ },
      { timeout: 15_000 },
    );
    await userEvent.setup().click(button);
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'POST' && r.path === '/api/channels/whatsapp/n-1/refresh'),
      ).toBe(true),
    );
    expect(await screen.findByText('Reading from WhatsApp…')).toBeTruthy();
    state = 'done';
    expect(await screen.findByText('Low', {}, { timeout: 8_000 })).toBeTruthy();
  });
});

describe('WhatsApp provider (/whatsapp/provider)', () => {
  it('is the provider screen: the webhook URL and verify token to paste into Meta, and test connection', async () => {
    const { requests } = serve(
      () => jsonResponse(200, [NUMBER]),
      (request) =>
        request.method === 'POST' && request.path === '/api/channels/whatsapp/n-1/refresh'
          ? jsonResponse(202, { ...NUMBER, refreshRequestedAt: '2026-11-27T03:00:00.000Z' })
          : undefined,
    );
    renderApp('/whatsapp/provider');
    const card = await screen.findByRole('region', { name: '+62 31 5310 0051' }, { timeout: 15_000 });
    expect(within(card).getByText('https://portal.example.test/webhooks/whatsapp')).toBeTruthy();
    expect(within(card).getByText('verify-510000000000001')).toBeTruthy();
    await userEvent.setup().click(within(card).getByRole('button', { name: /Test connection/ }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'POST' && r.path === '/api/channels/whatsapp/n-1/refresh'),
      ).toBe(true),
    );
  });

  it('refuses the page to a role that does not manage numbers', async () => {
    useSessionStore.setState({
      session: buildSession({ role: 'USR', features: ['WHATSAPP'], mainFeature: null }),
    });
    const { requests } = serve(() => jsonResponse(200, [NUMBER]));
    renderApp('/whatsapp/phoneNumber');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(requests.some((r) => r.path === '/api/channels/whatsapp')).toBe(false);
    expect(screen.queryByText('Toko Sapa')).toBeNull();
  });
});
