import {
  getLoginRedirect,
  isFeatureFlag,
  isRoleCode,
  PRODUCT_VERSION,
  ROLE_NAMES,
  type Session,
} from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { useJourney } from './support/journey.js';
import {
  DEMO_PASSWORD,
  hashOf,
  logOut,
  openLoginPage,
  openWithStoredSession,
  submitLogin,
  waitForHash,
} from './support/portal.js';

/** Every demo login of the seed: one per role in "Demo Client", two in "Second Client". */
const DEMO_USERS = [
  { email: 'sad@demo.test', role: 'SAD', clientName: 'Demo Client' },
  { email: 'adc@demo.test', role: 'ADC', clientName: 'Demo Client' },
  { email: 'adu@demo.test', role: 'ADU', clientName: 'Demo Client' },
  { email: 'adb@demo.test', role: 'ADB', clientName: 'Demo Client' },
  { email: 'usc@demo.test', role: 'USC', clientName: 'Demo Client' },
  { email: 'use@demo.test', role: 'USE', clientName: 'Demo Client' },
  { email: 'usr@demo.test', role: 'USR', clientName: 'Demo Client' },
  { email: 'uso@demo.test', role: 'USO', clientName: 'Demo Client' },
  { email: 'usv@demo.test', role: 'USV', clientName: 'Demo Client' },
  { email: 'usp@demo.test', role: 'USP', clientName: 'Demo Client' },
  { email: 'adc2@demo.test', role: 'ADC', clientName: 'Second Client' },
  { email: 'usc2@demo.test', role: 'USC', clientName: 'Second Client' },
] as const;

// A fresh context per journey: its own sessionStorage (session) and localStorage (locale).
const journey = useJourney({ viewport: { width: 1280, height: 800 } });

describe('login page', () => {
  it('shows the product name, its version and the sign-in form in English by default', async () => {
    const { server, page } = journey;
    await openLoginPage(page, server.baseUrl);

    expect(await page.getByRole('heading', { name: 'Sapa', exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(`Version ${PRODUCT_VERSION}`).isVisible()).toBe(true);
    expect(await page.title()).toBe('Sapa · Login');
    await saveScreenshot(page, 'login-page');
  });

  it('sends a visitor without a session from a destination back to the login page', async () => {
    const { server, page } = journey;
    await page.goto(`${server.baseUrl}/#/report`);

    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(hashOf(page)).toBe('#/');
  });

  it("shows the server's generic error for a wrong password and stays on the login page", async () => {
    const { server, page } = journey;
    const direct = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'usp@demo.test', password: 'not-the-password' }),
    });
    const { error } = (await direct.json()) as { error: { code: string; message: string } };
    expect(direct.status).toBe(401);

    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'usp@demo.test', 'still-not-the-password');

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(error.message);
    expect(hashOf(page)).toBe('#/');
    expect(await page.getByLabel('Username').isEnabled()).toBe(true);
    await saveScreenshot(page, 'login-wrong-password');
  });

  it('asks for the missing fields without calling the server', async () => {
    const { server, page } = journey;
    await openLoginPage(page, server.baseUrl);
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls += 1;
    });

    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByText('Enter your username').waitFor();
    expect(await page.getByText('Enter your password').isVisible()).toBe(true);
    expect(loginCalls).toBe(0);
  });

  it('switches to Indonesian and keeps the choice after a reload', async () => {
    const { server, page } = journey;
    await openLoginPage(page, server.baseUrl);

    await page.locator('label', { hasText: 'Bahasa Indonesia' }).click();

    await page.getByRole('button', { name: 'Masuk' }).waitFor();
    expect(await page.getByLabel('Nama pengguna').isVisible()).toBe(true);
    expect(await page.getByLabel('Kata sandi', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(`Versi ${PRODUCT_VERSION}`).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
    await saveScreenshot(page, 'login-page-id');

    await page.reload();
    await page.getByRole('button', { name: 'Masuk' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('sapa.locale'))).toBe('id');
  });
});

