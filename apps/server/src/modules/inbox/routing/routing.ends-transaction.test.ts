import { and, eq, gt } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeCounters, realtimeEvents } from '../../../platform/realtime/realtime.tables.js';
import { addOnlineAgent } from '../../../test/agent-presence.js';
import { connectBeside, createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { envelope, postWebhook, textMessage } from '../../../test/whatsapp-webhook.js';
import { DEMO_WHATSAPP } from '../../demo/index.js';
import { csAgents } from '../agents/agents.tables.js';
import { csMessages } from '../chat/chat.tables.js';
import { csRooms } from '../rooms/rooms.tables.js';
import { listOnlineAgentsWithSchedules } from './routing.repository.js';

// Decision 0082: a webhook's new conversation is routed by the statement that also ends the arrival's
// transaction. When routing changed between the server's read and the lock, that statement declines,
// the transaction rolls back whole, and the arrival runs again the ordinary way: one room, one message,
// its events once.
describe.runIf(process.env.DATABASE_URL)(
  'a new conversation routed by the statement that ends its transaction',
  () => {
    let sapa: TestApp;
    let adc: LoggedIn;
    let clientId: string;
    let admin: pg.Client;
    const warnings: string[] = [];

    beforeAll(async () => {
      sapa = await createTestApp();
      adc = await logIn(sapa.app, 'adc@demo.test');
      clientId = adc.session.clientId;
      await addOnlineAgent(sapa, adc, {
        csName: 'Ayu',
        email: 'usc@demo.test',
        capacity: 5,
        percentageWeight: 50,
      });
      await addOnlineAgent(sapa, adc, {
        csName: 'Eko',
        email: 'use@demo.test',
        capacity: 5,
        percentageWeight: 50,
      });
      await sapa.app.inject({
        method: 'PUT',
        url: '/api/cs/configuration',
        headers: adc.headers,
        payload: { autoAssignTicket: true, strategy: 'leastBusy' },
      });
      admin = await connectBeside(sapa.database);
      const warn = sapa.app.log.warn.bind(sapa.app.log);
      sapa.app.log.warn = ((...args: Parameters<typeof warn>) => {
        warnings.push(JSON.stringify(args));
        return warn(...args);
      }) as typeof warn;
    });
    afterAll(async () => {
      await admin?.end();
      await sapa?.close();
    });

    const agentNamed = async (csName: string) =>
      (await sapa.database.db.select().from(csAgents).where(eq(csAgents.clientId, clientId))).find(
        (agent) => agent.name === csName,
      )!;
    const setStatus = (id: string, status: 'online' | 'offline') =>
      sapa.database.db
        .update(csAgents)
        .set({ status })
        .where(and(eq(csAgents.clientId, clientId), eq(csAgents.id, id)));

    it('declines when an agent came online after the read, and the arrival is run again and routed once', async () => {
      const eko = await agentNamed('Eko');
      await setStatus(eko.id, 'offline');
      expect(
        (await listOnlineAgentsWithSchedules(sapa.database.db, clientId)).map((a) => a.id),
      ).not.toContain(eko.id);
      const [counter] = await sapa.database.db
        .select()
        .from(realtimeCounters)
        .where(eq(realtimeCounters.clientId, clientId));
      const customer = '6281377700001';
      const wamid = 'wamid.ends-transaction-1';

      // The client's routing lock, held here: the arrival reads its agents, then waits on the lock.
      await admin.query(`select pg_advisory_lock(hashtextextended($1, 0))`, [`cs-routing:${clientId}`]);
      const posting = postWebhook(
        sapa.app,
        envelope(DEMO_WHATSAPP.phoneNumberId, {
          contacts: [{ profile: { name: 'Rina' }, wa_id: customer }],
          messages: [textMessage(customer, wamid, 'halo')],
        }),
      );
      const waiting = async () =>
        (
          await admin.query(
            `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
          )
        ).rows[0].n as number;
      for (let tries = 0; (await waiting()) === 0; tries++) {
        if (tries > 200) throw new Error('the arrival never waited on the routing lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Meanwhile Eko comes online: the waiting statement will find an agent the server did not read.
      await setStatus(eko.id, 'online');
      await admin.query(`select pg_advisory_unlock(hashtextextended($1, 0))`, [`cs-routing:${clientId}`]);
      const response = await posting;
      expect(response.statusCode).toBe(200);

      const rooms = await sapa.database.db
        .select()
        .from(csRooms)
        .where(and(eq(csRooms.clientId, clientId), eq(csRooms.customerPhoneNumber, customer)));
      expect(rooms).toHaveLength(1);
      // Run again with Eko read: least busy, both empty, so the first of the two in their order.
      expect(rooms[0]!.status).toBe('open');
      const messages = await sapa.database.db
        .select()
        .from(csMessages)
        .where(and(eq(csMessages.clientId, clientId), eq(csMessages.providerMessageId, wamid)));
      expect(messages).toHaveLength(1);
      const events = await sapa.database.db
        .select()
        .from(realtimeEvents)
        .where(and(eq(realtimeEvents.clientId, clientId), gt(realtimeEvents.seq, counter?.seq ?? 0)));
      const types = events
        .map((event) => event.payload as { typeNotif: string; chatroom?: { id: string } | null })
        .filter((payload) => payload.chatroom?.id === rooms[0]!.id)
        .map((payload) => payload.typeNotif);
      expect(types).toEqual(['NEW_ROOM', 'ROOM_ASSIGNED', 'NEW_MESSAGE']);
      // Run again at once, not left to the delivery's retry path.
      expect(warnings.filter((line) => line.includes('storing it to retry'))).toEqual([]);
    });
  },
);
