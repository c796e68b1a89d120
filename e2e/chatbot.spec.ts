import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { collectConsoleErrors } from './support/journey.js';
import { apiCall, apiLogin, goToRoute, openLoginPage, submitLogin, waitForHash } from './support/portal.js';
import { type RunningServer, startServer } from './support/server.js';
import { SANDBOX_PHONE_NUMBER_ID } from './support/whatsapp.js';

/**
 * A chat bot end to end (issue 18): the admin builds a two-step bot on /config/chatbot (ask the name,
 * check it, hand off) and makes it the default; a customer on the sandbox phone talks to it, fails
 * the check once, answers, and the conversation reaches the online agent named after the customer,
 * with the name the bot collected.
 */
const CUSTOMER_PHONE = '6281298761001';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const consoleErrors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function openPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  collectConsoleErrors(page, consoleErrors);
  return page;
}

async function choose(page: Page, label: string, index: number, option: string) {
  await page.getByLabel(label, { exact: true }).nth(index).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('chat bot', () => {
  it('an admin builds a two-step bot, a sandbox customer talks to it and lands with an agent, name filled in', async () => {
    // 1. The admin builds the bot on its screen.
    const admin = await openPage();
    await openLoginPage(admin, server.baseUrl);
    await submitLogin(admin, 'adc@demo.test');
    await admin.getByTestId('user-name').waitFor();
    await goToRoute(admin, '/config/chatbot');
    await admin.getByText('No bots yet').waitFor();
    await saveScreenshot(admin, 'chatbot-empty');
    await admin.getByRole('button', { name: 'New bot' }).click();
    await admin.getByLabel('Bot name').fill('Penyambut');
    await admin.getByRole('button', { name: 'Save bot' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Bot Penyambut' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Add action' }).click();
    await choose(admin, 'Type', 0, 'Ask and store the answer');
    await dialog.getByLabel('What the bot says').nth(0).fill('Siapa nama Anda?');
    await dialog.getByLabel('Store the answer as (userData key)').fill('name');
    await dialog.getByRole('button', { name: 'Add action' }).click();
    await choose(admin, 'Type', 1, 'Hand off to an agent');
    await dialog.getByLabel('What the bot says').nth(1).fill('Terima kasih, agen kami segera membantu.');
    await choose(admin, 'Then go to', 0, 'step_2');
    await dialog.getByRole('button', { name: 'Save flow' }).click();
    await admin.getByText('Flow of Penyambut saved.').waitFor();

    await dialog.getByText('Action step_1').waitFor();
    await dialog.getByLabel('Minimum').fill('2');
    await dialog.getByLabel('Retries before hand-off').fill('1');
    await dialog.getByLabel('Message when the answer fails').fill('Nama minimal 2 huruf.');
    await dialog.getByRole('button', { name: 'Save check' }).click();
    await admin.getByText('Check saved.').waitFor();
    await saveScreenshot(admin, 'chatbot-flow-editor');
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByRole('button', { name: 'Actions for Penyambut' }).click();
    await admin.getByRole('menuitem', { name: 'Make default' }).click();
    await admin.getByText('Default', { exact: true }).waitFor();
    await saveScreenshot(admin, 'chatbot-list');

    // The provider screen loads with its empty states.
    await goToRoute(admin, '/config/ChatBotProvider/kata/demo-bot');
    await admin.getByText('Not connected').waitFor();
    await admin.getByText('No projects yet.').waitFor();
    await saveScreenshot(admin, 'chatbot-provider');

    // New conversations start in the bot (CS configuration), and rooms are assigned.
    const api = await apiLogin(server.baseUrl, 'adc@demo.test');
    const config = await apiCall(server.baseUrl, api, 'PUT', '/api/cs/configuration', {
      initialState: 'bot',
      chatBot: true,
      autoAssignTicket: true,
    });
    expect(config.status).toBe(200);

    // 2. The agent signs in and goes online.
    const agent = await openPage();
    await openLoginPage(agent, server.baseUrl);
    await submitLogin(agent, 'usc@demo.test');
    await waitForHash(agent, '#/customerService/chat');
    await agent.getByTestId('agent-status').click();
    await agent.getByRole('menuitem', { name: /^Online/ }).click();
    await expect
      .poll(async () => agent.getByTestId('agent-status').textContent(), { timeout: 10_000 })
      .toContain('Online');

    // 3. The customer talks to the bot on the sandbox phone.
    const customer = await openPage();
    await customer.goto(`${server.baseUrl}/#/sandbox/whatsapp/${SANDBOX_PHONE_NUMBER_ID}`);
    await customer.getByLabel('Your phone number').fill(`+${CUSTOMER_PHONE}`);
    await customer.getByLabel('Your WhatsApp name').fill('Pelanggan');
    await customer.getByRole('button', { name: 'Start chatting' }).click();
    const say = async (text: string) => {
      await customer.getByRole('textbox', { name: 'Message' }).fill(text);
      await customer.getByRole('button', { name: 'Send' }).click();
    };
    await say('Halo');
    await customer.getByText('Siapa nama Anda?').waitFor({ timeout: 20_000 });
    await say('R');
    await customer.getByText('Nama minimal 2 huruf.').waitFor({ timeout: 20_000 });
    await say('Rina');
    await customer.getByText('Terima kasih, agen kami segera membantu.').waitFor({ timeout: 20_000 });
    await saveScreenshot(customer, 'chatbot-customer');

    // 4. The agent has the conversation, named Rina, with what the bot collected.
    const room = agent.getByTestId(`room-${CUSTOMER_PHONE}`);
    await room.waitFor({ timeout: 20_000 });
    await expect.poll(async () => room.textContent(), { timeout: 10_000 }).toContain('Rina');
    await room.click();
    const log = agent.getByRole('log', { name: 'Messages' });
    await log.getByText('Siapa nama Anda?').first().waitFor();
    await log.getByText('name: Rina').waitFor();
    await saveScreenshot(agent, 'chatbot-agent-handoff');
    expect(consoleErrors).toEqual([]);
  }, 240_000);
});
