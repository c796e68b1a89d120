import { type ChatMessage, parseRoomEvent, ROOM_EVENT_MESSAGE_TYPE } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappChannels } from '../../../schema.js';
import { holdLiveSocket } from '../../../test/agent-presence.js';
import { inboundText, RecordingChannel, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { type InboxPort, MAX_SEND_ATTEMPTS } from '../../messaging/index.js';
import { createInboxPort } from '../index.js';

type Room = {
  id: string;
  shortId: number;
  csId: string | null;
  status: string;
  assignmentReason: string;
  unreadCount: number;
};

describe('chat rooms, chat and routing through the API', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let usc: LoggedIn;
  let use: LoggedIn;
  let usv: LoggedIn;
  let port: InboxPort;
  let clientId: string;
  const realtime = new RecordingRealtime();
  const sender = new RecordingChannel();
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const get = (url: string, by: LoggedIn) => inject({ method: 'GET', url, headers: by.headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, by: LoggedIn, payload?: object) =>
    inject({ method, url, headers: by.headers, ...(payload ? { payload } : {}) });
  const arrive = (phone: string, text: string, overrides = {}) =>
    port.receiveInbound(sapa.database.db, inboundText(clientId, phone, text, overrides));
  const roomOf = async (phone: string, by: LoggedIn = adc): Promise<Room> => {
    const list = await get(`/api/cs/chatRoom?q=${phone}&status=all`, by);
    return list.json().items[0];
  };

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime, channels: { whatsapp: sender } });
    port = createInboxPort({ realtime });
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    clientId = adc.session.clientId;
    await send('POST', '/api/cs/customerService', adc, {
      csName: 'Ayu',
      email: 'usc@demo.test',
      tags: ['billing'],
      percentageWeight: 70,
    });
    await send('POST', '/api/cs/customerService', adc, {
      csName: 'Eko',
      email: 'use@demo.test',
      tags: ['sales'],
      percentageWeight: 30,
    });
    await send('PUT', '/api/cs/manager', adc, { name: 'Sari', email: 'usv@demo.test', tags: ['billing'] });
    await send('PUT', '/api/cs/configuration', adc, { autoAssignTicket: true });
    [usc, use, usv] = await Promise.all([
      logIn(sapa.app, 'usc@demo.test'),
      logIn(sapa.app, 'use@demo.test'),
      logIn(sapa.app, 'usv@demo.test'),
    ]);
    await holdLiveSocket(sapa, usc);
    await holdLiveSocket(sapa, use);
  });
  afterAll(async () => sapa?.close());

  it('queues a new conversation when nobody is online, stores a thrice-delivered message once, and tells agents', async () => {
    realtime.clear();
    const message = inboundText(clientId, '6281200000001', 'Halo, paket saya belum sampai');
    for (let i = 0; i < 3; i++) await port.receiveInbound(sapa.database.db, message);
    const room = await roomOf('6281200000001');
    expect(room).toMatchObject({
      status: 'queued',
      csId: null,
      assignmentReason: 'queued: no agent is online',
      unreadCount: 1,
    });
    const chat = await get(`/api/cs/chat?id=${room.id}`, adc);
    expect(chat.json().items.map((m: { content: string }) => m.content)).toEqual([
      'Halo, paket saya belum sampai',
    ]);
    expect(realtime.ofType('NEW_ROOM')).toHaveLength(1);
    expect(realtime.ofType('NEW_MESSAGE')).toHaveLength(1);
    expect(realtime.ofType('NEW_ROOM')[0]!.audience).toEqual({ csIds: [], chatRoles: ['SPV', 'CS'] });
    // An agent sees the queue even before taking anything.
    const queue = await get('/api/cs/chatRoom?status=queued', usc);
    expect(queue.json().items.map((r: Room) => r.id)).toEqual([room.id]);
  });

  it('gives waiting rooms to an agent who comes online, says why, and tells that agent', async () => {
    realtime.clear();
    await send('PUT', '/api/cs/customerService/status', usc, { status: 'online' });
    const room = await roomOf('6281200000001');
    expect(room.csId).toBe(usc.session.csId);
    expect(room.status).toBe('open');
    expect(room.assignmentReason).toMatch(/^assigned: weighted/);
    const assigned = realtime.ofType('ROOM_ASSIGNED');
    expect(assigned).toHaveLength(1);
    expect(assigned[0]!.audience).toEqual({ csIds: [usc.session.csId], chatRoles: ['SPV'] });
    expect(assigned[0]!.payload.chatroom).toMatchObject({ id: room.id, csId: usc.session.csId });
  });

  it('puts the customer’s next message in the same room and sends it to the assigned agent', async () => {
    realtime.clear();
    await arrive('6281200000001', 'Nomor resi JNE123');
    const room = await roomOf('6281200000001');
    const messages = await get(`/api/cs/chat?id=${room.id}&pageSize=1`, usc);
    expect(messages.json().items[0].content).toBe('Nomor resi JNE123');
    const older = await get(
      `/api/cs/chat?id=${room.id}&pageSize=1&lastEvaluatedKey=${messages.json().lastEvaluatedKey}`,
      usc,
    );
    expect(older.json().items[0].content).toBe('Halo, paket saya belum sampai');
    expect(older.json().lastEvaluatedKey).toBeNull();
    const event = realtime.ofType('NEW_MESSAGE')[0]!;
    expect(event.audience).toEqual({ csIds: [usc.session.csId], chatRoles: ['SPV'] });
    expect(event.payload).toMatchObject({
      typeNotif: 'NEW_MESSAGE',
      chat: { content: 'Nomor resi JNE123', fromCs: false },
    });
    expect(event.payload.messageId).toBe(messages.json().items[0].messageId);
  });

  it('sends an agent’s answer through the channel, and status ticks only move forward', async () => {
    const room = await roomOf('6281200000001');
    const sent = await send('POST', '/api/cs/chat', usc, {
      roomId: room.id,
      content: 'Baik, saya cek dulu ya',
      type: 'text',
    });
    expect(sent.statusCode).toBe(201);
    // Answered before the provider is called: queued (the clock tick) until messaging has sent it.
    expect(sent.json()).toMatchObject({ fromCs: true, status: 'pending' });
    await sapa.messaging.settle();
    expect(sender.sent.at(-1)).toMatchObject({
      kind: 'text',
      to: '6281200000001',
      text: 'Baik, saya cek dulu ya',
    });
    const delivered = await get(`/api/cs/chat/id?messageId=${sent.json().messageId}`, usc);
    expect(delivered.json()).toMatchObject({
      fromCs: true,
      status: 'sent',
      providerMessageId: expect.stringMatching(/^wamid/),
    });
    const providerMessageId = delivered.json().providerMessageId;
    const status = (value: 'sent' | 'delivered' | 'read' | 'failed') =>
      port.applyStatus(sapa.database.db, {
        clientId,
        channel: 'whatsapp',
        providerMessageId,
        status: value,
        error: value === 'failed' ? { code: '131047', title: 'Re-engagement message' } : null,
        at: new Date(),
      });
    realtime.clear();
    await status('read');
    await status('delivered');
    await status('failed');
    const message = await get(`/api/cs/chat/id?messageId=${sent.json().messageId}`, usc);
    expect(message.json().status).toBe('read');
    expect(
      realtime.ofType('MESSAGE_STATUS').map((e) => (e.payload.data as { status: string }).status),
    ).toEqual(['read']);
    // The spec's other way to send: POST /customerService with the chat fields.
    const viaCustomerService = await send('POST', '/api/cs/customerService', usc, {
      roomId: room.id,
      content: 'Sebentar ya',
      type: 'text',
      fromCs: true,
    });
    expect(viaCustomerService.json()).toMatchObject({
      content: 'Sebentar ya',
      fromCs: true,
      status: 'pending',
    });
    await sapa.messaging.settle();
    expect(sender.sent.at(-1)).toMatchObject({ kind: 'text', text: 'Sebentar ya' });
    const viaCustomerServiceNow = await get(
      `/api/cs/chat/id?messageId=${viaCustomerService.json().messageId}`,
      usc,
    );
    expect(viaCustomerServiceNow.json()).toMatchObject({ status: 'sent' });
    // An image by link names a file of ours (issue 11): another site's link is refused.
    const external = await send('POST', '/api/cs/chat', usc, {
      roomId: room.id,
      type: 'image',
      url: 'https://cdn.example.test/resi.png',
      content: 'Resi',
    });
    expect(errorCode(external)).toBe('image_link_not_allowed');
    const boundary = '----sapa-rooms-test';
    const uploaded = await inject({
      method: 'POST',
      url: '/api/cs/chat/image',
      headers: { ...usc.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="roomId"\r\n\r\n${room.id}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="resi.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          'base64',
        ),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const image = await send('POST', '/api/cs/chat', usc, {
      roomId: room.id,
      type: 'image',
      url: uploaded.json().url,
      content: 'Resi',
    });
    expect(image.statusCode).toBe(201);
    await sapa.messaging.settle();
    expect(sender.sent.at(-1)).toMatchObject({
      kind: 'image',
      url: expect.stringContaining('/api/files/shared/'),
      caption: 'Resi',
    });
    const lastFromCs = await get(`/api/cs/chat/last/customer?roomId=${room.id}&fromCs=true`, usc);
    expect(lastFromCs.json().message.type).toBe('image');
    const lastFromCustomer = await get(`/api/cs/chat/last/customer?roomId=${room.id}`, usc);
    expect(lastFromCustomer.json().message.content).toBe('Nomor resi JNE123');
  });

  it('refuses a free-form message outside the 24-hour window and keeps a failed send visible', async () => {
    const room = await roomOf('6281200000001');
    sender.closedWindows.add('6281200000001');
    const refused = await send('POST', '/api/cs/chat', usc, { roomId: room.id, content: 'Masih di sana?' });
    expect(refused.statusCode).toBe(422);
    expect(errorCode(refused)).toBe('customer_window_closed');
    sender.closedWindows.clear();
    sender.failWith = new Error('provider unavailable');
    realtime.clear();
    const failed = await send('POST', '/api/cs/chat', usc, { roomId: room.id, content: 'Coba lagi' });
    // Stored and answered at once; the in-process send fails and the job retries it until the last attempt.
    expect(failed.statusCode).toBe(201);
    await sapa.messaging.settle();
    const outbound = await sapa.messaging.findOutboundByKey(clientId, `inbox:${failed.json().messageId}`);
    expect(outbound).toMatchObject({ status: 'queued', attempts: 1, errorMessage: 'provider unavailable' });
    const job = { clientId, outboundId: outbound!.id };
    for (let attempt = 2; attempt < MAX_SEND_ATTEMPTS; attempt++)
      await expect(sapa.messaging.runSendJob(job)).rejects.toThrow('provider unavailable');
    await sapa.messaging.runSendJob(job);
    sender.failWith = null;
    expect(realtime.ofType('MESSAGE_STATUS').map((event) => event.payload.chat)).toEqual([
      expect.objectContaining({ content: 'Coba lagi', status: 'failed' }),
    ]);
    const newest = await get(`/api/cs/chat?id=${room.id}&pageSize=1`, usc);
    expect(newest.json().items[0]).toMatchObject({
      content: 'Coba lagi',
      status: 'failed',
      error: { code: 'send_failed', title: 'provider unavailable' },
    });
  });

  it('serves a customer’s image through /image once the channel has stored it', async () => {
    await arrive('6281200000001', 'foto paket', {
      type: 'image',
      providerMessageId: 'wamid.image.1',
      media: { providerMediaId: 'media-1', mimeType: 'image/jpeg', fileName: null },
    });
    const room = await roomOf('6281200000001');
    const newest = await get(`/api/cs/chat?id=${room.id}&pageSize=1`, usc);
    const messageId = newest.json().items[0].messageId;
    expect(newest.json().items[0]).toMatchObject({ type: 'image', url: null, mimeType: 'image/jpeg' });
    const early = await get(`/api/cs/image?media=${messageId}&mime=image/jpeg`, usc);
    expect(errorCode(early)).toBe('media_not_ready');
    await port.mediaStored(sapa.database.db, {
      clientId,
      providerMessageId: 'wamid.image.1',
      url: '/media/demo/photo.jpg',
      mimeType: 'image/jpeg',
    });
    const served = await get(`/api/cs/image?media=${messageId}`, usc);
    expect(served.statusCode).toBe(302);
    expect(served.headers.location).toBe('/media/demo/photo.jpg');
    expect((await get(`/api/cs/image?media=${messageId}`, adc2)).statusCode).toBe(404);
  });

  it('marks a room read and jumps to a message with the checkpoint', async () => {
    const room = await roomOf('6281200000001');
    expect(room.unreadCount).toBe(3);
    const read = await send('PUT', '/api/cs/chat/markRead', usc, { roomId: room.id });
    expect(read.json().read).toBe(3);
    expect((await roomOf('6281200000001')).unreadCount).toBe(0);
    const all = await get(`/api/cs/chat?id=${room.id}&pageSize=50`, usc);
    const oldest = all.json().items.at(-1);
    const checkpoint = await get(`/api/cs/chat/checkPoint?messageId=${oldest.messageId}`, usc);
    expect(checkpoint.json().items[0].messageId).toBe(oldest.messageId);
    expect(checkpoint.json().items).toHaveLength(all.json().items.length);
  });

  it('transfers a room to another agent, after which the first agent no longer sees it', async () => {
    const room = await roomOf('6281200000001');
    realtime.clear();
    const transferred = await send('POST', '/api/cs/chatRoom/transfer', usc, {
      roomId: room.id,
      toCsId: use.session.csId!,
    });
    expect(transferred.json()).toMatchObject({
      csId: use.session.csId,
      assignmentReason: 'transferred by usc@demo.test',
    });
    expect(realtime.ofType('ROOM_TRANSFERRED')[0]!.audience).toEqual({
      csIds: [use.session.csId, usc.session.csId],
      chatRoles: ['SPV'],
    });
    // The transfer stays in the conversation where it happened, internal (no channel carries it),
    // and reaches the new agent's open conversation live.
    const [live] = realtime.ofType('NEW_MESSAGE');
    expect(live!.payload.chat).toMatchObject({
      type: ROOM_EVENT_MESSAGE_TYPE,
      isInternal: true,
      status: null,
    });
    const conversation = (await get(`/api/cs/chat?id=${room.id}&pageSize=50`, use)).json().items;
    const recorded = conversation.find((message: ChatMessage) => message.type === ROOM_EVENT_MESSAGE_TYPE);
    expect(recorded.id).toBe(live!.payload.chat!.id);
    const event = parseRoomEvent(recorded.content)!;
    expect(event).toMatchObject({ event: 'transferred', tag: null });
    // The agent handed their own room over: they are both the one it came from and who moved it.
    expect(event.from).toBe(event.by);
    expect(event.to).toEqual(expect.any(String));
    expect(event.to).not.toBe(event.from);
    const hidden = await get(`/api/cs/chatRoom/detail?id=${room.id}`, usc);
    expect(hidden.statusCode).toBe(404);
    const visible = await get(`/api/cs/chatRoom/detail?id=${room.id}`, use);
    expect(visible.statusCode).toBe(200);
    const unknown = await send('POST', '/api/cs/chatRoom/transfer', use, {
      roomId: room.id,
      toCsId: 'nobody',
    });
    expect(errorCode(unknown)).toBe('agent_not_found');
  });

  it('sends a room to a tag: it goes to an online agent with that tag, or waits for one', async () => {
    const room = await roomOf('6281200000001');
    const toBilling = await send('POST', '/api/cs/chatRoom/transfer/by-tag', use, {
      roomId: room.id,
      toTag: 'billing',
    });
    expect(toBilling.json()).toMatchObject({ csId: usc.session.csId, status: 'open', tags: ['billing'] });
    const toSales = await send('POST', '/api/cs/chatRoom/transfer/by-tag', usc, {
      roomId: room.id,
      toTag: 'sales',
    });
    // Eko (sales) is offline: the room waits and says why.
    expect(toSales.json()).toMatchObject({
      csId: null,
      status: 'queued',
      assignmentReason: 'queued: no online agent has tag sales',
    });
    await send('PUT', '/api/cs/customerService/status', use, { status: 'online' });
    expect((await roomOf('6281200000001')).csId).toBe(use.session.csId);
    const events = (await get(`/api/cs/chat?id=${room.id}&pageSize=50`, use))
      .json()
      .items.filter((message: ChatMessage) => message.type === ROOM_EVENT_MESSAGE_TYPE)
      .map((message: ChatMessage) => parseRoomEvent(message.content));
    // Newest first: to sales (nobody free yet), then to billing (taken by usc at once).
    expect(events.slice(0, 2)).toMatchObject([
      { event: 'queued', tag: 'sales', to: null },
      { event: 'queued', tag: 'billing', to: expect.any(String) },
    ]);
  });

  it('keeps priority as a string and a category by id or name', async () => {
    const room = await roomOf('6281200000001');
    const priority = await send('POST', '/api/cs/chatRoom/priority', use, { id: room.id, priority: '2' });
    expect(priority.json().priority).toBe('2');
    const category = await send('POST', `/api/cs/chatRoom/category?id=${room.id}&categoryName=Delivery`, use);
    expect(category.json().category).toEqual({ id: null, name: 'Delivery' });
    const unknown = await send(
      'POST',
      `/api/cs/chatRoom/category?id=${room.id}&categoryId=0190f0f0-0000-7000-8000-000000000000`,
      use,
    );
    expect(errorCode(unknown)).toBe('category_not_found');
    const filtered = await get(
      '/api/cs/chatRoom?filterPriority=2&filterCategory=Delivery&filterTags=sales&filterLastReply=customer',
      adc,
    );
    expect(filtered.json().items.map((r: Room) => r.id)).toEqual([room.id]);
    const none = await get('/api/cs/chatRoom?filterLastReply=cs&q=6281200000001', adc);
    expect(none.json().items).toEqual([]);
  });

  it('shows no room to a portal user without a chat role', async () => {
    const usr = await logIn(sapa.app, 'usr@demo.test');
    const room = await roomOf('6281200000001');
    const list = await get('/api/cs/chatRoom', usr);
    expect(list.statusCode).toBe(403);
    // The inbox rule of the route refuses them before any room is looked at.
    expect(errorCode(list)).toBe('forbidden');
    expect((await get(`/api/cs/chatRoom/detail?id=${room.id}`, usr)).statusCode).toBe(403);
    expect((await get('/api/cs/chatRoom/history', usr)).statusCode).toBe(403);
  });

  it('hides every room of the client from another client', async () => {
    const room = await roomOf('6281200000001');
    const detail = await get(`/api/cs/chatRoom/detail?id=${room.id}`, adc2);
    expect(detail.statusCode).toBe(404);
    expect(errorCode(detail)).toBe('room_not_found');
    const chat = await get(`/api/cs/chat?id=${room.id}`, adc2);
    expect(chat.statusCode).toBe(404);
    const list = await get('/api/cs/chatRoom?status=all', adc2);
    expect(list.json().items).toEqual([]);
    const close = await inject({
      method: 'DELETE',
      url: '/api/cs/chatRoom',
      headers: adc2.headers,
      payload: { roomId: room.id, remarks: 'x' },
    });
    expect(close.statusCode).toBe(404);
  });

  it('lets only the assigned agent close a room, or a supervisor with forceClose, and keeps it in history', async () => {
    const room = await roomOf('6281200000001');
    const byOther = await inject({
      method: 'DELETE',
      url: '/api/cs/chatRoom',
      headers: usc.headers,
      payload: { roomId: room.id, remarks: 'done' },
    });
    expect(byOther.statusCode).toBe(404);
    const bySupervisorWithoutForce = await inject({
      method: 'DELETE',
      url: '/api/cs/chatRoom',
      headers: usv.headers,
      payload: { roomId: room.id },
    });
    expect(errorCode(bySupervisorWithoutForce)).toBe('room_not_assigned');
    realtime.clear();
    const closed = await inject({
      method: 'DELETE',
      url: '/api/cs/chatRoom?forceClose=true',
      headers: usv.headers,
      payload: { roomId: room.id, remarks: 'Resolved: paket dikirim ulang', csCampaign: 'retention' },
    });
    expect(closed.json()).toMatchObject({
      status: 'closed',
      closedBy: 'usv@demo.test',
      remarks: 'Resolved: paket dikirim ulang',
      campaign: 'retention',
    });
    expect(realtime.ofType('ROOM_CLOSED')).toHaveLength(1);
    const again = await inject({
      method: 'DELETE',
      url: '/api/cs/chatRoom?forceClose=true',
      headers: usv.headers,
      payload: { roomId: room.id },
    });
    expect(errorCode(again)).toBe('room_closed');

    const history = await get(`/api/cs/chatRoom/history?status=closed&shortId=%20${room.shortId}%20`, adc);
    expect(history.json()).toMatchObject({ total: 1, items: [{ id: room.id, closedBy: 'usv@demo.test' }] });
    const byRemarks = await get(
      '/api/cs/chatRoom/history?remarks=dikirim&categoryName=Delivery&csTag=sales',
      adc,
    );
    expect(byRemarks.json().total).toBe(1);
    const byEmail = await get('/api/cs/chatRoom/history?csEmail=use@demo.test', adc);
    expect(byEmail.json().total).toBe(1);
    // Chat role CS sees only its own csId's history, whatever it asks for.
    const asOtherAgent = await get(`/api/cs/chatRoom/history?csId=${use.session.csId}`, usc);
    expect(asOtherAgent.json().total).toBe(0);
    const asOwner = await get('/api/cs/chatRoom/history', use);
    expect(asOwner.json().total).toBe(1);
    const unpaged = await get('/api/cs/chatRoom/history?isPagination=false&pageSize=1', adc);
    expect(unpaged.json().items).toHaveLength(1);
    const skipped = await get('/api/cs/chatRoom/history?dataOffset=1', adc);
    expect(skipped.json()).toMatchObject({ total: 1, items: [] });
    const byPhone = await send('POST', '/api/cs/chatRoom/history', adc, {
      customerPhoneNumber: '6281200000001',
      pageSize: 10,
      pageNumber: 1,
    });
    expect(byPhone.json().items).toHaveLength(1);
    const csv = await get(`/api/cs/chatRoom/exportToCsv?id=${room.id}`, adc);
    expect(csv.body.split('\n')[0]).toBe('createdAt,from,csId,type,content,url,status');
    expect(csv.body).toContain('Halo, paket saya belum sampai');
    const historyCsv = await get('/api/cs/chatRoom/history/export?remarks=dikirim', adc);
    expect(historyCsv.body).toContain('Resolved: paket dikirim ulang');
  });

  it('opens a new room for a customer who writes after closing, and can merge it into the previous one', async () => {
    await arrive('6281200000001', 'Maaf, satu lagi');
    const room = await roomOf('6281200000001');
    expect(room.status).toBe('open');
    const list = await get('/api/cs/chatRoom/history?customerPhoneNumber=6281200000001', adc);
    const previous = list.json().items[0];
    const merged = await inject({
      method: 'DELETE',
      url: '/api/cs/chatRoom?isMarge=true',
      headers: room.csId === usc.session.csId ? usc.headers : use.headers,
      payload: { roomId: room.id, remarks: 'same topic' },
    });
    expect(merged.json().mergedInto).toBe(previous.id);
    const chat = await get(`/api/cs/chat?id=${previous.id}&pageSize=50`, adc);
    expect(chat.json().items[0].content).toBe('Maaf, satu lagi');
  });

  it('pages rooms by opaque key or by the createdAt part, in either order', async () => {
    for (let i = 0; i < 5; i++) await arrive(`62812000100${i}`, `pesan ${i}`);
    const first = await get('/api/cs/chatRoom?pageSize=2', adc);
    const second = await get(
      `/api/cs/chatRoom?pageSize=2&lastEvaluatedKey=${first.json().lastEvaluatedKey}`,
      adc,
    );
    const third = await get(
      `/api/cs/chatRoom?pageSize=2&lastEvaluatedKey=${second.json().lastEvaluatedKey}`,
      adc,
    );
    const ids = [...first.json().items, ...second.json().items, ...third.json().items].map((r: Room) => r.id);
    expect(new Set(ids).size).toBe(5);
    expect(third.json().lastEvaluatedKey).toBeNull();
    const ascending = await get('/api/cs/chatRoom?pageSize=10&sort=asc', adc);
    expect(ascending.json().items.map((r: Room) => r.id)).toEqual([...ids].reverse());
    const byPart = await get(
      `/api/cs/chatRoom?pageSize=10&createdAt=${encodeURIComponent(first.json().items[1].createdAt)}&csId=x&clientId=${clientId}`,
      adc,
    );
    expect(byPart.json().items.map((r: Room) => r.id)).toEqual(ids.slice(2));
    const info = await get('/api/cs/chatRoom/info', adc);
    expect(info.json().open + info.json().queued).toBe(5);
  });

  it('shows a supervisor only the rooms of their tags when isSpvShowByTags is on', async () => {
    await send('PUT', '/api/cs/configuration', adc, { isSpvShowByTags: true });
    const rooms = await get('/api/cs/chatRoom?pageSize=50', usv);
    const all = await get('/api/cs/chatRoom?pageSize=50', adc);
    const billingAgentRooms = all.json().items.filter((r: Room) => r.csId === usc.session.csId);
    expect(
      rooms
        .json()
        .items.map((r: Room) => r.id)
        .sort(),
    ).toEqual(billingAgentRooms.map((r: Room) => r.id).sort());
    await send('PUT', '/api/cs/configuration', adc, { isSpvShowByTags: false });
  });

  it('keeps internal rooms between agents: notes are stored, never sent to the customer', async () => {
    const sentBefore = sender.sent.length;
    const internal = await send('POST', '/api/cs/chatRoomInternal', usc, {
      customerPhoneNumber: '6281200000001',
      toCsId: use.session.csId,
    });
    expect(internal.statusCode).toBe(201);
    expect(internal.json()).toMatchObject({ isInternal: true, csId: use.session.csId });
    const note = await send('POST', '/api/cs/chat', usc, {
      roomId: internal.json().id,
      content: 'Pelanggan ini VIP',
    });
    expect(note.json()).toMatchObject({ isInternal: true, status: null });
    await sapa.messaging.settle();
    expect(sender.sent.length).toBe(sentBefore);
    const notes = await get(`/api/cs/chat/internal?id=${internal.json().id}`, use);
    expect(notes.json().items.map((m: { content: string }) => m.content)).toEqual(['Pelanggan ini VIP']);
  });

  it('runs bot rooms: listed apart, distributed to agents, closed one by one or all', async () => {
    // A conversation starts in the bot only when the client has an active default bot (decision 0035).
    const bot = await send('POST', '/api/cs/chatbot', adc, { botName: 'Menu', schedule: 'always' });
    expect(bot.statusCode, bot.body).toBe(201);
    const flow = await send('POST', '/api/cs/chatbot/action?botName=Menu', adc, {
      actions: [{ botActionName: 'ask_need', type: 'ask', text: 'Ada yang bisa dibantu?', saveAs: 'need' }],
    });
    expect(flow.statusCode, flow.body).toBe(200);
    expect(
      (await send('PUT', '/api/cs/configuration/defaultBot', adc, { id: bot.json().id })).statusCode,
    ).toBe(200);
    await send('PUT', '/api/cs/configuration', adc, { initialState: 'bot', chatBot: true });
    await arrive('6281299990001', 'menu');
    await arrive('6281299990002', 'menu');
    await arrive('6281299990003', 'menu');
    const bots = await get('/api/cs/chatRoom/bot', adc);
    expect(bots.json().items).toHaveLength(3);
    const [first, second] = bots.json().items as Room[];
    const closeOne = await send('PUT', '/api/cs/chatRoom/bot', adc, {
      roomId: first!.id,
      remarks: 'bot done',
    });
    expect(closeOne.json().closed).toBe(1);
    const transferred = await send('POST', '/api/cs/chatRoom/bot/transfer', adc, {
      roomId: second!.id,
      toCsId: usc.session.csId,
    });
    expect(transferred.json()).toMatchObject({ isBot: false, csId: usc.session.csId });
    const distributed = await send('PUT', '/api/cs/strategy/distribute', adc);
    expect(distributed.json()).toMatchObject({ distributed: 1, assigned: 1 });
    await arrive('6281299990004', 'menu');
    const closeAll = await send('DELETE', '/api/cs/chatRoom/bot', adc);
    expect(closeAll.json().closed).toBe(1);
    expect((await get('/api/cs/chatRoom/bot', adc)).json().items).toEqual([]);
    await send('PUT', '/api/cs/configuration', adc, { initialState: 'queue', chatBot: false });
  });
});

describe('an inbox whose client has no WhatsApp channel', () => {
  let sapa: TestApp;
  afterAll(async () => sapa?.close());

  it('refuses an agent’s reply with the channel’s own “not set up” error', async () => {
    sapa = await createTestApp();
    const adc = await logIn(sapa.app, 'adc@demo.test');
    await sapa.database.db
      .delete(whatsappChannels)
      .where(eq(whatsappChannels.clientId, adc.session.clientId));
    await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/customerService',
      headers: adc.headers,
      payload: { csName: 'Ayu', email: 'usc@demo.test' },
    });
    const usc = await logIn(sapa.app, 'usc@demo.test');
    await createInboxPort({}).receiveInbound(
      sapa.database.db,
      inboundText(adc.session.clientId, '6281277770001', 'halo'),
    );
    const rooms = await sapa.app.inject({ method: 'GET', url: '/api/cs/chatRoom', headers: usc.headers });
    const response = await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/chat',
      headers: usc.headers,
      payload: { roomId: rooms.json().items[0].id, content: 'halo juga' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'channel_not_configured',
      message: 'No WhatsApp channel is set up for this client.',
    });
  });
});
