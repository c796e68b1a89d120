import { eq, gt, isNull, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { passwordResetTokens, users } from '../identity.tables.js';

export async function updateUserSecurity(
  db: Executor,
  clientId: string,
  userId: string,
  fields: Partial<
    Pick<
      typeof users.$inferInsert,
      | 'passwordHash'
      | 'passwordChangedAt'
      | 'mfaSecret'
      | 'mfaEnabled'
      | 'mfaLastStep'
      | 'name'
      | 'consentAcceptedAt'
      | 'consentVersion'
      | 'failedLoginCount'
      | 'lockedUntil'
    >
  >,
) {
  const [row] = await db
    .update(users)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(inClient(users, clientId, eq(users.id, userId)))
    .returning();
  return row ?? null;
}

export async function insertResetToken(db: Executor, row: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(row);
}

/** A reset link arrives with nothing else, so its token is found by hash alone. */
export async function unsafeFindResetTokenByHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Uses a reset token if it is still unused and unexpired; answers false when another request won. */
export async function claimResetToken(db: Executor, clientId: string, tokenId: string): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      inClient(
        passwordResetTokens,
        clientId,
        eq(passwordResetTokens.id, tokenId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** Every other open link of the user stops working once the password changed. */
export async function retireResetTokens(db: Executor, clientId: string, userId: string) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      inClient(
        passwordResetTokens,
        clientId,
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}

/**
 * Locks the user's row, then counts the reset links made for them in the last hour: concurrent
 * requests for one address queue here, so a burst cannot slip past the hourly limit.
 */
export async function lockUserAndCountRecentResetTokens(db: Executor, clientId: string, userId: string) {
  await db
    .select({ id: users.id })
    .from(users)
    .where(inClient(users, clientId, eq(users.id, userId)))
    .for('update');
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(
      inClient(
        passwordResetTokens,
        clientId,
        eq(passwordResetTokens.userId, userId),
        gt(passwordResetTokens.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return row?.count ?? 0;
}
