import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { inClient } from '../client-scope.js';
import type { Executor } from '../database.js';
import { auditLogs } from './audit.tables.js';

export type AuditFilter = {
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  actorUserId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

export async function insertAuditLog(db: Executor, row: typeof auditLogs.$inferInsert) {
  await db.insert(auditLogs).values(row);
}

/** `clientId` undefined is the super admin's view over every client; callers decide who may pass it. */
function whereOf(clientId: string | undefined, filter: AuditFilter): SQL | undefined {
  return and(
    clientId ? inClient(auditLogs, clientId) : undefined,
    filter.action ? eq(auditLogs.action, filter.action) : undefined,
    filter.entityType ? eq(auditLogs.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLogs.entityId, filter.entityId) : undefined,
    filter.actorUserId ? eq(auditLogs.actorUserId, filter.actorUserId) : undefined,
    filter.from ? gte(auditLogs.createdAt, filter.from) : undefined,
    filter.to ? lte(auditLogs.createdAt, filter.to) : undefined,
  );
}

/** Unsafe: `clientId` undefined pages through every client's trail, for the super admin only. */
export async function unsafeListAuditLogs(
  db: Executor,
  clientId: string | undefined,
  filter: AuditFilter,
  page: { pageSize: number; pageNumber: number },
) {
  const where = whereOf(clientId, filter);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(page.pageSize)
      .offset(page.pageNumber * page.pageSize),
    db.select({ value: count() }).from(auditLogs).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

/**
 * Batches of at most `batchSize` rows, newest first, for a streamed export that never holds the whole
 * set; keyset paging, so rows written meanwhile neither repeat nor shift the rest. Unsafe as
 * `unsafeListAuditLogs`: `clientId` undefined reads every client's trail.
 */
export async function* unsafeIterateAuditLogs(
  db: Executor,
  clientId: string | undefined,
  filter: AuditFilter,
  batchSize = 500,
) {
  let last: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLogs)
      .where(
        and(
          whereOf(clientId, filter),
          last
            ? sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (${last.createdAt.toISOString()}::timestamptz, ${last.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = rows.at(-1);
  }
}
