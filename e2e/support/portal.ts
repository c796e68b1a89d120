import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Demo#2026';

export const hashOf = (page: Page) => new URL(page.url()).hash;

/** Waits until the hash route is `hash`. Hash routes change the URL without a page load, so this polls
 * `location.hash` instead of waiting on Playwright's navigation events. */
export async function waitForHash(page: Page, hash: string, timeout = 15_000) {
  await page.waitForFunction((expected) => window.location.hash === expected, hash, { timeout });
}

export async function openLoginPage(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/#/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Logs out through the profile menu and the shared confirmation. */
export async function logOut(
  page: Page,
  labels = { menu: 'Account menu', item: 'Log out', yes: 'Yes', signIn: 'Sign in' },
) {
  await page.getByRole('button', { name: labels.menu }).click();
  await page.getByRole('menuitem', { name: labels.item }).click();
  await page.getByRole('dialog').getByRole('button', { name: labels.yes }).click();
  await page.getByRole('button', { name: labels.signIn }).waitFor();
}

/** Opens a route inside the running app, as a link would: no page load. */
export async function goToRoute(page: Page, path: string) {
  await page.evaluate((target) => {
    window.location.hash = `#${target}`;
  }, path);
}

export type ApiSession = { token: string; csrfToken: string; clientId: string };

/** Logs in through the API (as another browser would), for setting things up behind the UI's back. */
export async function apiLogin(baseUrl: string, username: string): Promise<ApiSession> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login of ${username} failed: ${await response.text()}`);
  const body = (await response.json()) as { token: string; clientId: string };
  return {
    token: body.token,
    clientId: body.clientId,
    csrfToken: response.headers.get('x-csrf-token') ?? '',
  };
}

export async function apiCall(
  baseUrl: string,
  session: Pick<ApiSession, 'token' | 'csrfToken'>,
  method: string,
  path: string,
  body?: unknown,
) {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      'x-csrf-token': session.csrfToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

type StoredSessionEdit = { token?: string; refreshToken?: string };

/**
 * Changes the tab's stored session and opens `route` with it. The edit happens on a page of the same
 * origin that runs no app code (`/healthz`): inside the app, any answer arriving in between writes the
 * session back and undoes the edit.
 */
export async function openWithStoredSession(
  page: Page,
  baseUrl: string,
  edit: StoredSessionEdit,
  route: string,
) {
  await page.goto(`${baseUrl}/healthz`);
  await page.evaluate((fields) => {
    const stored = JSON.parse(sessionStorage.getItem('sapa.session') ?? '{}');
    Object.assign(stored.state.session, fields);
    sessionStorage.setItem('sapa.session', JSON.stringify(stored));
  }, edit);
  await page.goto(`${baseUrl}/#${route}`);
}
