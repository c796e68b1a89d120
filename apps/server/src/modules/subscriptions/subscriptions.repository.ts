import { sql } from 'drizzle-orm';
import { inClient } from '../../platform/client-scope.js';
import type { Executor } from '../../platform/database.js';
import { type SubscriptionRow, subscriptions } from './subscriptions.tables.js';

export type SubscriptionFields = Pick<SubscriptionRow, 'isTrial' | 'expiredAt' | 'chatRole'>;

/**
 * Every client's trial terms as a subquery: unfiltered because the caller joins it on the client it
 * acts for (identity's per-request session lookup, on the session's active client), in one query.
 */
export function unsafeSubscriptionTermsSubquery(db: Executor) {
  return db
    .select({
      clientId: subscriptions.clientId,
      isTrial: subscriptions.isTrial,
      expiredAt: subscriptions.expiredAt,
    })
    .from(subscriptions)
    .as('subscription_terms');
}

export async function findSubscription(db: Executor, clientId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(inClient(subscriptions, clientId));
  return row ?? null;
}

/** Inserts the client's subscription; null when the client already has one. */
export async function insertSubscription(
  db: Executor,
  clientId: string,
  fields: SubscriptionFields,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .insert(subscriptions)
    .values({ clientId, ...fields })
    .onConflictDoNothing({ target: subscriptions.clientId })
    .returning();
  return row ?? null;
}

/** Changes the given fields of the client's subscription; null when the client has none. */
export async function updateSubscription(
  db: Executor,
  clientId: string,
  fields: Partial<SubscriptionFields>,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(inClient(subscriptions, clientId))
    .returning();
  return row ?? null;
}
