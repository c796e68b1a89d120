import { eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { inClient } from '../../platform/client-scope.js';
import type { Database, Executor } from '../../platform/database.js';
import { preparedQuery } from '../../platform/prepared-query.js';
import { clientAccessSubquery } from '../clients/index.js';
import { unsafeSubscriptionTermsSubquery } from '../subscriptions/index.js';
import {
  authSessions,
  passwordResetTokens,
  refreshTokens,
  ssoRequests,
  type UserRow,
  users,
} from './identity.tables.js';

/** Login looks users up before any client is known; emails are unique across clients (decision 0002). */
export async function unsafeFindUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export async function findUser(db: Executor, clientId: string, userId: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(inClient(users, clientId, eq(users.id, userId)));
  return row ?? null;
}

export async function insertUser(db: Executor, row: typeof users.$inferInsert): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  if (!inserted) throw new Error('User insert returned no row');
  return inserted;
}

export type PausePolicy = { maxFailed: number; pauseSeconds: number; maxPauseSeconds: number };

/**
 * Counts one failed credential check, unless the user is paused already (guesses made during a pause
 * are not counted, so nobody can stretch it). Every `maxFailed`-th failure starts a pause: the first
 * `pauseSeconds`, doubling each round up to `maxPauseSeconds`. Answers the new state, or null when
 * the user was paused (or is gone).
 */
export async function recordFailedLogin(db: Executor, clientId: string, userId: string, policy: PausePolicy) {
  const failures = sql`(${users.failedLoginCount} + 1)`;
  const rounds = sql`(${failures} / ${policy.maxFailed}::int)`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`${failures}`,
      lockedUntil: sql`case when ${failures} % ${policy.maxFailed}::int = 0
        then now() + make_interval(secs => least(${policy.maxPauseSeconds}::float8,
          ${policy.pauseSeconds}::float8 * power(2::float8, least(${rounds} - 1, 30))))
        else ${users.lockedUntil} end`,
      updatedAt: sql`now()`,
    })
    .where(
      inClient(
        users,
        clientId,
        eq(users.id, userId),
        or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ failedLoginCount: users.failedLoginCount, lockedUntil: users.lockedUntil });
  return row ?? null;
}

export async function recordSuccessfulLogin(db: Executor, clientId: string, userId: string) {
  await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: sql`now()`, updatedAt: sql`now()` })
    .where(inClient(users, clientId, eq(users.id, userId)));
}

/** A credential proved right outside login (old password, MFA code): the count starts again. */
export async function clearFailedLogins(db: Executor, clientId: string, userId: string) {
  await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null })
    .where(inClient(users, clientId, eq(users.id, userId), sql`${users.failedLoginCount} > 0`));
}

export async function insertSession(db: Executor, row: typeof authSessions.$inferInsert) {
  await db.insert(authSessions).values(row);
}

export async function insertRefreshToken(db: Executor, row: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(row);
}

/** A refresh token arrives without any other credential, so it is found by its hash alone. */
export async function unsafeFindRefreshTokenByHash(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks a refresh token used; answers false when another request used it first. */
export async function claimRefreshToken(db: Executor, clientId: string, tokenId: string): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(inClient(refreshTokens, clientId, eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length === 1;
}

/** Retires every unused refresh token of a session (its client changed; a new one is issued). */
export async function retireRefreshTokens(db: Executor, clientId: string, sessionId: string) {
  await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      inClient(refreshTokens, clientId, eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.usedAt)),
    );
}

export async function findSession(db: Executor, clientId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(authSessions)
    .where(inClient(authSessions, clientId, eq(authSessions.id, sessionId)));
  return row ?? null;
}

/**
 * Ends one session, or every session of a user (but `exceptSessionId`, the caller's own, when given);
 * sessions already ended keep their first reason.
 */
export async function revokeSessions(
  db: Executor,
  clientId: string,
  which: { sessionId: string } | { userId: string; exceptSessionId?: string },
  reason: string,
) {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      inClient(
        authSessions,
        clientId,
        'sessionId' in which ? eq(authSessions.id, which.sessionId) : eq(authSessions.userId, which.userId),
        'exceptSessionId' in which && which.exceptSessionId
          ? ne(authSessions.id, which.exceptSessionId)
          : undefined,
        isNull(authSessions.revokedAt),
      ),
    );
}

