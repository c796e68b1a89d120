import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const history = jsonResponse(200, {
  items: [
    {
      notificationId: 'n-1',
      batchId: 'b-1',
      channel: 'SMS',
      recipient: '6281271000001',
      status: 'delivered',
      preview: 'Toko buka jam 9',
      sentBy: 'uso@demo.test',
      errorCode: null,
      createdAt: '2026-11-27T01:00:00.000Z',
      updatedAt: '2026-11-27T01:00:05.000Z',
    },
  ],
  total: 1,
  pageNumber: 0,
  pageSize: 10,
});

describe('/self-service (super admin)', () => {
  it("offers the client's channels, each with its own composer, and lists every channel's history", async () => {
    useSessionStore.setState({ session: buildSession({ role: 'SAD', features: ['SMS', 'WHATSAPP', 'CS'] }) });
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/self-service/history')) return history;
        return undefined;
      },
    });
    renderApp('/self-service');
    const table = await screen.findByRole('table', { name: 'Self-service history' });
    expect(await within(table).findByText('Toko buka jam 9')).toBeTruthy();
    expect(within(table).getByText('SMS')).toBeTruthy();
    expect(
      requests.find((request) => request.path.startsWith('/api/self-service/history'))!.path,
    ).not.toContain('channel=');
    const channels = screen.getByRole('radiogroup', { name: 'Channel' });
    expect(
      within(channels)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['SMS', 'WHATSAPP']);
    expect(screen.getByTestId('sms-counter')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(channels).getByRole('radio', { name: 'WhatsApp' }));
    expect(await screen.findByText('The 24-hour rule')).toBeTruthy();
    expect(screen.queryByTestId('sms-counter')).toBeNull();
  });

  it('is refused to anyone but the super admin (spec §6)', async () => {
    useSessionStore.setState({
      session: buildSession({ role: 'ADC', features: ['SMS'], mainFeature: 'SMS' }),
    });
    const { requests } = mockShellApi(useSessionStore.getState().session!);
    const { router } = renderApp('/self-service');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/self-service'));
    expect(requests.some((request) => request.path.startsWith('/api/self-service'))).toBe(false);
  });
});
