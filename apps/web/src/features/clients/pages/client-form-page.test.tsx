import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { buildAdminClient, buildUser } from '../../../test/admin-fixtures';
import { errorResponse, jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { fillField } from '../../../test/fill-field';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'SAD' }) });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const createdClient = buildAdminClient({
  clientId: 'client-9',
  clientName: 'Toko Maju',
  clientBizType: 'Retail',
  mainFeature: 'OTP',
  features: ['OTP', 'SMS'],
  approvalRequired: true,
});

function serve(routes: (request: SentRequest) => Response | undefined) {
  return mockShellApi(useSessionStore.getState().session!, { routes });
}

async function openCreateForm() {
  renderApp('/clients/client');
  return screen.findByRole('form', { name: 'New client' });
}

describe('client form', () => {
  it('names every missing required field before calling the server', async () => {
    const { requests } = serve(() => undefined);
    const form = await openCreateForm();

    await userEvent.setup().click(within(form).getByRole('button', { name: 'Create client' }));

    expect(await within(form).findByText('Enter the client name')).toBeTruthy();
    expect(within(form).getByText('Enter the business type')).toBeTruthy();
    expect(
      requests.filter((request) => request.method !== 'GET' && request.path.startsWith('/api/clients')),
    ).toEqual([]);
  });

  it('says what is missing in the interface language', async () => {
    serve(() => undefined);
    await changeLocale('id');
    renderApp('/clients/client');
    const form = await screen.findByRole('form', { name: 'Klien baru' });

    await userEvent.setup().click(within(form).getByRole('button', { name: 'Buat klien' }));

    expect(await within(form).findByText('Isi nama klien')).toBeTruthy();
    expect(within(form).getByText('Isi jenis usaha')).toBeTruthy();
  });

  it('asks for both admin fields and a valid admin email', async () => {
    const { requests } = serve(() => undefined);
    const form = await openCreateForm();
    const user = userEvent.setup();
    await fillField(user, within(form).getByLabelText(/Client name/), 'Toko Maju');
    await fillField(user, within(form).getByLabelText(/Business type/), 'Retail');
    await fillField(user, within(form).getByLabelText('Admin email'), 'not-an-email');

    await user.click(within(form).getByRole('button', { name: 'Create client' }));

    expect(await within(form).findByText('Enter both the admin name and email, or neither')).toBeTruthy();
    expect(within(form).getByText('Enter a valid email address')).toBeTruthy();
    expect(
      requests.filter((request) => request.method !== 'GET' && request.path.startsWith('/api/clients')),
    ).toEqual([]);
  });

  it('shows the server validation on the fields it names and does not create the client', async () => {
    const { requests } = serve((request) =>
      request.path === '/api/clients/validate'
        ? jsonResponse(200, {
            valid: false,
            errors: [{ field: 'adminEmail', message: 'A user with this email already exists.' }],
          })
        : undefined,
    );
    const form = await openCreateForm();
    const user = userEvent.setup();
    await fillField(user, within(form).getByLabelText(/Client name/), 'Toko Maju');
    await fillField(user, within(form).getByLabelText(/Business type/), 'Retail');
    await fillField(user, within(form).getByLabelText('Admin name'), 'Budi');
    await fillField(user, within(form).getByLabelText('Admin email'), 'adc@demo.test');

    await user.click(within(form).getByRole('button', { name: 'Create client' }));

    expect(await within(form).findByText('A user with this email already exists.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST' && request.path === '/api/clients')).toBe(
      false,
    );
  });

  it('sends the chosen features and shows the first admin’s temporary password once', async () => {
    const { requests } = serve((request) => {
      if (request.path === '/api/clients/validate') return jsonResponse(200, { valid: true, errors: [] });
      if (request.path === '/api/clients' && request.method === 'POST')
        return jsonResponse(200, {
          client: createdClient,
          admin: {
            user: buildUser({
              userId: 'user-9',
              clientId: 'client-9',
              name: 'Budi',
              email: 'budi@toko.test',
              role: 'ADC',
            }),
            temporaryPassword: 'Tmp#Pass-1234',
          },
        });
      return undefined;
    });
    const form = await openCreateForm();
    const user = userEvent.setup();
    await fillField(user, within(form).getByLabelText(/Client name/), 'Toko Maju');
    await fillField(user, within(form).getByLabelText(/Business type/), 'Retail');
    await user.click(within(form).getByRole('switch', { name: 'OTP' }));
    await user.click(within(form).getByRole('switch', { name: 'SMS' }));
    await user.click(within(form).getByRole('switch', { name: /Maker-checker approval/ }));
    await fillField(user, within(form).getByLabelText('Admin name'), 'Budi');
    await fillField(user, within(form).getByLabelText('Admin email'), 'Budi@Toko.test');

    await user.click(within(form).getByRole('button', { name: 'Create client' }));

    expect(await screen.findByTestId('one-time-secret')).toHaveProperty('textContent', 'Tmp#Pass-1234');
    const sent = requests.find((request) => request.method === 'POST' && request.path === '/api/clients');
    expect(sent?.body).toMatchObject({
      clientName: 'Toko Maju',
      clientBizType: 'Retail',
      features: ['OTP', 'SMS'],
      approvalRequired: true,
      admin: { adminName: 'Budi', adminEmail: 'budi@toko.test' },
    });
  });

  it('puts the server’s per-field answer under the field on save', async () => {
    serve((request) => {
      if (request.path === '/api/clients/validate') return jsonResponse(200, { valid: true, errors: [] });
      if (request.path === '/api/clients' && request.method === 'POST')
        return jsonResponse(400, {
          error: {
            code: 'validation_failed',
            message: 'body.countryPhone: A country phone prefix is 1 to 4 digits, such as 62',
            details: [
              { path: 'body.countryPhone', message: 'A country phone prefix is 1 to 4 digits, such as 62' },
            ],
          },
        });
      return undefined;
    });
    const form = await openCreateForm();
    const user = userEvent.setup();
    await fillField(user, within(form).getByLabelText(/Client name/), 'Toko Maju');
    await fillField(user, within(form).getByLabelText(/Business type/), 'Retail');

    await user.click(within(form).getByRole('button', { name: 'Create client' }));

    await waitFor(() =>
      expect(within(form).getByLabelText('Country phone prefix').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(within(form).getByText('A country phone prefix is 1 to 4 digits, such as 62')).toBeTruthy();
  });

  it('shows a not-found state for a client that does not exist', async () => {
    serve((request) =>
      request.path === '/api/clients/missing-1'
        ? errorResponse(404, 'client_not_found', 'Client not found')
        : undefined,
    );
    renderApp('/clients/client/missing-1');

    expect(await screen.findByText('This client does not exist.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
