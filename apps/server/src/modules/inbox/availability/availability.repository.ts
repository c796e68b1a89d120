import { asc, eq, inArray, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { csAgents } from '../agents/agents.tables.js';
import { csAvailability } from './availability.tables.js';

const withAgentName = {
  row: csAvailability,
  csName: csAgents.name,
};

/** A page of schedules, the business hours first, then agents' by name; each with its agent's name. */
export async function listAvailabilityRows(
  db: Executor,
  clientId: string,
  options: { id?: string | undefined; pageSize: number; offset: number },
) {
  const where = inClient(
    csAvailability,
    clientId,
    options.id ? eq(csAvailability.id, options.id) : undefined,
  );
  const rows = await db
    .select(withAgentName)
    .from(csAvailability)
    .leftJoin(csAgents, inClient(csAgents, csAvailability.clientId, eq(csAgents.id, csAvailability.csId)))
    .where(where)
    .orderBy(sql`${csAvailability.scope} = 'agent'`, asc(csAgents.name), asc(csAvailability.id))
    .limit(options.pageSize)
    .offset(options.offset);
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(csAvailability).where(where);
  return { rows, total: Number(count?.count ?? 0) };
}

export async function findAvailability(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .select(withAgentName)
    .from(csAvailability)
    .leftJoin(csAgents, inClient(csAgents, csAvailability.clientId, eq(csAgents.id, csAvailability.csId)))
    .where(inClient(csAvailability, clientId, eq(csAvailability.id, id)));
  return row ?? null;
}

/** Answers null when the scope already has a schedule. */
export async function insertAvailability(db: Executor, row: typeof csAvailability.$inferInsert) {
  const [inserted] = await db.insert(csAvailability).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateAvailability(
  db: Executor,
  clientId: string,
  id: string,
  values: Pick<typeof csAvailability.$inferInsert, 'name' | 'timezone' | 'periods' | 'holidays' | 'enabled'>,
) {
  const [row] = await db
    .update(csAvailability)
    .set({ ...values, updatedAt: sql`now()` })
    .where(inClient(csAvailability, clientId, eq(csAvailability.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAvailability(db: Executor, clientId: string, id: string) {
  const rows = await db
    .delete(csAvailability)
    .where(inClient(csAvailability, clientId, eq(csAvailability.id, id)))
    .returning({ id: csAvailability.id });
  return rows.length;
}

/** The switched-on schedules among the business hours and the given agents' own, in one query. */
export async function listActiveSchedules(db: Executor, clientId: string, csIds: string[]) {
  return db
    .select({
      scopeKey: csAvailability.scopeKey,
      timezone: csAvailability.timezone,
      periods: csAvailability.periods,
      holidays: csAvailability.holidays,
      enabled: csAvailability.enabled,
    })
    .from(csAvailability)
    .where(
      inClient(
        csAvailability,
        clientId,
        eq(csAvailability.enabled, true),
        inArray(csAvailability.scopeKey, ['business', ...csIds]),
      ),
    );
}
