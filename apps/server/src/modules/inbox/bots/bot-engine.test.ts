import { AGENT_STATUS_PATH } from '@sapa/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdLiveSocket } from '../../../test/agent-presence.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { DEMO_WHATSAPP } from '../../demo/index.js';
import { seedInboxDemo } from '../index.js';
import { type BotDeps, botForNewRoom, runBotTurn, sweepBotTurns } from './bot-engine.service.js';

/**
 * The bot engine end to end: a customer writes on the sandbox phone, the room starts in the bot
 * queue, each turn (the job's work, run here directly) answers through the channel, a failed answer is
 * asked again until its retry limit, and the hand-off gives the room to the online agent with the
 * collected data beside the transcript.
 */
const PNID = DEMO_WHATSAPP.phoneNumberId;

type Chat = { type: string; content: string | null; fromCs: boolean; authorName: string | null }[];
type Room = { id: string; isBot: boolean; status: string; csId: string | null; name: string | null };

describe('bot engine', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let usc: LoggedIn;
  let deps: BotDeps;
  let botId: string;

  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const say = async (phone: string, text: string) => {
    const response = await inject({
      method: 'POST',
      url: `/api/sandbox/whatsapp/${PNID}/messages`,
      payload: { from: `+${phone}`, name: 'Pelanggan', text },
    });
    expect(response.statusCode).toBe(200);
  };
  const roomOf = async (phone: string, who: LoggedIn = adc) => {
    for (const path of ['/api/cs/chatRoom/bot', '/api/cs/chatRoom']) {
      const rooms = await inject({ method: 'GET', url: `${path}?pageSize=50`, headers: who.headers });
      const found = rooms
        .json<{ items: (Room & { customerPhoneNumber: string })[] }>()
        .items.find((room) => room.customerPhoneNumber === phone);
      if (found) return found;
    }
    return null;
  };
  const chatOf = async (roomId: string, who: LoggedIn = adc) =>
    (
      await inject({ method: 'GET', url: `/api/cs/chat?id=${roomId}&pageSize=50`, headers: who.headers })
    ).json<{ items: Chat }>().items;
  const turn = async (phone: string) => {
    const room = await roomOf(phone);
    await runBotTurn(deps, { clientId: adc.session.clientId, roomId: room!.id });
    await sapa.messaging.settle();
    return room!;
  };

  beforeAll(async () => {
    sapa = await createTestApp();
    adc = await logIn(sapa.app, 'adc@demo.test');
    await seedInboxDemo(sapa.database.db, adc.session.clientId);
    usc = await logIn(sapa.app, 'usc@demo.test');
    deps = { db: sapa.database.db, realtime: sapa.realtime, messaging: sapa.messaging };
    const bot = await inject({
      method: 'POST',
      url: '/api/cs/chatbot',
      headers: adc.headers,
      payload: { botName: 'Penyambut', schedule: 'always' },
    });
    expect(bot.statusCode).toBe(201);
    botId = bot.json().id;
    const flow = await inject({
      method: 'POST',
      url: '/api/cs/chatbot/action?botName=Penyambut',
      headers: adc.headers,
      payload: {
        actions: [
          {
            botActionName: 'ask_name',
            type: 'ask',
            text: 'Siapa nama Anda?',
            saveAs: 'name',
            next: 'to_agent',
          },
          { botActionName: 'to_agent', type: 'handoff', text: 'Terima kasih, agen kami segera membantu.' },
        ],
      },
    });
    expect(flow.statusCode, flow.body).toBe(200);
    const check = await inject({
      method: 'PUT',
      url: '/api/cs/chatbot/validation',
      headers: adc.headers,
      payload: {
        botId,
        stateName: 'ask_name',
        rule: 'text',
        min: 2,
        max: 40,
        errorMessage: 'Nama minimal 2 huruf.',
        maxRetries: 1,
      },
    });
    expect(check.statusCode, check.body).toBe(200);
    for (const request of [
      { url: '/api/cs/configuration/defaultBot', payload: { id: botId } },
      {
        url: '/api/cs/configuration',
        payload: { initialState: 'bot', chatBot: true, autoAssignTicket: true },
      },
    ]) {
      const response = await inject({ method: 'PUT', headers: adc.headers, ...request });
      expect(response.statusCode, response.body).toBe(200);
    }
    // The only agent online (with a live tab), so routing after the hand-off can only pick them.
    await holdLiveSocket(sapa, usc);
    const online = await inject({
      method: 'PUT',
      url: AGENT_STATUS_PATH,
      headers: usc.headers,
      payload: { status: 'online' },
    });
    expect(online.statusCode).toBe(200);
  });
  afterAll(async () => sapa?.close());

  it('asks again after a failed answer, then hands the room to the online agent with the name it collected', async () => {
    const phone = '6281299990101';
    await say(phone, 'Halo');
    const room = await roomOf(phone);
    expect(room).toMatchObject({ isBot: true, status: 'queued', csId: null });

    await turn(phone);
    expect((await chatOf(room!.id)).filter((m) => m.fromCs).map((m) => m.content)).toEqual([
      'Siapa nama Anda?',
    ]);
    // A repeated job finds nothing left to answer.
    await turn(phone);
    expect((await chatOf(room!.id)).filter((m) => m.fromCs)).toHaveLength(1);

    await say(phone, 'R');
    await turn(phone);
    const retried = (await chatOf(room!.id)).filter((m) => m.fromCs).map((m) => m.content);
    expect(retried.slice(-2)).toEqual(['Nama minimal 2 huruf.', 'Siapa nama Anda?']);
    expect(await roomOf(phone)).toMatchObject({ isBot: true });

    await say(phone, 'Rina');
    await turn(phone);
    const handed = await roomOf(phone, usc);
    expect(handed).toMatchObject({ isBot: false, status: 'open', csId: usc.session.csId, name: 'Rina' });

    // The agent reads the whole transcript, the hand-off and what the bot collected.
    const chat = await chatOf(room!.id, usc);
    expect(chat.map((m) => m.content)).toEqual(
      expect.arrayContaining(['Halo', 'Siapa nama Anda?', 'R', 'Nama minimal 2 huruf.', 'Rina']),
    );
    expect(chat.find((m) => m.type === 'room_event')).toMatchObject({ authorName: 'Penyambut' });
    expect(JSON.parse(chat.find((m) => m.type === 'room_event')!.content!)).toMatchObject({
      event: 'queued',
      by: 'Penyambut',
    });
    expect(chat.find((m) => m.type === 'note')?.content).toBe('name: Rina');
    const customer = await inject({
      method: 'GET',
      url: `/api/cs/customers/byPhoneNumber?phoneNumber=${phone}`,
      headers: usc.headers,
    });
    expect(customer.json().userData).toMatchObject({ name: 'Rina' });
    // The customer saw the bot's words on their phone.
    const phoneView = await inject({
      method: 'GET',
      url: `/api/sandbox/whatsapp/${PNID}/conversations/${phone}`,
    });
    expect(phoneView.json<{ messages: { text: string | null }[] }>().messages.map((m) => m.text)).toContain(
      'Terima kasih, agen kami segera membantu.',
    );
    // The bot is done with the room: a later message goes to the agent, not the bot.
    await say(phone, 'Masih di sana?');
    await runBotTurn(deps, { clientId: adc.session.clientId, roomId: room!.id });
    expect(
      (await chatOf(room!.id, usc)).filter((m) => m.authorName === 'Penyambut' && m.type === 'text'),
    ).toHaveLength(4);
  });

  it('hands off after the retry limit without storing a failed answer', async () => {
    const phone = '6281299990102';
    await say(phone, 'Permisi');
    await turn(phone);
    await say(phone, 'x');
    await turn(phone);
    await say(phone, 'y');
    const room = await turn(phone);
    expect(await roomOf(phone, usc)).toMatchObject({ isBot: false, csId: usc.session.csId });
    // Every turn ran: the sweep of lost turns finds nothing to do.
    expect(await sweepBotTurns(deps)).toBe(0);
    const chat = await chatOf(room.id, usc);
    expect(chat.filter((m) => m.content === 'Nama minimal 2 huruf.')).toHaveLength(1);
    expect(chat.some((m) => m.type === 'note')).toBe(false);
  });

  it('lets the schedule decide whether the bot takes a new conversation', async () => {
    const clientId = adc.session.clientId;
    const config = { initialState: 'bot', chatBot: true } as Parameters<typeof botForNewRoom>[3];
    // Business hours on Fridays 09:00–17:00 UTC (the availability schedules); the clock is the message's time.
    const hours = await inject({
      method: 'POST',
      url: '/api/cs/cs-availability',
      headers: adc.headers,
      payload: {
        scope: 'business',
        name: 'Kantor',
        timezone: 'UTC',
        periods: [{ day: 5, start: '09:00', end: '17:00' }],
      },
    });
    expect(hours.statusCode, hours.body).toBeLessThan(300);
    const setSchedule = async (schedule: string) => {
      const response = await inject({
        method: 'PUT',
        url: '/api/cs/chatbot',
        headers: adc.headers,
        payload: { id: botId, schedule },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const decide = (at: string) => botForNewRoom({}, sapa.database.db, clientId, config, new Date(at));

    await setSchedule('outsideBusinessHours');
    // Friday 10:00 is inside, Friday 20:00 and Saturday 10:00 outside.
    expect(await decide('2026-11-27T10:00:00Z')).toBeNull();
    expect(await decide('2026-11-27T20:00:00Z')).toBe(botId);
    expect(await decide('2026-11-28T10:00:00Z')).toBe(botId);

    // The demo agent is online with a live tab: a "no agent online" bot stays quiet.
    await setSchedule('noAgentOnline');
    expect(await decide('2026-11-27T10:00:00Z')).toBeNull();
    await inject({
      method: 'PUT',
      url: AGENT_STATUS_PATH,
      headers: usc.headers,
      payload: { status: 'offline' },
    });
    expect(await decide('2026-11-27T10:00:00Z')).toBe(botId);
    await inject({
      method: 'PUT',
      url: AGENT_STATUS_PATH,
      headers: usc.headers,
      payload: { status: 'online' },
    });

    await setSchedule('always');
    expect(await decide('2026-11-27T10:00:00Z')).toBe(botId);
    // A client whose conversations start in the agents' queue never meets the bot.
    expect(
      await botForNewRoom({}, sapa.database.db, clientId, { ...config, initialState: 'queue' }, new Date()),
    ).toBeNull();
  });
});
