import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const named = {
  channel: 'WHATSAPP',
  userId: '0190a000-0000-7000-8000-0000000000b1',
  name: 'Budi Santoso',
  email: 'adb@demo.test',
  role: 'ADB',
  maker: true,
  checker: false,
  updatedAt: '2026-11-20T08:00:00.000Z',
  updatedByEmail: 'adc@demo.test',
};

beforeEach(() => resetShell());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(rightCodes: string[]) {
  const session = buildSession({ role: 'ADC' });
  useSessionStore.setState({ session });
  return mockShellApi(session, {
    routes: (request: SentRequest) => {
      if (request.path.startsWith('/api/checker-maker?') && request.method === 'GET')
        return jsonResponse(200, { pageSize: 10, pageNumber: 0, total: 1, items: [named] });
      if (request.path === '/api/users/me/rights')
        return jsonResponse(200, { userId: session.userId, roleCode: 'ADC', rightCodes });
      if (request.path.startsWith('/api/users?'))
        return jsonResponse(200, { pageSize: 20, pageNumber: 0, total: 0, items: [] });
      return undefined;
    },
  });
}

describe('checker-maker users of a channel', () => {
  it('lists the named users and asks before switching off the last thing a user does', async () => {
    const { requests } = serve(['USER_VIEW', 'USER_MANAGE']);
    renderApp('/whatsapp/manage');
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Checker and maker users' });
    expect(within(table).getByText('Budi Santoso')).toBeTruthy();
    expect(requests.some((request) => request.path.includes('channel=WHATSAPP'))).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Budi Santoso proposes changes' }));
    expect(await screen.findByText('Remove from this channel?')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('says what is missing when adding without a user', async () => {
    serve(['USER_VIEW', 'USER_MANAGE']);
    renderApp('/whatsapp/manage');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Choose a user')).toBeTruthy();
  });

  it('is read-only for a role without the right to manage users', async () => {
    serve(['USER_VIEW']);
    renderApp('/whatsapp/manage');
    const readOnly = await screen.findByRole('switch', { name: 'Budi Santoso proposes changes' });
    await vi.waitFor(() => expect(readOnly).toHaveProperty('disabled', true));
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
