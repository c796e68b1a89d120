import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database.js';
import { type ClientRow, clients } from './clients.tables.js';

export async function findClient(db: Executor, clientId: string): Promise<ClientRow | null> {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
  return row ?? null;
}

export async function listClientsByIds(db: Executor, clientIds: readonly string[]): Promise<ClientRow[]> {
  if (clientIds.length === 0) return [];
  return db
    .select()
    .from(clients)
    .where(inArray(clients.id, [...clientIds]))
    .orderBy(asc(clients.clientName));
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
