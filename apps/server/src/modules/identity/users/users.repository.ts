import type { UserStatus } from '@sapa/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { type UserRow, users } from '../identity.tables.js';

export type UserFilter = {
  q?: string | undefined;
  role?: string | undefined;
  status?: UserStatus | undefined;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listUsersOfClient(
  db: Executor,
  clientId: string,
  filter: UserFilter,
  page: { pageSize: number; pageNumber: number },
) {
  const pattern = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  const where: SQL | undefined = inClient(
    users,
    clientId,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.pageSize)
      .offset(page.pageNumber * page.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export async function updateUserFields(
  db: Executor,
  clientId: string,
  userId: string,
  fields: { name: string; email: string; role: string },
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(inClient(users, clientId, eq(users.id, userId)))
    .returning();
  return row ?? null;
}

/**
 * Moves a user to `to` only from one of the `from` states, in one statement: two admins acting at
 * once cannot both succeed. Unlocking and (re)activating also clear the failed-login count.
 */
export async function transitionUserStatus(
  db: Executor,
  clientId: string,
  userId: string,
  from: readonly UserStatus[],
  to: UserStatus,
): Promise<UserRow | null> {
  const clearsLockout = to === 'active';
  const [row] = await db
    .update(users)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(clearsLockout ? { failedLoginCount: 0, lockedAt: null, lockedUntil: null } : {}),
    })
    .where(inClient(users, clientId, eq(users.id, userId), inArray(users.status, [...from])))
    .returning();
  return row ?? null;
}

export async function moveUserToClient(db: Executor, clientId: string, userId: string, toClientId: string) {
  const [row] = await db
    .update(users)
    .set({ clientId: toClientId, updatedAt: sql`now()` })
    .where(inClient(users, clientId, eq(users.id, userId)))
    .returning();
  return row ?? null;
}

/** Links a user to their inbox agent record (or unlinks it, with nulls): the inbox's agents are users. */
export async function updateUserAgentLink(
  db: Executor,
  clientId: string,
  userId: string,
  // The agent's name is the user's name: one name for the person everywhere.
  values: { csId?: string | null; chatRole?: string | null; name?: string },
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(inClient(users, clientId, eq(users.id, userId)));
}

/** The name and last sign-in of these users of the client, for showing agents as their users. */
export async function listUserSummaries(db: Executor, clientId: string, userIds: string[]) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map<string, { name: string; lastLoginAt: Date | null }>();
  const rows = await db
    .select({ id: users.id, name: users.name, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(inClient(users, clientId, inArray(users.id, unique)));
  return new Map(rows.map((row) => [row.id, { name: row.name, lastLoginAt: row.lastLoginAt }]));
}

/** One page of the named users of a client, by name: approvals lists a channel's makers and checkers. */
export async function listUsersByName(
  db: Executor,
  clientId: string,
  userIds: string[],
  page: { pageSize: number; pageNumber: number },
) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(inClient(users, clientId, inArray(users.id, userIds)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(page.pageSize)
    .offset(page.pageSize * page.pageNumber);
}

/**
 * The names of these users, whichever their client. Unsafe: it spans clients, for the super admin's
 * cross-client usage lists only.
 */
export async function unsafeFindUserNames(db: Executor, userIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Emails are unique across clients (they are login names), so the check spans clients. */
export async function unsafeEmailTaken(db: Executor, email: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function updateUserMfaOff(
  db: Executor,
  clientId: string,
  userId: string,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ mfaEnabled: false, mfaSecret: null, mfaLastStep: null, updatedAt: sql`now()` })
    .where(inClient(users, clientId, eq(users.id, userId)))
    .returning();
  return row ?? null;
}
