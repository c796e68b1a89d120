import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { holdLiveSocket } from '../../../test/agent-presence.js';
import { inboundText, RecordingChannel, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import type { InboxPort } from '../../messaging/index.js';
import { csMessages } from '../chat/chat.tables.js';
import { createInboxPort } from '../index.js';
import { csRooms } from '../rooms/rooms.tables.js';
import { matchesKeyword } from './auto-reply.policy.js';

// Monday 2026-11-23 10:00 in Jakarta, and the same evening at 20:00.
const MONDAY_10 = new Date('2026-11-23T03:00:00Z');
const MONDAY_20 = new Date('2026-11-23T13:00:00Z');
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);
const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));

describe('keyword matching', () => {
  it('fires on a whole word or phrase, ignoring case, and not inside another word', () => {
    expect(matchesKeyword('Berapa HARGA-nya?', ['harga'])).toBe(true);
    expect(matchesKeyword('jam buka toko', ['jam buka'])).toBe(true);
    expect(matchesKeyword('restart please', ['art'])).toBe(false);
    expect(matchesKeyword('a+b (c)', ['a+b'])).toBe(true);
    expect(matchesKeyword('', ['harga'])).toBe(false);
  });
});

describe('auto-reply', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let port: InboxPort;
  let clientId: string;
  const realtime = new RecordingRealtime();
  const sender = new RecordingChannel();
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const save = (who: LoggedIn, payload: Record<string, unknown>) =>
    inject({ method: 'POST', url: '/api/cs/auto-reply', headers: who.headers, payload });
  const arrive = (phone: string, text: string, sentAt: Date) =>
    port.receiveInbound(sapa.database.db, inboundText(clientId, phone, text, { sentAt }));
  /** What the customer received, in order. */
  const received = async (phone: string) => {
    await sapa.messaging.settle();
    return sender.sent
      .filter((message) => message.to === phone)
      .map((message) => (message.kind === 'text' ? message.text : message.kind));
  };

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime, channels: { whatsapp: sender } });
    port = createInboxPort({ realtime, messaging: () => sapa.messaging });
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    clientId = adc.session.clientId;
  });
  beforeEach(() => realtime.clear());
  afterAll(async () => sapa?.close());

  it('answers the first message of a conversation once per period, however chatty the customer', async () => {
    const rule = await save(adc, {
      trigger: 'firstMessage',
      reply: 'Terima kasih, agen kami segera membalas.',
      periodMinutes: 60,
    });
    expect(rule.statusCode).toBe(200);
    expect(rule.json()).toMatchObject({
      trigger: 'firstMessage',
      keywords: [],
      periodMinutes: 60,
      enabled: true,
    });

    const phone = '6281377700001';
    // Message times from now on: the automatic answer is stamped when it is sent.
    const now = new Date();
    await arrive(phone, 'halo', now);
    await arrive(phone, 'halo?', minutes(now, 1));
    await arrive(phone, 'ada orang?', minutes(now, 2));
    expect(await received(phone)).toEqual(['Terima kasih, agen kami segera membalas.']);

    // The stored copy sits in the room after the customer's message, as an automatic message that
    // does not count as an agent's answer.
    const [room] = await sapa.database.db
      .select()
      .from(csRooms)
      .where(and(eq(csRooms.clientId, clientId), eq(csRooms.customerPhoneNumber, phone)));
    expect(room).toMatchObject({ status: 'queued', lastMessageFromCs: false });
    const messages = await sapa.database.db
      .select()
      .from(csMessages)
      .where(and(eq(csMessages.clientId, clientId), eq(csMessages.roomId, room!.id)))
      .orderBy(asc(csMessages.createdAt));
    expect(messages.map((m) => [m.type, m.fromCs])).toEqual([
      ['text', false],
      ['auto_reply', true],
      ['text', false],
      ['text', false],
    ]);
    expect(messages[1]).toMatchObject({ csId: null, status: 'sent' });

    // Closed, then a new conversation inside the period: no second greeting; after it: greeted again.
    await sapa.database.db.update(csRooms).set({ status: 'closed' }).where(eq(csRooms.id, room!.id));
    await arrive(phone, 'saya lagi', minutes(now, 30));
    expect(await received(phone)).toHaveLength(1);
    await sapa.database.db
      .update(csRooms)
      .set({ status: 'closed' })
      .where(and(eq(csRooms.clientId, clientId), eq(csRooms.customerPhoneNumber, phone)));
    await arrive(phone, 'halo lagi', minutes(now, 61));
    expect(await received(phone)).toHaveLength(2);
  });

  it('answers a keyword while the customer waits, before the other rules, and each rule once per period', async () => {
    await save(adc, {
      trigger: 'keyword',
      keywords: ['Harga', 'price list'],
      reply: 'Daftar harga: https://toko.example/harga',
      periodMinutes: 1440,
    });
    const phone = '6281377700002';
    await arrive(phone, 'Berapa harga paket A?', MONDAY_10);
    // The keyword wins over the first-message greeting (one answer a message), then waits its period.
    await arrive(phone, 'Harga paket B?', minutes(MONDAY_10, 1));
    await arrive(phone, 'harga C?', minutes(MONDAY_10, 2));
    expect(await received(phone)).toEqual(['Daftar harga: https://toko.example/harga']);
    // A message without the keyword, inside the period of both: nothing.
    await arrive(phone, 'halo', minutes(MONDAY_10, 3));
    expect(await received(phone)).toHaveLength(1);
  });

  it('answers outside business hours, not inside them', async () => {
    await inject({
      method: 'POST',
      url: '/api/cs/cs-availability',
      headers: adc.headers,
      payload: { scope: 'business', name: 'Office', periods: weekdays('08:00', '17:00') },
    });
    const closed = await save(adc, {
      trigger: 'outsideBusinessHours',
      reply: 'Kami buka Senin–Jumat 08.00–17.00 WIB.',
      periodMinutes: 720,
    });
    expect(closed.statusCode).toBe(200);
    await arrive('6281377700003', 'pagi', MONDAY_10);
    // Inside hours the first-message greeting answers instead.
    expect(await received('6281377700003')).toEqual(['Terima kasih, agen kami segera membalas.']);
    await arrive('6281377700004', 'malam', MONDAY_20);
    await arrive('6281377700004', 'halo??', minutes(MONDAY_20, 5));
    // Outside hours the closed notice wins over the greeting, once.
    expect(await received('6281377700004')).toEqual(['Kami buka Senin–Jumat 08.00–17.00 WIB.']);
  });

  it('answers when no agent is online, and stays quiet once one is online and takes the room', async () => {
    const rule = await save(adc, { trigger: 'noAgentOnline', reply: 'Semua agen sedang offline.' });
    expect(rule.json().periodMinutes).toBe(1440);
    // The greeting would answer first: switch it off.
    const rules = (await inject({ method: 'GET', url: '/api/cs/auto-reply', headers: adc.headers })).json()
      .items;
    expect(rules.map((r: { trigger: string }) => r.trigger)).toEqual([
      'keyword',
      'outsideBusinessHours',
      'noAgentOnline',
      'firstMessage',
    ]);
    const greeting = rules.find((r: { trigger: string }) => r.trigger === 'firstMessage');
    await save(adc, { ...greeting, enabled: false, createdAt: undefined, updatedAt: undefined });

    await arrive('6281377700005', 'halo', MONDAY_10);
    expect(await received('6281377700005')).toEqual(['Semua agen sedang offline.']);

    await inject({
      method: 'POST',
      url: '/api/cs/customerService',
      headers: adc.headers,
      payload: { csName: 'Ayu', email: 'usc@demo.test' },
    });
    const usc = await logIn(sapa.app, 'usc@demo.test');
    await holdLiveSocket(sapa, usc);
    await inject({
      method: 'PUT',
      url: '/api/cs/customerService/status',
      headers: usc.headers,
      payload: { status: 'online' },
    });
    await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoAssignTicket: true },
    });
    // Ayu is online and, at the message's time, inside the business hours: no rule for a missing agent fires.
    await arrive('6281377700006', 'halo', MONDAY_10);
    expect(await received('6281377700006')).toEqual([]);
  });

  it('sends the maintenance message instead of any rule while the inbox is in maintenance', async () => {
    const on = await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { maintenance: { enabled: true, message: 'Sedang pemeliharaan sistem.', periodMinutes: 30 } },
    });
    expect(on.json().config.maintenance).toEqual({
      enabled: true,
      message: 'Sedang pemeliharaan sistem.',
      periodMinutes: 30,
    });
    const phone = '6281377700007';
    await arrive(phone, 'harga?', MONDAY_20);
    await arrive(phone, 'halo', minutes(MONDAY_20, 10));
    await arrive(phone, 'halo lagi', minutes(MONDAY_20, 31));
    expect(await received(phone)).toEqual(['Sedang pemeliharaan sistem.', 'Sedang pemeliharaan sistem.']);
    await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { maintenance: { enabled: false, message: 'Sedang pemeliharaan sistem.', periodMinutes: 30 } },
    });
  });

  it('leaves bot rooms to the bot', async () => {
    // A conversation starts in the bot only when the client has an active default bot (decision 0035).
    const bot = await inject({
      method: 'POST',
      url: '/api/cs/chatbot',
      headers: adc.headers,
      payload: { botName: 'Menu', schedule: 'always' },
    });
    expect(bot.statusCode, bot.body).toBe(201);
    const flow = await inject({
      method: 'POST',
      url: '/api/cs/chatbot/action?botName=Menu',
      headers: adc.headers,
      payload: {
        actions: [{ botActionName: 'ask_need', type: 'ask', text: 'Ada yang bisa dibantu?', saveAs: 'need' }],
      },
    });
    expect(flow.statusCode, flow.body).toBe(200);
    const chosen = await inject({
      method: 'PUT',
      url: '/api/cs/configuration/defaultBot',
      headers: adc.headers,
      payload: { id: bot.json().id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { initialState: 'bot', chatBot: true },
    });
    await arrive('6281377700008', 'harga', MONDAY_20);
    expect(await received('6281377700008')).toEqual([]);
    await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { initialState: 'queue', chatBot: false },
    });
  });

  it('keeps one rule per trigger except keywords, and refuses malformed rules with a clear 4xx', async () => {
    const again = await save(adc, { trigger: 'noAgentOnline', reply: 'dua' });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('auto_reply_exists');
    const bad = [
      { trigger: 'keyword', reply: 'x' },
      { trigger: 'keyword', keywords: ['  '], reply: 'x' },
      { trigger: 'sometimes', reply: 'x' },
      { trigger: 'firstMessage', reply: '' },
      { trigger: 'firstMessage', reply: 'x', periodMinutes: 0 },
      { trigger: 'firstMessage', reply: 'x', periodMinutes: 1e9 },
      { trigger: 'firstMessage', reply: 'x'.repeat(5000) },
      { trigger: 'firstMessage', reply: 'nul\u0000byte' },
      { trigger: ['firstMessage'], reply: 'x' },
      { id: 'not-an-id', remove: true },
      { id: 'not-an-id', trigger: 'keyword', keywords: ['a'], reply: 'x' },
    ];
    for (const payload of bad) {
      const response = await save(adc, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBeLessThan(500);
    }
  });

  it('answers 404 for another client’s rules, which stay as they were', async () => {
    const mine = (await inject({ method: 'GET', url: '/api/cs/auto-reply', headers: adc.headers })).json()
      .items[0];
    const attempts = [
      inject({ method: 'GET', url: `/api/cs/auto-reply?id=${mine.id}`, headers: adc2.headers }),
      save(adc2, { id: mine.id, trigger: 'keyword', keywords: ['x'], reply: 'taken' }),
      save(adc2, { id: mine.id, remove: true }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    const theirs = await inject({ method: 'GET', url: '/api/cs/auto-reply', headers: adc2.headers });
    expect(theirs.json().items).toEqual([]);
    const still = await inject({
      method: 'GET',
      url: `/api/cs/auto-reply?id=${mine.id}`,
      headers: adc.headers,
    });
    expect(still.json().items[0]).toMatchObject({ id: mine.id, reply: mine.reply });
    const removed = await save(adc, { id: mine.id, remove: true });
    expect(removed.json()).toMatchObject({ deleted: 1 });
  });
});
