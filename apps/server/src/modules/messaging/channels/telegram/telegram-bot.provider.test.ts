import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundHttp } from '../../../../platform/outbound-http.js';
import type { ProviderRuntime } from '../../providers/provider-types.js';
import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import {
  createBotPacer,
  createTelegramBotProviderType,
  TelegramBotSettingsSchema,
} from './telegram-bot.provider.js';

const TOKEN = '7000001:AAH-secret-bot-token-zz';

type Seen = { method: string; body: Record<string, unknown>; at: number };

/**
 * A local peer answering like the Bot API: `/bot<token>/<method>`, JSON in, `{ ok, result }` out;
 * 401 for another token, 403 for a chat that blocked the bot, 429 with `retry_after` when told to.
 */
function startBotApi() {
  const seen: Seen[] = [];
  const throttleOnce = new Map<string, number>();
  let nextMessageId = 100;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      const answer = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (!match) return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, token, method] = match;
      if (token !== TOKEN) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const body = chunks.length
        ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>)
        : {};
      seen.push({ method: method!, body, at: Date.now() });
      if (method === 'getMe')
        return answer(200, {
          ok: true,
          result: { id: 7000001, is_bot: true, first_name: 'Bank', username: 'bank_bot' },
        });
      const chatId = String(body.chat_id);
      const retryAfter = throttleOnce.get(chatId);
      if (retryAfter !== undefined) {
        throttleOnce.delete(chatId);
        return answer(429, {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${retryAfter}`,
          parameters: { retry_after: retryAfter },
        });
      }
      if (chatId === '666')
        return answer(403, {
          ok: false,
          error_code: 403,
          description: 'Forbidden: bot was blocked by the user',
        });
      nextMessageId += 1;
      return answer(200, {
        ok: true,
        result: { message_id: nextMessageId, chat: { id: Number(chatId), type: 'private' }, date: 1 },
      });
    });
  });
  return {
    seen,
    throttleOnce,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

function capturingRuntime() {
  const lines: string[] = [];
  const observed: string[] = [];
  const log = (level: string) => (object: object, message: string) => {
    lines.push(JSON.stringify({ level, ...object, msg: message }));
  };
  const runtime: ProviderRuntime = {
    clientId: 'client-a',
    providerId: 'provider-bot-1',
    log: { info: log('info'), warn: log('warn'), error: log('error') },
    observe: (outcome) => observed.push(outcome),
  };
  return { runtime, lines, observed };
}

const send = (chatId: string, extra: object = {}) => ({
  clientId: 'client-a',
  chatId,
  text: 'Your card was shipped',
  parseMode: null,
  idempotencyKey: `key-${chatId}`,
  ...extra,
});

describe('Telegram Bot API provider against a local Bot API', () => {
  const api = startBotApi();
  const type = createTelegramBotProviderType({
    outbound: createOutboundHttp({ allowPrivateNetworks: true }),
  });
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await api.listen();
  });
  beforeEach(() => {
    api.seen.length = 0;
  });
  afterAll(() => api.close());

  const config = (extra: object = {}, token = TOKEN) => ({
    settings: TelegramBotSettingsSchema.parse({ baseUrl, timeoutMs: 2_000, ...extra }),
    secrets: { botToken: token },
  });

  it('checks the token with getMe, in words', async () => {
    expect(await type.testConnection(config())).toEqual({
      ok: true,
      steps: [
        { step: 'connect', ok: true, message: 'Reached the Telegram Bot API.' },
        { step: 'token', ok: true, message: 'The token belongs to @bank_bot (7000001).' },
      ],
    });
    const wrong = await type.testConnection(config({}, '1:wrong'));
    expect(wrong.ok).toBe(false);
    expect(wrong.steps[1]).toMatchObject({ step: 'token', ok: false });
    expect(wrong.steps[1]!.message).toContain('401');
    const away = await type.testConnection({
      ...config(),
      settings: { ...config().settings, baseUrl: 'http://127.0.0.1:1' },
    });
    expect(away).toMatchObject({ ok: false, steps: [{ step: 'connect', ok: false }] });
  });

  it('sends a text, a photo and a document with their Bot API methods', async () => {
    const { runtime, observed } = capturingRuntime();
    const bot = type.create(config(), runtime);
    const text = await bot.sendMessage(send('1001', { parseMode: 'HTML' }));
    const photo = await bot.sendMessage(
      send('1002', { media: { kind: 'photo', url: 'https://cdn.example/card.jpg' } }),
    );
    const file = await bot.sendMessage(
      send('1003', { media: { kind: 'document', url: 'https://cdn.example/s.pdf' } }),
    );
    expect([text.chatId, photo.chatId, file.chatId]).toEqual(['1001', '1002', '1003']);
    expect(new Set([text.messageId, photo.messageId, file.messageId]).size).toBe(3);
    expect(api.seen.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'sendMessage', body: { chat_id: '1001', text: 'Your card was shipped', parse_mode: 'HTML' } },
      {
        method: 'sendPhoto',
        body: { chat_id: '1002', photo: 'https://cdn.example/card.jpg', caption: 'Your card was shipped' },
      },
      {
        method: 'sendDocument',
        body: { chat_id: '1003', document: 'https://cdn.example/s.pdf', caption: 'Your card was shipped' },
      },
    ]);
    expect(observed).toEqual(['ok', 'ok', 'ok']);
    await bot.close();
  });

  it('waits out a 429 retry_after and sends again, without counting a failure', async () => {
    const { runtime, observed, lines } = capturingRuntime();
    const bot = type.create(config(), runtime);
    api.throttleOnce.set('2001', 1);
    const started = Date.now();
    const sent = await bot.sendMessage(send('2001'));
    expect(sent.chatId).toBe('2001');
    const attempts = api.seen.filter((entry) => entry.body.chat_id === '2001');
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(observed).toEqual(['retryable', 'ok']);
    expect(lines).toEqual([]);
    await bot.close();
  });

  it('hands a message back as throttled when Telegram asks to wait longer than allowed', async () => {
    const { runtime, lines } = capturingRuntime();
    const bot = type.create(config({ maxRetryAfterSeconds: 1 }), runtime);
    api.throttleOnce.set('2002', 30);
    const error = await bot.sendMessage(send('2002')).catch((caught) => caught);
    expect(error).toBeInstanceOf(ProviderRefusal);
    expect(error).toMatchObject({ code: 'provider_throttled', retryable: true, providerCode: '429' });
    expect(lines).toHaveLength(1);
    await bot.close();
  });

  it('keeps to one message a second per chat and the bulk rate over all chats', async () => {
    const { runtime } = capturingRuntime();
    const bot = type.create(config({ bulkPerSecond: 10 }), runtime);
    const started = Date.now();
    // Three to one chat (1 s apart), and 20 to other chats (10 a second).
    await Promise.all([
      ...[0, 1, 2].map((i) => bot.sendMessage(send('3000', { idempotencyKey: `same-${i}` }))),
      ...Array.from({ length: 20 }, (_, i) => bot.sendMessage(send(String(3100 + i)))),
    ]);
    const sameChat = api.seen.filter((entry) => entry.body.chat_id === '3000').map((entry) => entry.at);
    // Seen at the receiving end, so each gap carries the delivery's jitter (949 ms once under CI load);
    // the span of both gaps shows the pace, each gap that no two went together.
    expect(sameChat[1]! - sameChat[0]!).toBeGreaterThanOrEqual(900);
    expect(sameChat[2]! - sameChat[1]!).toBeGreaterThanOrEqual(900);
    expect(sameChat[2]! - sameChat[0]!).toBeGreaterThanOrEqual(1_900);
    const perSecond = new Map<number, number>();
    for (const { at } of api.seen) {
      const second = Math.floor((at - started) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    // Aligned to wall-clock seconds, so one window may straddle two of ours: at most twice the rate.
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    await bot.close();
  });

  it('fails a blocked chat for good and a wrong token for later, logging each once without the token', async () => {
    const { runtime, lines, observed } = capturingRuntime();
    const bot = type.create(config(), runtime);
    const blocked = await bot.sendMessage(send('666')).catch((caught) => caught);
    expect(blocked).toMatchObject({ retryable: false, providerCode: '403' });
    expect(blocked.message).toContain('bot was blocked by the user');
    const wrong = type.create(config({}, '1:wrong-token-value'), runtime);
    const unauthorized = await wrong.sendMessage(send('1001')).catch((caught) => caught);
    expect(unauthorized).toMatchObject({ code: 'provider_auth_failed', retryable: true });
    expect(observed).toEqual(['refused', 'error']);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain('wrong-token-value');
    }
    await bot.close();
    await wrong.close();
  });
});

describe('a Bot API that does not answer', () => {
  it('gives up after the timeout and hands the message back to be retried', async () => {
    // Accepts the connection, never answers.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const type = createTelegramBotProviderType({
      outbound: createOutboundHttp({ allowPrivateNetworks: true }),
    });
    const { runtime, observed, lines } = capturingRuntime();
    const bot = type.create(
      {
        settings: TelegramBotSettingsSchema.parse({
          baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
          timeoutMs: 1_000,
        }),
        secrets: { botToken: TOKEN },
      },
      runtime,
    );
    const started = Date.now();
    const error = await bot.sendMessage(send('4001')).catch((caught) => caught);
    expect(error).toMatchObject({ code: 'provider_unavailable', retryable: true, providerCode: 'timeout' });
    expect(error.message).toBe('The Telegram Bot API did not answer in time.');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(observed).toEqual(['error']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(TOKEN);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});

describe('the bot pacer', () => {
  it('gives each second at most the bulk rate and each chat one slot a second, and honours a pause', () => {
    const pacer = createBotPacer({ bulkPerSecond: 2, perChatPerSecond: 1 });
    const now = 10_000;
    expect([pacer.reserve('a', now), pacer.reserve('b', now), pacer.reserve('c', now)]).toEqual([
      0, 0, 1_000,
    ]);
    expect(pacer.reserve('a', now)).toBe(1_000);
    pacer.pause('d', 5, now);
    expect(pacer.reserve('e', now)).toBe(5_000);
  });
});
