import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { holdLiveSocket } from '../../../test/agent-presence.js';
import { inboundText } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { csAgents } from '../agents/agents.tables.js';
import { createInboxPort } from '../index.js';
import { csRooms } from '../rooms/rooms.tables.js';
import { isOpenAt } from './availability.policy.js';
import { agentsOnSchedule, isWithinBusinessHours } from './availability.service.js';

// Monday 2026-11-30 10:00 in Jakarta (UTC+7) is 03:00 UTC.
const MONDAY_10_JAKARTA = new Date('2026-11-30T03:00:00Z');
const MONDAY_20_JAKARTA = new Date('2026-11-30T13:00:00Z');
const SUNDAY_10_JAKARTA = new Date('2026-11-29T03:00:00Z');
const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));

describe('opening hours, holidays and time zones', () => {
  const schedule = {
    enabled: true,
    periods: [...weekdays('08:00', '12:00'), ...weekdays('13:00', '17:00')],
    holidays: [{ date: '2026-12-25', name: 'Christmas' }],
  };

  it('is open inside a period, closed between periods, at night, on the weekend and on a holiday', () => {
    expect(isOpenAt(schedule, MONDAY_10_JAKARTA, 'Asia/Jakarta')).toBe(true);
    expect(isOpenAt(schedule, new Date('2026-11-30T05:30:00Z'), 'Asia/Jakarta')).toBe(false); // 12:30 lunch
    expect(isOpenAt(schedule, MONDAY_20_JAKARTA, 'Asia/Jakarta')).toBe(false);
    expect(isOpenAt(schedule, SUNDAY_10_JAKARTA, 'Asia/Jakarta')).toBe(false);
    expect(isOpenAt(schedule, new Date('2026-12-25T03:00:00Z'), 'Asia/Jakarta')).toBe(false); // a Friday
    expect(isOpenAt(schedule, new Date('2026-12-24T03:00:00Z'), 'Asia/Jakarta')).toBe(true);
  });

  it('reads the wall clock of the schedule’s own time zone, and a switched-off schedule never closes', () => {
    // 10:00 in Jakarta is 12:00 in Makassar and 04:00 in London: the same instant, other answers.
    expect(isOpenAt(schedule, MONDAY_10_JAKARTA, 'Asia/Makassar')).toBe(true);
    expect(isOpenAt(schedule, MONDAY_10_JAKARTA, 'Europe/London')).toBe(false);
    expect(isOpenAt({ ...schedule, enabled: false }, SUNDAY_10_JAKARTA, 'Asia/Jakarta')).toBe(true);
    // A zone the runtime does not know falls back to Asia/Jakarta instead of failing.
    expect(isOpenAt(schedule, MONDAY_10_JAKARTA, 'Mars/Olympus')).toBe(true);
  });
});

