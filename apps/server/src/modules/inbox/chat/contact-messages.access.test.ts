import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundText, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { createInboxPort } from '../index.js';

/**
 * GET /customers/data/message shows chat contents, so it follows /api/cs/chat (issue 11, defect 3):
 * the same callers, and an agent only the customers of rooms they may open.
 */
describe('a customer’s messages follow the rules of the chat', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let ayu: LoggedIn;
  let budi: LoggedIn;
  const rooms: Record<'ayu' | 'budi', string> = { ayu: '', budi: '' };
  const ayuPhone = '6281255550001';
  const budiPhone = '6281255550002';
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const get = (url: string, by: LoggedIn) => inject({ method: 'GET', url, headers: by.headers });
  const messagesOf = (phone: string, by: LoggedIn) =>
    get(`/api/cs/customers/data/message?contactNumber=${phone}`, by);
  const chatOf = (roomId: string, by: LoggedIn) => get(`/api/cs/chat?id=${roomId}`, by);

  beforeAll(async () => {
    sapa = await createTestApp();
    adc = await logIn(sapa.app, 'adc@demo.test');
    const port = createInboxPort({ realtime: new RecordingRealtime() });
    const clientId = adc.session.clientId;
    // usc and use carry chat role CS in the demo; as agents they get a csId each.
    const agents: Record<'ayu' | 'budi', string> = { ayu: '', budi: '' };
    for (const [key, email] of [
      ['ayu', 'usc@demo.test'],
      ['budi', 'use@demo.test'],
    ] as const) {
      const created = await inject({
        method: 'POST',
        url: '/api/cs/customerService',
        headers: adc.headers,
        payload: { csName: key, email },
      });
      expect(created.statusCode).toBe(201);
      agents[key] = created.json().id;
    }
    for (const [key, phone] of [
      ['ayu', ayuPhone],
      ['budi', budiPhone],
    ] as const) {
      await port.receiveInbound(sapa.database.db, inboundText(clientId, phone, `Halo dari ${key}`));
      const room = (await get(`/api/cs/chatRoom?q=${phone}&status=all`, adc)).json().items[0];
      const moved = await inject({
        method: 'POST',
        url: '/api/cs/chatRoom/transfer',
        headers: adc.headers,
        payload: { roomId: room.id, toCsId: agents[key] },
      });
      expect(moved.statusCode).toBe(200);
      rooms[key] = room.id;
    }
    [ayu, budi] = await Promise.all([logIn(sapa.app, 'usc@demo.test'), logIn(sapa.app, 'use@demo.test')]);
  });
  afterAll(async () => sapa?.close());

  it('refuses the roles without inbox access, as the chat does', async () => {
    for (const email of ['usp@demo.test', 'uso@demo.test', 'usr@demo.test', 'adu@demo.test']) {
      const outsider = await logIn(sapa.app, email);
      const chat = await chatOf(rooms.ayu, outsider);
      const messages = await messagesOf(ayuPhone, outsider);
      expect(chat.statusCode, email).toBe(403);
      expect(messages.statusCode, email).toBe(403);
      expect(messages.body).not.toContain('Halo dari');
    }
  });

  it('shows an agent their own customer’s messages, and another agent’s customer answers 404 like the room', async () => {
    const own = await messagesOf(ayuPhone, ayu);
    expect(own.statusCode).toBe(200);
    expect(own.json().items.map((m: { content: string }) => m.content)).toEqual(['Halo dari ayu']);

    const othersRoom = await chatOf(rooms.budi, ayu);
    const othersCustomer = await messagesOf(budiPhone, ayu);
    expect(othersRoom.statusCode).toBe(404);
    expect(othersCustomer.statusCode).toBe(404);
    expect(errorCode(othersCustomer)).toBe('customer_not_found');
    expect(othersCustomer.body).not.toContain('Halo dari');
    // The same customer panel call is scoped alike.
    const panel = await get(`/api/cs/customers/byPhoneNumber?phoneNumber=${budiPhone}`, ayu);
    expect(panel.statusCode).toBe(404);
    expect((await messagesOf(budiPhone, budi)).statusCode).toBe(200);
  });

  it('opens no internal room about another agent’s customer, which would open the customer to the agent', async () => {
    const internal = await inject({
      method: 'POST',
      url: '/api/cs/chatRoomInternal',
      headers: ayu.headers,
      payload: { customerPhoneNumber: budiPhone },
    });
    expect(internal.statusCode).toBe(404);
    expect(errorCode(internal)).toBe('customer_not_found');
    expect((await get(`/api/cs/customers/byPhoneNumber?phoneNumber=${budiPhone}`, ayu)).statusCode).toBe(404);
    const own = await inject({
      method: 'POST',
      url: '/api/cs/chatRoomInternal',
      headers: ayu.headers,
      payload: { customerPhoneNumber: ayuPhone },
    });
    expect(own.statusCode).toBe(201);
  });

  it('lists only the caller’s own assigned customers unless they supervise', async () => {
    const assigned = await inject({
      method: 'PUT',
      url: '/api/cs/customers',
      headers: adc.headers,
      payload: { phoneNumber: ayuPhone, csId: ayu.session.csId },
    });
    expect(assigned.statusCode).toBe(200);
    const listOf = (csId: string, by: LoggedIn) =>
      get(`/api/cs/customerService/listCustomer?csId=${csId}`, by);
    const phones = (response: { json(): { items: { phoneNumber: string }[] } }) =>
      response.json().items.map((item) => item.phoneNumber);
    expect(phones(await listOf(ayu.session.csId!, adc))).toEqual([ayuPhone]);
    expect(phones(await listOf(ayu.session.csId!, budi))).toEqual([]);
    // An internal user (chat role INTERNAL, linked to a USP) has no customers of their own either.
    const linked = await inject({
      method: 'PUT',
      url: '/api/cs/internal-user',
      headers: adc.headers,
      payload: { name: 'Back office', email: 'usp@demo.test' },
    });
    expect(linked.statusCode).toBe(200);
    const internal = await logIn(sapa.app, 'usp@demo.test');
    expect(internal.session.chatRole).toBe('INTERNAL');
    const listed = await listOf(ayu.session.csId!, internal);
    expect(listed.statusCode).toBe(200);
    expect(phones(listed)).toEqual([]);
  });

  it('shows admins every customer’s messages', async () => {
    for (const phone of [ayuPhone, budiPhone]) {
      const read = await messagesOf(phone, adc);
      expect(read.statusCode).toBe(200);
      expect(read.json().items).toHaveLength(1);
    }
  });
});
