import { AGENT_STATUS_PATH } from '@sapa/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdLiveSocket } from '../../../test/agent-presence.js';
import { inboundText, RecordingChannel, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { createInboxPort } from '../index.js';

type Room = { id: string; isInternal: boolean; unreadCount: number };

describe('internal chat between agents', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let usc: LoggedIn;
  let use: LoggedIn;
  let adc2: LoggedIn;
  let roomId: string;
  const realtime = new RecordingRealtime();
  const sender = new RecordingChannel();
  const call = (by: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    sapa.app.inject({ method, url, headers: by.headers, ...(payload ? { payload } : {}) });
  const internalRooms = async (by: LoggedIn) =>
    (await call(by, 'GET', '/api/cs/chatRoomInternal')).json<{ items: Room[] }>().items;

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime, channels: { whatsapp: sender } });
    adc = await logIn(sapa.app, 'adc@demo.test');
    for (const [csName, email] of [
      ['Ayu', 'usc@demo.test'],
      ['Eko', 'use@demo.test'],
    ])
      await call(adc, 'POST', '/api/cs/customerService', { csName, email });
    await call(adc, 'PUT', '/api/cs/configuration', { autoAssignTicket: true });
    [usc, use, adc2] = await Promise.all([
      logIn(sapa.app, 'usc@demo.test'),
      logIn(sapa.app, 'use@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
    ]);
    await holdLiveSocket(sapa, usc);
    await call(usc, 'PUT', AGENT_STATUS_PATH, { status: 'online' });
    await createInboxPort({ realtime }).receiveInbound(
      sapa.database.db,
      inboundText(adc.session.clientId, '6281388800001', 'Kapan barang saya dikirim?'),
    );
    const opened = await call(usc, 'POST', '/api/cs/chatRoomInternal', {
      customerPhoneNumber: '6281388800001',
      toCsId: use.session.csId,
    });
    expect(opened.statusCode).toBe(201);
    roomId = opened.json().id;
  });
  afterAll(async () => sapa?.close());

  it('lists the room for both agents, delivers each message live to both, and counts it unread for the reader only', async () => {
    expect((await internalRooms(usc)).map((room) => room.id)).toEqual([roomId]);
    expect((await internalRooms(use)).map((room) => room.id)).toEqual([roomId]);
    realtime.clear();

    const sent = await call(use, 'POST', '/api/cs/chat', {
      roomId,
      content: 'Tolong cek resi pelanggan ini',
    });
    expect(sent.statusCode).toBe(201);
    const [event] = realtime.ofType('NEW_MESSAGE');
    expect(event?.audience).toMatchObject({
      csIds: expect.arrayContaining([usc.session.csId, use.session.csId]),
    });
    // Nothing goes to the customer.
    await sapa.messaging.settle();
    expect(sender.sent).toEqual([]);

    expect((await internalRooms(usc))[0]).toMatchObject({ id: roomId, isInternal: true, unreadCount: 1 });
    expect((await internalRooms(use))[0]).toMatchObject({ id: roomId, unreadCount: 0 });
    await call(usc, 'POST', '/api/cs/chat', { roomId, content: 'Sudah, besok sampai' });
    expect((await internalRooms(use))[0]?.unreadCount).toBe(1);
    expect((await internalRooms(usc))[0]?.unreadCount).toBe(1);

    const read = await call(usc, 'PUT', '/api/cs/chat/markRead', { roomId });
    expect(read.statusCode).toBe(200);
    expect((await internalRooms(usc))[0]?.unreadCount).toBe(0);
    expect((await internalRooms(use))[0]?.unreadCount).toBe(1);

    // The room's conversation is the agents' messages.
    const messages = (await call(use, 'GET', `/api/cs/chat?id=${roomId}`)).json<{
      items: { content: string }[];
    }>();
    expect(messages.items.map((message) => message.content)).toEqual([
      'Sudah, besok sampai',
      'Tolong cek resi pelanggan ini',
    ]);
  });

  it('jumps to an internal message only as internal chat (checkPoint isInternalChat)', async () => {
    const [last] = (await call(usc, 'GET', `/api/cs/chat/internal?id=${roomId}`)).json<{
      items: { id: string }[];
    }>().items;
    const asInternal = await call(
      usc,
      'GET',
      `/api/cs/chat/checkPoint?messageId=${last!.id}&isInternalChat=true`,
    );
    expect(asInternal.json()).toMatchObject({
      roomId,
      items: [{ id: last!.id, content: 'Sudah, besok sampai' }],
    });
    const asCustomerChat = await call(
      usc,
      'GET',
      `/api/cs/chat/checkPoint?messageId=${last!.id}&isInternalChat=false`,
    );
    expect(asCustomerChat.statusCode).toBe(404);
  });

  it('keeps internal rooms out of another client’s reach', async () => {
    expect(await internalRooms(adc2)).toEqual([]);
    expect((await call(adc2, 'GET', `/api/cs/chat?id=${roomId}`)).statusCode).toBe(404);
    expect((await call(adc2, 'POST', '/api/cs/chat', { roomId, content: 'x' })).statusCode).toBe(404);
    expect((await call(adc, 'GET', '/api/cs/chatRoomInternal?pageSize=0')).statusCode).toBe(400);
  });
});
