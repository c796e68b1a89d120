import { and, eq, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { csAgentConnections, csAgents } from '../agents/agents.tables.js';
import { csConfigurations } from '../configuration/configuration.tables.js';
import { csRooms } from '../rooms/rooms.tables.js';

/**
 * How long a process's connection row counts without being refreshed: three heartbeats. Past it the
 * process is taken for dead (crash, restart) and its sockets for gone.
 */
export const CONNECTION_STALE_SECONDS = 45;

/** SQL: the agent (row of `cs_agents` in the outer query) holds a live socket on some process now. */
export function hasLiveConnection(now: Date | null = null) {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return sql`exists (select 1 from ${csAgentConnections} k where k.client_id = "cs_agents"."client_id"
    and k.cs_id = "cs_agents"."id" and k.sockets > 0
    and k.seen_at > ${at} - make_interval(secs => ${CONNECTION_STALE_SECONDS}))`;
}

/** This process now holds `sockets` live sockets of the agent (0: the last one closed). */
export async function saveConnection(
  db: Executor,
  row: { clientId: string; csId: string; nodeId: string; sockets: number; seenAt: Date },
) {
  await db
    .insert(csAgentConnections)
    .values(row)
    .onConflictDoUpdate({
      target: [csAgentConnections.clientId, csAgentConnections.csId, csAgentConnections.nodeId],
      set: { sockets: row.sockets, seenAt: row.seenAt },
    });
}

/**
 * Heartbeat of one process across every client it serves (hence unsafe): its rows with live sockets
 * are still true at `now`.
 */
export async function unsafeTouchNode(db: Executor, nodeId: string, now: Date) {
  await db
    .update(csAgentConnections)
    .set({ seenAt: now })
    .where(and(eq(csAgentConnections.nodeId, nodeId), sql`${csAgentConnections.sockets} > 0`));
}

/** The process stops: none of its sockets is live any more. */
export async function unsafeReleaseNode(db: Executor, nodeId: string, now: Date) {
  await db
    .update(csAgentConnections)
    .set({ sockets: 0, seenAt: now })
    .where(and(eq(csAgentConnections.nodeId, nodeId), sql`${csAgentConnections.sockets} > 0`));
}

/**
 * Agents of every client (a housekeeping sweep, hence unsafe) who are online without a live socket
 * for longer than their client's grace period. Lost since: their last seen socket, or the moment
 * they went online if they never had one, but never before `notBefore` (this process's start: after a
 * restart, browsers get the grace period to reconnect before anyone is set offline).
 */
export async function unsafeListLostAgents(
  db: Executor,
  now: Date,
  defaultGraceSeconds: number,
  notBefore: Date,
) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute<{ client_id: string; id: string }>(sql`
    select "cs_agents"."client_id", "cs_agents"."id" from ${csAgents}
    left join ${csConfigurations} c on c.client_id = "cs_agents"."client_id"
    where "cs_agents"."status" = 'online' and not "cs_agents"."deleted"
      and not ${hasLiveConnection(now)}
      and greatest("cs_agents"."status_since", coalesce((select max(k.seen_at) from ${csAgentConnections} k
            where k.client_id = "cs_agents"."client_id" and k.cs_id = "cs_agents"."id"), "cs_agents"."status_since"),
          ${notBefore.toISOString()}::timestamptz)
        <= ${at} - make_interval(secs => coalesce((c.config ->> 'presenceGraceSeconds')::int, ${defaultGraceSeconds}))
    limit 500`);
  return result.rows.map((row) => ({ clientId: row.client_id, csId: row.id }));
}

/** Open rooms of the agent where the customer waits for an answer (the last word is theirs). */
export async function listUnansweredRoomIds(db: Executor, clientId: string, csId: string) {
  const rows = await db
    .select({ id: csRooms.id })
    .from(csRooms)
    .where(
      inClient(
        csRooms,
        clientId,
        eq(csRooms.csId, csId),
        eq(csRooms.status, 'open'),
        eq(csRooms.isInternal, false),
        sql`${csRooms.lastMessageFromCs} is not true`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Every open room of the agent (handing them all back when they go offline on purpose). */
export async function listOpenRoomIds(db: Executor, clientId: string, csId: string) {
  const rows = await db
    .select({ id: csRooms.id })
    .from(csRooms)
    .where(
      inClient(
        csRooms,
        clientId,
        eq(csRooms.csId, csId),
        eq(csRooms.status, 'open'),
        eq(csRooms.isInternal, false),
      ),
    );
  return rows.map((row) => row.id);
}
