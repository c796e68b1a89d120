import { sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { preparedOn } from '../../../platform/prepared-query.js';
import { csConfigurations } from './configuration.tables.js';

/** Read on most arrivals: prepared (decision 0059). */
export async function findConfiguration(db: Executor, clientId: string) {
  const query = preparedOn(db, 'inbox_configuration', (executor) =>
    executor
      .select()
      .from(csConfigurations)
      .where(inClient(csConfigurations, sql.placeholder('clientId')))
      .prepare('inbox_configuration'),
  );
  const [row] = await query.execute({ clientId });
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
