import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, mockFetch, type SentRequest, signBody } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { buildSession } from '../../../test/session-fixture';
import { LoginPage } from '../pages/login-page';

const CHALLENGE = { mfaRequired: true, challenge: 'challenge-1', challengeExpiryTime: Date.now() + 300_000 };
const WRONG_CODE = 'The code is not valid. Enter the current code from your authenticator app.';

beforeEach(() => {
  useSessionStore.setState({ session: null, csrfToken: null });
  // Plain passwords (no WebCrypto) keep these tests about the second step only.
  vi.stubGlobal('crypto', {});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

/** A server whose account has MFA on: the right code is 246810, any other is refused. */
function mfaServer(session = buildSession({ integrityKey: 'mfa-key' })) {
  return mockFetch((request: SentRequest) => {
    if (request.path === '/api/auth/login') return jsonResponse(200, CHALLENGE);
    if (request.path === '/api/auth/login/mfa') {
      const { token } = request.body as { token: string };
      return token === '246810'
        ? jsonResponse(200, signBody(session, 'mfa-key'))
        : errorResponse(401, 'mfa_code_invalid', WRONG_CODE);
    }
    return errorResponse(404, 'route_not_found', request.path);
  });
}

async function signInWithPassword() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'mfa@demo.test');
  await user.type(screen.getByLabelText('Password'), 'Demo#2026');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('form', { name: 'Verify code' });
  return user;
}

describe('login code step (MFA)', () => {
  it('asks for the code instead of signing in when the account has MFA', async () => {
    mfaServer();
    renderWithProviders(<LoginPage />);

    await signInWithPassword();

    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify code' })).toBeTruthy();
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('checks the code has 6 digits before sending it', async () => {
    const { requests } = mfaServer();
    renderWithProviders(<LoginPage />);
    const user = await signInWithPassword();

    await user.type(screen.getByLabelText('Authentication code'), '12a3');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));

    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/auth/login/mfa')).toBe(false);
  });

  it('refuses a wrong code clearly and empties the field, then signs in with the right one', async () => {
    const session = buildSession({ name: 'Mfa User', integrityKey: 'mfa-key' });
    const { requests } = mfaServer(session);
    renderWithProviders(<LoginPage />);
    const user = await signInWithPassword();
    const code = screen.getByLabelText('Authentication code') as HTMLInputElement;

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Code not accepted');
    expect(alert.textContent).toContain(WRONG_CODE);
    await waitFor(() => expect(code.value).toBe(''));
    expect(useSessionStore.getState().session).toBeNull();

    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));

    await waitFor(() => expect(useSessionStore.getState().session).toEqual(session));
    const sent = requests.filter((request) => request.path === '/api/auth/login/mfa').at(-1);
    expect(sent?.body).toEqual({ challenge: 'challenge-1', token: '246810' });
    expect(sent?.headers.has('authorization')).toBe(false);
  });

  it('goes back to username and password', async () => {
    mfaServer();
    renderWithProviders(<LoginPage />);
    const user = await signInWithPassword();

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('speaks Indonesian', async () => {
    mfaServer();
    renderWithProviders(<LoginPage />);
    await signInWithPassword();

    await changeLocale('id');

    expect(await screen.findByLabelText('Kode autentikasi')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verifikasi kode' })).toBeTruthy();
  });
});

describe('login page links', () => {
  it('links to forgot password and single sign-on', () => {
    mockFetch(() => jsonResponse(200, {}));
    renderWithProviders(<LoginPage />);

    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '#/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Single sign-on (SSO)' }).getAttribute('href')).toBe('#/sso');
  });
});
