import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { collectConsoleErrors } from './support/journey.js';
import {
  type ApiSession,
  apiCall,
  apiLogin,
  goToRoute,
  openLoginPage,
  submitLogin,
} from './support/portal.js';
import { type RunningServer, startServer } from './support/server.js';
import { SANDBOX_PHONE_NUMBER_ID } from './support/whatsapp.js';

/**
 * The inbox as a team lives in it (issue 13): presence follows the agents' tabs, so a customer who
 * writes after an agent closed their tab goes to the colleague still there; a supervisor whispers a
 * private note with an @mention and the agent sees it live, while the customer never does.
 */
const CUSTOMER_PHONE = '6281298760101';
const CUSTOMER_NAME = 'Dewi Presence';

let server: RunningServer;
let browser: Browser;
let admin: ApiSession;
const contexts: BrowserContext[] = [];
const consoleErrors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.baseUrl, 'adc@demo.test');
  // A short grace period for the journey; the default is a minute.
  const config = await apiCall(server.baseUrl, admin, 'PUT', '/api/cs/configuration', {
    autoAssignTicket: true,
    presenceGraceSeconds: 2,
  });
  expect(config.status).toBe(200);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

async function openPage(): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  collectConsoleErrors(page, consoleErrors);
  return { page, context };
}

async function signIn(page: Page, email: string) {
  await openLoginPage(page, server.baseUrl);
  await submitLogin(page, email);
  // Each role lands on its own screen; the journey goes to the workspace from there.
  await page.waitForFunction(() => !['', '#/', '#/login'].includes(window.location.hash), undefined, {
    timeout: 15_000,
  });
}

async function openWorkspace(page: Page) {
  await goToRoute(page, '/customerService/chat');
  await page
    .getByRole('list', { name: 'Conversations' })
    .or(page.getByText('No conversations yet'))
    .first()
    .waitFor();
}

async function goOnline(page: Page) {
  await page.getByTestId('agent-status').click();
  await page.getByRole('menuitem', { name: /^Online/ }).click();
  await expect
    .poll(async () => page.getByTestId('agent-status').textContent(), { timeout: 10_000 })
    .toContain('Online');
}

async function statusOf(email: string) {
  const response = await apiCall(
    server.baseUrl,
    admin,
    'GET',
    '/api/cs/dashboard/realtime-status?pageSize=50',
  );
  const body = (await response.json()) as { items: { email: string; status: string }[] };
  return body.items.find((item) => item.email === email)?.status;
}

let eko: Page;

describe('the inbox as a team', () => {
  it('an agent closes the tab: the next customer goes to the colleague still online, and the agent goes offline', async () => {
    const ayu = await openPage();
    await signIn(ayu.page, 'usc@demo.test');
    await openWorkspace(ayu.page);
    await goOnline(ayu.page);
    const second = await openPage();
    eko = second.page;
    await signIn(eko, 'use@demo.test');
    await openWorkspace(eko);
    await goOnline(eko);
    expect(await statusOf('usc@demo.test')).toBe('online');

    // Ayu closes her only tab.
    await ayu.context.close();

    // A customer writes: the conversation reaches Eko live.
    const customer = await openPage();
    await customer.page.goto(`${server.baseUrl}/#/sandbox/whatsapp/${SANDBOX_PHONE_NUMBER_ID}`);
    await customer.page.getByLabel('Your phone number').fill(`+${CUSTOMER_PHONE}`);
    await customer.page.getByLabel('Your WhatsApp name').fill(CUSTOMER_NAME);
    await customer.page.getByRole('button', { name: 'Start chatting' }).click();
    await customer.page.getByRole('textbox', { name: 'Message' }).fill('Halo, ada yang bisa bantu?');
    await customer.page.getByRole('button', { name: 'Send' }).click();
    const room = eko.getByTestId(`room-${CUSTOMER_PHONE}`);
    await room.waitFor({ timeout: 15_000 });
    await saveScreenshot(eko, 'inbox-team-routed-to-colleague');

    // After the grace period the server says Ayu is offline; Eko stays online.
    await expect.poll(() => statusOf('usc@demo.test'), { timeout: 20_000, interval: 500 }).toBe('offline');
    expect(await statusOf('use@demo.test')).toBe('online');
    expect(await eko.getByTestId('agent-status').textContent()).toContain('Online');
    await room.click();
    await eko.getByRole('log', { name: 'Messages' }).getByText('Halo, ada yang bisa bantu?').waitFor();
  });

  it('a supervisor whispers a private note with an @mention; the agent sees it live, the customer never', async () => {
    const { page: sari } = await openPage();
    await signIn(sari, 'usv@demo.test');
    await openWorkspace(sari);
    await sari.getByTestId(`room-${CUSTOMER_PHONE}`).click();
    await sari.locator('label', { hasText: /^Private note$/ }).click();
    await sari.getByLabel('Mention colleagues').first().click();
    await sari.getByRole('option', { name: 'Eko Wibowo' }).click();
    await sari.keyboard.press('Escape');
    const whisper = 'tawarkan voucher ongkir ya';
    await sari.getByRole('textbox', { name: 'Note' }).fill(whisper);
    await sari.getByRole('button', { name: 'Save note' }).click();
    await sari.getByRole('log', { name: 'Messages' }).getByText(`@Eko Wibowo ${whisper}`).waitFor();

    // Eko, in the same conversation, sees the note and is told he was mentioned, without a reload.
    const log = eko.getByRole('log', { name: 'Messages' });
    await log.getByText(`@Eko Wibowo ${whisper}`).waitFor({ timeout: 15_000 });
    await log.getByTestId('private-note').first().waitFor();
    expect(await log.getByTestId('private-note').first().textContent()).toContain('Sari Supervisor');
    await eko.getByText(/Sari Supervisor mentioned you in conversation #\d+/).waitFor({ timeout: 15_000 });
    await saveScreenshot(eko, 'inbox-team-whisper-seen');

    // The customer's phone never got it.
    const outbox = await fetch(
      `${server.baseUrl}/api/sandbox/whatsapp/${SANDBOX_PHONE_NUMBER_ID}/conversations/${CUSTOMER_PHONE}`,
    );
    expect(JSON.stringify(await outbox.json())).not.toContain('voucher');
    expect(consoleErrors).toEqual([]);
  });
});
