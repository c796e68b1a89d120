import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/database.js';
import { activityLogs, apiMetrics, pageMetrics } from './usage.tables.js';

export type PageRequest = { pageSize: number; pageNumber: number };

export async function insertApiMetrics(
  db: Executor,
  rows: (typeof apiMetrics.$inferInsert)[],
): Promise<void> {
  await db.insert(apiMetrics).values(rows);
}

export async function insertPageMetric(db: Executor, row: typeof pageMetrics.$inferInsert): Promise<void> {
  await db.insert(pageMetrics).values(row);
}

export async function insertActivityLog(db: Executor, row: typeof activityLogs.$inferInsert): Promise<void> {
  await db.insert(activityLogs).values(row);
}

type UsageTable = typeof apiMetrics | typeof pageMetrics | typeof activityLogs;

/**
 * A page of one usage table, newest first. `clientId` undefined lists every client: callers pass it
 * only for super admins.
 */
async function listPage<T extends UsageTable>(
  db: Executor,
  table: T,
  clientId: string | undefined,
  page: PageRequest,
  extra?: SQL,
) {
  const where = and(clientId ? eq(table.clientId as PgColumn, clientId) : undefined, extra);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(table.createdAt as PgColumn), desc(table.id as PgColumn))
      .limit(page.pageSize)
      .offset(page.pageNumber * page.pageSize),
    db
      .select({ value: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { items: items as T['$inferSelect'][], total: total?.value ?? 0 };
}

export const listApiMetrics = (db: Executor, clientId: string | undefined, page: PageRequest) =>
  listPage(db, apiMetrics, clientId, page);
export const listPageMetrics = (db: Executor, clientId: string | undefined, page: PageRequest) =>
  listPage(db, pageMetrics, clientId, page);
export const listActivityLogs = (
  db: Executor,
  clientId: string | undefined,
  page: PageRequest,
  type?: string,
) => listPage(db, activityLogs, clientId, page, type ? eq(activityLogs.type, type) : undefined);
