import { eq, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { preparedOn } from '../../../platform/prepared-query.js';
import { csAgents } from '../agents/agents.tables.js';
import { csConfigurations } from '../configuration/configuration.tables.js';
import { hasLiveConnection } from '../presence/presence.repository.js';
import { csRooms } from '../rooms/rooms.tables.js';
import type { Candidate } from './routing.policy.js';

/**
 * Serialises routing decisions of one client until the transaction ends, so two arrivals never
 * read the same loads and pick past an agent's capacity. Works on PostgreSQL and PGlite alike.
 */
export async function lockClientRouting(db: Executor, clientId: string) {
  await db.execute(sql`select ${routingLock(clientId)}`);
}

const routingLock = (clientId: string) =>
  sql`pg_advisory_xact_lock(hashtextextended(${`cs-routing:${clientId}`}, 0))`;

/**
 * `lockClientRouting` in the statement that reads the client's saved configuration, which a new room
 * needs first: one round trip fewer while the lock is held. The next statement sees every room
 * committed before the lock was granted. Answers the saved configuration, if any, and the default bot
 * (a new room may be the bot's: one statement fewer under the lock).
 */
export async function lockClientRoutingReadingConfig(db: Executor, clientId: string) {
  const result = await db.execute<{ config: Record<string, unknown> | null; default_bot_id: string | null }>(
    sql`select saved.config, saved.default_bot_id, ${routingLock(clientId)}
      from (select 1) as one left join lateral (select ${csConfigurations.config} as config,
        ${csConfigurations.defaultBotId} as default_bot_id from ${csConfigurations}
        where ${inClient(csConfigurations, clientId)}) as saved on true`,
  );
  const row = result.rows[0];
  return { config: row?.config ?? null, defaultBotId: row?.default_bot_id ?? null };
}

/** Agents who may take a new room now (CS, online, connected, active), each with their open rooms, in one query. */
export async function listOnlineAgents(db: Executor, clientId: string): Promise<Candidate[]> {
  // Under the client's routing lock on every new conversation: prepared (decision 0059).
  const query = preparedOn(db, 'inbox_online_agents', (executor) =>
    executor
      .select({
        id: csAgents.id,
        tags: csAgents.tags,
        percentageWeight: csAgents.percentageWeight,
        capacity: csAgents.capacity,
        assignedCount: csAgents.assignedCount,
        lastAssignedAt: csAgents.lastAssignedAt,
        // Spelled out: inside a one-table select Drizzle leaves column names unqualified.
        openRooms:
          sql<number>`(select count(*)::int from ${csRooms} r where r.client_id = ${sql.placeholder('clientId')}
        and r.cs_id = "cs_agents"."id" and r.status = 'open')`.mapWith(Number),
      })
      .from(csAgents)
      .where(
        inClient(
          csAgents,
          sql.placeholder('clientId'),
          eq(csAgents.kind, 'cs'),
          eq(csAgents.status, 'online'),
          eq(csAgents.deactivated, false),
          eq(csAgents.deleted, false),
          // Online on paper is not enough: a closed tab must not receive customers (issue 13).
          hasLiveConnection(),
        ),
      )
      .prepare('inbox_online_agents'),
  );
  return query.execute({ clientId });
}

export async function countAssignment(db: Executor, clientId: string, csId: string) {
  await db
    .update(csAgents)
    .set({ assignedCount: sql`${csAgents.assignedCount} + 1`, lastAssignedAt: sql`clock_timestamp()` })
    .where(inClient(csAgents, clientId, eq(csAgents.id, csId)));
}
