import type { RoutingStrategy } from '@sapa/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDeclinedLastStatement } from '../../../platform/postgres-pipeline.js';
import type { Realtime } from '../../../platform/realtime/index.js';
import { realtimeCounters, realtimeEvents } from '../../../platform/realtime/realtime.tables.js';
import { addOnlineAgent } from '../../../test/agent-presence.js';
import { inboundText } from '../../../test/inbox-fakes.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { csAgents } from '../agents/agents.tables.js';
import { createInboxPort } from '../index.js';
import { toRoom } from '../rooms/room.view.js';
import { csRooms } from '../rooms/rooms.tables.js';
import { chooseAgent } from './routing.policy.js';
import { listOnlineAgentsWithSchedules, openRoutedRoom } from './routing.repository.js';

// Decision 0077: a new conversation's agent is chosen, its room numbered and inserted and its events
// published in the one statement that takes the routing lock (migration 0045). The statement's choice
// must be `chooseAgent`'s, and what it publishes must be the room as stored.
describe('a new conversation opened in the statement that takes the routing lock', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let clientId: string;
  let phone = 6281300400000;

  beforeAll(async () => {
    sapa = await createTestApp();
    adc = await logIn(sapa.app, 'adc@demo.test');
    clientId = adc.session.clientId;
    for (const [csName, email, capacity, percentageWeight] of [
      ['Ayu', 'usc@demo.test', 3, 70],
      ['Eko', 'use@demo.test', 2, 30],
    ] as const)
      await addOnlineAgent(sapa, adc, { csName, email, capacity, percentageWeight });
  });
  afterAll(async () => sapa?.close());

  const configure = (payload: object) =>
    sapa.app.inject({ method: 'PUT', url: '/api/cs/configuration', headers: adc.headers, payload });

  const roomOf = async (customerPhone: string) => {
    const [room] = await sapa.database.db
      .select()
      .from(csRooms)
      .where(and(eq(csRooms.clientId, clientId), eq(csRooms.customerPhoneNumber, customerPhone)));
    return room!;
  };

  const closeAll = () =>
    sapa.database.db
      .update(csRooms)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(csRooms.clientId, clientId));

  for (const strategy of ['weighted', 'leastBusy', 'roundRobin'] as RoutingStrategy[]) {
    it(`chooses as chooseAgent does from the live loads (${strategy}), past every agent's capacity`, async () => {
      await closeAll();
      await configure({ autoAssignTicket: true, strategy });
      const port = createInboxPort({ realtime: sapa.realtime });
      // Seven rooms for a capacity of five: the last two wait.
      for (let i = 0; i < 7; i++) {
        const loads = await listOnlineAgentsWithSchedules(sapa.database.db, clientId);
        const expected = chooseAgent(loads, { tags: [], preferredCsId: null }, strategy);
        const customerPhone = String(phone++);
        await port.receiveInbound(sapa.database.db, inboundText(clientId, customerPhone, 'halo'));
        const room = await roomOf(customerPhone);
        expect({ csId: room.csId, reason: room.assignmentReason }).toEqual(expected);
        expect(room.status).toBe(expected.csId ? 'open' : 'queued');
      }
    });
  }

  it('publishes the room as stored, numbered in turn, in sequence order', async () => {
    await closeAll();
    await configure({ autoAssignTicket: true, strategy: 'weighted' });
    // Nothing answers automatically here: the statement publishes, `publishMany` is never called.
    let publishedApart = 0;
    const realtime: Realtime = {
      publish: (input, executor) => sapa.realtime.publish(input, executor),
      publishMany: (id, inputs, executor) => {
        publishedApart++;
        return sapa.realtime.publishMany(id, inputs, executor);
      },
      ...(sapa.realtime.statementTarget ? { statementTarget: sapa.realtime.statementTarget } : {}),
    };
    const port = createInboxPort({ realtime });
    const [counter] = await sapa.database.db
      .select()
      .from(realtimeCounters)
      .where(eq(realtimeCounters.clientId, clientId));
    const phones = [String(phone++), String(phone++)];
    // One after the other: each finds the agent it expected, so the statement publishes.
    for (const customerPhone of phones)
      await port.receiveInbound(sapa.database.db, inboundText(clientId, customerPhone, 'halo'));
    const rooms = await Promise.all(phones.map(roomOf));
    const shortIds = rooms.map((room) => room.shortId).sort((a, b) => a - b);
    expect(shortIds[1]).toBe(shortIds[0]! + 1);
    const events = await sapa.database.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.clientId, clientId), gt(realtimeEvents.seq, counter?.seq ?? 0)))
      .orderBy(asc(realtimeEvents.seq));
    const mine = events.filter((event) => {
      const chatroom = (event.payload as { chatroom?: { id: string } | null }).chatroom;
      return chatroom && rooms.some((room) => room.id === chatroom.id);
    });
    expect(mine).toHaveLength(6);
    expect(publishedApart).toBe(0);
    for (const event of mine) {
      const payload = event.payload as {
        typeNotif: string;
        data: { reason?: string } | null;
        chatroom: { id: string };
      };
      const stored = rooms.find((room) => room.id === payload.chatroom.id)!;
      expect(payload.chatroom).toEqual(JSON.parse(JSON.stringify(toRoom(stored))));
      if (payload.typeNotif === 'ROOM_ASSIGNED') expect(payload.data?.reason).toBe(stored.assignmentReason);
    }
    // Each room's events in order, the room first and its message last.
    for (const room of rooms) {
      const types = mine
        .filter((event) => (event.payload as { chatroom: { id: string } }).chatroom.id === room.id)
        .map((event) => (event.payload as { typeNotif: string }).typeNotif);
      expect(types).toEqual(['NEW_ROOM', 'ROOM_ASSIGNED', 'NEW_MESSAGE']);
    }
  });

  it('publishes each room as stored when simultaneous arrivals find other agents than they expected', async () => {
    await closeAll();
    await configure({ autoAssignTicket: true, strategy: 'leastBusy' });
    const port = createInboxPort({ realtime: sapa.realtime });
    const [counter] = await sapa.database.db
      .select()
      .from(realtimeCounters)
      .where(eq(realtimeCounters.clientId, clientId));
    const phones = Array.from({ length: 8 }, () => String(phone++));
    await Promise.all(
      phones.map((customerPhone) =>
        port.receiveInbound(sapa.database.db, inboundText(clientId, customerPhone, 'halo')),
      ),
    );
    const rooms = await Promise.all(phones.map(roomOf));
    // Capacities 3 and 2: five open, three waiting; numbers gapless.
    expect(rooms.filter((room) => room.status === 'open')).toHaveLength(5);
    const shortIds = rooms.map((room) => room.shortId).sort((a, b) => a - b);
    expect(shortIds).toEqual(shortIds.map((_, i) => shortIds[0]! + i));
    const events = await sapa.database.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.clientId, clientId), gt(realtimeEvents.seq, counter?.seq ?? 0)))
      .orderBy(asc(realtimeEvents.seq));
    for (const room of rooms) {
      const mine = events
        .map((event) => event.payload as { typeNotif: string; chatroom?: { id: string } | null })
        .filter((payload) => payload.chatroom?.id === room.id);
      expect(mine.map((payload) => payload.typeNotif)).toEqual(
        room.csId ? ['NEW_ROOM', 'ROOM_ASSIGNED', 'NEW_MESSAGE'] : ['NEW_ROOM', 'NEW_MESSAGE'],
      );
      for (const payload of mine) expect(payload.chatroom).toEqual(JSON.parse(JSON.stringify(toRoom(room))));
    }
  });

  it('does nothing when an agent it was not told of may take rooms (the caller decides as before)', async () => {
    const before = await sapa.database.db.select().from(csRooms).where(eq(csRooms.clientId, clientId));
    const [agent] = await sapa.database.db.select().from(csAgents).where(eq(csAgents.clientId, clientId));
    const opened = await sapa.database.db.transaction((tx) =>
      openRoutedRoom(tx, {
        clientId,
        decide: true,
        strategy: 'weighted',
        preferredCsId: null,
        knownCsIds: [],
        offScheduleCsIds: [],
        expectedCsId: agent!.id,
        room: '{}',
        events: null,
        channel: null,
        maxInlineBytes: 0,
        commit: false,
      }),
    );
    expect(opened).toBeNull();
    const after = await sapa.database.db.select().from(csRooms).where(eq(csRooms.clientId, clientId));
    expect(after).toHaveLength(before.length);
  });

  it('ending the transaction, declines instead of leaving the server work: nothing is kept (0082)', async () => {
    await closeAll();
    await configure({ autoAssignTicket: true, strategy: 'leastBusy' });
    const agents = await sapa.database.db.select().from(csAgents).where(eq(csAgents.clientId, clientId));
    const rooms = async () =>
      (await sapa.database.db.select().from(csRooms).where(eq(csRooms.clientId, clientId))).length;
    const before = await rooms();
    const attempt = (knownCsIds: string[]) =>
      sapa.database.db
        .transaction((tx) =>
          openRoutedRoom(tx, {
            clientId,
            decide: true,
            strategy: 'leastBusy',
            preferredCsId: null,
            knownCsIds,
            offScheduleCsIds: [],
            // Expected to wait, while free agents are online: the statement chooses one of them.
            expectedCsId: null,
            room: JSON.stringify({ id: crypto.randomUUID(), customer_phone_number: String(phone++) }),
            events: '[]',
            channel: 'sapa_realtime',
            maxInlineBytes: 7000,
            commit: true,
          }),
        )
        .catch((error: unknown) => error);
    // Another agent chosen than the events were built for, then an agent the caller did not read.
    expect(isDeclinedLastStatement(await attempt(agents.map((agent) => agent.id)))).toBe(true);
    expect(isDeclinedLastStatement(await attempt([]))).toBe(true);
    expect(await rooms()).toBe(before);
  });
});
