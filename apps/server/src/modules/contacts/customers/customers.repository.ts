import { asc, desc, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { likePattern } from '../../../lib/like-pattern.js';
import { digitsOf } from '../../../lib/phone.js';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { preparedOn, rowShape } from '../../../platform/prepared-query.js';
import { textArray } from '../../../platform/sql-text-array.js';
import {
  type CsCustomerImportRow,
  type CsCustomerRow,
  csCustomerImportChunks,
  csCustomerImports,
  csCustomers,
  type ImportCustomerRow,
} from './customers.tables.js';

type CustomerValues = Omit<typeof csCustomers.$inferInsert, 'clientId'>;

export async function findCustomerByPhone(db: Executor, clientId: string, phone: string) {
  const [row] = await db
    .select()
    .from(csCustomers)
    .where(inClient(csCustomers, clientId, eq(csCustomers.phoneNumber, phone)));
  return row ?? null;
}

/** Creates the customer or, when the phone number exists, updates the given fields. */
export async function upsertCustomer(
  db: Executor,
  clientId: string,
  row: CustomerValues,
  update: Partial<CustomerValues>,
): Promise<CsCustomerRow> {
  const [saved] = await db
    .insert(csCustomers)
    .values({ ...row, clientId })
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
export async function ensureCustomer(db: Executor, clientId: string, row: CustomerValues) {
  // Every arrival runs it: prepared per shape of row (decision 0059).
  const shape = rowShape({ ...row, clientId });
  const name = `customer_ensure_${shape.key}`;
  const query = preparedOn(db, name, (executor) =>
    executor
      .insert(csCustomers)
      .values(shape.placeholders as never)
      .onConflictDoUpdate({
        target: [csCustomers.clientId, csCustomers.phoneNumber],
        set: { name: sql`coalesce(${csCustomers.name}, excluded.name)`, updatedAt: sql`now()` },
      })
      .returning()
      .prepare(name),
  );
  const [saved] = await query.execute({ ...row, clientId });
  return saved!;
}

/** Adds fields to a customer's `userData` (a bot's collected answers), in one statement. */
export async function mergeCustomerUserData(
  db: Executor,
  clientId: string,
  phone: string,
  userData: Record<string, string>,
) {
  const [row] = await db
    .update(csCustomers)
    .set({
      userData: sql`coalesce(${csCustomers.userData}, '{}'::jsonb) || ${JSON.stringify(userData)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(inClient(csCustomers, clientId, eq(csCustomers.phoneNumber, phone)))
    .returning();
  return row ?? null;
}

export async function updateCustomer(
  db: Executor,
  clientId: string,
  phone: string,
  values: Partial<CustomerValues>,
) {
  const [row] = await db
    .update(csCustomers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(inClient(csCustomers, clientId, eq(csCustomers.phoneNumber, phone)))
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
      inClient(
        csCustomers,
        clientId,
        options.q
          ? options.isPhoneNumber
            ? ilike(csCustomers.phoneNumber, `${digitsOf(options.q)}%`)
            : or(
                ilike(csCustomers.name, likePattern(options.q)),
                ilike(csCustomers.phoneNumber, likePattern(options.q)),
              )
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
    .where(inClient(csCustomers, clientId, inArray(csCustomers.phoneNumber, phones)))
    .returning({ phoneNumber: csCustomers.phoneNumber });
  return rows.map((row) => row.phoneNumber);
}

export async function listCustomerTags(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db.execute<{ tag: string }>(
    sql`select distinct unnest(${csCustomers.tags}) as tag from ${csCustomers}
        where ${inClient(csCustomers, clientId)} order by 1`,
  );
  return rows.rows.map((row) => row.tag);
}

export async function insertCustomerImport(
  db: Executor,
  clientId: string,
  row: Omit<typeof csCustomerImports.$inferInsert, 'clientId'>,
) {
  const [saved] = await db
    .insert(csCustomerImports)
    .values({ ...row, clientId })
    .returning();
  return saved!;
}

export async function insertCustomerImportChunk(
  db: Executor,
  clientId: string,
  chunk: { importId: string; seq: number; rows: ImportCustomerRow[] },
) {
  await db.insert(csCustomerImportChunks).values({ ...chunk, clientId });
}

export async function findCustomerImport(
  db: Executor,
  clientId: string,
  id: string,
): Promise<CsCustomerImportRow | null> {
  const [row] = await db
    .select()
    .from(csCustomerImports)
    .where(inClient(csCustomerImports, clientId, eq(csCustomerImports.id, id)));
  return row ?? null;
}

export async function updateCustomerImport(
  db: Executor,
  clientId: string,
  id: string,
  values: Partial<typeof csCustomerImports.$inferInsert>,
) {
  await db
    .update(csCustomerImports)
    .set(values)
    .where(inClient(csCustomerImports, clientId, eq(csCustomerImports.id, id)));
}

/** The next chunk of an import still to write, or null when all are written. */
export async function findNextImportChunk(db: Executor, clientId: string, importId: string) {
  const [row] = await db
    .select()
    .from(csCustomerImportChunks)
    .where(inClient(csCustomerImportChunks, clientId, eq(csCustomerImportChunks.importId, importId)))
    .orderBy(asc(csCustomerImportChunks.seq))
    .limit(1);
  return row ?? null;
}

/**
 * Writes one chunk of imported customers set-based, and drops the chunk and counts it in the same
 * transaction, so a retried job resumes after the last written chunk. Existing customers keep their
 * data unless the file gives it (name, mediaPlatform), and gain the file's tags after their own.
 */
export async function writeImportChunk(
  db: Executor,
  clientId: string,
  chunk: { importId: string; seq: number; rows: ImportCustomerRow[] },
) {
  const rows = JSON.stringify(chunk.rows);
  const record = sql.raw('r(id uuid, phone_number text, name text, tags text[], media_platform text)');
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update cs_customers c set
        name = coalesce(r.name, c.name),
        media_platform = coalesce(r.media_platform, c.media_platform),
        tags = array(
          select t from unnest(c.tags || r.tags) with ordinality as u(t, n) group by t order by min(n)
        ),
        updated_at = now()
      from jsonb_to_recordset(${rows}::jsonb) as ${record}
      where c.client_id = ${clientId} and c.phone_number = r.phone_number`);
    await tx.execute(sql`
      insert into cs_customers (client_id, id, phone_number, name, tags, media_platform)
      select ${clientId}, r.id, r.phone_number, r.name, r.tags, coalesce(r.media_platform, 'whatsapp')
      from jsonb_to_recordset(${rows}::jsonb) as ${record}
      on conflict (client_id, phone_number) do nothing`);
    await tx
      .delete(csCustomerImportChunks)
      .where(
        inClient(
          csCustomerImportChunks,
          clientId,
          eq(csCustomerImportChunks.importId, chunk.importId),
          eq(csCustomerImportChunks.seq, chunk.seq),
        ),
      );
    await tx
      .update(csCustomerImports)
      .set({ processed: sql`${csCustomerImports.processed} + ${chunk.rows.length}`, status: 'running' })
      .where(inClient(csCustomerImports, clientId, eq(csCustomerImports.id, chunk.importId)));
  });
}
