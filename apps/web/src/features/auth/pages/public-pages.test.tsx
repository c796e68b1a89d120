import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, mockFetch, signBody } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';

beforeEach(() => {
  resetShell();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('forgot password', () => {
  it('opens without a session, checks the email and confirms without saying whether it exists', async () => {
    const { requests } = mockFetch(() =>
      jsonResponse(200, { sent: true, message: 'If the email has an account, a link is on its way.' }),
    );
    const { router } = renderApp('/forgot-password');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter your email')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter an email address, such as name@company.com')).toBeTruthy();
    expect(requests).toHaveLength(0);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'Ayu@Demo.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByRole('status')).textContent).toContain('If ayu@demo.test has an account');
    expect(requests[0]?.path).toBe('/api/auth/forgotPassword?email=ayu%40demo.test');
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});

describe('reset password', () => {
  it('says a used link cannot be used and offers a new one', async () => {
    mockFetch(() =>
      errorResponse(410, 'reset_token_used', 'This reset link was already used. Ask for a new one.'),
    );
    renderApp('/reset-password?token=tok-1');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('New password'), 'Fresh-start-2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh-start-2026');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'This reset link was already used. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' }).getAttribute('href')).toBe(
      '#/forgot-password',
    );
  });

  it('checks the policy before sending, then resets with the token', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, { reset: true }));
    renderApp('/reset-password?token=tok-2');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The new password must have at least 10 characters.')).toBeTruthy();
    expect(requests).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Fresh-start-2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh-start-2026');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect((await screen.findByRole('status')).textContent).toContain('Password reset');
    expect(requests[0]?.body).toEqual({
      token: 'tok-2',
      newPassword: 'Fresh-start-2026',
      confirmPassword: 'Fresh-start-2026',
    });
  });

  it('says so when the link has no token', async () => {
    mockFetch(() => jsonResponse(200, {}));
    renderApp('/reset-password');

    expect((await screen.findByRole('alert')).textContent).toContain('The reset link is incomplete');
  });
});

describe('single sign-on', () => {
  it("names an invalid relay state itself and the server's 'Provider invalid'", async () => {
    const { requests } = mockFetch(() => errorResponse(400, 'provider_invalid', 'Provider invalid'));
    renderApp('/sso');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Provider ID'), 'idp-9');
    await user.clear(screen.getByLabelText('Relay state'));
    await user.type(screen.getByLabelText('Relay state'), '//evil.example');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    expect(await screen.findByText('Relay state invalid')).toBeTruthy();
    expect(requests).toHaveLength(0);

    await user.clear(screen.getByLabelText('Relay state'));
    await user.type(screen.getByLabelText('Relay state'), '/dashboard');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    expect(await screen.findByText('Provider invalid')).toBeTruthy();
    expect(requests[0]?.path).toBe('/api/auth/sso/idp-9?relayState=%2Fdashboard');
  });

  it('says why the identity provider’s answer was refused when the server sends the browser back', async () => {
    mockFetch(() => errorResponse(500, 'unexpected', 'not called'));
    renderApp(
      '/sso?error=sso_no_account&errorMessage=No%20account%20for%20this%20person&relayState=%2Fusers',
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Single sign-on failed');
    expect(alert.textContent).toContain('No account for this person');
    // The form is there to try again, keeping the page to return to.
    expect((screen.getByLabelText('Relay state') as HTMLInputElement).value).toBe('/users');
  });

  it('trades the refresh token SSO hands back for a session', async () => {
    const session = buildSession({ role: 'ADC', integrityKey: 'sso-key' });
    const { requests } = mockFetch((request) =>
      request.path === '/api/auth/refreshAccessToken'
        ? jsonResponse(200, signBody(session, 'sso-key'))
        : jsonResponse(200, {}),
    );
    const { router } = renderApp('/sso?refreshToken=rt-1&relayState=%2Fusers');

    await waitFor(() => expect(useSessionStore.getState().session?.token).toBe(session.token));
    const trades = requests.filter((request) => request.path === '/api/auth/refreshAccessToken');
    expect(trades).toHaveLength(1);
    expect(trades[0]?.body).toEqual({ refreshToken: 'rt-1' });
    // The relay state opens, and the token leaves the address.
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(router.state.location.search).toBe('');
  });
});
