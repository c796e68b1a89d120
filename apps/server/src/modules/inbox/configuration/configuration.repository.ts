import { sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { csConfigurations } from './configuration.tables.js';

export async function findConfiguration(db: Executor, clientId: string) {
  const [row] = await db.select().from(csConfigurations).where(inClient(csConfigurations, clientId));
  return row ?? null;
}

export async function upsertConfiguration(
  db: Executor,
  clientId: string,
  values: { config?: Record<string, unknown>; defaultBotId?: string | null },
) {
  const [row] = await db
    .insert(csConfigurations)
    .values({ clientId, config: values.config ?? {}, defaultBotId: values.defaultBotId ?? null })
    .onConflictDoUpdate({
      target: csConfigurations.clientId,
      set: {
        ...(values.config ? { config: values.config } : {}),
        ...(values.defaultBotId !== undefined ? { defaultBotId: values.defaultBotId } : {}),
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Clients whose auto-close is on: a housekeeping job walks every client, so this crosses them. */
export async function unsafeListAutoCloseClients(db: Executor) {
  const rows = await db
    .select({ clientId: csConfigurations.clientId, config: csConfigurations.config })
    .from(csConfigurations)
    .where(sql`(${csConfigurations.config} -> 'autoclose' ->> 'enabled')::boolean is true`);
  return rows;
}
