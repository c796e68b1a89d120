import { asc, eq } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { type VerifyServiceRow, verifyServices } from './verify.tables.js';

// Every query names the client: another client's service is never found.

export async function listServices(db: Executor, clientId: string) {
  return db
    .select()
    .from(verifyServices)
    .where(inClient(verifyServices, clientId))
    .orderBy(asc(verifyServices.name));
}

export async function findService(
  db: Executor,
  clientId: string,
  id: string,
): Promise<VerifyServiceRow | null> {
  const [row] = await db
    .select()
    .from(verifyServices)
    .where(inClient(verifyServices, clientId, eq(verifyServices.id, id)));
  return row ?? null;
}

/** Inserts a service; null when the client already has one with this name. */
export async function insertService(db: Executor, row: typeof verifyServices.$inferInsert) {
  const [saved] = await db.insert(verifyServices).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function updateService(
  db: Executor,
  clientId: string,
  id: string,
  fields: Pick<VerifyServiceRow, 'name' | 'codeLength' | 'channels' | 'locale' | 'updatedAt'>,
) {
  const [row] = await db
    .update(verifyServices)
    .set(fields)
    .where(inClient(verifyServices, clientId, eq(verifyServices.id, id)))
    .returning();
  return row ?? null;
}

export async function findServiceByName(db: Executor, clientId: string, name: string) {
  const [row] = await db
    .select({ id: verifyServices.id })
    .from(verifyServices)
    .where(inClient(verifyServices, clientId, eq(verifyServices.name, name)));
  return row ?? null;
}

export async function deleteService(db: Executor, clientId: string, id: string) {
  const rows = await db
    .delete(verifyServices)
    .where(inClient(verifyServices, clientId, eq(verifyServices.id, id)))
    .returning({ id: verifyServices.id });
  return rows.length > 0;
}
