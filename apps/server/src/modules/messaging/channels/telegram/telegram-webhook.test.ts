import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { featureMaskFromFlags } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../../../platform/secrets.js';
import { clients } from '../../../../schema.js';
import {
  createTestApp,
  errorCode,
  type LoggedIn,
  logIn,
  TEST_SECRET,
  type TestApp,
} from '../../../../test/test-app.js';
import { until } from '../../../../test/wait-for.js';
import { telegramWebhookSecret } from './telegram-links.js';

const TOKEN = '123456:telegram-webhook-token';
const PUBLIC_URL = 'https://sapa.example.test';

/** A local Bot API: `setWebhook` answered like Telegram (an HTTPS URL only, the token checked). */
function startBotApi() {
  const calls: { token: string; body: Record<string, unknown> }[] = [];
  let failNext: { status: number; body: unknown } | null = null;
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await read(request);
      const match = /^\/bot([^/]+)\/setWebhook$/.exec(request.url ?? '');
      const answer = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (!match) return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      calls.push({ token: decodeURIComponent(match[1]!), body });
      if (failNext) {
        const failure = failNext;
        failNext = null;
        return answer(failure.status, failure.body);
      }
      if (match[1] !== TOKEN) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      if (!String(body.url).startsWith('https://'))
        return answer(400, {
          ok: false,
          error_code: 400,
          description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
        });
      answer(200, { ok: true, result: true, description: 'Webhook was set' });
    })();
  });
  return {
    calls,
    failOnce(status: number, body: unknown) {
      failNext = { status, body };
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Registration = { ok: boolean | null; description: string | null; providerVersion: number; url: string };

describe('Telegram setWebhook when the bot configuration is saved or approved', () => {
  const bot = startBotApi();
  const key = deriveKeys(TEST_SECRET).providerCallbacks;
  let baseUrl = '';
  let sapa: TestApp;
  let adc: LoggedIn;
  let adb: LoggedIn;
  let other: LoggedIn;

  const as = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    payload === undefined
      ? sapa.app.inject({ method, url, headers: who.headers })
      : sapa.app.inject({ method, url, headers: who.headers, payload });
  const registration = async (who: LoggedIn) =>
    (await as(who, 'GET', '/api/channels/telegram/webhook')).json<{ registration: Registration | null }>()
      .registration;
  const settled = (who: LoggedIn, version: number) =>
    until(async () => {
      const current = await registration(who);
      return current && current.ok !== null && current.providerVersion === version ? current : null;
    });
  const botProvider = (token = TOKEN) => ({
    type: 'telegram-bot',
    name: 'Bank bot',
    settings: { baseUrl },
    secrets: { botToken: token },
  });

  beforeAll(async () => {
    baseUrl = await bot.start();
    sapa = await createTestApp({ PUBLIC_URL, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    await sapa.jobs.start({ work: true });
    // The second client has Telegram too: what it sees of the first's bot must be nothing.
    await sapa.database.db
      .update(clients)
      .set({ features: featureMaskFromFlags(['WHATSAPP', 'TELEGRAM']) })
      .where(eq(clients.clientName, 'Second Client'));
    [adc, adb, other] = await Promise.all([
      logIn(sapa.app, 'adc@demo.test'),
      logIn(sapa.app, 'adb@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
    ]);
  });
  afterAll(async () => {
    await sapa?.close();
    await bot.stop();
  });

  it('registers the bot’s webhook with its secret token when the provider is saved, and shows the outcome', async () => {
    expect(await registration(adc)).toBeNull();
    const created = await as(adc, 'POST', '/api/channels/telegram/providers', botProvider());
    expect(created.statusCode).toBe(201);
    const providerId = created.json<{ provider: { id: string } }>().provider.id;
    const done = await settled(adc, 1);
    const url = `${PUBLIC_URL}/webhooks/telegram/${adc.session.clientId}/${providerId}`;
    expect(done).toMatchObject({ ok: true, description: 'Webhook was set', url });
    expect(bot.calls.at(-1)).toEqual({
      token: TOKEN,
      body: {
        url,
        secret_token: telegramWebhookSecret(key, adc.session.clientId, providerId),
        allowed_updates: ['message'],
      },
    });
    // The answer never carries the token; another client sees nothing of it.
    expect(JSON.stringify(await registration(adc))).not.toContain(TOKEN);
    expect(await registration(other)).toBeNull();
    expect(errorCode(await as(other, 'POST', '/api/channels/telegram/webhook'))).toBe(
      'telegram_bot_not_configured',
    );
  });

  it('registers again when a checker approves a change, and says why Telegram refused', async () => {
    await sapa.database.db
      .update(clients)
      .set({ approvalRequired: true })
      .where(eq(clients.id, adc.session.clientId));
    try {
      const [running] = (await as(adc, 'GET', '/api/channels/telegram/providers')).json<{
        items: { id: string }[];
      }>().items;
      const edit = await as(
        adc,
        'PUT',
        `/api/channels/telegram/providers/${running!.id}`,
        botProvider('999:wrong'),
      );
      const { taskId, applied } = edit.json<{ taskId: string; applied: boolean }>();
      expect(applied).toBe(false);
      const calls = bot.calls.length;
      // Nothing is registered for a change that waits for its checker.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(bot.calls.length).toBe(calls);
      expect((await as(adb, 'PUT', `/api/tasks/task/${taskId}/approve`)).statusCode).toBe(200);
      const refused = await settled(adc, 2);
      expect(refused).toMatchObject({
        ok: false,
        description: 'Telegram refused the webhook (401): Unauthorized',
      });
      expect(bot.calls.at(-1)!.token).toBe('999:wrong');
    } finally {
      await sapa.database.db
        .update(clients)
        .set({ approvalRequired: false })
        .where(eq(clients.id, adc.session.clientId));
    }
  });

  it('retries after Telegram is unavailable, and can be asked again by hand', async () => {
    const [running] = (await as(adc, 'GET', '/api/channels/telegram/providers')).json<{
      items: { id: string }[];
    }>().items;
    await as(adc, 'PUT', `/api/channels/telegram/providers/${running!.id}`, botProvider());
    await settled(adc, 3);
    bot.failOnce(502, { ok: false, error_code: 502, description: 'Bad Gateway' });
    const calls = bot.calls.length;
    expect((await as(adc, 'POST', '/api/channels/telegram/webhook')).json()).toMatchObject({ queued: true });
    const again = await until(async () => {
      const current = await registration(adc);
      return bot.calls.length >= calls + 2 && current?.ok ? current : null;
    }, 60_000);
    expect(again).toMatchObject({ ok: true, description: 'Webhook was set', providerVersion: 3 });
  });
});
