import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

beforeEach(() => {
  resetShell();
  useSessionStore.setState({
    session: buildSession({ role: 'USO', email: 'uso@demo.test', features: ['WHATSAPP'], mainFeature: null }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const emptyHistory = () => jsonResponse(200, { items: [], total: 0, pageNumber: 0, pageSize: 5 });

describe('WhatsApp self-service send', () => {
  it('states the 24-hour rule, previews the template and sends it to each recipient', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/self-service/history?')) return emptyHistory();
        if (request.path === '/api/self-service/messages')
          return jsonResponse(202, { batchId: 'b-1', status: 'running', recipients: 2 });
        return undefined;
      },
    });
    renderApp('/whatsapp/self-service/send');
    expect(await screen.findByRole('heading', { name: 'WhatsApp · Send' })).toBeTruthy();
    expect(screen.getByText('The 24-hour rule')).toBeTruthy();
    expect(await screen.findByText('Nothing sent today')).toBeTruthy();

    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Send a message' });
    await user.type(within(form).getByLabelText(/^Recipients/), '0812 7100 0001\n0812 7100 0002');
    await user.type(within(form).getByLabelText(/^Template name/), 'pengingat_tagihan');
    await user.click(within(form).getByRole('button', { name: 'Add parameter' }));
    await user.type(within(form).getByLabelText('Parameter 1'), 'Budi');
    const preview = within(form).getByRole('figure', { name: 'Message preview' });
    expect(within(preview).getByText('pengingat_tagihan')).toBeTruthy();
    expect(within(preview).getByText('{{1}} → Budi')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Send to 2 recipients' }));
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/api/self-service/messages')?.body).toEqual({
        channel: 'WHATSAPP',
        recipients: ['0812 7100 0001', '0812 7100 0002'],
        template: { name: 'pengingat_tagihan', language: 'id', parameters: ['Budi'] },
      }),
    );
    expect(await screen.findByText('Queued for 2 recipients')).toBeTruthy();
  });

  it('checks the template name before sending and shows each recipient the server refused', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/self-service/history?')) return emptyHistory();
        if (request.path === '/api/self-service/messages')
          return jsonResponse(422, {
            error: {
              code: 'invalid_recipients',
              message: '1 recipient(s) cannot receive this',
              details: [
                {
                  path: 'recipients.1',
                  message: 'Budi: "Budi" cannot receive WhatsApp: give a phone number.',
                },
              ],
            },
          });
        return undefined;
      },
    });
    renderApp('/whatsapp/self-service/send');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Send a message' });
    await user.type(within(form).getByLabelText(/^Recipients/), '081271000001, Budi');
    await user.type(within(form).getByLabelText(/^Template name/), 'Tagihan Baru');
    await user.click(within(form).getByRole('button', { name: 'Send to 2 recipients' }));
    expect(await within(form).findByText(/A template name has lowercase letters/)).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/self-service/messages')).toBe(false);

    await user.clear(within(form).getByLabelText(/^Template name/));
    await user.type(within(form).getByLabelText(/^Template name/), 'tagihan_baru');
    await user.click(within(form).getByRole('button', { name: 'Send to 2 recipients' }));
    expect(await within(form).findByText(/"Budi" cannot receive WhatsApp/)).toBeTruthy();
  });

  it('offers no form to someone the server refuses', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'USC', features: ['WHATSAPP'] }) });
    mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) =>
        request.path.startsWith('/api/self-service/history?')
          ? errorResponse(
              403,
              'forbidden',
              'Only self-service senders and the client’s admins may send from here.',
            )
          : undefined,
    });
    renderApp('/whatsapp/self-service/send');
    expect(await screen.findByText(/Only self-service senders/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Send a message' })).toBeNull();
  });
});

describe('SMS self-service send later', () => {
  it('sends at the time chosen, and refuses a time already past', async () => {
    useSessionStore.setState({
      session: buildSession({ role: 'USO', features: ['SMS'], mainFeature: null }),
    });
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/self-service/history?')) return emptyHistory();
        if (request.path === '/api/self-service/messages')
          return jsonResponse(202, { batchId: 'b-1', status: 'scheduled', recipients: 1 });
        return undefined;
      },
    });
    renderApp('/sms/self-service/send');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Send a message' });
    await user.type(within(form).getByLabelText(/^Recipients/), '081271000001');
    await user.type(within(form).getByLabelText(/^Message/), 'Toko buka jam 9');
    const later = within(form).getByLabelText('Send later (optional)');
    fireEvent.change(later, { target: { value: '2020-01-01T09:00' } });
    await user.click(within(form).getByRole('button', { name: 'Send to 1 recipient' }));
    expect(await within(form).findByText('Choose a time still to come')).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/self-service/messages')).toBe(false);

    fireEvent.change(later, { target: { value: '2099-01-01T09:00' } });
    await user.click(within(form).getByRole('button', { name: 'Send to 1 recipient' }));
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/api/self-service/messages')?.body).toEqual({
        channel: 'SMS',
        recipients: ['081271000001'],
        text: 'Toko buka jam 9',
        scheduledTime: new Date('2099-01-01T09:00').toISOString(),
      }),
    );
    expect(await screen.findByText('Scheduled for 1 recipient')).toBeTruthy();
  });
});
