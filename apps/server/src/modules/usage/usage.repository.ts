import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { inClient } from '../../platform/client-scope.js';
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

/** The usage tables, each with the columns its list shows under their API names. */
const USAGE_LISTS = {
  api: {
    table: apiMetrics,
    columns: {
      id: apiMetrics.id,
      clientId: apiMetrics.clientId,
      userId: apiMetrics.userId,
      endpoint: apiMetrics.endpoint,
      role: apiMetrics.role,
      duration: apiMetrics.durationMs,
      status: apiMetrics.status,
      createdAt: apiMetrics.createdAt,
    },
  },
  page: {
    table: pageMetrics,
    columns: {
      id: pageMetrics.id,
      clientId: pageMetrics.clientId,
      userId: pageMetrics.userId,
      pageName: pageMetrics.pageName,
      startTime: pageMetrics.startTime,
      endTime: pageMetrics.endTime,
      createdAt: pageMetrics.createdAt,
    },
  },
  logs: {
    table: activityLogs,
    columns: {
      id: activityLogs.id,
      clientId: activityLogs.clientId,
      userId: activityLogs.userId,
      type: activityLogs.type,
      event: activityLogs.event,
      result: activityLogs.result,
      createdAt: activityLogs.createdAt,
    },
  },
} as const;

export type UsageKind = keyof typeof USAGE_LISTS;

/**
 * A page of one usage table, newest first. Unsafe: `clientId` undefined lists every client, which
 * callers pass only for super admins.
 */
export async function unsafeListUsage(
  db: Executor,
  kind: UsageKind,
  clientId: string | undefined,
  page: PageRequest,
  logType?: string,
) {
  const { table, columns } = USAGE_LISTS[kind];
  const filters: (SQL | undefined)[] = [clientId ? inClient(table, clientId) : undefined];
  if (kind === 'logs' && logType) filters.push(eq(activityLogs.type, logType));
  const where = and(...filters);
  const [items, [total]] = await Promise.all([
    db
      .select(columns)
      .from(table)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(page.pageSize)
      .offset(page.pageNumber * page.pageSize),
    db.select({ value: count() }).from(table).where(where),
  ]);
  return { items: items as Record<string, unknown>[], total: total?.value ?? 0 };
}
