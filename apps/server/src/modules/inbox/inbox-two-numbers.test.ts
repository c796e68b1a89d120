import { AGENT_STATUS_PATH } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdLiveSocket } from '../../test/agent-presence.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';
import { DEMO_WHATSAPP } from '../demo/index.js';
import { seedInboxDemo } from './index.js';

/**
 * A client with two WhatsApp numbers (issue 11, defect 8): a conversation belongs to the number the
 * customer wrote to; the agent's reply goes out from that number, and the 24-hour window is that
 * number's.
 */
const NUMBER_A = DEMO_WHATSAPP.phoneNumberId;
const NUMBER_B = '100000000000777';

type Room = { id: string; customerPhoneNumber: string; lastMessage: { content: string | null } | null };
type SandboxConversation = { messages: { direction: string; text: string | null }[] };

describe('a client with two WhatsApp numbers', () => {
  let sapa: TestApp;
  let agent: LoggedIn;
  beforeAll(async () => {
    sapa = await createTestApp();
    const admin = await logIn(sapa.app, 'adc@demo.test');
    await seedInboxDemo(sapa.database.db, admin.session.clientId);
    const second = await sapa.app.inject({
      method: 'POST',
      url: '/api/channels/whatsapp',
      headers: admin.headers,
      payload: {
        provider: 'sandbox',
        phoneNumberId: NUMBER_B,
        displayPhoneNumber: '+62 21 5150 0777',
        appSecret: 'second-number-app-secret',
        verifyToken: 'second-number-verify-token',
      },
    });
    expect(second.statusCode, second.body).toBe(200);
    agent = await logIn(sapa.app, 'usc@demo.test');
    await holdLiveSocket(sapa, agent);
    const online = await sapa.app.inject({
      method: 'PUT',
      url: AGENT_STATUS_PATH,
      headers: agent.headers,
      payload: { status: 'online' },
    });
    expect(online.statusCode, online.body).toBe(200);
  });
  afterAll(async () => sapa?.close());

  const customerWrites = async (number: string, from: string, text: string) => {
    const typed = await sapa.app.inject({
      method: 'POST',
      url: `/api/sandbox/whatsapp/${number}/messages`,
      payload: { from: `+${from}`, name: 'Dewi', text },
    });
    expect(typed.statusCode).toBe(200);
  };
  const roomsOf = async (customer: string) =>
    (await sapa.app.inject({ method: 'GET', url: '/api/cs/chatRoom?pageSize=50', headers: agent.headers }))
      .json<{ items: Room[] }>()
      .items.filter((room) => room.customerPhoneNumber === customer);
  const reply = (roomId: string, content: string) =>
    sapa.app.inject({
      method: 'POST',
      url: '/api/cs/chat',
      headers: agent.headers,
      payload: { roomId, content },
    });
  const conversationOn = async (number: string, customer: string) =>
    (
      await sapa.app.inject({
        method: 'GET',
        url: `/api/sandbox/whatsapp/${number}/conversations/${customer}`,
      })
    )
      .json<SandboxConversation>()
      .messages.map((message) => `${message.direction}:${message.text}`);

  it('answers a customer who wrote to the second number from the second number, inside its window', async () => {
    const customer = '6281255550001';
    await customerWrites(NUMBER_B, customer, 'Halo nomor kedua');
    const [room] = await roomsOf(customer);
    expect(room).toBeDefined();

    const window = await sapa.app.inject({
      method: 'GET',
      url: `/api/cs/chat/window?roomId=${room!.id}`,
      headers: agent.headers,
    });
    expect(window.statusCode).toBe(200);
    expect(window.json()).toMatchObject({ open: true });

    const answered = await reply(room!.id, 'Dijawab dari nomor kedua');
    expect(answered.statusCode).toBe(201);
    await sapa.messaging.settle();
    expect(await conversationOn(NUMBER_B, customer)).toEqual([
      'in:Halo nomor kedua',
      'out:Dijawab dari nomor kedua',
    ]);
    expect(await conversationOn(NUMBER_A, customer)).toEqual([]);
  });

  it('keeps one conversation per number, each answered from its own number', async () => {
    const customer = '6281255550002';
    await customerWrites(NUMBER_A, customer, 'Pesan ke nomor pertama');
    await customerWrites(NUMBER_B, customer, 'Pesan ke nomor kedua');
    const rooms = await roomsOf(customer);
    expect(rooms).toHaveLength(2);
    const roomA = rooms.find((room) => room.lastMessage?.content === 'Pesan ke nomor pertama')!;
    const roomB = rooms.find((room) => room.lastMessage?.content === 'Pesan ke nomor kedua')!;

    expect((await reply(roomA.id, 'Balasan dari nomor pertama')).statusCode).toBe(201);
    expect((await reply(roomB.id, 'Balasan dari nomor kedua')).statusCode).toBe(201);
    await sapa.messaging.settle();
    expect(await conversationOn(NUMBER_A, customer)).toEqual([
      'in:Pesan ke nomor pertama',
      'out:Balasan dari nomor pertama',
    ]);
    expect(await conversationOn(NUMBER_B, customer)).toEqual([
      'in:Pesan ke nomor kedua',
      'out:Balasan dari nomor kedua',
    ]);
  });
});
