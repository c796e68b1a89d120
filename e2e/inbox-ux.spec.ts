import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { collectConsoleErrors } from './support/journey.js';
import { apiCall, apiLogin, openLoginPage, submitLogin, waitForHash } from './support/portal.js';
import { type RunningServer, startServer } from './support/server.js';
import { SANDBOX_PHONE_NUMBER_ID } from './support/whatsapp.js';

/**
 * The inbox on a phone and with the keyboard: at 390×844 the whole chat works one column at a time,
 * with the account menu, language and status pill reachable; `/thanks` inserts a template. Screens at
 * 390, 1280 and 1440 wide go to a temporary folder outside the repository.
 */
const SCREEN_DIR = path.join(tmpdir(), 'sapa-inbox-ux-screens');
const CUSTOMER_PHONE = '6281298760077';
const CUSTOMER_NAME = 'Rina Ponsel';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const consoleErrors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await mkdir(SCREEN_DIR, { recursive: true });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function screen(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREEN_DIR, `${name}.png`) });
}

async function openPage(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  contexts.push(context);
  const page = await context.newPage();
  collectConsoleErrors(page, consoleErrors);
  return page;
}

/** Nothing of the page sticks out sideways: the phone never scrolls horizontally. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function customerWrites(text: string) {
  const customer = await openPage(390, 844);
  await customer.goto(`${server.baseUrl}/#/sandbox/whatsapp/${SANDBOX_PHONE_NUMBER_ID}`);
  await customer.getByLabel('Your phone number').fill(`+${CUSTOMER_PHONE}`);
  await customer.getByLabel('Your WhatsApp name').fill(CUSTOMER_NAME);
  await customer.getByRole('button', { name: 'Start chatting' }).click();
  await customer.getByRole('textbox', { name: 'Message' }).fill(text);
  await customer.getByRole('button', { name: 'Send' }).click();
  await customer.getByText(text).waitFor();
  return customer;
}

describe('the inbox at every width', () => {
  it('works one column at a time at 390×844, and inserts a template with /thanks', async () => {
    // The admin gives the client a `/thanks` template with one value to fill.
    const admin = await apiLogin(server.baseUrl, 'adc@demo.test');
    const saved = await apiCall(server.baseUrl, admin, 'PUT', '/api/cs/chatTemplate', {
      name: 'Thank you',
      content: 'Terima kasih, Kak {{1}}! Ada lagi yang bisa kami bantu?',
      shortcut: '/thanks',
      isClosingRemark: false,
      active: true,
    });
    expect(saved.status).toBeLessThan(300);

    // An agent signs in on a phone: the header still holds the status pill and the account menu.
    const agent = await openPage(390, 844);
    await openLoginPage(agent, server.baseUrl);
    await submitLogin(agent, 'usc@demo.test');
    await waitForHash(agent, '#/customerService/chat');
    const pill = agent.getByTestId('agent-status');
    await pill.waitFor();
    expect(await pill.isVisible()).toBe(true);
    await pill.click();
    await agent.getByRole('menuitem', { name: /^Online/ }).click();
    await expect.poll(async () => pill.textContent(), { timeout: 10_000 }).toContain('Online');
    await expectNoSidewaysScroll(agent);
    await screen(agent, '390-chat-list-empty');

    // The account menu holds edit profile, log out and the language.
    await agent.getByRole('button', { name: 'Account menu' }).click();
    const menu = agent.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Edit profile' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Bahasa Indonesia' }).isVisible()).toBe(true);
    await screen(agent, '390-account-menu');
    await agent.keyboard.press('Escape');

    // A customer writes; the room appears in the one visible column.
    await customerWrites('Halo, paket saya di mana?');
    const room = agent.getByTestId(`room-${CUSTOMER_PHONE}`);
    await room.waitFor({ timeout: 15_000 });
    // The new-message toast opens below the header, never over the account menu.
    const toast = agent.locator('.mantine-Notification-root').filter({ hasText: CUSTOMER_NAME }).first();
    await toast.waitFor();
    expect((await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(60);
    await room.click();
    const log = agent.getByRole('log', { name: 'Messages' });
    await log.getByText('Halo, paket saya di mana?').waitFor();
    expect(await agent.getByTestId('chat-column-rooms').isVisible()).toBe(false);
    await expectNoSidewaysScroll(agent);
    await screen(agent, '390-chat-conversation');

    // `/thanks` opens the picker; Enter picks it, its value is asked, and the text is inserted.
    const box = agent.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.pressSequentially('/thanks');
    const picker = agent.getByRole('listbox', { name: 'Chat templates' });
    await picker.getByRole('option', { name: /\/thanks/ }).waitFor();
    await screen(agent, '390-template-picker');
    await agent.keyboard.press('Enter');
    const fill = agent.getByRole('form', { name: 'Fill in “Thank you”' });
    await fill.getByRole('textbox', { name: 'Value for 1' }).fill('Rina');
    await agent.keyboard.press('Enter');
    await expect
      .poll(async () => box.inputValue())
      .toBe('Terima kasih, Kak Rina! Ada lagi yang bisa kami bantu?');
    // The filled text lands in the box with the focus, so Enter sends it.
    await expect.poll(async () => box.evaluate((element) => element === document.activeElement)).toBe(true);
    await agent.keyboard.press('Enter');
    await log.getByText('Terima kasih, Kak Rina! Ada lagi yang bisa kami bantu?').waitFor();
    await screen(agent, '390-chat-replied');

    // The customer panel is its own column, with a way back.
    await agent.getByTestId('chat-open-customer').click();
    await agent.getByRole('complementary', { name: 'Customer' }).getByText(`+${CUSTOMER_PHONE}`).waitFor();
    expect(await log.isVisible()).toBe(false);
    await screen(agent, '390-chat-customer');
    await agent.getByTestId('chat-back-to-conversation').click();
    await log.getByText('Halo, paket saya di mana?').waitFor();
    await agent.getByTestId('chat-back-to-rooms').click();
    await room.waitFor();
    expect(await log.count()).toBe(0);
    // The browser's back button steps back through the columns too.
    await agent.goBack();
    await log.getByText('Halo, paket saya di mana?').waitFor();

    // The same agent on a laptop and a wide screen: three columns and a wide reply box.
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
    ] as const) {
      await agent.setViewportSize({ width, height });
      await log.waitFor();
      expect(await agent.getByTestId('chat-column-rooms').isVisible()).toBe(true);
      expect(await agent.getByTestId('chat-column-customer').isVisible()).toBe(true);
      const boxWidth = (await box.boundingBox())?.width ?? 0;
      expect(boxWidth).toBeGreaterThan(300);
      await screen(agent, `${width}-chat-conversation`);
    }

    expect(consoleErrors).toEqual([]);
  }, 180_000);

  it('lands a report user on the report screen, marks later screens, and says why a refused page did not open', async () => {
    const page = await openPage(390, 844);
    await openLoginPage(page, server.baseUrl);
    await submitLogin(page, 'usr@demo.test');
    await waitForHash(page, '#/report');
    // Their landing page is the report query screen itself (issue 17).
    await page.getByRole('heading', { name: 'Report', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Generate report' }).waitFor();
    await screen(page, '390-report-user-landing');

    // The menu marks what comes later instead of listing it as live.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByText(/^(Soon|Coming in a later release)$/)
      .filter({ visible: true })
      .first()
      .waitFor();
    await screen(page, '1280-report-user-landing');

    // Opening a page the role may not see, straight from the address bar, says why on arrival.
    await page.goto(`${server.baseUrl}/#/clients`);
    await page.reload();
    await page.getByText('Your role cannot open').waitFor();
    await screen(page, '1280-refused-on-arrival');
    expect(consoleErrors).toEqual([]);
  }, 120_000);
});
