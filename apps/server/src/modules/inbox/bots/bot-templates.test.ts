import { AGENT_STATUS_PATH, type WhatsappTemplate } from '@sapa/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { holdLiveSocket } from '../../../test/agent-presence.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { envelope, postWebhook, textMessage, unixNow } from '../../../test/whatsapp-webhook.js';
import { DEMO_WHATSAPP } from '../../demo/index.js';
import { seedInboxDemo } from '../index.js';

/**
 * Bots and auto-replies with approved WhatsApp templates (decision 0044), end to end on the real app
 * with its job workers running, but polling only every five minutes: whatever happens within a test
 * was woken after the webhook's commit, never found by a poll.
 */
const PNID = DEMO_WHATSAPP.phoneNumberId;

type Chat = {
  type: string;
  content: string | null;
  fromCs: boolean;
  isInternal?: boolean;
  authorName: string | null;
}[];
type Room = { id: string; isBot: boolean; status: string; csId: string | null; customerPhoneNumber: string };
type PhoneMessage = { direction: string; type: string; text: string | null };

describe('bot and auto-reply templates', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let usc: LoggedIn;
  let channelId: string;
  let botId: string;
  let templateClockOffset = 0;

  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const api = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: unknown) =>
    inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const say = async (phone: string, text: string) => {
    const response = await inject({
      method: 'POST',
      url: `/api/sandbox/whatsapp/${PNID}/messages`,
      payload: { from: `+${phone}`, name: 'Pelanggan', text },
    });
    expect(response.statusCode).toBe(200);
  };
  /** A message written `hoursAgo` that reaches the webhook only now (WhatsApp retries for days). */
  const sayLate = async (phone: string, text: string, hoursAgo: number) => {
    const id = `wamid.late.${phone}.${hoursAgo}.${Math.random().toString(36).slice(2)}`;
    const response = await postWebhook(
      sapa.app,
      envelope(PNID, {
        contacts: [{ profile: { name: 'Pelanggan' }, wa_id: phone }],
        messages: [textMessage(phone, id, text, unixNow(-hoursAgo * 3600))],
      }),
    );
    expect(response.statusCode).toBe(200);
  };
  const roomOf = async (phone: string) => {
    for (const path of ['/api/cs/chatRoom/bot', '/api/cs/chatRoom']) {
      const rooms = await api(adc, 'GET', `${path}?pageSize=50`);
      const found = rooms.json<{ items: Room[] }>().items.find((room) => room.customerPhoneNumber === phone);
      if (found) return found;
    }
    return null;
  };
  const chatOf = async (roomId: string) =>
    (await api(adc, 'GET', `/api/cs/chat?id=${roomId}&pageSize=50`)).json<{ items: Chat }>().items;
  const phoneOf = async (phone: string) =>
    (await inject({ method: 'GET', url: `/api/sandbox/whatsapp/${PNID}/conversations/${phone}` })).json<{
      messages: PhoneMessage[];
    }>().messages;

  /** A template of the demo number through the real path: created, submitted, reviewed by the sandbox. */
  const reviewedTemplate = async (name: string, text: string, examples: string[]) => {
    const created = await api(adc, 'POST', '/api/channels/whatsapp/templates', {
      channelId,
      name,
      language: 'id',
      category: 'UTILITY',
      body: { text, examples },
      buttons: [],
    });
    expect(created.statusCode, created.body).toBe(200);
    const template = created.json<WhatsappTemplate>();
    await sapa.whatsappTemplates.submit({ clientId: adc.session.clientId, templateId: template.id });
    templateClockOffset += 2_000;
    await sapa.whatsappTemplates.runSandboxReviews({ clientId: adc.session.clientId, channelId });
    return (
      await api(adc, 'GET', `/api/channels/whatsapp/templates/${template.id}`)
    ).json<WhatsappTemplate>();
  };
  const saveFlow = (who: LoggedIn, botName: string, actions: unknown[]) =>
    api(who, 'POST', `/api/cs/chatbot/action?botName=${encodeURIComponent(botName)}`, { actions });

  beforeAll(async () => {
    sapa = await createTestApp(
      {},
      {
        // The sandbox reviews a template a second after it is submitted; the tests move its clock.
        whatsappTemplates: {
          clock: () => new Date(Date.now() + templateClockOffset),
          sandboxReviewSeconds: 1,
        },
        jobOptions: { pollingIntervalSeconds: 300 },
      },
    );
    [adc, adc2, usc] = await Promise.all([
      logIn(sapa.app, 'adc@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
      logIn(sapa.app, 'usc@demo.test'),
    ]);
    await seedInboxDemo(sapa.database.db, adc.session.clientId);
    const channels = await api(adc, 'GET', '/api/channels/whatsapp');
    channelId = channels.json<{ id: string; provider: string }[]>().find((c) => c.provider === 'sandbox')!.id;
    // Workers start (and make their first fetch) now; the next poll would be five minutes away.
    await sapa.jobs.start({ work: true });

    expect(
      await reviewedTemplate('sapa_salam', 'Halo {{1}}, terima kasih sudah menghubungi kami.', ['Rina']),
    ).toMatchObject({ status: 'APPROVED' });
    expect(await reviewedTemplate('sapa_lanjut', 'Kami siap membantu Anda kembali.', [])).toMatchObject({
      status: 'APPROVED',
    });
    // The sandbox's review refuses scam words, as Meta's does.
    expect(
      await reviewedTemplate('sapa_hadiah', 'Selamat {{1}}, you have won the jackpot!', ['Rina']),
    ).toMatchObject({ status: 'REJECTED' });

    const bot = await api(adc, 'POST', '/api/cs/chatbot', { botName: 'Penyapa', schedule: 'always' });
    expect(bot.statusCode, bot.body).toBe(201);
    botId = bot.json<{ id: string }>().id;
    await holdLiveSocket(sapa, usc);
    const online = await api(usc, 'PUT', AGENT_STATUS_PATH, { status: 'online' });
    expect(online.statusCode).toBe(200);
  });
  afterAll(async () => sapa?.close());

  it('offers only the client’s approved templates to the flow editor', async () => {
    const mine = await api(adc, 'GET', '/api/cs/chatbot/templates');
    expect(mine.statusCode).toBe(200);
    const names = mine.json<{ items: WhatsappTemplate[] }>().items.map((t) => t.name);
    expect(names).toEqual(['sapa_lanjut', 'sapa_salam']);
    const theirs = await api(adc2, 'GET', '/api/cs/chatbot/templates');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<{ items: WhatsappTemplate[] }>().items.map((t) => t.name)).not.toContain('sapa_salam');
  });

  it('refuses a flow whose template is not approved, unknown, another client’s, mis-filled or hostile', async () => {
    const withTemplate = (template: unknown) => [
      { botActionName: 'salam', type: 'template', template },
      { botActionName: 'ke_agen', type: 'handoff' },
    ];
    const rejected = await saveFlow(
      adc,
      'Penyapa',
      withTemplate({ name: 'sapa_hadiah', language: 'id', parameters: ['Rina'] }),
    );
    expect(rejected.statusCode).toBe(422);
    expect(errorCode(rejected)).toBe('template_not_approved');
    const unknown = await saveFlow(
      adc,
      'Penyapa',
      withTemplate({ name: 'tidak_ada', language: 'id', parameters: [] }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorCode(unknown)).toBe('template_not_found');
    // Same name, other language: not that template.
    expect(
      (
        await saveFlow(
          adc,
          'Penyapa',
          withTemplate({ name: 'sapa_salam', language: 'en_US', parameters: ['x'] }),
        )
      ).statusCode,
    ).toBe(404);
    const miscounted = await saveFlow(
      adc,
      'Penyapa',
      withTemplate({ name: 'sapa_salam', language: 'id', parameters: [] }),
    );
    expect(miscounted.statusCode).toBe(400);
    expect(errorCode(miscounted)).toBe('template_parameters_mismatch');
    // A template action without its template.
    expect((await saveFlow(adc, 'Penyapa', withTemplate(null))).statusCode).toBe(400);

    // Another client cannot name this client's template, even knowing its name.
    const other = await api(adc2, 'POST', '/api/cs/chatbot', { botName: 'Lain', schedule: 'always' });
    expect(other.statusCode).toBe(201);
    const foreign = await saveFlow(
      adc2,
      'Lain',
      withTemplate({ name: 'sapa_salam', language: 'id', parameters: ['{{name}}'] }),
    );
    expect(foreign.statusCode).toBe(404);
    expect(errorCode(foreign)).toBe('template_not_found');

    for (const hostile of [
      { name: 'sapa_salam', language: 'id', parameters: ['Ri\u0000na'] },
      { name: 'sapa_salam', language: 'id', parameters: ['\ud800'] },
      { name: 'sapa_salam', language: 'id', parameters: ['x'.repeat(5000)] },
      { name: 'sapa_salam', language: 'id', parameters: [42] },
      { name: 'sapa_salam', language: 'id', parameters: 'Rina' },
      { name: 'Sapa Salam!', language: 'id', parameters: ['Rina'] },
      { name: 'sapa_salam', language: 'id; drop table', parameters: ['Rina'] },
      { name: 'x'.repeat(600), language: 'id', parameters: [] },
      { name: 'sapa_salam', language: 'id', parameters: Array.from({ length: 21 }, () => 'a') },
    ]) {
      const response = await saveFlow(adc, 'Penyapa', withTemplate(hostile));
      expect(response.statusCode, JSON.stringify(hostile).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('answers a webhook message at once and sends the template filled with what the customer said', async () => {
    const flow = await saveFlow(adc, 'Penyapa', [
      { botActionName: 'tanya_nama', type: 'ask', text: 'Siapa nama Anda?', saveAs: 'name', next: 'salam' },
      {
        botActionName: 'salam',
        type: 'template',
        template: { name: 'sapa_salam', language: 'id', parameters: ['{{name}}'] },
        next: 'ke_agen',
      },
      { botActionName: 'ke_agen', type: 'handoff' },
    ]);
    expect(flow.statusCode, flow.body).toBe(200);
    expect(flow.json<{ items: { type: string; template: unknown }[] }>().items[1]).toMatchObject({
      type: 'template',
      template: { name: 'sapa_salam', language: 'id', parameters: ['{{name}}'] },
    });
    for (const request of [
      { url: '/api/cs/configuration/defaultBot', payload: { id: botId } },
      {
        url: '/api/cs/configuration',
        payload: { initialState: 'bot', chatBot: true, autoAssignTicket: true },
      },
    ]) {
      const response = await api(adc, 'PUT', request.url, request.payload);
      expect(response.statusCode, response.body).toBe(200);
    }

    const phone = '6281299997001';
    await say(phone, 'Halo');
    // The turn's job was queued after the webhook's commit and its worker woken: no poll in between.
    const room = await vi.waitFor(
      async () => {
        const found = await roomOf(phone);
        const chat = found ? await chatOf(found.id) : [];
        if (!chat.some((m) => m.content === 'Siapa nama Anda?')) throw new Error('the bot has not asked yet');
        return found!;
      },
      { timeout: 20_000, interval: 100 },
    );

    await say(phone, 'Rina');
    await vi.waitFor(
      async () => {
        const found = await roomOf(phone);
        if (found?.isBot !== false) throw new Error('not handed off yet');
      },
      { timeout: 20_000, interval: 100 },
    );
    await sapa.messaging.settle();
    const chat = await chatOf(room.id);
    expect(chat.find((m) => m.type === 'template')).toMatchObject({
      content: 'Halo Rina, terima kasih sudah menghubungi kami.',
      fromCs: true,
      authorName: 'Penyapa',
    });
    // The customer's phone got the template itself.
    await vi.waitFor(
      async () => {
        const messages = await phoneOf(phone);
        expect(messages.some((m) => m.direction === 'out' && m.type === 'template')).toBe(true);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('outside the 24-hour window sends only the template actions and records why the rest was skipped', async () => {
    const flow = await saveFlow(adc, 'Penyapa', [
      { botActionName: 'sambut', type: 'text', text: 'Selamat datang!', next: 'lanjut' },
      {
        botActionName: 'lanjut',
        type: 'template',
        template: { name: 'sapa_lanjut', language: 'id', parameters: [] },
        next: 'tanya_nama',
      },
      { botActionName: 'tanya_nama', type: 'ask', text: 'Siapa nama Anda?', saveAs: 'name', next: 'ke_agen' },
      { botActionName: 'ke_agen', type: 'handoff' },
    ]);
    expect(flow.statusCode, flow.body).toBe(200);

    // Written 25 hours ago, delivered now: the customer's window closed an hour ago.
    const phone = '6281299997002';
    await sayLate(phone, 'Halo, masih buka?', 25);
    const room = await vi.waitFor(
      async () => {
        const found = await roomOf(phone);
        if (found?.isBot !== false) throw new Error('the bot has not finished its turn');
        return found;
      },
      { timeout: 20_000, interval: 100 },
    );
    await sapa.messaging.settle();
    const chat = await chatOf(room.id);
    const sent = chat.filter((m) => m.fromCs && !m.isInternal && m.authorName === 'Penyapa');
    expect(sent.map((m) => [m.type, m.content])).toEqual([['template', 'Kami siap membantu Anda kembali.']]);
    const notes = chat.filter((m) => m.type === 'note').map((m) => m.content);
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/skipped the action sambut: .*24-hour window is closed/),
        expect.stringMatching(/skipped the action tanya_nama: .*24-hour window is closed/),
      ]),
    );
    const event = chat.find((m) => m.type === 'room_event');
    expect(event).toBeDefined();
    // The question could not be asked, so the agents have the conversation.
    expect(room).toMatchObject({ isBot: false });
    const onPhone = (await phoneOf(phone)).filter((m) => m.direction === 'out');
    expect(onPhone.map((m) => m.type)).toEqual(['template']);
  });

  it('an auto-reply outside the window sends its template, or is skipped with the reason', async () => {
    // Conversations start with the agents again: auto-reply answers rooms that are not the bot's.
    const queue = await api(adc, 'PUT', '/api/cs/configuration', {
      initialState: 'queue',
      chatBot: false,
      autoAssignTicket: false,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const first = await api(adc, 'POST', '/api/cs/auto-reply', {
      trigger: 'firstMessage',
      reply: 'Terima kasih, agen kami segera membalas.',
      periodMinutes: 1,
      template: { name: 'sapa_salam', language: 'id', parameters: ['{{name}}'] },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      template: { name: 'sapa_salam', language: 'id', parameters: ['{{name}}'] },
    });
    // The same rules as a flow: not approved, another client's, hostile.
    const badRule = (who: LoggedIn, template: unknown) =>
      api(who, 'POST', '/api/cs/auto-reply', {
        trigger: 'keyword',
        keywords: ['harga'],
        reply: 'Harga ada di katalog.',
        template,
      });
    expect(errorCode(await badRule(adc, { name: 'sapa_hadiah', language: 'id', parameters: ['a'] }))).toBe(
      'template_not_approved',
    );
    expect((await badRule(adc2, { name: 'sapa_salam', language: 'id', parameters: ['a'] })).statusCode).toBe(
      404,
    );
    expect(
      (await badRule(adc, { name: 'sapa_salam', language: 'id', parameters: ['\u0000'] })).statusCode,
    ).toBe(400);

    // Late by 30 hours: the template goes instead of the text, with the customer's name.
    const phone = '6281299997003';
    await sayLate(phone, 'Halo?', 30);
    await sapa.messaging.settle();
    const room = (await roomOf(phone))!;
    const chat = await chatOf(room.id);
    expect(chat.filter((m) => m.type === 'auto_reply').map((m) => m.content)).toEqual([
      'Halo Pelanggan, terima kasih sudah menghubungi kami.',
    ]);
    expect((await phoneOf(phone)).filter((m) => m.direction === 'out').map((m) => m.type)).toEqual([
      'template',
    ]);

    // Without a template the rule is skipped there, and the agents read why.
    const ruleId = first.json<{ id: string }>().id;
    const textOnly = await api(adc, 'POST', '/api/cs/auto-reply', {
      id: ruleId,
      trigger: 'firstMessage',
      reply: 'Terima kasih, agen kami segera membalas.',
      periodMinutes: 1,
      template: null,
    });
    expect(textOnly.statusCode, textOnly.body).toBe(200);
    const quiet = '6281299997004';
    await sayLate(quiet, 'Halo?', 30);
    await sapa.messaging.settle();
    const quietChat = await chatOf((await roomOf(quiet))!.id);
    expect(quietChat.some((m) => m.type === 'auto_reply')).toBe(false);
    expect(quietChat.find((m) => m.type === 'note')?.content).toMatch(
      /Skipped the firstMessage auto-reply: the customer’s 24-hour window is closed/,
    );
    expect((await phoneOf(quiet)).filter((m) => m.direction === 'out')).toEqual([]);

    // Inside the window the text goes, at once after the webhook's commit (no poll of the send job).
    const fresh = '6281299997005';
    await say(fresh, 'Halo');
    await sapa.messaging.settle();
    const freshChat = await chatOf((await roomOf(fresh))!.id);
    expect(freshChat.filter((m) => m.type === 'auto_reply').map((m) => m.content)).toEqual([
      'Terima kasih, agen kami segera membalas.',
    ]);
    const out = (await phoneOf(fresh)).filter((m) => m.direction === 'out');
    expect(out.map((m) => m.text)).toEqual(['Terima kasih, agen kami segera membalas.']);
  });
});
