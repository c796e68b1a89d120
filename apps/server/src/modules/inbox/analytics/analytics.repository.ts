import { and, asc, desc, eq, ilike, lte, sql } from 'drizzle-orm';
import { likePattern } from '../../../lib/like-pattern.js';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { csRooms } from '../rooms/rooms.tables.js';
import {
  type CsAnalyticsDashboardRow,
  type CsEmailPulseRow,
  csAnalyticsDashboards,
  csAnalyticsSettings,
  csEmailPulses,
} from './analytics.tables.js';

export async function listDashboardRows(
  db: Executor,
  clientId: string,
  page: { search?: string | undefined; pageSize: number; offset: number },
) {
  const where = inClient(
    csAnalyticsDashboards,
    clientId,
    page.search ? ilike(csAnalyticsDashboards.name, likePattern(page.search)) : undefined,
  );
  const rows = await db
    .select()
    .from(csAnalyticsDashboards)
    .where(where)
    .orderBy(desc(csAnalyticsDashboards.createdAt), desc(csAnalyticsDashboards.id))
    .limit(page.pageSize)
    .offset(page.offset);
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(csAnalyticsDashboards)
    .where(where);
  return { rows, total: Number(count?.count ?? 0) };
}

export async function findDashboard(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(csAnalyticsDashboards)
    .where(inClient(csAnalyticsDashboards, clientId, eq(csAnalyticsDashboards.id, id)));
  return row ?? null;
}

export async function insertDashboard(db: Executor, row: typeof csAnalyticsDashboards.$inferInsert) {
  const [inserted] = await db.insert(csAnalyticsDashboards).values(row).returning();
  return inserted!;
}

export async function updateDashboard(
  db: Executor,
  clientId: string,
  id: string,
  values: Partial<Pick<CsAnalyticsDashboardRow, 'name' | 'description' | 'widgets'>>,
) {
  const [row] = await db
    .update(csAnalyticsDashboards)
    .set({ ...values, updatedAt: new Date() })
    .where(inClient(csAnalyticsDashboards, clientId, eq(csAnalyticsDashboards.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteDashboard(db: Executor, clientId: string, id: string) {
  const rows = await db
    .delete(csAnalyticsDashboards)
    .where(inClient(csAnalyticsDashboards, clientId, eq(csAnalyticsDashboards.id, id)))
    .returning({ id: csAnalyticsDashboards.id });
  return rows.length;
}

/**
 * Rooms the bot held (`bot_handled`) started in [from, to), per local day: closed while the bot still
 * held them (contained), handed to the agents (is_bot cleared), or still with the bot.
 */
export async function botContainmentByDay(
  db: Executor,
  clientId: string,
  from: Date,
  to: Date,
  timezone: string,
) {
  const day = sql<string>`to_char(${csRooms.createdAt} at time zone ${timezone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      total: sql<number>`count(*)::int`,
      contained: sql<number>`count(*) filter (where ${csRooms.isBot} and ${csRooms.status} = 'closed')::int`,
      handedOff: sql<number>`count(*) filter (where not ${csRooms.isBot})::int`,
    })
    .from(csRooms)
    .where(
      inClient(
        csRooms,
        clientId,
        eq(csRooms.botHandled, true),
        eq(csRooms.isInternal, false),
        sql`${csRooms.createdAt} >= ${from}`,
        sql`${csRooms.createdAt} < ${to}`,
      ),
    )
    // By position: the time zone is a parameter, so the expression would differ from the select's.
    .groupBy(sql`1`);
  return rows.map((row) => ({
    day: row.day,
    total: Number(row.total),
    contained: Number(row.contained),
    handedOff: Number(row.handedOff),
  }));
}

export async function listPulseRows(
  db: Executor,
  clientId: string,
  page: { search?: string | undefined; pageSize: number; offset: number },
) {
  const where = inClient(
    csEmailPulses,
    clientId,
    page.search ? ilike(csEmailPulses.name, likePattern(page.search)) : undefined,
  );
  const rows = await db
    .select()
    .from(csEmailPulses)
    .where(where)
    .orderBy(desc(csEmailPulses.createdAt), desc(csEmailPulses.id))
    .limit(page.pageSize)
    .offset(page.offset);
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(csEmailPulses).where(where);
  return { rows, total: Number(count?.count ?? 0) };
}

export async function findPulse(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(csEmailPulses)
    .where(inClient(csEmailPulses, clientId, eq(csEmailPulses.id, id)));
  return row ?? null;
}

export async function insertPulse(db: Executor, row: typeof csEmailPulses.$inferInsert) {
  const [inserted] = await db.insert(csEmailPulses).values(row).returning();
  return inserted!;
}

export async function updatePulse(
  db: Executor,
  clientId: string,
  id: string,
  values: Partial<Omit<CsEmailPulseRow, 'clientId' | 'id' | 'createdAt' | 'createdBy'>>,
) {
  const [row] = await db
    .update(csEmailPulses)
    .set({ ...values, updatedAt: new Date() })
    .where(inClient(csEmailPulses, clientId, eq(csEmailPulses.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Active pulses of every client due at `now`, oldest first. Unsafe (no client filter): the scheduler
 * looks across clients; each row then acts only within its own client.
 */
export async function unsafeListDuePulses(db: Executor, now: Date, limit: number) {
  return db
    .select()
    .from(csEmailPulses)
    .where(and(eq(csEmailPulses.status, 'active'), lte(csEmailPulses.nextRunAt, now)))
    .orderBy(asc(csEmailPulses.nextRunAt))
    .limit(limit);
}

/** Moves a due pulse's next run on, only if no other scheduler did first (compare-and-set). */
export async function claimPulseRun(
  db: Executor,
  clientId: string,
  id: string,
  runAt: Date,
  nextRunAt: Date,
) {
  const rows = await db
    .update(csEmailPulses)
    .set({ nextRunAt })
    .where(
      inClient(
        csEmailPulses,
        clientId,
        eq(csEmailPulses.id, id),
        eq(csEmailPulses.status, 'active'),
        eq(csEmailPulses.nextRunAt, runAt),
      ),
    )
    .returning({ id: csEmailPulses.id });
  return rows.length === 1;
}

/** Records the digest for `runAt` as sent; false when it already was (a repeated job). */
export async function markPulseSent(db: Executor, clientId: string, id: string, runAt: Date, sentAt: Date) {
  const rows = await db
    .update(csEmailPulses)
    .set({ lastRunFor: runAt, lastSentAt: sentAt })
    .where(
      inClient(
        csEmailPulses,
        clientId,
        eq(csEmailPulses.id, id),
        sql`(${csEmailPulses.lastRunFor} is null or ${csEmailPulses.lastRunFor} < ${runAt})`,
      ),
    )
    .returning({ id: csEmailPulses.id });
  return rows.length === 1;
}

export async function findAnalyticsSettings(db: Executor, clientId: string) {
  const [row] = await db.select().from(csAnalyticsSettings).where(inClient(csAnalyticsSettings, clientId));
  return row ?? null;
}

export async function upsertAnalyticsSettings(db: Executor, row: typeof csAnalyticsSettings.$inferInsert) {
  const [saved] = await db
    .insert(csAnalyticsSettings)
    .values(row)
    .onConflictDoUpdate({
      target: csAnalyticsSettings.clientId,
      set: {
        metabaseSiteUrl: row.metabaseSiteUrl,
        metabaseSecretSealed: row.metabaseSecretSealed,
        metabaseDashboardId: row.metabaseDashboardId,
        updatedAt: new Date(),
      },
    })
    .returning();
  return saved!;
}
