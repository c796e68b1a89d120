import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { type CsExportRow, csExports } from './exports.tables.js';

export async function insertExport(db: Executor, row: typeof csExports.$inferInsert) {
  const [inserted] = await db.insert(csExports).values(row).returning();
  return inserted!;
}

export async function findExport(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(csExports)
    .where(inClient(csExports, clientId, eq(csExports.id, id)));
  return row ?? null;
}

export async function updateExport(db: Executor, clientId: string, id: string, values: Partial<CsExportRow>) {
  await db
    .update(csExports)
    .set(values)
    .where(inClient(csExports, clientId, eq(csExports.id, id)));
}

/** What one reader may see of a client's exports: some kinds, and possibly only their own requests. */
export type ExportScope = { kinds: CsExportRow['kind'][]; requestedBy?: string | undefined };

export async function listExportRows(
  db: Executor,
  clientId: string,
  kind: CsExportRow['kind'] | ExportScope,
  page: { pageSize: number; offset: number },
) {
  const scope: ExportScope = typeof kind === 'string' ? { kinds: [kind] } : kind;
  const conditions: SQL[] = [inClient(csExports, clientId), inArray(csExports.kind, scope.kinds)];
  if (scope.requestedBy !== undefined) conditions.push(eq(csExports.requestedBy, scope.requestedBy));
  const where = and(...conditions);
  const rows = await db
    .select({
      id: csExports.id,
      kind: csExports.kind,
      asType: csExports.asType,
      status: csExports.status,
      request: csExports.request,
      requestedBy: csExports.requestedBy,
      total: csExports.total,
      processed: csExports.processed,
      fileName: csExports.fileName,
      error: csExports.error,
      createdAt: csExports.createdAt,
      finishedAt: csExports.finishedAt,
    })
    .from(csExports)
    .where(where)
    .orderBy(desc(csExports.createdAt), desc(csExports.id))
    .limit(page.pageSize)
    .offset(page.offset);
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(csExports).where(where);
  return { rows, total: Number(count?.count ?? 0) };
}