describe('CS availability', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let usc: LoggedIn;
  let ayu: string;
  let eko: string;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const create = (who: LoggedIn, payload: Record<string, unknown>) =>
    inject({ method: 'POST', url: '/api/cs/cs-availability', headers: who.headers, payload });

  beforeAll(async () => {
    sapa = await createTestApp();
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    for (const [csName, email] of [
      ['Ayu', 'usc@demo.test'],
      ['Eko', 'use@demo.test'],
    ]) {
      await inject({
        method: 'POST',
        url: '/api/cs/customerService',
        headers: adc.headers,
        payload: { csName, email, capacity: 10, percentageWeight: 50 },
      });
      const agent = await logIn(sapa.app, email!);
      if (email === 'usc@demo.test') usc = agent;
      await holdLiveSocket(sapa, agent);
      await inject({
        method: 'PUT',
        url: '/api/cs/customerService/status',
        headers: agent.headers,
        payload: { status: 'online' },
      });
    }
    await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoAssignTicket: true },
    });
    const agents = await sapa.database.db
      .select({ id: csAgents.id, name: csAgents.name })
      .from(csAgents)
      .where(and(eq(csAgents.clientId, adc.session.clientId), eq(csAgents.kind, 'cs')));
    ayu = agents.find((agent) => agent.name === 'Ayu')!.id;
    eko = agents.find((agent) => agent.name === 'Eko')!.id;
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => sapa?.close());

  it('keeps a client without business hours always open', async () => {
    expect(await isWithinBusinessHours(sapa.database.db, adc2.session.clientId, SUNDAY_10_JAKARTA)).toBe(
      true,
    );
  });

  it('lets an admin save business hours with several periods a day and holidays, in the client’s zone', async () => {
    const saved = await create(adc, {
      scope: 'business',
      name: 'Office hours',
      periods: [...weekdays('13:00', '17:00'), ...weekdays('08:00', '12:00')],
      holidays: [{ date: '2026-12-25', name: 'Christmas' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ scope: 'business', csId: null, timezone: null, enabled: true });
    // Stored in order: day, then start.
    expect(saved.json().periods.slice(0, 2)).toEqual([
      { day: 1, start: '08:00', end: '12:00' },
      { day: 1, start: '13:00', end: '17:00' },
    ]);
    const db = sapa.database.db;
    const clientId = adc.session.clientId;
    expect(await isWithinBusinessHours(db, clientId, MONDAY_10_JAKARTA)).toBe(true);
    expect(await isWithinBusinessHours(db, clientId, MONDAY_20_JAKARTA)).toBe(false);
    expect(await isWithinBusinessHours(db, clientId, SUNDAY_10_JAKARTA)).toBe(false);
    expect(await isWithinBusinessHours(db, clientId, new Date('2026-12-25T03:00:00Z'))).toBe(false);
    // Another client's hours are its own.
    expect(await isWithinBusinessHours(db, adc2.session.clientId, SUNDAY_10_JAKARTA)).toBe(true);

    const again = await create(adc, { scope: 'business', name: 'Twice', periods: [] });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('availability_exists');

    const listed = await inject({ method: 'GET', url: '/api/cs/cs-availability', headers: adc.headers });
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: saved.json().id, name: 'Office hours' }] });
  });

  it('routes a new conversation only to an online agent inside their schedule (fake clock)', async () => {
    // Ayu works weekday mornings only; Eko has no schedule of his own, so the business hours apply.
    const ayuSchedule = await create(adc, {
      scope: 'agent',
      csId: ayu,
      name: 'Ayu mornings',
      periods: weekdays('08:00', '12:00'),
    });
    expect(ayuSchedule.json()).toMatchObject({ scope: 'agent', csId: ayu, csName: 'Ayu' });
    const db = sapa.database.db;
    const clientId = adc.session.clientId;
    expect([...(await agentsOnSchedule(db, clientId, [ayu, eko], MONDAY_10_JAKARTA))].sort()).toEqual(
      [ayu, eko].sort(),
    );
    // 14:00 on Monday: Ayu's morning is over, the business is open for Eko.
    expect([...(await agentsOnSchedule(db, clientId, [ayu, eko], new Date('2026-11-30T07:00:00Z')))]).toEqual(
      [eko],
    );

    const port = createInboxPort({});
    // The fake clock goes back, never forward: presence would read a later "now" as every tab gone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T07:00:00Z')); // a Monday, 14:00 in Jakarta
    for (const phone of ['6281300300001', '6281300300002', '6281300300003'])
      await port.receiveInbound(db, inboundText(clientId, phone, 'halo'));
    const afternoon = await db.select().from(csRooms).where(eq(csRooms.clientId, clientId));
    expect(afternoon.map((room) => room.csId)).toEqual([eko, eko, eko]);

    // Sunday: nobody is inside a schedule; the room waits in the queue with the reason.
    vi.setSystemTime(new Date('2026-11-22T03:00:00Z')); // a Sunday, 10:00 in Jakarta
    await port.receiveInbound(db, inboundText(clientId, '6281300300004', 'halo'));
    const [sunday] = await db
      .select()
      .from(csRooms)
      .where(and(eq(csRooms.clientId, clientId), eq(csRooms.customerPhoneNumber, '6281300300004')));
    expect(sunday).toMatchObject({ status: 'queued', csId: null });
    expect(sunday!.assignmentReason).toBe('queued: no online agent is inside their schedule');

    // Ayu's own schedule switched off: she follows no limit of her own, the business hours apply.
    vi.useRealTimers();
    const off = await inject({
      method: 'PUT',
      url: '/api/cs/cs-availability',
      headers: adc.headers,
      payload: {
        id: ayuSchedule.json().id,
        name: 'Ayu mornings',
        periods: weekdays('08:00', '12:00'),
        enabled: false,
      },
    });
    expect(off.json().enabled).toBe(false);
    expect((await agentsOnSchedule(db, clientId, [ayu], new Date('2026-11-30T07:00:00Z'))).has(ayu)).toBe(
      true,
    );
  });

  it('treats an agent’s own holiday as a day off', async () => {
    const [row] = (
      await inject({ method: 'GET', url: `/api/cs/cs-availability?pageSize=50`, headers: adc.headers })
    )
      .json()
      .items.filter((item: { csId: string | null }) => item.csId === ayu);
    const leave = await inject({
      method: 'PUT',
      url: '/api/cs/cs-availability',
      headers: adc.headers,
      payload: {
        id: row.id,
        name: row.name,
        periods: weekdays('08:00', '12:00'),
        holidays: [{ date: '2026-11-30' }],
      },
    });
    expect(leave.statusCode).toBe(200);
    const db = sapa.database.db;
    expect((await agentsOnSchedule(db, adc.session.clientId, [ayu], MONDAY_10_JAKARTA)).size).toBe(0);
    expect(
      (await agentsOnSchedule(db, adc.session.clientId, [ayu], new Date('2026-12-01T03:00:00Z'))).has(ayu),
    ).toBe(true);
  });

  it('answers 404 for another client’s schedules and agents, and 403 to an agent', async () => {
    const mine = (
      await inject({ method: 'GET', url: '/api/cs/cs-availability', headers: adc.headers })
    ).json().items[0];
    const theirs = [
      inject({ method: 'GET', url: `/api/cs/cs-availability?id=${mine.id}`, headers: adc2.headers }),
      inject({
        method: 'PUT',
        url: '/api/cs/cs-availability',
        headers: adc2.headers,
        payload: { id: mine.id, name: 'Taken', periods: [] },
      }),
      inject({ method: 'DELETE', url: `/api/cs/cs-availability?id=${mine.id}`, headers: adc2.headers }),
      create(adc2, { scope: 'agent', csId: ayu, name: 'Not yours', periods: [] }),
    ];
    for (const response of await Promise.all(theirs)) expect(response.statusCode).toBe(404);
    const byAgent = await inject({ method: 'GET', url: '/api/cs/cs-availability', headers: usc.headers });
    expect(byAgent.statusCode).toBe(403);
    // Still there for its owner.
    const still = await inject({
      method: 'GET',
      url: `/api/cs/cs-availability?id=${mine.id}`,
      headers: adc.headers,
    });
    expect(still.json().items[0].name).toBe(mine.name);
  });

  it('refuses hostile or malformed schedules with a clear 4xx', async () => {
    const bad = [
      { scope: 'business', name: 'x', periods: [{ day: 1, start: '17:00', end: '08:00' }] },
      { scope: 'business', name: 'x', periods: [{ day: 7, start: '08:00', end: '09:00' }] },
      { scope: 'business', name: 'x', periods: [{ day: 1, start: '8am', end: '09:00' }] },
      { scope: 'business', name: 'x', periods: [], holidays: [{ date: '2026-13-45' }] },
      { scope: 'business', name: 'x', periods: [], timezone: 'Mars/Olympus' },
      { scope: 'business', name: 'x\u0000y', periods: [] },
      { scope: 'agent', name: 'x', periods: [] },
      { scope: 'agent', csId: 'not-an-id', name: 'x', periods: [] },
      { scope: 'everyone', name: 'x', periods: [] },
      { scope: 'business', name: 'x', periods: 'always' },
    ];
    for (const payload of bad) {
      const response = await create(adc, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    for (const url of ['/api/cs/cs-availability?id=nope', '/api/cs/cs-availability?id=%00']) {
      const response = await inject({ method: 'DELETE', url, headers: adc.headers });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('deletes a schedule, after which the agent follows the business hours again', async () => {
    const items = (
      await inject({ method: 'GET', url: '/api/cs/cs-availability?pageSize=50', headers: adc.headers })
    ).json().items;
    const ayuRow = items.find((item: { csId: string | null }) => item.csId === ayu);
    const deleted = await inject({
      method: 'DELETE',
      url: `/api/cs/cs-availability?id=${ayuRow.id}`,
      headers: adc.headers,
    });
    expect(deleted.json()).toMatchObject({ deleted: 1 });
    const db = sapa.database.db;
    // Monday 14:00: the business is open, so is Ayu now.
    expect(
      (await agentsOnSchedule(db, adc.session.clientId, [ayu], new Date('2026-11-30T07:00:00Z'))).has(ayu),
    ).toBe(true);
  });
});
