import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../../../platform/secrets.js';
import { createSandboxTestApp, sendAndSettle } from '../../../../test/sandbox-channels.js';
import { errorCode, type LoggedIn, TEST_SECRET, type TestApp } from '../../../../test/test-app.js';
import { findTelegramChat, telegramWebhookSecret } from './telegram-links.js';

describe('Telegram code/auth: linking a phone to a chat', () => {
  const key = deriveKeys(TEST_SECRET).providerCallbacks;
  let sapa: TestApp;
  let adc: LoggedIn;
  let clientId: string;
  let otherClientId: string;
  let secret = '';
  let updateId = 1;

  beforeAll(async () => {
    ({ sapa, adc, clientId, otherClientId } = await createSandboxTestApp());
    const response = await sapa.app.inject({
      method: 'POST',
      url: '/api/clients/apiSecret',
      headers: adc.headers,
    });
    secret = response.json<{ apiSecret: string }>().apiSecret;
  });
  afterAll(async () => sapa?.close());

  const linkCode = (phone: string) =>
    sapa.app.inject({
      method: 'POST',
      url: '/api/v1/telegram/linkCodes',
      headers: { authorization: `Bearer ${secret}` },
      payload: { phone, botUsername: 'bank_bot' },
    });
  const update = (message: object, options: { client?: string; token?: string | null } = {}) => {
    const client = options.client ?? clientId;
    const token = options.token === undefined ? telegramWebhookSecret(key, client, 'bot-1') : options.token;
    return sapa.app.inject({
      method: 'POST',
      url: `/webhooks/telegram/${client}/bot-1`,
      headers: token === null ? {} : { 'x-telegram-bot-api-secret-token': token },
      payload: { update_id: updateId++, message: { message_id: updateId, date: 1, ...message } },
    });
  };
  const fromChat = (id: number) => ({
    from: { id, is_bot: false, first_name: 'Sari' },
    chat: { id, type: 'private' },
  });
  const notify = (phone: string, key: string) =>
    sendAndSettle(sapa, clientId, {
      channel: 'telegram',
      recipient: phone,
      content: { kind: 'text', text: 'Your card was shipped' },
      source: 'test',
      idempotencyKey: key,
    });

  it('links the phone of a one-time code to the chat that sent /start <code>, then reaches it', async () => {
    const created = await linkCode('+62 812-3456-0001');
    expect(created.statusCode).toBe(201);
    const { code, deepLink, phone } = created.json<{ code: string; deepLink: string; phone: string }>();
    expect(phone).toBe('6281234560001');
    expect(deepLink).toBe(`https://t.me/bank_bot?start=${code}`);
    expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);

    expect((await update({ ...fromChat(555), text: `/start ${code}` })).json()).toEqual({ ok: true });
    expect(await findTelegramChat(sapa.database.db, clientId, '6281234560001')).toBe('555');
    // Used once: the same code from another chat links nothing.
    await update({ ...fromChat(777), text: `/start ${code}` });
    expect(await findTelegramChat(sapa.database.db, clientId, '6281234560001')).toBe('555');

    const sent = await notify('+6281234560001', 'tg-linked');
    expect(sent.recipient).toBe('+6281234560001');
    expect(sent.status).not.toBe('failed');
    expect(sent.providerMessageId).toMatch(/^555:\d+$/);
  });

  it('fails a notification to a phone that has not linked the bot, with that reason', async () => {
    const failed = await notify('+6281234560002', 'tg-unlinked');
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'telegram_not_linked' });
    expect(failed.errorMessage).toBe('This phone has not linked the bot yet.');
  });

  it("links the user's own shared contact, never a forwarded one", async () => {
    await update({
      ...fromChat(888),
      contact: { phone_number: '6281234560003', user_id: 888, first_name: 'S' },
    });
    expect(await findTelegramChat(sapa.database.db, clientId, '6281234560003')).toBe('888');
    await update({
      ...fromChat(889),
      contact: { phone_number: '+6281234560004', user_id: 12, first_name: 'X' },
    });
    expect(await findTelegramChat(sapa.database.db, clientId, '6281234560004')).toBeNull();
  });

  it("answers 404 without this bot's secret token, and another client's webhook cannot use this client's codes", async () => {
    const { code } = (await linkCode('+6281234560005')).json<{ code: string }>();
    const start = { ...fromChat(999), text: `/start ${code}` };
    for (const options of [
      { token: null },
      { token: 'wrong' },
      { token: telegramWebhookSecret(key, clientId, 'bot-2') },
      { client: otherClientId, token: telegramWebhookSecret(key, clientId, 'bot-1') },
      { client: 'not-a-client' },
    ]) {
      const response = await update(start, options);
      expect(response.statusCode, JSON.stringify(options)).toBe(404);
      expect(errorCode(response)).toBe('telegram_webhook_not_found');
    }
    // The other client's own bot: taken, but this client's code means nothing there.
    expect((await update(start, { client: otherClientId })).statusCode).toBe(200);
    expect(await findTelegramChat(sapa.database.db, otherClientId, '6281234560005')).toBeNull();
    expect(await findTelegramChat(sapa.database.db, clientId, '6281234560005')).toBeNull();
    expect((await linkCode('not a phone')).statusCode).toBe(400);
  });
});
