import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const roles = [
  { roleCode: 'ADC', roleName: 'Admin', roleDescription: 'Client admin' },
  { roleCode: 'USC', roleName: 'User', roleDescription: '' },
  { roleCode: 'USV', roleName: 'Team lead', roleDescription: '' },
];
const rights = [
  { rightCode: 'USER_VIEW', rightName: 'View users', rightDescription: '' },
  { rightCode: 'AUDIT_VIEW', rightName: 'View the audit trail', rightDescription: '' },
];

beforeEach(() => resetShell());

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function serve(role: 'SAD' | 'ADU') {
  const session = buildSession({ role });
  useSessionStore.setState({ session });
  return mockShellApi(session, {
    routes: (request: SentRequest) => {
      if (request.path === '/api/roles') return jsonResponse(200, roles);
      if (request.path === '/api/rights') return jsonResponse(200, rights);
      if (request.path === '/api/roles/ADC/rights' && request.method === 'GET')
        return jsonResponse(200, { roleCode: 'ADC', rights: [rights[0]] });
      if (request.path === '/api/roles/ADC/rights' && request.method === 'PUT')
        return jsonResponse(200, { roleCode: 'ADC', rights });
      return undefined;
    },
  });
}

describe('roles and rights', () => {
  it('says what roles are in plain words and names them in Indonesian, keeping a name the admin chose', async () => {
    serve('SAD');
    await i18n.changeLanguage('id');
    renderApp('/users/roles');
    const table = await screen.findByRole('table');
    await within(table).findByText('Pengguna');
    expect(within(table).getByText('Admin')).toBeTruthy();
    // Renamed by the super admin: shown as given, in any language.
    expect(within(table).getByText('Team lead')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/spec/i);
    expect(screen.getByText(/Setiap peran memiliki kode tetap/)).toBeTruthy();
  });

  it('lets the super admin tick the rights of a role and saves the whole set', async () => {
    const { requests } = serve('SAD');
    renderApp('/users/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Rights of a role' }));

    const viewUsers = await screen.findByRole('checkbox', { name: /USER_VIEW/ });
    const audit = screen.getByRole('checkbox', { name: /AUDIT_VIEW/ });
    expect(viewUsers).toHaveProperty('checked', true);
    expect(audit).toHaveProperty('checked', false);
    await user.click(audit);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The rights of ADC are saved.')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({
      path: '/api/roles/ADC/rights',
      body: { rightCodes: ['USER_VIEW', 'AUDIT_VIEW'] },
    });
  });

  it('shows other admins the roles to read, and never asks for the rights they may not read', async () => {
    const { requests } = serve('ADU');
    renderApp('/users/roles');

    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(within(table).getByText('Client admin')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(
      screen.getByText('The roles of the portal. Only the super admin edits roles and rights.'),
    ).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/rights')).toBe(false));
  });
});
