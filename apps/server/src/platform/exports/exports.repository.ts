import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { inClient } from '../client-scope.js';
import type { Executor } from '../database.js';
import { type ExportRequestRow, exportRequests } from './exports.tables.js';

export async function insertExport(db: Executor, row: typeof exportRequests.$inferInsert) {
  const [inserted] = await db.insert(exportRequests).values(row).returning();
  return inserted!;
}

export async function findExport(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(exportRequests)
    .where(inClient(exportRequests, clientId, eq(exportRequests.id, id)));
  return row ?? null;
}

export async function updateExport(
  db: Executor,
  clientId: string,
  id: string,
  values: Partial<ExportRequestRow>,
) {
  await db
    .update(exportRequests)
    .set(values)
    .where(inClient(exportRequests, clientId, eq(exportRequests.id, id)));
}

/** What one reader may see of a client's exports: every request of some kinds, only their own of others. */
export type ExportScope = { allOf: string[]; ownOf: string[]; requestedBy: string | null };

export async function listExportRows(
  db: Executor,
  clientId: string,
  scope: ExportScope,
  page: { pageSize: number; offset: number },
) {
  const visible: SQL[] = [];
  if (scope.allOf.length > 0) visible.push(inArray(exportRequests.kind, scope.allOf));
  if (scope.ownOf.length > 0 && scope.requestedBy !== null) {
    visible.push(
      and(inArray(exportRequests.kind, scope.ownOf), eq(exportRequests.requestedBy, scope.requestedBy))!,
    );
  }
  if (visible.length === 0) return { rows: [], total: 0 };
  const where = inClient(exportRequests, clientId, or(...visible));
  const rows = await db
    .select({
      id: exportRequests.id,
      kind: exportRequests.kind,
      asType: exportRequests.asType,
      status: exportRequests.status,
      request: exportRequests.request,
      requestedBy: exportRequests.requestedBy,
      total: exportRequests.total,
      processed: exportRequests.processed,
      fileName: exportRequests.fileName,
      error: exportRequests.error,
      createdAt: exportRequests.createdAt,
      finishedAt: exportRequests.finishedAt,
    })
    .from(exportRequests)
    .where(where)
    .orderBy(desc(exportRequests.createdAt), desc(exportRequests.id))
    .limit(page.pageSize)
    .offset(page.offset);
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(exportRequests).where(where);
  return { rows, total: Number(count?.count ?? 0) };
}
