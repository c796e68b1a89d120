import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOnlineAgent } from '../../../test/agent-presence.js';
import { inboundText } from '../../../test/inbox-fakes.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { csAgents } from '../agents/agents.tables.js';
import { csMessages } from '../chat/chat.tables.js';
import { createInboxPort } from '../index.js';
import { csRooms } from '../rooms/rooms.tables.js';

describe('routing under concurrent arrivals', () => {
  let sapa: TestApp;
  let adc: LoggedIn;

  beforeAll(async () => {
    sapa = await createTestApp();
    adc = await logIn(sapa.app, 'adc@demo.test');
    for (const [csName, email] of [
      ['Ayu', 'usc@demo.test'],
      ['Eko', 'use@demo.test'],
    ] as const)
      await addOnlineAgent(sapa, adc, { csName, email, capacity: 4, percentageWeight: 50 });
    await sapa.app.inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoAssignTicket: true },
    });
  });
  afterAll(async () => sapa?.close());

  it('assigns each of many simultaneous new conversations at most once and never past capacity', async () => {
    const port = createInboxPort({});
    const clientId = adc.session.clientId;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        port.receiveInbound(
          sapa.database.db,
          inboundText(clientId, `62813000200${String(i).padStart(2, '0')}`, 'halo'),
        ),
      ),
    );
    const rooms = await sapa.database.db.select().from(csRooms).where(eq(csRooms.clientId, clientId));
    expect(rooms).toHaveLength(20);
    const open = rooms.filter((room) => room.status === 'open');
    expect(open).toHaveLength(8);
    const perAgent = new Map<string | null, number>();
    for (const room of open) perAgent.set(room.csId, (perAgent.get(room.csId) ?? 0) + 1);
    expect([...perAgent.values()]).toEqual([4, 4]);
    expect(rooms.filter((room) => room.status === 'queued').every((room) => room.csId === null)).toBe(true);
    const agents = await sapa.database.db
      .select()
      .from(csAgents)
      .where(and(eq(csAgents.clientId, clientId), eq(csAgents.kind, 'cs')));
    expect(agents.reduce((sum, agent) => sum + agent.assignedCount, 0)).toBe(8);
  });

  it('opens one room when one customer’s messages arrive at the same moment, each stored once', async () => {
    const port = createInboxPort({});
    const clientId = adc.session.clientId;
    const messages = Array.from({ length: 6 }, (_, i) =>
      inboundText(clientId, '6281300099999', `pesan ${i % 3}`),
    );
    // Every message is delivered twice, concurrently.
    const deliveries = [...messages.slice(0, 3), ...messages.slice(0, 3)];
    await Promise.all(deliveries.map((message) => port.receiveInbound(sapa.database.db, message)));
    const rooms = await sapa.database.db
      .select()
      .from(csRooms)
      .where(and(eq(csRooms.clientId, clientId), eq(csRooms.customerPhoneNumber, '6281300099999')));
    expect(rooms).toHaveLength(1);
    const stored = await sapa.database.db
      .select()
      .from(csMessages)
      .where(and(eq(csMessages.clientId, clientId), eq(csMessages.roomId, rooms[0]!.id)));
    expect(stored).toHaveLength(3);
  });
});
