import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { buildAdminClient, buildUser, pageBody } from '../../../test/admin-fixtures';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const userOf = (userId: string, email: string, clientId: string) => buildUser({ userId, email, clientId });
const clientOf = (clientId: string, clientName: string) => buildAdminClient({ clientId, clientName });

beforeEach(() => resetShell());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('user list', () => {
  it('lets the super admin list another client’s users, read only', async () => {
    const session = buildSession({ role: 'SAD' });
    useSessionStore.setState({ session });
    const page = (items: unknown[]) => jsonResponse(200, pageBody(items));
    const { requests } = mockShellApi(session, {
      routes: (request: SentRequest) => {
        const path = request.path.split('?')[0];
        if (path === '/api/clients')
          return page([clientOf('client-1', 'Demo Client'), clientOf('client-2', 'Second Client')]);
        if (path === '/api/users') return page([userOf('u-1', 'own@demo.test', 'client-1')]);
        if (path === '/api/users/byClient/client-2')
          return page([userOf('u-2', 'other@second.test', 'client-2')]);
        return undefined;
      },
    });
    const { router } = renderApp('/users');
    expect(await screen.findByText('own@demo.test')).toBeTruthy();
    const user = userEvent.setup();

    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Second Client' }));

    const table = await screen.findByRole('table', { name: 'User list' });
    expect(await within(table).findByText('other@second.test')).toBeTruthy();
    expect(screen.getByText(/Users of Second Client, read only/)).toBeTruthy();
    expect(requests.some((request) => request.path.startsWith('/api/users/byClient/client-2?'))).toBe(true);
    // The server scopes user details to the session's client: another client's rows do not open.
    await user.click(within(table).getByText('other@second.test'));
    expect(router.state.location.pathname).toBe('/users');
  });
});
