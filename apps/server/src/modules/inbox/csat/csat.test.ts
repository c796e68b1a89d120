import { AGENT_STATUS_PATH } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdLiveSocket } from '../../../test/agent-presence.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { DEMO_WHATSAPP } from '../../demo/index.js';
import { messagingOutbound } from '../../messaging/messaging.tables.js';
import { csRooms } from '../rooms/rooms.tables.js';

const PNID = DEMO_WHATSAPP.phoneNumberId;
const CUSTOMER = '6281388800001';

type PhoneMessage = {
  id: string;
  direction: string;
  type: string;
  text: string | null;
  buttons?: { id: string; title: string }[];
};

describe('CSAT after close', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let usc: LoggedIn;
  let roomId: string;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const phone = async () =>
    (await inject({ method: 'GET', url: `/api/sandbox/whatsapp/${PNID}/conversations/${CUSTOMER}` })).json<{
      messages: PhoneMessage[];
    }>().messages;
  const tap = (replyTo: string, button: { id: string; title: string }) =>
    inject({
      method: 'POST',
      url: `/api/sandbox/whatsapp/${PNID}/messages`,
      payload: { from: `+${CUSTOMER}`, name: 'Dewi', text: button.title, replyTo, buttonId: button.id },
    });
  const roomsOfCustomer = () =>
    sapa.database.db
      .select()
      .from(csRooms)
      .where(and(eq(csRooms.clientId, adc.session.clientId), eq(csRooms.customerPhoneNumber, CUSTOMER)));
  const waitFor = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('timed out');
  };

  beforeAll(async () => {
    sapa = await createTestApp();
    adc = await logIn(sapa.app, 'adc@demo.test');
    await inject({
      method: 'POST',
      url: '/api/cs/customerService',
      headers: adc.headers,
      payload: { csName: 'Ayu', email: 'usc@demo.test' },
    });
    await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoAssignTicket: true, csatEnabled: true },
    });
    usc = await logIn(sapa.app, 'usc@demo.test');
    await holdLiveSocket(sapa, usc);
    await inject({
      method: 'PUT',
      url: AGENT_STATUS_PATH,
      headers: usc.headers,
      payload: { status: 'online' },
    });
    await inject({
      method: 'POST',
      url: `/api/sandbox/whatsapp/${PNID}/messages`,
      payload: { from: `+${CUSTOMER}`, name: 'Dewi', text: 'Halo, paket saya belum sampai' },
    });
    const [room] = await roomsOfCustomer();
    roomId = room!.id;
    expect(room!.csId).toBe(usc.session.csId);
  });
  afterAll(async () => sapa?.close());

  it('sends the customer one-tap rating buttons through messaging when the agent closes', async () => {
    const closed = await inject({
      method: 'DELETE',
      url: '/api/cs/chatRoom',
      headers: usc.headers,
      payload: { roomId, remarks: 'Resi dikirim' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().csat).toMatchObject({ score: null });
    await sapa.messaging.settle();
    const ledger = await sapa.database.db
      .select()
      .from(messagingOutbound)
      .where(eq(messagingOutbound.clientId, adc.session.clientId));
    expect(ledger.map((row) => (row.content as { kind: string }).kind)).toEqual(['buttons']);
    await waitFor(async () => (await phone()).some((message) => message.buttons?.length === 3));
    const question = (await phone()).find((message) => message.buttons)!;
    expect(question).toMatchObject({ direction: 'out', type: 'buttons' });
    expect(question.buttons!.map((button) => button.id)).toEqual([
      `csat:${roomId}:3`,
      `csat:${roomId}:2`,
      `csat:${roomId}:1`,
    ]);
  });

  it('stores the tapped rating on the room once, in the room, without opening a new conversation', async () => {
    const question = (await phone()).find((message) => message.buttons)!;
    const okay = question.buttons!.find((button) => button.id.endsWith(':2'))!;
    const good = question.buttons!.find((button) => button.id.endsWith(':3'))!;
    expect((await tap(question.id, okay)).statusCode).toBe(200);
    expect((await tap(question.id, good)).statusCode).toBe(200);
    const rooms = await roomsOfCustomer();
    expect(rooms).toHaveLength(1);
    expect(rooms[0]).toMatchObject({ status: 'closed', csatScore: 2 });
    // History shows the score, and the question and answers among the messages.
    const history = await inject({
      method: 'GET',
      url: `/api/cs/chatRoom/history?customerPhoneNumber=${CUSTOMER}`,
      headers: adc.headers,
    });
    expect(history.json().items[0].csat).toMatchObject({ score: 2 });
    const messages = await inject({
      method: 'GET',
      url: `/api/cs/chat?id=${roomId}&pageSize=20`,
      headers: adc.headers,
    });
    expect(messages.json().items.map((message: { type: string }) => message.type)).toEqual([
      'csat_reply',
      'csat_reply',
      'csat_request',
      'text',
    ]);
    const dashboard = await inject({ method: 'GET', url: '/api/cs/dashboard', headers: adc.headers });
    expect(dashboard.json().csat).toEqual({ responses: 1, average: 2, satisfiedPercent: 0 });
  });

  it('treats a forged rating id as an ordinary message', async () => {
    const forged = await tap('wamid.unknown', {
      id: 'csat:0192f0c4-0000-7000-8000-000000000000:3',
      title: 'Good',
    });
    expect(forged.statusCode).toBe(200);
    const rooms = await roomsOfCustomer();
    expect(rooms).toHaveLength(2);
    expect(rooms.find((room) => room.id !== roomId)).toMatchObject({ status: 'open', csatScore: null });
  });
});
