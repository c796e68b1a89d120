import { AGENT_STATUS_PATH, type RealtimeEvent } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdLiveSocket } from '../../test/agent-presence.js';
import { listenOnFreePort, openSocket } from '../../test/socket-client.js';
import { createTestApp, logIn, type TestApp } from '../../test/test-app.js';
import { DEMO_WHATSAPP } from '../demo/index.js';
import { seedInboxDemo } from './index.js';

/**
 * The whole loop with nothing replaced: a customer writes on the sandbox phone, the channel stores
 * the webhook and hands it to the inbox, routing gives the room to the online agent, the agent's socket
 * hears it, the agent answers through the channel and the customer sees the reply's ticks move.
 */
const PNID = DEMO_WHATSAPP.phoneNumberId;
const CUSTOMER = '6281299990001';

type SandboxConversation = { messages: { direction: string; text: string | null; status: string | null }[] };

describe('inbox and WhatsApp channel, wired', () => {
  let sapa: TestApp;
  let socketUrl: string;
  beforeAll(async () => {
    sapa = await createTestApp();
    const admin = await logIn(sapa.app, 'adc@demo.test');
    await seedInboxDemo(sapa.database.db, admin.session.clientId);
    await sapa.jobs.start({ work: true });
    socketUrl = await listenOnFreePort(sapa.app);
  });
  afterAll(async () => sapa?.close());

  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) => {
    const started = Date.now();
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() - started > timeoutMs) throw new Error(`Timed out; last value ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('routes a sandbox customer message to the online agent live, and the reply reaches the customer with ticks up to read', async () => {
    const agent = await logIn(sapa.app, 'usc@demo.test');
    await holdLiveSocket(sapa, agent);
    const online = await sapa.app.inject({
      method: 'PUT',
      url: AGENT_STATUS_PATH,
      headers: agent.headers,
      payload: { status: 'online' },
    });
    expect(online.statusCode).toBe(200);
    // The other demo agent stays offline, so routing can only pick this one.
    const socket = await openSocket(socketUrl, { token: agent.session.token, lastSeq: null });
    await socket.waitFor((frames) => frames.some((frame) => frame.type === 'ready'));

    const typed = await sapa.app.inject({
      method: 'POST',
      url: `/api/sandbox/whatsapp/${PNID}/messages`,
      payload: { from: `+${CUSTOMER}`, name: 'Rina', text: 'Paket saya belum datang' },
    });
    expect(typed.statusCode).toBe(200);

    await socket.waitFor((frames) =>
      frames.some(
        (frame) =>
          frame.type === 'event' &&
          JSON.stringify(frame).includes('Paket saya belum datang') &&
          JSON.stringify(frame).includes(agent.session.csId ?? 'no-cs-id'),
      ),
    );
    const events = socket.messages.filter((frame): frame is RealtimeEvent => frame.type === 'event');
    expect(events.map((event) => event.seq)).toEqual(
      [...events.map((event) => event.seq)].sort((a, b) => a - b),
    );

    const rooms = await sapa.app.inject({ method: 'GET', url: '/api/cs/chatRoom', headers: agent.headers });
    expect(rooms.statusCode).toBe(200);
    const room = rooms
      .json<{ items: { id: string; customerPhoneNumber: string; csId: string | null; status: string }[] }>()
      .items.find((item) => item.customerPhoneNumber === CUSTOMER);
    expect(room).toMatchObject({ csId: agent.session.csId, status: 'open' });

    const reply = await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/chat',
      headers: agent.headers,
      payload: { roomId: room?.id, content: 'Kami cek sekarang, Kak Rina' },
    });
    expect(reply.statusCode).toBe(201);

    const conversation = await until(
      async () =>
        (
          await sapa.app.inject({
            method: 'GET',
            url: `/api/sandbox/whatsapp/${PNID}/conversations/${CUSTOMER}`,
          })
        ).json<SandboxConversation>().messages,
      (messages) =>
        messages.some(
          (message) => message.text === 'Kami cek sekarang, Kak Rina' && message.status === 'read',
        ),
    );
    expect(conversation.map((message) => message.text)).toEqual([
      'Paket saya belum datang',
      'Kami cek sekarang, Kak Rina',
    ]);

    // The agent's own view of the message follows the same ticks.
    const chat = await until(
      async () =>
        (
          await sapa.app.inject({ method: 'GET', url: `/api/cs/chat?id=${room?.id}`, headers: agent.headers })
        ).json<{ items: { content: string | null; fromCs: boolean; status: string | null }[] }>().items,
      (items) => items.some((item) => item.fromCs && item.status === 'read'),
    );
    expect(chat.find((item) => item.fromCs)).toMatchObject({
      content: 'Kami cek sekarang, Kak Rina',
      status: 'read',
    });
    // Messaging's ledger row followed the same webhook statuses, in the same transactions.
    const outbound = await sapa.messaging.findOutboundByKey(
      agent.session.clientId,
      `inbox:${reply.json().messageId}`,
    );
    expect(outbound).toMatchObject({
      source: 'inbox',
      channel: 'whatsapp',
      recipient: CUSTOMER,
      status: 'read',
    });
    expect(outbound!.statusHistory).toEqual({
      queued: expect.any(String),
      sent: expect.any(String),
      delivered: expect.any(String),
      read: expect.any(String),
    });
    await socket.close();
  });
});
