import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/database.js';
import { csAgents } from '../agents/agents.tables.js';

/**
 * Serialises routing decisions of one client until the transaction ends, so two arrivals never
 * read the same loads and pick past an agent's capacity. Works on PostgreSQL and PGlite alike.
 */
export async function lockClientRouting(db: Executor, clientId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cs-routing:${clientId}`}, 0))`);
}

/** Serialises the arrivals of one customer, so concurrent first messages open one room. */
export async function lockCustomerArrival(db: Executor, clientId: string, phone: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`cs-customer:${clientId}:${phone}`}, 0))`,
  );
}

/** Agents who may take a new room now: CS, online, active. */
export async function listOnlineAgents(db: Executor, clientId: string) {
  return db
    .select({
      id: csAgents.id,
      tags: csAgents.tags,
      percentageWeight: csAgents.percentageWeight,
      capacity: csAgents.capacity,
      assignedCount: csAgents.assignedCount,
    })
    .from(csAgents)
    .where(
      and(
        eq(csAgents.clientId, clientId),
        eq(csAgents.kind, 'cs'),
        eq(csAgents.status, 'online'),
        eq(csAgents.deactivated, false),
        eq(csAgents.deleted, false),
      ),
    );
}

export async function countAssignment(db: Executor, clientId: string, csId: string) {
  await db
    .update(csAgents)
    .set({ assignedCount: sql`${csAgents.assignedCount} + 1` })
    .where(and(eq(csAgents.clientId, clientId), eq(csAgents.id, csId)));
}
