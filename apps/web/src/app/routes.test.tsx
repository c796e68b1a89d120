import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../lib/realtime';
import { useSessionStore } from '../lib/session';
import { errorResponse, jsonResponse } from '../test/fetch-mock';
import { renderApp } from '../test/render';
import { resetShell } from '../test/reset-shell';
import { buildSession } from '../test/session-fixture';
import { mockShellApi } from '../test/shell-api';

beforeEach(() => {
  resetShell();
});

afterEach(() => {
  // Unmount while fetch is still mocked: leaving the last page posts its page metric.
  cleanup();
  vi.unstubAllGlobals();
});

function signIn(overrides: Parameters<typeof buildSession>[0] = {}) {
  const session = buildSession(overrides);
  useSessionStore.setState({ session });
  return session;
}

async function openProfileMenu() {
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Account menu' }));
}

describe('session redirects', () => {
  it('sends a visitor without a session from any page to the login page', async () => {
    mockShellApi(buildSession());
    const { router } = renderApp('/report');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user who opens the login page to their landing page', async () => {
    mockShellApi(signIn({ role: 'USR' }));
    const { router } = renderApp('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/report'));
    await waitFor(() => expect(document.title).toBe('Sapa · Report'));
  });

  it('returns to the login page when the session ends while a screen is open', async () => {
    mockShellApi(signIn());
    const { router } = renderApp('/otp/dashboard');
    await screen.findByRole('banner');

    act(() => useSessionStore.getState().clearSession());

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('signs in through the form and lands where the login redirect says', async () => {
    const session = buildSession({ role: 'USO', features: ['OTP', 'SMS', 'EMAIL'], mainFeature: 'OTP' });
    mockShellApi(session, {
      routes: (request) => (request.path === '/api/auth/login' ? jsonResponse(200, session) : undefined),
    });
    vi.stubGlobal('crypto', {});
    const { router } = renderApp('/');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Username'), 'uso@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // Spec §6: USO lands on the first self-service sender the client has (voice is off here).
    await waitFor(() => expect(router.state.location.pathname).toBe('/sms/self-service/send'));
    expect(await screen.findByRole('heading', { name: 'SMS · Send' })).toBeTruthy();
  });
});

describe('the frame', () => {
  it('shows who is signed in, for which client, and names the area of a screen not built yet', async () => {
    mockShellApi(
      signIn({ name: 'Ayu Lestari', role: 'ADC', features: ['OTP', 'CS', 'WHATSAPP', 'CATALOG'] }),
    );
    renderApp('/catalogues/categories');

    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Ayu Lestari')).toBeTruthy();
    expect(within(header).getByText('ADC · Admin')).toBeTruthy();
    expect(within(header).getByText('Client: Demo Client')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Catalogue is not available yet' })).toBeTruthy();
    expect(screen.getByText(/The Categories screen of Catalogue is part of a later release/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sapa · Catalogue · Categories'));
  });

  it('lists in the navigation only the areas this role and client may open', async () => {
    mockShellApi(signIn({ role: 'ADC', features: ['OTP', 'CS', 'WHATSAPP'] }));
    renderApp('/dashboard/otp');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const area of ['WhatsApp', 'OTP', 'Customer service', 'Users', 'Report']) {
      expect(within(nav).getAllByText(area).length, area).toBeGreaterThan(0);
    }
    for (const area of ['SMS', 'Voice', 'Email', 'Clients', 'Documents', 'Phone validation']) {
      expect(within(nav).queryByText(area), area).toBeNull();
    }
  });

  it('shows the super admin every area, grouped and collapsible', async () => {
    mockShellApi(signIn({ role: 'SAD', features: ['OTP', 'SMS'] }));
    renderApp('/users');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Clients')).toBeTruthy();
    expect(within(nav).getAllByText('Operations')).toHaveLength(2);
    expect(within(nav).queryByText('Blacklist')).toBeNull();
    await userEvent.setup().click(within(nav).getByText('SMS'));
    expect(await within(nav).findByText('Blacklist')).toBeTruthy();
  });

  it('switches the interface language from the header', async () => {
    mockShellApi(signIn({ role: 'ADC' }));
    renderApp('/users');
    await screen.findByRole('banner');

    await userEvent.setup().click(screen.getByText('Bahasa Indonesia'));

    expect(await screen.findByRole('heading', { name: 'Daftar pengguna' })).toBeTruthy();
    expect(localStorage.getItem('sapa.locale')).toBe('id');
    await waitFor(() => expect(document.title).toBe('Sapa · Pengguna · Daftar pengguna'));
  });
});

describe('route guards in the router', () => {
  it('keeps the user on the page they were on, with a notification, when a feature is off', async () => {
    mockShellApi(signIn({ role: 'ADC', features: ['OTP', 'CS', 'WHATSAPP'] }));
    const { router } = renderApp('/otp/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });

    await act(() => router.navigate('/sms/campaign/list'));

    expect(await screen.findByText('The SMS feature is not enabled for your client.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/otp/dashboard');
  });

  it('refuses a role-guarded page and stays put', async () => {
    mockShellApi(signIn({ role: 'USV' }));
    const { router } = renderApp('/report');
    await screen.findByRole('heading', { name: 'Report', level: 1 });

    await act(() => router.navigate('/clients'));

    expect(await screen.findByText('Your role cannot open Clients · Client list.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/report');
  });

  it('sends a refused first page to the landing page instead', async () => {
    mockShellApi(signIn({ role: 'ADC', features: ['OTP', 'CS'], mainFeature: 'CS' }));
    const { router } = renderApp('/sms/blacklist');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/customer-service'));
  });

  it('cancels an unknown route, and shows the 404 page when it is the first page', async () => {
    mockShellApi(signIn());
    const { router } = renderApp('/users');
    await screen.findByRole('heading', { name: 'User list' });

    await act(() => router.navigate('/no/such/page'));
    expect(router.state.location.pathname).toBe('/users');

    cleanup();
    resetShell();
    signIn();
    const second = renderApp('/no/such/page');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/pages/404'));
    expect(await screen.findByText('Page not found', { selector: 'h1' })).toBeTruthy();
  });

  it.each([
    ['/dashboard', { role: 'ADC', mainFeature: 'WHATSAPP' }, '/dashboard/whatsapp'],
    ['/dashboard/sms', { role: 'ADC', mainFeature: 'CS' }, '/dashboard/customer-service'],
    ['/config', { role: 'USE' }, '/config/chatTemplate'],
    ['/config', { role: 'ADC' }, '/config/CS'],
    ['/config/CS', { role: 'ADB' }, '/config/AutoClose'],
  ] as const)('sends %s for %j to %s', async (path, who, expected) => {
    mockShellApi(signIn(who));
    const { router } = renderApp(path);

    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
  });

  it('sends every feature route to /subscription when the trial has expired, and says when it expired', async () => {
    const expiredAt = Date.UTC(2026, 0, 31, 3, 0);
    mockShellApi(signIn({ role: 'ADC' }), { subscription: { isTrial: true, expiredAt } });
    const { router } = renderApp('/whatsapp/template');

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    expect(await screen.findByRole('heading', { name: 'Your trial has ended' })).toBeTruthy();
    expect(screen.getByTestId('trial-expired-on').textContent).toContain('January 31, 2026');
    expect(screen.getByTestId('trial-expired-on').textContent).toContain('Demo Client');

    await act(() => router.navigate('/users'));
    expect(router.state.location.pathname).toBe('/users');
  });

  it('goes to /subscription when the server answers a call with trial_expired', async () => {
    mockShellApi(signIn({ role: 'ADC' }), {
      routes: (request) =>
        request.path === '/api/users/me'
          ? errorResponse(403, 'trial_expired', 'The trial of this client expired on 2026-01-31.')
          : undefined,
    });
    const { router } = renderApp('/settings/editProfile');

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });
});

describe('page metrics', () => {
  it('posts the entry and exit time of a page under its route name when the user leaves it', async () => {
    const { requests } = mockShellApi(signIn({ role: 'SAD' }));
    const { router } = renderApp('/users/user/0190a000-0000-7000-8000-000000000001');
    await screen.findByRole('heading', { name: 'Edit user' });

    await act(() => router.navigate('/users'));

    await waitFor(() => expect(requests.some((request) => request.path === '/api/metrics/page')).toBe(true));
    const metric = requests.find((request) => request.path === '/api/metrics/page');
    expect(metric?.method).toBe('POST');
    expect(metric?.body).toMatchObject({ pageName: '/users/user/:userId' });
    const { startTime, endTime } = (metric?.body ?? {}) as { startTime: number; endTime: number };
    expect(endTime).toBeGreaterThanOrEqual(startTime);
  });

  it('shows nothing when the page metrics cannot be saved', async () => {
    mockShellApi(signIn(), {
      routes: (request) =>
        request.path.startsWith('/api/metrics') ? errorResponse(500, 'internal_error', 'Boom') : undefined,
    });
    const { router } = renderApp('/users');
    await screen.findByRole('heading', { name: 'User list' });

    await act(() => router.navigate('/report'));

    await screen.findByRole('heading', { name: 'Report', level: 1 });
    expect(screen.queryByText('Boom')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('logout', () => {
  it('asks for confirmation, logs out through the server, sets a CS agent offline and returns to login', async () => {
    const session = signIn({ features: ['CS'] });
    useSessionStore.setState({ csrfToken: 'csrf-1' });
    const { requests } = mockShellApi(session);
    const { router } = renderApp('/users');
    const user = userEvent.setup();

    await openProfileMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    expect(within(dialog).getByText('Do you want to log out?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const offline = requests.findIndex(
      (request) => request.path === '/api/cs/customerService/status/offline',
    );
    const logout = requests.findIndex((request) => request.path === '/api/auth/logout');
    expect(offline).toBeGreaterThanOrEqual(0);
    expect(offline).toBeLessThan(logout);
    expect(requests[logout]?.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(useSessionStore.getState().session).toBeNull();
    expect(sessionStorage.getItem('sapa.session')).not.toContain(session.token);
  });

  it('stays signed in when the user cancels the confirmation', async () => {
    const { requests } = mockShellApi(signIn());
    renderApp('/users');
    const user = userEvent.setup();

    await openProfileMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useSessionStore.getState().session).not.toBeNull();
    expect(requests.some((request) => request.path === '/api/auth/logout')).toBe(false);
  });

  it('signs out on this browser even when the server cannot confirm the logout', async () => {
    mockShellApi(signIn({ features: ['OTP'] }), {
      routes: (request) =>
        request.path === '/api/auth/logout' ? Promise.reject(new TypeError('Failed to fetch')) : undefined,
    });
    const { router } = renderApp('/users');
    const user = userEvent.setup();

    await openProfileMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the edit-profile page from the profile menu', async () => {
    mockShellApi(signIn({ email: 'ayu@demo.test' }));
    const { router } = renderApp('/users');

    await openProfileMenu();
    await userEvent.setup().click(await screen.findByRole('menuitem', { name: 'Edit profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/editProfile'));
    expect(await screen.findByText('ayu@demo.test', { selector: 'div' })).toBeTruthy();
  });
});

describe('agent status', () => {
  // An admin who also supervises the inbox: an agent, with a status of their own.
  const AGENT = { chatRole: 'SPV', csId: 'cs-9' } as const;
  it('starts offline for a user of a CS client', async () => {
    mockShellApi(signIn({ features: ['CS'], ...AGENT }));
    renderApp('/users');
    expect((await screen.findByTestId('agent-status')).textContent).toContain('Offline');
  });

  it('is not shown to a user of a CS client who is no agent', async () => {
    mockShellApi(signIn({ features: ['CS'] }));
    renderApp('/users');
    await screen.findByTestId('profile-menu');
    expect(screen.queryByTestId('agent-status')).toBeNull();
  });

  it('is not shown to users of a client without CS', async () => {
    mockShellApi(signIn({ features: ['OTP'] }));
    renderApp('/report');
    await screen.findByRole('heading', { name: 'Report', level: 1 });
    expect(screen.queryByTestId('agent-status')).toBeNull();
  });

  it('changes the status through the server', async () => {
    const { requests } = mockShellApi(signIn({ features: ['CS'], ...AGENT }), {
      routes: (request) =>
        request.path === '/api/cs/customerService/status'
          ? jsonResponse(200, { status: 'online', since: new Date().toISOString() })
          : undefined,
    });
    renderApp('/users');
    const user = userEvent.setup();

    await user.click(await screen.findByTestId('agent-status'));
    await user.click(await screen.findByRole('menuitem', { name: /Online/ }));

    await waitFor(() => expect(screen.getByTestId('agent-status').textContent).toContain('Online'));
    expect(requests.find((request) => request.path === '/api/cs/customerService/status')).toMatchObject({
      method: 'PUT',
      body: { status: 'online' },
    });
    expect(useSessionStore.getState().session?.status).toBe('online');
  });

  it('stays offline and says why when the status cannot be changed', async () => {
    mockShellApi(signIn({ features: ['CS'], ...AGENT }));
    renderApp('/users');
    const user = userEvent.setup();

    await user.click(await screen.findByTestId('agent-status'));
    await user.click(await screen.findByRole('menuitem', { name: /Away/ }));

    expect(await screen.findByText(/Your status could not be changed/)).toBeTruthy();
    expect(screen.getByTestId('agent-status').textContent).toContain('Offline');
  });
});

describe('client switcher', () => {
  it('lets a super admin act for another client after confirming, and lands there', async () => {
    const session = signIn({ role: 'SAD', features: ['OTP', 'CS', 'WHATSAPP'], mainFeature: 'CS' });
    const second = buildSession({
      role: 'SAD',
      token: 'access-2',
      clientId: 'client-2',
      features: ['SMS'],
      mainFeature: 'SMS',
      clientInfo: {
        ...session.clientInfo,
        clientId: 'client-2',
        clientName: 'Second Client',
        features: ['SMS'],
      },
    });
    const { requests } = mockShellApi(session, {
      routes: (request) => {
        if (request.path === '/api/clients/me')
          return jsonResponse(200, {
            clientInfo: session.clientInfo,
            listClientInfo: [session.clientInfo, second.clientInfo],
          });
        if (request.path === '/api/users/ownClientId') return jsonResponse(200, second);
        return undefined;
      },
    });
    const { router } = renderApp('/dashboard/customer-service');
    const user = userEvent.setup();

    await user.click(await screen.findByTestId('client-switcher'));
    await user.click(await screen.findByRole('option', { name: 'Second Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch client' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/sms'));
    expect(requests.find((request) => request.path === '/api/users/ownClientId')?.body).toEqual({
      clientId: 'client-2',
    });
    expect(useSessionStore.getState().session?.clientId).toBe('client-2');
    expect(await screen.findByText('You now act for Second Client')).toBeTruthy();
  });

  it('is not shown to anyone but a super admin', async () => {
    mockShellApi(signIn({ role: 'ADC' }));
    renderApp('/users');
    await screen.findByRole('banner');
    expect(screen.queryByLabelText('Acting for client')).toBeNull();
  });
});

describe('live socket in the frame', () => {
  it('opens for a CS client, shows a quiet mark once it gives up, and closes on logout', async () => {
    mockShellApi(signIn({ features: ['CS'] }));
    renderApp('/users');
    await screen.findByRole('banner');
    await waitFor(() => expect(realtime.currentStatus).toBe('connecting'));
    expect(screen.queryByTestId('realtime-gave-up')).toBeNull();

    act(() => {
      (realtime as unknown as { setStatus: (status: string) => void }).setStatus('gaveUp');
    });
    expect(await screen.findByRole('img', { name: /Live updates stopped after 10 attempts/ })).toBeTruthy();

    act(() => useSessionStore.getState().clearSession());
    await screen.findByRole('button', { name: 'Sign in' });
    expect(realtime.currentStatus).toBe('closed');
  });

  it('stays closed for a client without CS', async () => {
    mockShellApi(signIn({ features: ['OTP'] }));
    renderApp('/users');
    await screen.findByRole('banner');
    expect(realtime.currentStatus === 'idle' || realtime.currentStatus === 'closed').toBe(true);
  });
});
