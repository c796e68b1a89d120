import { DEFAULT_OTP_SETTINGS } from '@sapa/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const SUMMARY = {
  requested: 0,
  sent: 0,
  verified: 0,
  failedChecks: 0,
  successRate: 0,
  byChannel: [],
  byHour: [],
};
const BLOCK = {
  prefix: '44791',
  blockedUntil: '2026-11-27T10:00:00.000Z',
  sends: 140,
  createdAt: '2026-11-27T09:00:00.000Z',
};

function serve(
  options: { settings?: () => Response; blocks?: () => Response; unblock?: () => Response } = {},
) {
  return mockShellApi(useSessionStore.getState().session!, {
    routes: (request: SentRequest) => {
      const path = request.path.split('?')[0];
      if (path === '/api/otp/summary') return jsonResponse(200, SUMMARY);
      if (path === '/api/otp/settings' && request.method === 'GET')
        return options.settings?.() ?? jsonResponse(200, DEFAULT_OTP_SETTINGS);
      if (path === '/api/otp/settings' && request.method === 'PUT') return jsonResponse(200, request.body);
      if (path === '/api/otp/prefixBlocks')
        return options.blocks?.() ?? jsonResponse(200, { items: [BLOCK] });
      if (path === '/api/otp/prefixBlocks/44791' && request.method === 'DELETE')
        return options.unblock?.() ?? jsonResponse(200, { unblocked: true });
      return undefined;
    },
  });
}

async function openSettings() {
  renderApp('/otp/dashboard');
  await userEvent.click(await screen.findByRole('button', { name: 'OTP settings' }));
  return screen.findByRole('dialog', { name: 'OTP settings' });
}

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'ADC', features: ['OTP'] }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OTP settings (admins)', () => {
  it('saves the limits and the fallback order, and refuses a value out of range before asking the server', async () => {
    const { requests } = serve();
    const drawer = await openSettings();
    const checks = await within(drawer).findByRole('textbox', { name: /Wrong checks per code/ });
    expect(checks).toHaveProperty('value', '5');
    await userEvent.clear(checks);
    await userEvent.type(checks, '50');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save settings' }));
    expect(
      await within(drawer).findByText('Wrong checks per code: this value is out of range.'),
    ).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await userEvent.clear(checks);
    await userEvent.type(checks, '3');
    await userEvent.click(within(drawer).getAllByLabelText(/Fallback channels/)[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'WhatsApp' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SMS' }));
    expect(within(drawer).getByTestId('fallback-order').textContent).toBe(
      'Then, in this order: WhatsApp → SMS',
    );
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save settings' }));
    await screen.findByText('OTP settings saved.');
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({
      ...DEFAULT_OTP_SETTINGS,
      maxChecks: 3,
      fallbackChannels: ['whatsapp', 'sms'],
    });
  });

  it('keeps a default message only with {{code}} in it', async () => {
    const { requests } = serve();
    const drawer = await openSettings();
    const message = await within(drawer).findByRole('textbox', { name: /Default message/ });
    await userEvent.type(message, 'Your login code');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save settings' }));
    expect(await within(drawer).findByText('The message must contain {{code}}.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    await userEvent.type(message, ': {{{{code}}');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save settings' }));
    await screen.findByText('OTP settings saved.');
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      defaultTemplate: 'Your login code: {{code}}',
    });
  });

  it('says when the settings cannot be read, and offers to try again', async () => {
    serve({ settings: () => errorResponse(500, 'internal', 'Something went wrong on our side.') });
    const drawer = await openSettings();
    expect(await within(drawer).findByRole('alert')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /Try again|Retry/ })).toBeTruthy();
  });

  it('lifts a blocked prefix after a confirmation, and shows none left', async () => {
    let blocked = true;
    const { requests } = serve({ blocks: () => jsonResponse(200, { items: blocked ? [BLOCK] : [] }) });
    const drawer = await openSettings();
    await userEvent.click(within(drawer).getByRole('tab', { name: 'Blocked prefixes' }));
    const table = await within(drawer).findByRole('table', { name: 'Blocked prefixes' });
    expect(within(table).getByText('+44791')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'Unblock' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unblock this prefix?' });
    expect(confirm.textContent).toContain('+44791');
    blocked = false;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unblock' }));
    await screen.findByText('+44791 is unblocked.');
    expect(requests.filter((request) => request.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/otp/prefixBlocks/44791',
    ]);
    expect(await within(drawer).findByText('No prefix is blocked now.')).toBeTruthy();
  });

  it('says so when there is no block', async () => {
    serve({ blocks: () => jsonResponse(200, { items: [] }) });
    const drawer = await openSettings();
    await userEvent.click(within(drawer).getByRole('tab', { name: 'Blocked prefixes' }));
    expect(await within(drawer).findByText('No prefix is blocked now.')).toBeTruthy();
  });
});

describe('OTP settings (other roles)', () => {
  it('are not offered to the OTP user', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'USP', features: ['OTP'] }) });
    serve();
    renderApp('/otp/dashboard');
    await screen.findByRole('group', { name: 'Success rate' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'OTP settings' })).toBeNull());
  });
});
