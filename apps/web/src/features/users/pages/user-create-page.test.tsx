import { cleanup, screen, within } from '@testing-library/react';
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
  useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(routes: (request: SentRequest) => Response | undefined) {
  return mockShellApi(useSessionStore.getState().session!, { routes });
}

async function fillAndCreate(email: string) {
  renderApp('/users/user');
  const form = await screen.findByRole('form', { name: 'New user' });
  const user = userEvent.setup();
  await user.type(within(form).getByLabelText(/Name/), 'Sari');
  await user.type(within(form).getByLabelText(/Email/), email);
  await user.click(within(form).getByRole('combobox', { name: /Role/ }));
  await user.click(await screen.findByRole('option', { name: 'USC · User' }));
  await user.click(within(form).getByRole('button', { name: 'Create user' }));
  return form;
}

describe('new user', () => {
  it('says clearly that the user was sent for approval when the client requires it', async () => {
    const { requests } = serve((request) => {
      if (request.path === '/api/users/validate') return jsonResponse(200, { valid: true, errors: [] });
      if (request.path === '/api/users' && request.method === 'POST')
        return jsonResponse(200, { outcome: 'pending_approval', taskId: 'task-7' });
      return undefined;
    });

    await fillAndCreate('sari@demo.test');

    expect(await screen.findByText('Sent for approval')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the approval task' }).getAttribute('href')).toBe(
      '/users/tasks/task-7',
    );
    expect(screen.queryByTestId('one-time-secret')).toBeNull();
    const sent = requests.find((request) => request.method === 'POST' && request.path === '/api/users');
    expect(sent?.body).toEqual({ name: 'Sari', email: 'sari@demo.test', role: 'USC' });
  });

  it('puts the server’s answer that the email is taken under the email field', async () => {
    serve((request) => {
      if (request.path === '/api/users/validate') return jsonResponse(200, { valid: true, errors: [] });
      if (request.path === '/api/users' && request.method === 'POST')
        return errorResponse(409, 'email_taken', 'A user with this email already exists.');
      return undefined;
    });

    const form = await fillAndCreate('adc@demo.test');

    expect(await within(form).findByText('A user with this email already exists.')).toBeTruthy();
    expect(within(form).getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
  });
});