export async function setSessionActiveClient(
  db: Executor,
  clientId: string,
  sessionId: string,
  activeId: string,
) {
  await db
    .update(authSessions)
    .set({ activeClientId: activeId })
    .where(inClient(authSessions, clientId, eq(authSessions.id, sessionId)));
}

function prepareFindLiveSession(db: Database) {
  const clients = clientAccessSubquery(db);
  const subscriptions = unsafeSubscriptionTermsSubquery(db);
  return db
    .select({
      userId: users.id,
      homeClientId: users.clientId,
      name: users.name,
      email: users.email,
      role: users.role,
      chatRole: users.chatRole,
      csId: users.csId,
      clientId: authSessions.activeClientId,
      features: clients.features,
      mainFeature: clients.mainFeature,
      // The trial rule of the access policy needs it on every request: joined here, not read apart.
      isTrial: subscriptions.isTrial,
      expiredAt: subscriptions.expiredAt,
      sessionExpiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .innerJoin(users, inClient(users, authSessions.clientId, eq(users.id, authSessions.userId)))
    .innerJoin(clients, eq(clients.id, authSessions.activeClientId))
    .leftJoin(subscriptions, inClient(subscriptions, authSessions.activeClientId))
    .where(
      inClient(
        authSessions,
        sql.placeholder('clientId'),
        eq(authSessions.id, sql.placeholder('sessionId')),
        eq(authSessions.userId, sql.placeholder('userId')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
        eq(users.status, 'active'),
        eq(clients.status, 'active'),
      ),
    )
    .prepare('find_live_session');
}

/**
 * The live session behind an access token, with its user and the client it acts for: one indexed
 * join per request, so logout, lockout and feature changes take effect at once.
 */
export async function findLiveSession(db: Database, clientId: string, sessionId: string, userId: string) {
  const query = preparedQuery(db, 'find_live_session', prepareFindLiveSession);
  const [row] = await query.execute({ clientId, sessionId, userId });
  return row ?? null;
}

/**
 * Housekeeping across every client: removes sessions that ended more than `keepDays` ago and every
 * refresh token that can never be presented again. Used tokens of live sessions stay, so a replayed
 * one is still recognised and revokes its family.
 */
export async function unsafeDeleteExpiredAuthRows(db: Executor, keepDays: number) {
  const cutoff = sql`now() - make_interval(days => ${keepDays})`;
  const sessions = await db
    .delete(authSessions)
    .where(or(lt(authSessions.expiresAt, cutoff), lt(authSessions.revokedAt, cutoff)))
    .returning({ id: authSessions.id });
  const tokens = await db
    .delete(refreshTokens)
    .where(
      or(
        lt(refreshTokens.expiresAt, sql`now()`),
        sql`not exists (select 1 from ${authSessions} where ${inClient(authSessions, refreshTokens.clientId, eq(authSessions.id, refreshTokens.sessionId))})`,
      ),
    )
    .returning({ id: refreshTokens.id });
  const resetLinks = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, cutoff))
    .returning({ id: passwordResetTokens.id });
  const ssoRequestRows = await db
    .delete(ssoRequests)
    .where(lt(ssoRequests.createdAt, sql`now() - interval '1 day'`))
    .returning({ id: ssoRequests.id });
  return {
    refreshTokens: tokens.length,
    sessions: sessions.length,
    resetLinks: resetLinks.length,
    ssoRequests: ssoRequestRows.length,
  };
}

/** A super admin acts on users of any client by id alone (spec: change client id {userId, clientId}). */
export async function unsafeFindUserById(db: Executor, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The ids of a client's active users with one of these roles: who hears a role's live events. */
export async function listUserIdsWithRoles(db: Executor, clientId: string, roles: readonly string[]) {
  if (roles.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inClient(users, clientId, inArray(users.role, [...roles]), eq(users.status, 'active')));
  return rows.map((row) => row.id);
}
