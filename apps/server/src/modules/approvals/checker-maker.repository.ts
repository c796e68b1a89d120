import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database.js';
import { users } from '../identity/identity.tables.js';
import { type CheckerMakerUserRow, checkerMakerUsers } from './approvals.tables.js';

const assignmentOf = (clientId: string, channel: string, userId: string) =>
  and(
    eq(checkerMakerUsers.clientId, clientId),
    eq(checkerMakerUsers.channel, channel),
    eq(checkerMakerUsers.userId, userId),
  );

/** One page of a channel's makers and checkers with their names, by name. */
export async function listCheckerMakerUsers(
  db: Executor,
  clientId: string,
  channel: string,
  page: { pageSize: number; pageNumber: number },
) {
  const where = and(eq(checkerMakerUsers.clientId, clientId), eq(checkerMakerUsers.channel, channel));
  const rows = await db
    .select({
      assignment: checkerMakerUsers,
      name: users.name,
      email: users.email,
      role: users.role,
    })
    .from(checkerMakerUsers)
    .innerJoin(
      users,
      and(eq(users.clientId, checkerMakerUsers.clientId), eq(users.id, checkerMakerUsers.userId)),
    )
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(page.pageSize)
    .offset(page.pageSize * page.pageNumber);
  const [total] = await db.select({ value: count() }).from(checkerMakerUsers).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findCheckerMakerUser(
  db: Executor,
  clientId: string,
  channel: string,
  userId: string,
): Promise<CheckerMakerUserRow | null> {
  const [row] = await db
    .select()
    .from(checkerMakerUsers)
    .where(assignmentOf(clientId, channel, userId));
  return row ?? null;
}

/** Whether the channel names anyone: until it does, the rights alone decide. */
export async function channelNamesAnyone(db: Executor, clientId: string, channel: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: checkerMakerUsers.userId })
    .from(checkerMakerUsers)
    .where(and(eq(checkerMakerUsers.clientId, clientId), eq(checkerMakerUsers.channel, channel)))
    .limit(1);
  return row !== undefined;
}

export async function saveCheckerMakerUser(db: Executor, row: typeof checkerMakerUsers.$inferInsert) {
  const [saved] = await db
    .insert(checkerMakerUsers)
    .values(row)
    .onConflictDoUpdate({
      target: [checkerMakerUsers.clientId, checkerMakerUsers.channel, checkerMakerUsers.userId],
      set: {
        maker: row.maker,
        checker: row.checker,
        updatedAt: new Date(),
        updatedByEmail: row.updatedByEmail,
      },
    })
    .returning();
  return saved!;
}

export async function deleteCheckerMakerUser(
  db: Executor,
  clientId: string,
  channel: string,
  userId: string,
) {
  const [deleted] = await db
    .delete(checkerMakerUsers)
    .where(assignmentOf(clientId, channel, userId))
    .returning();
  return deleted ?? null;
}
