import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { buildUser } from '../../../test/admin-fixtures';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const locked = buildUser({
  userId: 'u-5',
  name: 'Rina',
  email: 'rina@demo.test',
  status: 'locked',
  mfaEnabled: true,
});

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('user detail', () => {
  it('offers the actions of the user’s state and unlocks after confirmation', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path === '/api/users/u-5') return jsonResponse(200, locked);
        if (request.path === '/api/users/u-5/rights')
          return jsonResponse(200, { userId: 'u-5', roleCode: 'USC', rightCodes: [] });
        if (request.path === '/api/users/unlock') return jsonResponse(200, { ...locked, status: 'active' });
        return undefined;
      },
    });
    renderApp('/users/user/u-5');
    await screen.findByRole('heading', { name: 'Rina' });
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn MFA off' })).toBeTruthy();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock' });
    expect(within(dialog).getByText(/The failed sign-ins are forgotten/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('rina@demo.test is now Active.')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      path: '/api/users/unlock',
      body: { userId: 'u-5' },
    });
    expect(await screen.findByRole('button', { name: 'Set pending' })).toBeTruthy();
  });
});
