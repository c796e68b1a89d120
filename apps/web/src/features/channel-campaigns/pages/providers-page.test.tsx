import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const SMPP_TYPE = {
  type: 'smpp',
  secretFields: ['password'],
  settingsSchema: {
    type: 'object',
    properties: {
      host: { type: 'string', minLength: 1, maxLength: 253 },
      port: { default: 2775, type: 'integer', minimum: 1, maximum: 65535 },
      tls: { default: false, type: 'boolean' },
      systemId: { type: 'string', minLength: 1, maxLength: 15 },
      senderId: { type: 'string' },
    },
    required: ['host', 'systemId', 'senderId'],
  },
};

const PROVIDER = {
  id: 'p-1',
  channel: 'sms',
  type: 'smpp',
  name: 'Main SMSC',
  settings: { host: 'smsc.example.test', port: 2775, tls: false, systemId: 'sapa', senderId: 'SAPA' },
  secrets: { password: '••••ak' },
  isDefault: true,
  version: 1,
  pendingTaskId: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'ADC', features: ['SMS'], mainFeature: null }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(extra: (request: SentRequest) => Response | undefined = () => undefined) {
  return mockShellApi(useSessionStore.getState().session!, {
    routes: (request) => {
      const answer = extra(request);
      if (answer) return answer;
      if (request.path === '/api/channels/sms/provider-types')
        return jsonResponse(200, { items: [SMPP_TYPE] });
      if (request.path === '/api/channels/sms/providers' && request.method === 'GET')
        return jsonResponse(200, { items: [PROVIDER] });
      return undefined;
    },
  });
}

describe('SMS provider configuration', () => {
  it('never shows a stored password back: an edit shows only its hint and keeps it when left empty', async () => {
    const { requests } = serve((request) =>
      request.method === 'PUT' && request.path === '/api/channels/sms/providers/p-1'
        ? jsonResponse(200, { applied: true, provider: PROVIDER, taskId: null })
        : undefined,
    );
    renderApp('/sms/configuration/provider');
    // The first screen of the file loads its chunks: give it time.
    const card = await screen.findByRole('region', { name: 'Main SMSC' }, { timeout: 15_000 });
    expect(within(card).getByText('••••ak')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Provider' });
    const password = within(form).getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(within(form).getByText('Stored (••••ak). Leave empty to keep it.')).toBeTruthy();
    const host = within(form).getByLabelText(/^Host/) as HTMLInputElement;
    expect(host.value).toBe('smsc.example.test');
    fireEvent.change(host, { target: { value: 'smsc2.example.test' } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        type: 'smpp',
        name: 'Main SMSC',
        settings: { host: 'smsc2.example.test', port: 2775, tls: false, systemId: 'sapa', senderId: 'SAPA' },
        secrets: {},
      }),
    );
    expect(await screen.findByText('Main SMSC is saved.')).toBeTruthy();
  }, 40_000);

  it('asks for the password and the required settings of a new provider, and says a change waits for a checker', async () => {
    const { requests } = serve((request) =>
      request.method === 'POST' && request.path === '/api/channels/sms/providers'
        ? jsonResponse(201, { applied: false, provider: null, taskId: 't-1' })
        : undefined,
    );
    renderApp('/sms/configuration/provider');
    await screen.findByRole('region', { name: 'Main SMSC' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add provider' }));
    const form = await screen.findByRole('form', { name: 'Provider' });
    expect((within(form).getByLabelText(/^Port/) as HTMLInputElement).value).toBe('2775');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getAllByText('Required').length).toBe(5); // name, host, system id, sender id, password
    const created = () =>
      requests.find((request) => request.method === 'POST' && request.path === '/api/channels/sms/providers');
    expect(created()).toBeUndefined();

    const fill = (label: RegExp, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill(/^Name/, 'Backup SMSC');
    fill(/^Host/, 'backup.example.test');
    fill(/^System id/, 'sapa2');
    fill(/^Sender id/, 'SAPA');
    fill(/^Password/, 'Secret-Pa55');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(created()?.body).toMatchObject({
        type: 'smpp',
        name: 'Backup SMSC',
        settings: { host: 'backup.example.test', port: 2775, systemId: 'sapa2' },
        secrets: { password: 'Secret-Pa55' },
      }),
    );
    expect(await screen.findByText('The change of Backup SMSC waits for a checker.')).toBeTruthy();
  });

  it('tests the connection and shows each step in plain words', async () => {
    serve((request) =>
      request.method === 'POST' && request.path === '/api/channels/sms/providers/p-1/test'
        ? jsonResponse(200, {
            ok: false,
            steps: [
              { step: 'DNS', ok: true, message: 'smsc.example.test is 10.0.0.5.' },
              { step: 'TCP', ok: true, message: 'Connected to port 2775.' },
              { step: 'Bind', ok: false, message: 'Bind refused: wrong password.' },
            ],
          })
        : undefined,
    );
    renderApp('/sms/configuration/provider');
    const card = await screen.findByRole('region', { name: 'Main SMSC' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Test connection' }));
    const result = await within(card).findByRole('status');
    expect(within(result).getByText('Connection failed')).toBeTruthy();
    expect(within(result).getByText(/Bind refused: wrong password\./)).toBeTruthy();
    expect(within(result).getByText(/Connected to port 2775\./)).toBeTruthy();
  });
});

describe('the Telegram webhook beside the Telegram providers', () => {
  it('shows the last failure with its error, and asks Telegram again on "Register again"', async () => {
    useSessionStore.setState({
      session: buildSession({ role: 'ADC', features: ['TELEGRAM'], mainFeature: null }),
    });
    let ok: boolean | null = false;
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request) => {
        if (request.path === '/api/channels/telegram/provider-types') return jsonResponse(200, { items: [] });
        if (request.path === '/api/channels/telegram/providers' && request.method === 'GET')
          return jsonResponse(200, { items: [] });
        if (request.path === '/api/channels/telegram/webhook' && request.method === 'POST') {
          ok = null;
          return jsonResponse(202, { queued: true });
        }
        if (request.path === '/api/channels/telegram/webhook')
          return jsonResponse(200, {
            registration: {
              providerId: 'p-9',
              providerVersion: 2,
              url: 'https://sapa.example.test/webhooks/telegram/abc',
              ok,
              description: ok === false ? 'Unauthorized' : null,
              attemptedAt: '2026-11-27T02:00:00.000Z',
            },
          });
        return undefined;
      },
    });
    renderApp('/telegram/configuration/provider');
    const card = await screen.findByRole('region', { name: 'Telegram webhook' }, { timeout: 15_000 });
    expect(await within(card).findByText('Failed')).toBeTruthy();
    expect(within(card).getByText('Last error: Unauthorized')).toBeTruthy();
    expect(within(card).getByText('https://sapa.example.test/webhooks/telegram/abc')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Register again' }));
    expect(await within(card).findByText('Waiting for Telegram')).toBeTruthy();
    expect(
      requests.some(
        (request) => request.method === 'POST' && request.path === '/api/channels/telegram/webhook',
      ),
    ).toBe(true);
  }, 40_000);

  it('is not shown on the other channels', async () => {
    const { requests } = serve();
    renderApp('/sms/configuration/provider');
    expect(await screen.findByText('Main SMSC', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Telegram webhook' })).toBeNull();
    expect(requests.some((request) => request.path.startsWith('/api/channels/telegram/webhook'))).toBe(false);
  }, 40_000);
});
