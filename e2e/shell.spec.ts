import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPathOf, ROUTE_TABLE } from '../apps/web/src/app/route-table.js';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { collectConsoleErrors } from './support/journey.js';
import {
  apiCall,
  apiLogin,
  goToRoute,
  hashOf,
  openLoginPage,
  submitLogin,
  waitForHash,
} from './support/portal.js';
import { type RunningServer, startServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

/**
 * The sample ids of the detail routes (in the path or as `?id=`) exist in no database: their screens ask the API, get a 404 and
 * show their not-found state. The browser logs that 404 answer; it is expected, not a defect.
 */
const SAMPLE_ID_NOT_FOUND =
  /Failed to load resource: the server responded with a status of 404 .*\/api\/[a-z/-]+(\/|\?id=)0190a000-/;

function watchConsole(target: Page) {
  collectConsoleErrors(target, consoleErrors, (message) =>
    SAMPLE_ID_NOT_FOUND.test(`${message.text()} (${message.location().url})`),
  );
}

async function newPage(): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  page = await context.newPage();
  watchConsole(page);
  return page;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const names = en as unknown as { areas: Record<string, string>; pages: Record<string, string> };
function titleOf(entry: (typeof ROUTE_TABLE)[number]): string {
  const area = names.areas[entry.area];
  return entry.page === 'index' ? `Sapa · ${area}` : `Sapa · ${area} · ${names.pages[entry.page]}`;
}

async function signIn(email: string) {
  await openLoginPage(page, server.baseUrl);
  await submitLogin(page, email);
  await page.getByTestId('user-name').waitFor();
}

describe('the shell for the super admin', () => {
  it('opens every route of the route map without a console error, at 1280×720', async () => {
    await newPage();
    await signIn('sad@demo.test');
    consoleErrors.length = 0;

    for (const entry of ROUTE_TABLE) {
      const path = openPathOf(entry);
      await goToRoute(page, path);
      if (entry.screen === 'redirect') {
        await page.waitForFunction((from) => window.location.hash !== `#${from}`, path);
      } else {
        await waitForHash(page, `#${path}`);
        // The title is set once the new screen has rendered: portal name plus route name (spec §2).
        await page.waitForFunction((title) => document.title === title, titleOf(entry));
      }
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-testid="route-progress"]'));
      const name = path.replace(/^\//, '').replace(/[^a-zA-Z0-9-]+/g, '_') || 'root';
      await saveScreenshot(page, `route-${name}`);
    }

    expect(consoleErrors).toEqual([]);
    // About 200 screens, each drawn and photographed: its own budget, not the one of a single journey.
  }, 360_000);

  it('cancels an unknown route and keeps the user where they were', async () => {
    await goToRoute(page, '/users');
    await page.getByRole('heading', { name: 'User list' }).waitFor();

    await goToRoute(page, '/no-such-area/at-all');

    await waitForHash(page, '#/users');
    await page.getByText('That page does not exist.').waitFor();
  });

  it('lets the super admin act for another client and back', async () => {
    await goToRoute(page, '/dashboard');
    await page.getByTestId('client-switcher').click();
    await page.getByRole('option', { name: 'Second Client' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();

    await page.getByText('You now act for Second Client').waitFor();
    // Second Client's main feature is OTP: the default dashboard follows the client.
    await waitForHash(page, '#/dashboard/otp');
    expect(await page.getByTestId('client-name').textContent()).toContain('Second Client');
    expect(await page.getByRole('navigation').getByText('SMS', { exact: true }).count()).toBe(0);
    await saveScreenshot(page, 'client-switched');

    await page.getByTestId('client-switcher').click();
    await page.getByRole('option', { name: 'Demo Client' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await waitForHash(page, '#/dashboard/customer-service');
  });
});

describe('on a tablet', () => {
  it('keeps the header on one line and opens the navigation from the menu button', async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    page = await context.newPage();
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'sad@demo.test');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(61);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);

    await page.getByRole('button', { name: 'Show or hide the navigation' }).first().click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The users area is a group now (user list, approval tasks, roles, audit trail).
    await nav.getByText('Users', { exact: true }).click();
    await nav.getByText('User list', { exact: true }).click();

    await waitForHash(page, '#/users');
    await page.getByRole('heading', { name: 'User list' }).waitFor();
    await saveScreenshot(page, 'tablet-users');
  });
});

describe('access rules in the browser', () => {
  it('refuses a client without SMS the SMS area and keeps the user on their page with a notice', async () => {
    await newPage();
    await signIn('adc2@demo.test');
    await waitForHash(page, '#/dashboard/otp');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();

    await goToRoute(page, '/sms/campaign/list');

    await page.getByText('The SMS feature is not enabled for your client.').waitFor();
    await waitForHash(page, '#/dashboard/otp');
    expect(await page.getByRole('navigation').getByText('SMS', { exact: true }).count()).toBe(0);
    await saveScreenshot(page, 'feature-refused');
  });

  it('sends every feature route of a client whose trial expired to /subscription', async () => {
    const sad = await apiLogin(server.baseUrl, 'sad@demo.test');
    const adc2 = await apiLogin(server.baseUrl, 'adc2@demo.test');
    const expiredAt = Date.now() - 2 * 24 * 60 * 60 * 1000;
    const created = await apiCall(server.baseUrl, sad, 'POST', '/api/cs/subscriptions', {
      clientId: adc2.clientId,
      isTrial: true,
      expiredAt,
    });
    expect(created.status).toBe(200);

    await newPage();
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'adc2@demo.test');

    await waitForHash(page, '#/subscription');
    await page.getByRole('heading', { name: 'Your trial has ended' }).waitFor();
    expect(await page.getByTestId('trial-expired-on').textContent()).toContain('Second Client');
    await saveScreenshot(page, 'trial-expired');

    await goToRoute(page, '/whatsapp/template');
    await waitForHash(page, '#/subscription');
    await goToRoute(page, '/users');
    await waitForHash(page, '#/users');

    const renewed = await apiCall(server.baseUrl, sad, 'PUT', '/api/cs/subscriptions', {
      clientId: adc2.clientId,
      expiredAt: -1,
    });
    expect(renewed.status).toBe(200);
  });
});

describe('session lifecycle', () => {
  it('shows the expiry notice and the login page once the session is revoked on the server', async () => {
    await newPage();
    await signIn('usv@demo.test');
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('sapa.session') ?? '{}'));
    const session = {
      token: stored.state.session.token as string,
      csrfToken: stored.state.csrfToken as string,
    };

    // The session ends on the server (as when an administrator revokes it): its refresh token dies with it.
    const revoked = await apiCall(server.baseUrl, session, 'POST', '/api/auth/logout');
    expect(revoked.status).toBeLessThan(300);
    const refresh = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/refreshAccessToken'),
    );

    await goToRoute(page, '/settings/editProfile');

    expect((await refresh).status()).toBe(401);
    await page.getByText('Session Expired').waitFor();
    expect(await page.getByText('Your session has expired').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(hashOf(page)).toBe('#/');
    await saveScreenshot(page, 'session-revoked');
  });

  it('keeps the chosen locale across a reload', async () => {
    await signIn('adu@demo.test');
    await page.locator('label', { hasText: 'Bahasa Indonesia' }).click();
    await page.getByRole('heading', { name: 'Daftar pengguna' }).waitFor();

    await page.reload();

    await page.getByRole('heading', { name: 'Daftar pengguna' }).waitFor();
    expect(await page.title()).toBe('Sapa · Pengguna · Daftar pengguna');
    expect(await page.evaluate(() => localStorage.getItem('sapa.locale'))).toBe('id');
  });
});
