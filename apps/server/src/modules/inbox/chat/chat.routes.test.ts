import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundText, RecordingChannel, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import type { InboxPort } from '../../messaging/index.js';
import { createInboxPort } from '../index.js';

/** The chat box's two calls beside plain sends: the customer window and template sends. */
describe('customer window and template sends', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let port: InboxPort;
  let clientId: string;
  const realtime = new RecordingRealtime();
  const sender = new RecordingChannel();
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const get = (url: string, by: LoggedIn) => inject({ method: 'GET', url, headers: by.headers });
  const send = (method: 'POST' | 'PUT', url: string, by: LoggedIn, payload: object) =>
    inject({ method, url, headers: by.headers, payload });
  const roomOf = async (phone: string): Promise<{ id: string }> =>
    (await get(`/api/cs/chatRoom?q=${phone}&status=all`, adc)).json().items[0];
  let templateId: string;

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime, channels: { whatsapp: sender } });
    port = createInboxPort({ realtime });
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    clientId = adc.session.clientId;
    const template = await send('PUT', '/api/cs/chatTemplate', adc, {
      name: 'order_follow_up',
      content: 'Halo {{1}}, pesanan Anda sudah kami proses.',
    });
    expect(template.statusCode).toBe(200);
    templateId = template.json().id;
  });
  afterAll(async () => sapa?.close());

  it('tells whether the window is open and when it closes', async () => {
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281277770001', 'Halo'));
    const room = await roomOf('6281277770001');
    const open = await get(`/api/cs/chat/window?roomId=${room.id}`, adc);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ roomId: room.id, open: true, internal: false });
    expect(new Date(open.json().closesAt).getTime()).toBeGreaterThan(Date.now());

    sender.closedWindows.add('6281277770001');
    const closed = await get(`/api/cs/chat/window?roomId=${room.id}`, adc);
    expect(closed.json()).toMatchObject({ open: false, closesAt: null });
    // The same rule the send enforces.
    const text = await send('POST', '/api/cs/chat', adc, { roomId: room.id, content: 'Masih ada?' });
    expect(text.statusCode).toBe(422);
    expect(errorCode(text)).toBe('customer_window_closed');
  });

  it('sends a template after the window closed, fills its parameters and shows it in the room', async () => {
    sender.closedWindows.add('6281277770002');
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281277770002', 'Pesanan saya?'));
    const room = await roomOf('6281277770002');
    realtime.clear();
    const sent = await send('POST', '/api/cs/chat/template', adc, {
      roomId: room.id,
      templateId,
      language: 'id',
      parameters: ['Rina'],
    });
    expect(sent.statusCode).toBe(201);
    // Answered before the provider is called: queued (the clock tick); messaging sends it after commit.
    expect(sent.json()).toMatchObject({
      type: 'template',
      content: 'Halo Rina, pesanan Anda sudah kami proses.',
      fromCs: true,
      status: 'pending',
    });
    await sapa.messaging.settle();
    const message = await get(`/api/cs/chat/id?messageId=${sent.json().messageId}`, adc);
    expect(message.json()).toMatchObject({
      status: 'sent',
      providerMessageId: expect.stringMatching(/^wamid/),
    });
    expect(realtime.ofType('MESSAGE_STATUS').map((event) => event.payload.chat)).toEqual([
      expect.objectContaining({ messageId: sent.json().messageId, status: 'sent' }),
    ]);
    expect(sender.sent.at(-1)).toMatchObject({
      kind: 'template',
      templateName: 'order_follow_up',
      language: 'id',
      parameters: ['Rina'],
      to: '6281277770002',
    });
    expect(realtime.ofType('NEW_MESSAGE')).toHaveLength(1);
    const chat = await get(`/api/cs/chat?id=${room.id}`, adc);
    expect(chat.json().items[0]).toMatchObject({ type: 'template', fromCs: true });
  });

  it('refuses an inactive or unknown template and a bad language code', async () => {
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281277770003', 'Halo'));
    const room = await roomOf('6281277770003');
    const unknown = await send('POST', '/api/cs/chat/template', adc, {
      roomId: room.id,
      templateId: '00000000-0000-7000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorCode(unknown)).toBe('template_not_found');
    await send('POST', '/api/cs/chatTemplate/action', adc, { action: 'deactivate', ids: [templateId] });
    const inactive = await send('POST', '/api/cs/chat/template', adc, { roomId: room.id, templateId });
    expect(inactive.statusCode).toBe(404);
    await send('POST', '/api/cs/chatTemplate/action', adc, { action: 'activate', ids: [templateId] });
    const language = await send('POST', '/api/cs/chat/template', adc, {
      roomId: room.id,
      templateId,
      language: 'Bahasa',
    });
    expect(language.statusCode).toBe(400);
  });

  it('keeps another client out of the window and the template send', async () => {
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281277770004', 'Halo'));
    const room = await roomOf('6281277770004');
    const window = await get(`/api/cs/chat/window?roomId=${room.id}`, adc2);
    expect(window.statusCode).toBe(404);
    const template = await send('POST', '/api/cs/chat/template', adc2, { roomId: room.id, templateId });
    expect(template.statusCode).toBe(404);
    await sapa.messaging.settle();
    expect(sender.sent.filter((message) => message.to === '6281277770004')).toHaveLength(0);
  });
});

describe('taking a waiting room', () => {
  let sapa: TestApp;
  const realtime = new RecordingRealtime();
  afterAll(async () => sapa?.close());

  it('tells every agent, who all had it in their queue, that it is taken', async () => {
    sapa = await createTestApp({}, { realtime, channels: { whatsapp: new RecordingChannel() } });
    const adc = await logIn(sapa.app, 'adc@demo.test');
    await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/customerService',
      headers: adc.headers,
      payload: { csName: 'Ayu', email: 'usc@demo.test', tags: ['billing'] },
    });
    const usc = await logIn(sapa.app, 'usc@demo.test');
    const port = createInboxPort({ realtime });
    await port.receiveInbound(sapa.database.db, inboundText(adc.session.clientId, '6281277770009', 'Halo'));
    const room = (
      await sapa.app.inject({ method: 'GET', url: '/api/cs/chatRoom?status=queued', headers: usc.headers })
    ).json().items[0];
    expect(room).toMatchObject({ status: 'queued', csId: null });
    realtime.clear();
    const taken = await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/chatRoom/transfer',
      headers: usc.headers,
      payload: { roomId: room.id, toCsId: usc.session.csId },
    });
    expect(taken.statusCode).toBe(200);
    expect(realtime.ofType('ROOM_TRANSFERRED')[0]!.audience).toEqual({
      csIds: [usc.session.csId],
      chatRoles: ['SPV', 'CS'],
    });
  });
});
