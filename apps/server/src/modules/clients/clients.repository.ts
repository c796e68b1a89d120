import { asc, eq, sql } from 'drizzle-orm';
import { type Database, type Executor, isTransaction } from '../../platform/database.js';
import { preparedQuery } from '../../platform/prepared-query.js';
import { type ClientRow, clients } from './clients.tables.js';

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

export async function unsafeListAllClientIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: clients.id }).from(clients).orderBy(asc(clients.clientName));
  return rows.map((row) => row.id);
}

export async function insertClient(db: Executor, row: typeof clients.$inferInsert): Promise<ClientRow> {
  const [inserted] = await db.insert(clients).values(row).returning();
  if (!inserted) throw new Error('Client insert returned no row');
  return inserted;
}
