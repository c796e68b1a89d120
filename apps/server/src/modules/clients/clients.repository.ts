import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { inClient } from '../../platform/client-scope.js';
import { type Database, type Executor, isTransaction } from '../../platform/database.js';
import { preparedQuery } from '../../platform/prepared-query.js';
import { type ClientRow, clientApiSecrets, clients } from './clients.tables.js';

const prepareFindClient = (db: Database) =>
  db
    .select()
    .from(clients)
    .where(eq(clients.id, sql.placeholder('clientId')))
    .prepare('find_client');

/** Read on most requests, so outside a transaction it runs prepared. */
export async function findClient(db: Executor, clientId: string): Promise<ClientRow | null> {
  const [row] = isTransaction(db)
    ? await db.select().from(clients).where(eq(clients.id, clientId))
    : await preparedQuery(db, 'find_client', prepareFindClient).execute({ clientId });
  return row ?? null;
}

/** Every tenant: only for super admins, whose work spans clients. */
export async function unsafeListAllClients(db: Executor): Promise<ClientRow[]> {
  return db.select().from(clients).orderBy(asc(clients.clientName));
}

/**
 * Each client's status and feature mask as a subquery, for the per-request session lookup in identity,
 * which joins it on the session's active client: one indexed query per request, not two, while
 * identity never names this module's table.
 */
export function clientAccessSubquery(db: Executor) {
  return db
    .select({
      id: clients.id,
      status: clients.status,
      features: clients.features,
      mainFeature: clients.mainFeature,
    })
    .from(clients)
    .as('client_access');
}

export async function unsafeListAllClientIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: clients.id }).from(clients).orderBy(asc(clients.clientName));
  return rows.map((row) => row.id);
}

export async function insertClient(db: Executor, row: typeof clients.$inferInsert): Promise<ClientRow> {
  const [inserted] = await db.insert(clients).values(row).returning();
  if (!inserted) throw new Error('Client insert returned no row');
  return inserted;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The super admin's client list: every tenant, searched by name, newest first. */
export async function unsafeListClientsPage(
  db: Executor,
  filter: { q?: string | undefined; status?: 'active' | 'deactivated' | undefined },
  page: { pageSize: number; pageNumber: number },
) {
  const pattern = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  const where = and(
    pattern
      ? or(ilike(clients.clientName, pattern), ilike(clients.abbreviatedClientName, pattern))
      : undefined,
    filter.status ? eq(clients.status, filter.status) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(clients)
      .where(where)
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .limit(page.pageSize)
      .offset(page.pageNumber * page.pageSize),
    db.select({ value: count() }).from(clients).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export async function updateClientRow(
  db: Executor,
  clientId: string,
  fields: Partial<typeof clients.$inferInsert>,
): Promise<ClientRow | null> {
  const [row] = await db
    .update(clients)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(clients.id, clientId))
    .returning();
  return row ?? null;
}

export async function findActiveApiSecret(db: Executor, clientId: string) {
  const [row] = await db
    .select()
    .from(clientApiSecrets)
    .where(inClient(clientApiSecrets, clientId, isNull(clientApiSecrets.revokedAt)));
  return row ?? null;
}

export async function revokeApiSecrets(db: Executor, clientId: string) {
  await db
    .update(clientApiSecrets)
    .set({ revokedAt: sql`now()` })
    .where(inClient(clientApiSecrets, clientId, isNull(clientApiSecrets.revokedAt)));
}

export async function insertApiSecret(db: Executor, row: typeof clientApiSecrets.$inferInsert) {
  const [inserted] = await db.insert(clientApiSecrets).values(row).returning();
  if (!inserted) throw new Error('API secret insert returned no row');
  return inserted;
}

/** A public API call carries only the secret: the client is found by its hash. */
export async function unsafeFindApiSecretByHash(db: Executor, secretHash: string) {
  const [row] = await db
    .select()
    .from(clientApiSecrets)
    .where(and(eq(clientApiSecrets.secretHash, secretHash), isNull(clientApiSecrets.revokedAt)));
  return row ?? null;
}
