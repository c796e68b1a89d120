import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser.js';
import { collectConsoleErrors } from './support/journey.js';
import { apiCall, apiLogin, openLoginPage, submitLogin, waitForHash } from './support/portal.js';
import { type RunningServer, startServer } from './support/server.js';
import { SANDBOX_PHONE_NUMBER_ID } from './support/whatsapp.js';

/**
 * The agent workspace end to end: a customer writes on the sandbox phone, the online agent sees the
 * room and the message arrive live, answers, and the customer sees the reply's ticks; the room goes to
 * another agent by tag, who takes it from the queue and must give remarks to close it.
 */
const CUSTOMER_PHONE = '6281298760001';
const CUSTOMER_NAME = 'Dewi Journey';

/** A small solid-colour PNG (an RGB image of `size` pixels square), written here rather than shipped. */
function solidPng(size: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [red, green, blue]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

/** Each person in their own browser context: their own session storage and socket. */
async function openPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  collectConsoleErrors(page, consoleErrors);
  return page;
}

async function signInAsAgent(page: Page, email: string) {
  await openLoginPage(page, server.baseUrl);
  await submitLogin(page, email);
  // Spec §6: USE and USC land on the chat workspace.
  await waitForHash(page, '#/customerService/chat');
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

describe('customer-service chat', () => {
  it('a sandbox customer reaches the online agent live; reply with ticks; transfer by tag; close needs remarks', async () => {
    // The client requires closing remarks (spec §3 mandatoryRemarksTemplate), set by its admin.
    const admin = await apiLogin(server.baseUrl, 'adc@demo.test');
    const config = await apiCall(server.baseUrl, admin, 'PUT', '/api/cs/configuration', {
      mandatoryRemarksTemplate: true,
    });
    expect(config.status).toBe(200);

    // 1. Ayu (usc, chat role CS) signs in and goes online.
    const agent = await openPage();
    await signInAsAgent(agent, 'usc@demo.test');
    await goOnline(agent);
    await saveScreenshot(agent, 'cs-chat-agent-online');

    // 2. A customer writes from the sandbox phone, in another browser.
    const customer = await openPage();
    await customer.goto(`${server.baseUrl}/#/sandbox/whatsapp/${SANDBOX_PHONE_NUMBER_ID}`);
    await customer.getByLabel('Your phone number').fill(`+${CUSTOMER_PHONE}`);
    await customer.getByLabel('Your WhatsApp name').fill(CUSTOMER_NAME);
    await customer.getByRole('button', { name: 'Start chatting' }).click();
    await customer.getByRole('textbox', { name: 'Message' }).fill('Halo, pesanan saya belum datang');
    await customer.getByRole('button', { name: 'Send' }).click();
    await customer.getByText('Halo, pesanan saya belum datang').waitFor();
    await saveScreenshot(customer, 'cs-chat-customer-wrote');

    // 3. The room and the message appear for the agent without a reload.
    const room = agent.getByTestId(`room-${CUSTOMER_PHONE}`);
    await room.waitFor({ timeout: 15_000 });
    expect(await room.textContent()).toContain('Halo, pesanan saya belum datang');
    await room.click();
    const log = agent.getByRole('log', { name: 'Messages' });
    await log.getByText('Halo, pesanan saya belum datang').waitFor();
    await agent.getByTestId('window-countdown').waitFor();
    expect(await agent.getByTestId('window-countdown').textContent()).toMatch(
      /Free text allowed for 2[34] h/,
    );
    await agent.getByRole('complementary', { name: 'Customer' }).getByText(`+${CUSTOMER_PHONE}`).waitFor();
    await saveScreenshot(agent, 'cs-chat-agent-conversation');

    // 4. The agent answers; the customer sees the reply and its ticks move up to read.
    const reply = 'Kami cek sekarang, Kak Dewi';
    await agent.getByRole('textbox', { name: 'Message' }).fill(reply);
    await agent.getByRole('button', { name: 'Send', exact: true }).click();
    await log.getByText(reply).waitFor();
    await customer.getByText(reply).waitFor({ timeout: 15_000 });
    await customer.getByRole('img', { name: 'Read' }).waitFor({ timeout: 20_000 });
    await saveScreenshot(customer, 'cs-chat-customer-reply-read');
    // The agent's own view follows the same ticks, live.
    await log.getByRole('img', { name: 'Read' }).waitFor({ timeout: 20_000 });
    await saveScreenshot(agent, 'cs-chat-agent-replied');

    // 4b. The agent sends an image from a file, with a caption: it shows in the room from our
    // storage, and the customer's phone opens it by the link the provider was given.
    await agent.getByTestId('image-file-input').setInputFiles({
      name: 'struk.png',
      mimeType: 'image/png',
      buffer: solidPng(48, [220, 40, 60]),
    });
    const attachment = agent.getByTestId('image-attachment');
    await attachment.getByRole('img', { name: 'Image to send' }).waitFor();
    await attachment.getByRole('textbox', { name: 'Caption (optional)' }).fill('Foto struk pembayaran');
    await saveScreenshot(agent, 'cs-chat-image-preview');
    await attachment.getByRole('button', { name: 'Send image' }).click();
    await attachment.waitFor({ state: 'hidden' });
    const sentImage = log.getByRole('img', { name: 'Foto struk pembayaran' });
    await sentImage.waitFor();
    await expect.poll(async () => sentImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    const received = customer.getByRole('img', { name: 'Foto struk pembayaran' });
    await received.waitFor({ timeout: 15_000 });
    await expect.poll(async () => received.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await saveScreenshot(customer, 'cs-chat-customer-image');

    // 5. The agent sends the room to the "sales" agents; it leaves their list live.
    await agent.getByRole('button', { name: 'Transfer', exact: true }).click();
    const transfer = agent.getByRole('dialog', { name: 'Transfer conversation' });
    await transfer.getByText('To a tag').click();
    await transfer.getByRole('combobox', { name: /^Tag/ }).click();
    await agent.getByRole('option', { name: 'sales', exact: true }).click();
    await saveScreenshot(agent, 'cs-chat-transfer-to-tag');
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await transfer.waitFor({ state: 'hidden' });

    // 6. Eko (use@demo.test, tag sales) finds it waiting in the queue and takes it.
    const second = await openPage();
    await signInAsAgent(second, 'use@demo.test');
    await second.evaluate(() => {
      window.location.hash = '#/customerService/chat/queue';
    });
    const queue = second.getByRole('table', { name: 'Waiting' });
    const row = queue.getByRole('row').filter({ hasText: CUSTOMER_NAME });
    await row.waitFor();
    expect(await row.textContent()).toContain('sales');
    await saveScreenshot(second, 'cs-chat-queue');
    await row.getByRole('button', { name: 'Take' }).click();
    await second.getByTestId('room-title').filter({ hasText: CUSTOMER_NAME }).waitFor();
    await second.getByRole('log', { name: 'Messages' }).getByText(reply).waitFor();
    await saveScreenshot(second, 'cs-chat-taken');
    // Ayu no longer has it, without reloading.
    await expect.poll(async () => agent.getByTestId(`room-${CUSTOMER_PHONE}`).count()).toBe(0);
    await agent.getByTestId('room-moved').waitFor();
    expect(await agent.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await saveScreenshot(agent, 'cs-chat-agent-room-moved');

    // 7. Closing needs remarks by the configuration: refused without, done with.
    await second.getByRole('button', { name: 'Close', exact: true }).click();
    const close = second.getByRole('dialog', { name: 'Close conversation' });
    await close.getByRole('button', { name: 'Close conversation' }).click();
    await close.getByText('Closing remarks are required').waitFor();
    await saveScreenshot(second, 'cs-chat-close-remarks-required');
    await close.getByRole('textbox', { name: /^Remarks/ }).fill('Paket dikirim ulang besok');
    await close.getByRole('button', { name: 'Close conversation' }).click();
    await second.getByTestId('room-closed').waitFor();
    expect(await second.getByTestId('room-closed').textContent()).toContain('Paket dikirim ulang besok');
    await saveScreenshot(second, 'cs-chat-closed');

    expect(consoleErrors).toEqual([]);
  }, 180_000);
});
