import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { goToRoute, openLoginPage, submitLogin } from './support/portal.js';
import { type RunningServer, startServer } from './support/server.js';

/** The sandbox WhatsApp number of the demo client and its app secret (signed webhooks). */
const PHONE_NUMBER_ID = '100000000000001';
const APP_SECRET = 'demo-app-secret';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

beforeEach(async () => {
  await context?.close();
  consoleErrors.length = 0;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function signIn(email: string) {
  await openLoginPage(page, server.baseUrl);
  await submitLogin(page, email);
  await page.getByTestId('user-name').waitFor();
}

/** A customer writes to the demo number: the provider's webhook, signed as Meta signs it. */
async function customerWrites(from: string, text: string) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000000',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '622151500001', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: 'Journey Customer' }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.journey-${from}-${Date.now()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const response = await fetch(`${server.baseUrl}/webhooks/whatsapp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`,
    },
    body,
  });
  expect(response.status, await response.text()).toBe(200);
}

/** The number on a dashboard card, once it has one. */
async function statValue(label: string): Promise<number> {
  const value = page.getByRole('group', { name: label }).getByTestId('stat-value');
  await value.waitFor();
  return Number(await value.textContent());
}

describe('customer-service configuration, dashboard and exports', () => {
  it('ADC changes the CS configuration, adds a template and a category, sees a new conversation counted and downloads a history export', async () => {
    const suffix = Date.now().toString(36);
    await signIn('adc@demo.test');

    // 1. A configuration field, saved and still there after a reload.
    await goToRoute(page, '/config/CS');
    const form = page.getByRole('form', { name: 'Customer-service configuration' });
    await form.waitFor();
    const minutes = form.getByLabel('Close after (minutes)');
    await minutes.fill('45');
    await form.getByRole('button', { name: 'Save configuration' }).click();
    await page.getByText('The configuration was saved').waitFor();
    await saveScreenshot(page, 'cs-config-form');
    await page.reload();
    await page.getByRole('form', { name: 'Customer-service configuration' }).waitFor();
    await expect
      .poll(() => page.getByLabel('Close after (minutes)').inputValue(), { timeout: 10_000 })
      .toBe('45');

    // 2. A chat template.
    await goToRoute(page, '/config/chatTemplate');
    await page.getByRole('button', { name: 'New template' }).click();
    const templateForm = page.getByRole('form', { name: 'New chat template' });
    await templateForm.getByLabel('Name').fill(`Greeting ${suffix}`);
    await templateForm.getByLabel('Text').fill('Halo, terima kasih sudah menghubungi kami.');
    await templateForm.getByLabel('Shortcut').fill(`/hi${suffix}`);
    await templateForm.getByRole('button', { name: 'Save template' }).click();
    await page.getByRole('cell', { name: `Greeting ${suffix}`, exact: true }).waitFor();
    await templateForm.waitFor({ state: 'hidden' });
    await saveScreenshot(page, 'cs-config-chat-templates');

    // 3. A room category.
    await goToRoute(page, '/config/roomCategory');
    await page.getByRole('button', { name: 'New category' }).click();
    const categoryForm = page.getByRole('form', { name: 'New room category' });
    await categoryForm.getByLabel('Name').fill(`Billing ${suffix}`);
    await categoryForm.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: `Billing ${suffix}`, exact: true }).waitFor();
    await categoryForm.waitFor({ state: 'hidden' });
    await saveScreenshot(page, 'cs-config-room-categories');

    // 4. The dashboard counts a conversation a new customer starts now.
    await goToRoute(page, '/dashboard/customer-service');
    const before = await statValue('Total conversations');
    const customer = `62813${Date.now().toString().slice(-7)}`;
    await customerWrites(customer, 'Halo, saya mau tanya tagihan');
    // The open dashboard catches up by itself (socket event or its 15-second refresh), and a reload agrees.
    await expect.poll(() => statValue('Total conversations'), { timeout: 25_000 }).toBe(before + 1);
    await page.reload();
    await expect.poll(() => statValue('Total conversations'), { timeout: 10_000 }).toBe(before + 1);
    await page.getByRole('img', { name: 'Daily active tickets' }).waitFor();
    await saveScreenshot(page, 'cs-dashboard');

    // 5. A chat-history export: requested, built, downloaded from /exports.
    await goToRoute(page, '/exports');
    await page.getByRole('button', { name: 'New export' }).click();
    await page.getByRole('menuitem', { name: 'Chat history' }).click();
    await page
      .getByRole('form', { name: 'Export chat history' })
      .getByRole('button', { name: 'Start export' })
      .click();
    await page.getByRole('form', { name: 'Export chat history' }).waitFor({ state: 'hidden' });
    const table = page.getByRole('table', { name: 'Exports' });
    const row = table.getByRole('row').filter({ hasText: 'Chat history' }).first();
    await row.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await saveScreenshot(page, 'cs-exports');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file.split('\n')[0]).toMatch(/,/);

    expect(consoleErrors).toEqual([]);
  });
});
