import { AGENT_STATUS_PATH } from '@sapa/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdLiveSocket } from '../../../test/agent-presence.js';
import { inboundText, RecordingChannel, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { createInboxPort } from '../index.js';

type Ticket = {
  id: string;
  roomId: string;
  roomShortId: number;
  status: string;
  priority: string;
  assigneeCsId: string | null;
  dueAt: string | null;
  resolvedAt: string | null;
  overdue: boolean;
};

describe('tickets', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let usc: LoggedIn;
  let use: LoggedIn;
  let adc2: LoggedIn;
  let room: { id: string; shortId: number };
  const realtime = new RecordingRealtime();
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const call = (by: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    inject({ method, url, headers: by.headers, ...(payload ? { payload } : {}) });
  const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime, channels: { whatsapp: new RecordingChannel() } });
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
      inboundText(adc.session.clientId, '6281377700001', 'Pesanan saya rusak'),
    );
    room = (await call(usc, 'GET', '/api/cs/chatRoom')).json().items[0];
  });
  afterAll(async () => sapa?.close());

  it('turns an agent’s conversation into a ticket, follows it to resolved and keeps its history', async () => {
    const due = new Date(Date.now() + 86_400_000).toISOString();
    const created = await call(usc, 'POST', '/api/cs/tickets', {
      roomId: String(room.shortId),
      subject: 'Barang rusak saat diterima',
      priority: 'high',
      dueAt: due,
    });
    expect(created.statusCode).toBe(201);
    const ticket = created.json<Ticket>();
    expect(ticket).toMatchObject({
      roomId: room.id,
      status: 'open',
      priority: 'high',
      // Nobody named: the conversation's agent takes it.
      assigneeCsId: usc.session.csId,
      dueAt: due,
      overdue: false,
    });

    const twice = await call(usc, 'POST', '/api/cs/tickets', { roomId: room.id, subject: 'Lagi' });
    expect([twice.statusCode, errorCode(twice)]).toEqual([409, 'ticket_exists']);

    const pending = await call(usc, 'PUT', '/api/cs/tickets', { id: ticket.id, status: 'pending' });
    expect(pending.json()).toMatchObject({ status: 'pending', resolvedAt: null });
    const resolved = await call(usc, 'PUT', '/api/cs/tickets', { id: ticket.id, status: 'resolved' });
    expect(resolved.json<Ticket>().resolvedAt).toEqual(expect.any(String));

    const frozen = await call(usc, 'PUT', '/api/cs/tickets', { id: ticket.id, priority: 'low' });
    expect([frozen.statusCode, errorCode(frozen)]).toEqual([409, 'ticket_resolved']);

    const reopened = await call(adc, 'PUT', '/api/cs/tickets', { id: ticket.id, status: 'open' });
    expect(reopened.json()).toMatchObject({ status: 'open', resolvedAt: null });

    const detail = (await call(usc, 'GET', `/api/cs/tickets/detail?id=${ticket.id}`)).json();
    expect(detail.room.id).toBe(room.id);
    expect(detail.messages.map((message: { content: string }) => message.content)).toContain(
      'Pesanan saya rusak',
    );
    expect(
      detail.history.map((event: { change: string; from: string | null; to: string | null }) => event),
    ).toEqual([
      expect.objectContaining({ change: 'created', to: 'open', by: 'usc@demo.test' }),
      expect.objectContaining({ change: 'status', from: 'open', to: 'pending' }),
      expect.objectContaining({ change: 'status', from: 'pending', to: 'resolved' }),
      expect.objectContaining({ change: 'status', from: 'resolved', to: 'open', by: 'adc@demo.test' }),
    ]);

    const listed = await call(adc, 'GET', '/api/cs/tickets?status=open&search=rusak');
    expect(listed.json()).toMatchObject({
      total: 1,
      pageNumber: 1,
      pageSize: 10,
      items: [{ id: ticket.id }],
    });
    expect((await call(adc, 'GET', '/api/cs/tickets?status=resolved')).json().total).toBe(0);

    const daily = await call(adc, 'GET', `/api/cs/tickets/daily?from=${today()}&to=${today()}`);
    // Resolved, then reopened: active again, and no longer counted as resolved.
    expect(daily.json().days).toEqual([{ date: today(), active: 1, opened: 1, resolved: 0 }]);
  });

  it('keeps an agent to their own tickets and refuses what they may not do', async () => {
    const [ticket] = (await call(adc, 'GET', '/api/cs/tickets')).json<{ items: Ticket[] }>().items;
    // Another agent neither sees nor changes it.
    expect((await call(use, 'GET', `/api/cs/tickets/detail?id=${ticket!.id}`)).statusCode).toBe(404);
    expect(
      (await call(use, 'PUT', '/api/cs/tickets', { id: ticket!.id, status: 'resolved' })).statusCode,
    ).toBe(404);
    expect((await call(use, 'GET', '/api/cs/tickets')).json().total).toBe(0);
    // The agent may not hand it to a colleague; a supervisor may.
    const handOver = await call(usc, 'PUT', '/api/cs/tickets', {
      id: ticket!.id,
      assigneeCsId: use.session.csId,
    });
    expect(handOver.statusCode).toBe(403);
    const byAdmin = await call(adc, 'PUT', '/api/cs/tickets', {
      id: ticket!.id,
      assigneeCsId: use.session.csId,
    });
    expect(byAdmin.json()).toMatchObject({ assigneeCsId: use.session.csId });
    const seen = await call(use, 'GET', `/api/cs/tickets/detail?id=${ticket!.id}`);
    expect(seen.statusCode, seen.body).toBe(200);

    const past = await call(adc, 'PUT', '/api/cs/tickets', {
      id: ticket!.id,
      dueAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect([past.statusCode, errorCode(past)]).toEqual([400, 'due_in_past']);

    const internal = await call(usc, 'POST', '/api/cs/chatRoomInternal', {
      customerPhoneNumber: '6281377700001',
    });
    expect(internal.statusCode).toBe(201);
    const fromInternal = await call(usc, 'POST', '/api/cs/tickets', {
      roomId: internal.json().id,
      subject: 'x',
    });
    expect([fromInternal.statusCode, errorCode(fromInternal)]).toEqual([409, 'ticket_internal_room']);
  });

  it('answers 404 for another client’s ticket and room', async () => {
    const [ticket] = (await call(adc, 'GET', '/api/cs/tickets')).json<{ items: Ticket[] }>().items;
    expect((await call(adc2, 'GET', `/api/cs/tickets/detail?id=${ticket!.id}`)).statusCode).toBe(404);
    const update = await call(adc2, 'PUT', '/api/cs/tickets', { id: ticket!.id, status: 'resolved' });
    expect([update.statusCode, errorCode(update)]).toEqual([404, 'ticket_not_found']);
    const create = await call(adc2, 'POST', '/api/cs/tickets', { roomId: room.id, subject: 'Bukan milikmu' });
    expect([create.statusCode, errorCode(create)]).toEqual([404, 'room_not_found']);
    expect((await call(adc2, 'GET', '/api/cs/tickets')).json().total).toBe(0);
  });

  it('answers hostile input with a clear 4xx', async () => {
    const [ticket] = (await call(adc, 'GET', '/api/cs/tickets')).json<{ items: Ticket[] }>().items;
    const cases: [string, InjectOptions['method'], string, object | undefined][] = [
      ['NUL in a subject', 'POST', '/api/cs/tickets', { roomId: room.id, subject: 'a\u0000b' }],
      ['an unknown status', 'PUT', '/api/cs/tickets', { id: ticket!.id, status: 'closed' }],
      ['nothing to change', 'PUT', '/api/cs/tickets', { id: ticket!.id }],
      ['a due time that is no time', 'PUT', '/api/cs/tickets', { id: ticket!.id, dueAt: 'tomorrow' }],
      [
        'a priority of the wrong type',
        'POST',
        '/api/cs/tickets',
        { roomId: room.id, subject: 'x', priority: 3 },
      ],
      ['an unknown room', 'POST', '/api/cs/tickets', { roomId: '999999', subject: 'x' }],
      ['an id that is no id', 'GET', '/api/cs/tickets/detail?id=%27%3B%20drop', undefined],
      ['a zero page size', 'GET', '/api/cs/tickets?pageSize=0', undefined],
      ['a backwards range', 'GET', '/api/cs/tickets/daily?from=2026-11-20&to=2026-11-01', undefined],
      ['a year of days', 'GET', '/api/cs/tickets/daily?from=2025-01-01&to=2026-01-01', undefined],
    ];
    for (const [name, method, url, payload] of cases) {
      const response = await call(adc, method, url, payload);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
    }
  });
});