describe('demo users', () => {
  it.each(DEMO_USERS)(
    '$email logs in, lands where the login redirect says, sees their name and logs out',
    async (user) => {
      const { server, page } = journey;
      await openLoginPage(page, server.baseUrl);
      const loginAnswer = page.waitForResponse(
        (response) => response.url().endsWith('/api/auth/login') && response.request().method() === 'POST',
      );

      await submitLogin(page, user.email, DEMO_PASSWORD);

      const response = await loginAnswer;
      expect(response.status()).toBe(200);
      const session = (await response.json()) as Session;
      expect(session.role).toBe(user.role);
      expect(session.clientInfo.clientName).toBe(user.clientName);
      expect(isRoleCode(session.role)).toBe(true);
      const expectedPath = getLoginRedirect({
        role: session.role as keyof typeof ROLE_NAMES,
        features: session.features.filter(isFeatureFlag),
        mainFeature: session.mainFeature,
      });

      await waitForHash(page, `#${expectedPath}`);
      const header = page.getByRole('banner');
      await header.getByTestId('user-name').waitFor();
      expect(await header.getByTestId('user-name').textContent()).toBe(session.name);
      expect(await header.getByTestId('user-role').textContent()).toContain(
        `${user.role} · ${ROLE_NAMES[user.role]}`,
      );
      expect(await header.getByTestId('client-name').textContent()).toContain(user.clientName);
      // The landing screen names itself: a built screen by its page name (the end of the title); a
      // landing a later release builds, or one that shows this role nothing, welcomes them instead.
      const heading = page.getByRole('main').getByRole('heading', { level: 1 });
      await heading.waitFor();
      const headingText = (await heading.textContent()) ?? '';
      if (headingText === `Welcome, ${session.name}`) {
        await page.getByTestId('usable-now').waitFor();
      } else {
        expect((await page.title()).endsWith(` · ${headingText}`)).toBe(true);
      }
      expect(await page.title()).toMatch(/^Sapa · \S/);
      expect(await page.title()).not.toContain(expectedPath);
      // The agent status shows for agents and supervisors (every demo client has customer service);
      // nobody else has an availability.
      if (session.csId && (session.chatRole === 'CS' || session.chatRole === 'SPV'))
        expect(await header.getByTestId('agent-status').textContent()).toContain('Offline');
      else expect(await header.getByTestId('agent-status').count()).toBe(0);
      if (user.email === 'adc@demo.test') await saveScreenshot(page, 'landing-frame');

      await logOut(page);

      expect(hashOf(page)).toBe('#/');
      expect(await page.evaluate(() => sessionStorage.getItem('sapa.session') ?? '')).not.toContain(
        session.token,
      );
    },
  );

  it('sends a signed-in user who opens the login page back to their landing page', async () => {
    const { server, page } = journey;
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'usr@demo.test', DEMO_PASSWORD);
    await waitForHash(page, '#/report');

    await page.goto(`${server.baseUrl}/#/`);

    await waitForHash(page, '#/report');
    expect(await page.getByTestId('user-name').isVisible()).toBe(true);
  });

  it('keeps the session across a reload of the tab', async () => {
    const { server, page } = journey;
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'adu@demo.test', DEMO_PASSWORD);
    await waitForHash(page, '#/users');

    await page.reload();

    await page.getByTestId('user-name').waitFor();
    expect(hashOf(page)).toBe('#/users');
    expect(await page.title()).toBe('Sapa · Users · User list');
  });

  it('shows the frame in Indonesian after switching the locale there', async () => {
    const { server, page } = journey;
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'usc@demo.test', DEMO_PASSWORD);
    await page.getByTestId('user-name').waitFor();

    await page.locator('label', { hasText: 'Bahasa Indonesia' }).click();

    // The agent workspace names itself by its route name, now in Indonesian. "Chat" reads the same in
    // both languages: the title says when the Indonesian strings (loaded on demand) have arrived.
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    await page.waitForFunction(() => document.title === 'Sapa · Layanan pelanggan · Chat');
    expect(await page.getByTestId('user-role').textContent()).toContain('USC · Pengguna');
    expect(await page.getByTestId('agent-status').textContent()).toContain('Luring');
    expect(await page.title()).toBe('Sapa · Layanan pelanggan · Chat');

    // The choice survives a reload of the signed-in app too.
    await page.reload();
    await page.getByTestId('agent-status').getByText('Luring').waitFor();
    await logOut(page, { menu: 'Menu akun', item: 'Keluar', yes: 'Ya', signIn: 'Masuk' });
  });

  it('renews an expired access token with the refresh token and carries on', async () => {
    const { server, page } = journey;
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'adb@demo.test', DEMO_PASSWORD);
    await page.getByTestId('user-name').waitFor();
    // The profile page shows the account card from GET /api/users/me (bearer token, integrity check).
    await page.goto(`${server.baseUrl}/#/settings/editProfile`);
    // Wait for the account card: its answer stores a CSRF token, which would write the session back.
    await page.getByText('adb@demo.test', { exact: true }).waitFor();
    // The access token goes bad; the refresh token is still good.
    const refresh = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/refreshAccessToken'),
    );

    await openWithStoredSession(page, server.baseUrl, { token: 'expired-token' }, '/settings/editProfile');

    expect((await refresh).status()).toBe(200);
    await page.getByText('adb@demo.test', { exact: true }).waitFor();
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('sapa.session') ?? '{}').state.session.token,
    );
    expect(token).not.toBe('expired-token');
  });

  it('ends a session whose refresh fails with the expired-session notice and the login page', async () => {
    const { server, page } = journey;
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'usv@demo.test', DEMO_PASSWORD);
    await page.getByTestId('user-name').waitFor();
    await page.goto(`${server.baseUrl}/#/settings/editProfile`);
    await page.getByText('usv@demo.test', { exact: true }).waitFor();
    await openWithStoredSession(
      page,
      server.baseUrl,
      { token: 'expired-token', refreshToken: 'revoked-refresh-token' },
      '/settings/editProfile',
    );

    await page.getByText('Session Expired').waitFor();
    expect(await page.getByText('Your session has expired').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(hashOf(page)).toBe('#/');
    await saveScreenshot(page, 'session-expired');
  });
});
