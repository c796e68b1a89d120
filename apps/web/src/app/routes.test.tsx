import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../lib/session';
import { errorResponse, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render';
import { buildSession } from '../test/session-fixture';

function meOf(session: ReturnType<typeof buildSession>) {
  return {
    userId: session.userId,
    name: session.name,
    email: session.email,
    role: session.role,
    chatRole: session.chatRole,
    csId: session.csId,
    status: 'active',
    clientId: session.clientId,
    homeClientId: session.clientId,
    features: session.features,
    mainFeature: session.mainFeature,
    clientInfo: session.clientInfo,
  };
}

beforeEach(() => {
  useSessionStore.setState({ session: null, csrfToken: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it('sends a visitor without a session from any page to the login page', async () => {
    mockFetch(() => jsonResponse(200, {}));
    const { router } = renderApp('/report');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user who opens the login page to their landing page', async () => {
    const session = buildSession({ role: 'USR' });
    useSessionStore.setState({ session });
    mockFetch(() => jsonResponse(200, meOf(session)));
    const { router } = renderApp('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/report'));
  });

  it('shows who is signed in, for which client, and where, with the account from the server', async () => {
    const session = buildSession({ name: 'Ayu Lestari', role: 'ADC' });
    useSessionStore.setState({ session });
    const { requests } = mockFetch(() => jsonResponse(200, { ...meOf(session), email: 'ayu@demo.test' }));
    renderApp('/dashboard/customer-service');

    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Ayu Lestari')).toBeTruthy();
    expect(within(header).getByText('ADC · Admin')).toBeTruthy();
    expect(within(header).getByText('Client: Demo Client')).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/dashboard/customer-service');
    expect(await screen.findByText('ayu@demo.test')).toBeTruthy();
    expect(screen.getByText('Customer service')).toBeTruthy();
    expect(requests[0]).toMatchObject({ path: '/api/users/me', method: 'GET' });
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${session.token}`);
  });

  it('shows a loading state, then an error with a retry when the account cannot be loaded', async () => {
    const session = buildSession();
    useSessionStore.setState({ session });
    let fail = true;
    mockFetch(() =>
      fail ? errorResponse(503, 'unavailable', 'Service unavailable') : jsonResponse(200, meOf(session)),
    );
    renderApp('/users');

    expect(await screen.findByText('Loading your account…')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your account could not be loaded');
    expect(alert.textContent).toContain('Service unavailable');

    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(session.email)).toBeTruthy();
  });

  it('logs out through the server, forgets the session and returns to the login page', async () => {
    const session = buildSession();
    useSessionStore.setState({ session, csrfToken: 'csrf-1' });
    const { requests } = mockFetch((request) =>
      request.path === '/api/auth/logout'
        ? new Response(null, { status: 204 })
        : jsonResponse(200, meOf(session)),
    );
    const { router } = renderApp('/dashboard/otp');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const logout = requests.find((request) => request.path === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(useSessionStore.getState().session).toBeNull();
    expect(sessionStorage.getItem('sapa.session')).not.toContain(session.token);
  });

  it('signs out on this browser even when the server cannot confirm the logout', async () => {
    const session = buildSession();
    useSessionStore.setState({ session });
    mockFetch((request) =>
      request.path === '/api/auth/logout'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : jsonResponse(200, meOf(session)),
    );
    const { router } = renderApp('/users');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('returns to the login page when the session ends while a screen is open', async () => {
    const session = buildSession();
    useSessionStore.setState({ session });
    mockFetch(() => jsonResponse(200, meOf(session)));
    const { router } = renderApp('/notification/dashboard');
    await screen.findByRole('banner');

    act(() => useSessionStore.getState().clearSession());

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('signs in through the form and lands where the login redirect says', async () => {
    const session = buildSession({ role: 'USO', features: ['OTP', 'SMS', 'EMAIL'], mainFeature: 'OTP' });
    mockFetch((request) => {
      if (request.path === '/api/auth/login') return jsonResponse(200, session);
      if (request.path === '/api/users/me') return jsonResponse(200, meOf(session));
      return errorResponse(404, 'not_found', 'Not found');
    });
    vi.stubGlobal('crypto', {});
    const { router } = renderApp('/');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Username'), 'uso@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sms/self-service/send'));
    expect(await screen.findByText(session.name)).toBeTruthy();
  });
});
