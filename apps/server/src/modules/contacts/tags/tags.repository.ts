import { asc, eq, ilike, sql } from 'drizzle-orm';
import { likePattern } from '../../../lib/like-pattern.js';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { csTags } from './tags.tables.js';

export async function listTagRows(
  db: Executor,
  clientId: string,
  options: { search?: string | undefined; pageSize: number; offset: number },
) {
  const where = inClient(
    csTags,
    clientId,
    options.search ? ilike(csTags.name, likePattern(options.search)) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(csTags)
      .where(where)
      .orderBy(asc(csTags.name))
      .limit(options.pageSize)
      .offset(options.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(csTags).where(where),
  ]);
  return { rows, total: Number(count?.count ?? 0) };
}

/** Adds the named tags to one client's list; names it already has are skipped (not returned). */
export async function insertTags(
  db: Executor,
  clientId: string,
  rows: { id: string; name: string; description?: string | null }[],
) {
  if (rows.length === 0) return [];
  return db
    .insert(csTags)
    .values(rows.map((row) => ({ ...row, clientId })))
    .onConflictDoNothing()
    .returning();
}

export async function updateTag(
  db: Executor,
  clientId: string,
  id: string,
  values: { name?: string | undefined; description?: string | null | undefined },
) {
  const [row] = await db
    .update(csTags)
    .set(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)))
    .where(inClient(csTags, clientId, eq(csTags.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTagRow(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .delete(csTags)
    .where(inClient(csTags, clientId, eq(csTags.id, id)))
    .returning();
  return row ?? null;
}
