import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOnlineAgent } from '../../../test/agent-presence.js';
import { inboundText, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { csAgents } from '../agents/agents.tables.js';
import { createInboxPort } from '../index.js';
import { toRoom } from '../rooms/room.view.js';
import { csRooms } from '../rooms/rooms.tables.js';

// Decision 0073: the agents and their loads come with the routing lock, from a function of migration 0043;
// routing must still see the rooms given before, number rooms in turn, and announce them as stored.
describe('a new conversation routed with the agents read in the locking round trip', () => {
  const realtime = new RecordingRealtime();
  let sapa: TestApp;
  let adc: LoggedIn;
  let csId: string;

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime });
    adc = await logIn(sapa.app, 'adc@demo.test');
    await addOnlineAgent(sapa, adc, {
      csName: 'Ayu',
      email: 'usc@demo.test',
      capacity: 1,
      percentageWeight: 50,
    });
    await sapa.app.inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoAssignTicket: true },
    });
    const [row] = await sapa.database.db
      .select({ id: csAgents.id })
      .from(csAgents)
      .where(and(eq(csAgents.clientId, adc.session.clientId), eq(csAgents.email, 'usc@demo.test')));
    csId = row!.id;
  });
  afterAll(async () => sapa?.close());

  it('announces each room exactly as stored, numbered in turn, the agent’s capacity kept', async () => {
    const port = createInboxPort({ realtime });
    const clientId = adc.session.clientId;
    const before = await sapa.database.db.select().from(csRooms).where(eq(csRooms.clientId, clientId));
    const lastShortId = Math.max(0, ...before.map((room) => room.shortId));
    realtime.clear();
    for (const phone of ['6281300300001', '6281300300002']) {
      await port.receiveInbound(sapa.database.db, inboundText(clientId, phone, 'halo'));
    }
    const rooms = await sapa.database.db
      .select()
      .from(csRooms)
      .where(and(eq(csRooms.clientId, clientId), eq(csRooms.isInternal, false)));
    const fresh = rooms
      .filter((room) => room.customerPhoneNumber.startsWith('62813003'))
      .sort((a, b) => a.shortId - b.shortId);
    expect(fresh.map((room) => room.shortId)).toEqual([lastShortId + 1, lastShortId + 2]);
    // Capacity 1: the first goes to the agent, the second waits.
    expect(fresh.map((room) => [room.status, room.csId])).toEqual([
      ['open', csId],
      ['queued', null],
    ]);
    const announced = realtime.events
      .map((event) => event.payload)
      .filter((payload) => 'chatroom' in payload && payload.chatroom);
    expect(announced.map((payload) => payload.typeNotif)).toEqual([
      'NEW_ROOM',
      'ROOM_ASSIGNED',
      'NEW_MESSAGE',
      'NEW_ROOM',
      'NEW_MESSAGE',
    ]);
    for (const payload of announced) {
      const stored = fresh.find((room) => room.id === (payload as { chatroom: { id: string } }).chatroom.id);
      expect(JSON.parse(JSON.stringify((payload as { chatroom: unknown }).chatroom))).toEqual(
        JSON.parse(JSON.stringify(toRoom(stored!))),
      );
    }
    const [agent] = await sapa.database.db.select().from(csAgents).where(eq(csAgents.id, csId));
    expect(agent!.assignedCount).toBe(1);
  });
});
