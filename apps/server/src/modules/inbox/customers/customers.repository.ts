import { and, asc, desc, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/database.js';
import { textArray } from '../../../platform/sql-text-array.js';
import { type CsCustomerRow, csCustomers, csTags } from './customers.tables.js';

const like = (value: string) => `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

export async function findCustomerByPhone(db: Executor, clientId: string, phone: string) {
  const [row] = await db
    .select()
    .from(csCustomers)
    .where(and(eq(csCustomers.clientId, clientId), eq(csCustomers.phoneNumber, phone)));
  return row ?? null;
}

/** Creates the customer or, when the phone number exists, updates the given fields. */
export async function upsertCustomer(
  db: Executor,
  row: typeof csCustomers.$inferInsert,
  update: Partial<typeof csCustomers.$inferInsert>,
): Promise<CsCustomerRow> {
  const [saved] = await db
    .insert(csCustomers)
    .values(row)
    .onConflictDoUpdate({
      target: [csCustomers.clientId, csCustomers.phoneNumber],
      set: { ...update, updatedAt: sql`now()` },
    })
    .returning();
  return saved!;
}

/**
 * Creates the customer when new; an existing one keeps its data (its name is filled if empty). Either
 * way the row stays locked until commit, which serialises one customer's concurrent arrivals.
 */
export async function ensureCustomer(db: Executor, row: typeof csCustomers.$inferInsert) {
  return upsertCustomer(db, row, {
    name: sql`coalesce(${csCustomers.name}, excluded.name)` as never,
  });
}

export async function updateCustomer(
  db: Executor,
  clientId: string,
  phone: string,
  values: Partial<typeof csCustomers.$inferInsert>,
) {
  const [row] = await db
    .update(csCustomers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(csCustomers.clientId, clientId), eq(csCustomers.phoneNumber, phone)))
    .returning();
  return row ?? null;
}

export async function listCustomerRows(
  db: Executor,
  clientId: string,
  options: {
    q?: string | undefined;
    isPhoneNumber?: boolean | undefined;
    afterId?: string | undefined;
    pageSize: number;
    tags?: string[] | undefined;
    csId?: string | undefined;
  },
) {
  return db
    .select()
    .from(csCustomers)
    .where(
      and(
        eq(csCustomers.clientId, clientId),
        options.q
          ? options.isPhoneNumber
            ? ilike(csCustomers.phoneNumber, `${options.q.replace(/\D/g, '')}%`)
            : or(ilike(csCustomers.name, like(options.q)), ilike(csCustomers.phoneNumber, like(options.q)))
          : undefined,
        options.tags?.length ? sql`${csCustomers.tags} && ${textArray(options.tags)}` : undefined,
        options.csId ? eq(csCustomers.csId, options.csId) : undefined,
        options.afterId ? lt(csCustomers.id, options.afterId) : undefined,
      ),
    )
    .orderBy(desc(csCustomers.id))
    .limit(options.pageSize + 1);
}

export async function deleteCustomers(db: Executor, clientId: string, phones: string[]) {
  if (phones.length === 0) return [];
  const rows = await db
    .delete(csCustomers)
    .where(and(eq(csCustomers.clientId, clientId), inArray(csCustomers.phoneNumber, phones)))
    .returning({ phoneNumber: csCustomers.phoneNumber });
  return rows.map((row) => row.phoneNumber);
}

export async function listCustomerTags(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db.execute<{ tag: string }>(
    sql`select distinct unnest(${csCustomers.tags}) as tag from ${csCustomers}
        where ${csCustomers.clientId} = ${clientId} order by 1`,
  );
  return rows.rows.map((row) => row.tag);
}

export async function listTagRows(
  db: Executor,
  clientId: string,
  options: { search?: string | undefined; pageSize: number; offset: number },
) {
  const where = and(
    eq(csTags.clientId, clientId),
    options.search ? ilike(csTags.name, like(options.search)) : undefined,
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

export async function insertTags(db: Executor, rows: (typeof csTags.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(csTags).values(rows).onConflictDoNothing().returning();
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
    .where(and(eq(csTags.clientId, clientId), eq(csTags.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTagRow(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .delete(csTags)
    .where(and(eq(csTags.clientId, clientId), eq(csTags.id, id)))
    .returning();
  return row ?? null;
}
