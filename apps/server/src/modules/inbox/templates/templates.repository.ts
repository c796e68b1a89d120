import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { csChatTemplates } from './templates.tables.js';

const like = (value: string) => `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

export async function listTemplateRows(
  db: Executor,
  clientId: string,
  options: {
    search?: string | undefined;
    isClosingRemark?: boolean | undefined;
    activeOnly: boolean;
    pageSize: number;
    offset: number;
  },
) {
  const where = inClient(
    csChatTemplates,
    clientId,
    options.search
      ? or(
          ilike(csChatTemplates.name, like(options.search)),
          ilike(csChatTemplates.content, like(options.search)),
          ilike(csChatTemplates.shortcut, like(options.search)),
        )
      : undefined,
    options.isClosingRemark === undefined
      ? undefined
      : eq(csChatTemplates.isClosingRemark, options.isClosingRemark),
    options.activeOnly ? eq(csChatTemplates.active, true) : undefined,
  );
  const rows = await db
    .select()
    .from(csChatTemplates)
    .where(where)
    .orderBy(asc(csChatTemplates.name))
    .limit(options.pageSize)
    .offset(options.offset);
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(csChatTemplates).where(where);
  return { rows, total: Number(count?.count ?? 0) };
}

export async function findTemplate(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(csChatTemplates)
    .where(inClient(csChatTemplates, clientId, eq(csChatTemplates.id, id)));
  return row ?? null;
}

export async function insertTemplate(db: Executor, row: typeof csChatTemplates.$inferInsert) {
  const [inserted] = await db.insert(csChatTemplates).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateTemplate(
  db: Executor,
  clientId: string,
  id: string,
  values: Partial<typeof csChatTemplates.$inferInsert>,
) {
  const [row] = await db
    .update(csChatTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(inClient(csChatTemplates, clientId, eq(csChatTemplates.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTemplates(db: Executor, clientId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(csChatTemplates)
    .where(inClient(csChatTemplates, clientId, inArray(csChatTemplates.id, ids)))
    .returning({ id: csChatTemplates.id });
  return rows.length;
}

export async function setTemplatesActive(db: Executor, clientId: string, ids: string[], active: boolean) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(csChatTemplates)
    .set({ active, updatedAt: sql`now()` })
    .where(inClient(csChatTemplates, clientId, inArray(csChatTemplates.id, ids)))
    .returning({ id: csChatTemplates.id });
  return rows.length;
}
