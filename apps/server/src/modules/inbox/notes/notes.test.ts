import { AGENT_STATUS_PATH } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdLiveSocket } from '../../../test/agent-presence.js';
import { inboundText, RecordingChannel, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { messagingOutbound } from '../../messaging/messaging.tables.js';
import { csMessages } from '../chat/chat.tables.js';
import { createInboxPort } from '../index.js';

describe('private notes', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let usc: LoggedIn;
  let use: LoggedIn;
  let usv: LoggedIn;
  let adc2: LoggedIn;
  let roomId: string;
  const realtime = new RecordingRealtime();
  const sender = new RecordingChannel();
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const note = (by: LoggedIn, payload: object) =>
    inject({ method: 'POST', url: '/api/cs/chat/note', headers: by.headers, payload });
  const ledger = async () =>
    sapa.database.db
      .select()
      .from(messagingOutbound)
      .where(eq(messagingOutbound.clientId, adc.session.clientId));

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime, channels: { whatsapp: sender } });
    adc = await logIn(sapa.app, 'adc@demo.test');
    for (const [csName, email] of [
      ['Ayu', 'usc@demo.test'],
      ['Eko', 'use@demo.test'],
    ])
      await inject({
        method: 'POST',
        url: '/api/cs/customerService',
        headers: adc.headers,
        payload: { csName, email },
      });
    await inject({
      method: 'PUT',
      url: '/api/cs/manager',
      headers: adc.headers,
      payload: { name: 'Sari', email: 'usv@demo.test' },
    });
    await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoAssignTicket: true },
    });
    [usc, use, usv, adc2] = await Promise.all([
      logIn(sapa.app, 'usc@demo.test'),
      logIn(sapa.app, 'use@demo.test'),
      logIn(sapa.app, 'usv@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
    ]);
    await holdLiveSocket(sapa, usc);
    await inject({
      method: 'PUT',
      url: AGENT_STATUS_PATH,
      headers: usc.headers,
      payload: { status: 'online' },
    });
    await createInboxPort({ realtime }).receiveInbound(
      sapa.database.db,
      inboundText(adc.session.clientId, '6281366600001', 'Paket saya belum sampai'),
    );
    const rooms = await inject({ method: 'GET', url: '/api/cs/chatRoom', headers: usc.headers });
    roomId = rooms.json().items[0].id;
  });
  afterAll(async () => sapa?.close());

  it('keeps a note among the room’s messages and never sends it through any channel', async () => {
    const before = await ledger();
    realtime.clear();
    const written = await note(usc, { roomId, content: 'Pelanggan VIP, cek resi dulu' });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json()).toMatchObject({
      type: 'note',
      content: 'Pelanggan VIP, cek resi dulu',
      isInternal: true,
      fromCs: true,
      csId: usc.session.csId,
      authorName: 'Ayu',
      status: null,
      providerMessageId: null,
    });
    await sapa.messaging.settle();
    // Nothing reached messaging's ledger or the channel.
    expect(await ledger()).toHaveLength(before.length);
    expect(sender.sent).toHaveLength(0);
    const sandbox = await inject({ method: 'GET', url: '/api/sandbox/outbox', headers: adc.headers });
    expect(JSON.stringify(sandbox.json())).not.toContain('cek resi');
    // The agent's conversation shows it; the customer still waits for an answer.
    const messages = await inject({ method: 'GET', url: `/api/cs/chat?id=${roomId}`, headers: usc.headers });
    expect(messages.json().items.map((message: { type: string }) => message.type)).toEqual(['note', 'text']);
    const room = await inject({
      method: 'GET',
      url: `/api/cs/chatRoom/detail?id=${roomId}`,
      headers: usc.headers,
    });
    expect(room.json().lastMessage).toMatchObject({ content: 'Paket saya belum sampai', fromCs: false });
    // Heard by the room's agent and the supervisors only.
    expect(realtime.ofType('NEW_MESSAGE')).toMatchObject([
      { audience: { csIds: [usc.session.csId], chatRoles: ['SPV'] }, payload: { chat: { type: 'note' } } },
    ]);
  });

  it('lets a supervisor whisper to the agent with an @mention, which the mentioned colleague hears', async () => {
    realtime.clear();
    const whisper = await note(usv, {
      roomId,
      content: '@Ayu tawarkan voucher ongkir, @Eko tolong bantu cek gudang',
      mentions: [usc.session.csId, use.session.csId],
    });
    expect(whisper.statusCode, whisper.body).toBe(201);
    expect(realtime.ofType('NEW_MESSAGE')[0]).toMatchObject({
      audience: { csIds: [usc.session.csId] },
      payload: { chat: { type: 'note', authorName: 'Sari' } },
    });
    expect(realtime.ofType('NOTE_MENTION')).toMatchObject([
      {
        audience: { csIds: [usc.session.csId, use.session.csId] },
        payload: { data: { roomId, by: 'Sari' }, chat: { id: whisper.json().id } },
      },
    ]);
    expect(sender.sent).toHaveLength(0);
  });

  it('refuses an empty note, unknown or foreign mentions, other agents’ rooms and other clients', async () => {
    expect((await note(usc, { roomId, content: '   ' })).statusCode).toBe(400);
    expect((await note(usc, { roomId, content: 'x'.repeat(4097) })).statusCode).toBe(400);
    expect((await note(usc, { roomId, content: 'hi', mentions: 'all' })).statusCode).toBe(400);
    const foreignAgent = await note(usc, { roomId, content: 'hi', mentions: [adc2.session.userId] });
    expect(foreignAgent.statusCode).toBe(404);
    expect(errorCode(foreignAgent)).toBe('agent_not_found');
    expect((await note(usc, { roomId, content: 'hi', mentions: ['not-an-id'] })).statusCode).toBe(404);
    // Eko does not see Ayu's room; another client does not either.
    const otherAgent = await note(use, { roomId, content: 'hi' });
    expect(otherAgent.statusCode).toBe(404);
    expect(errorCode(otherAgent)).toBe('room_not_found');
    expect((await note(adc2, { roomId, content: 'hi' })).statusCode).toBe(404);
    expect((await note(usc, { roomId: 'nope', content: 'hi' })).statusCode).toBe(404);
    const stored = await sapa.database.db
      .select()
      .from(csMessages)
      .where(and(eq(csMessages.clientId, adc.session.clientId), eq(csMessages.type, 'note')));
    expect(stored).toHaveLength(2);
  });

  it('tells the others watching a room that someone types, at most every two seconds', async () => {
    realtime.clear();
    const typing = (by: LoggedIn) =>
      inject({
        method: 'POST',
        url: '/api/cs/chat/typing',
        headers: by.headers,
        payload: { roomId, mode: 'note' },
      });
    expect((await typing(usv)).statusCode).toBe(200);
    expect((await typing(usv)).statusCode).toBe(200);
    expect(realtime.ofType('TYPING')).toMatchObject([
      {
        audience: { csIds: [usc.session.csId], chatRoles: ['SPV'] },
        payload: { data: { roomId, userId: usv.session.userId, name: usv.session.name, mode: 'note' } },
      },
    ]);
    expect((await typing(use)).statusCode).toBe(404);
    expect((await typing(adc2)).statusCode).toBe(404);
  });

  it('names the author as the portal does after a rename in the profile or by an admin', async () => {
    const own = await inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: usc.headers,
      payload: { name: 'Ayu Lestari' },
    });
    expect(own.statusCode).toBe(200);
    expect((await note(usc, { roomId, content: 'Saya cek dulu' })).json().authorName).toBe('Ayu Lestari');
    const byAdmin = await inject({
      method: 'PUT',
      url: `/api/users/${usc.session.userId}`,
      headers: adc.headers,
      payload: { name: 'Ayu L.', email: 'usc@demo.test', role: usc.session.role },
    });
    expect(byAdmin.json()).toMatchObject({ outcome: 'updated' });
    expect((await note(usc, { roomId, content: 'Sudah' })).json().authorName).toBe('Ayu L.');
    // The other client's agents are untouched by the rename.
    const others = await inject({ method: 'GET', url: '/api/cs/customerService', headers: adc2.headers });
    expect(JSON.stringify(others.json())).not.toContain('Ayu L.');
  });
});
