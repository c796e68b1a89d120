import { eq } from 'drizzle-orm';
import { inClient } from '../../platform/client-scope.js';
import type { Executor } from '../../platform/database.js';
import { type CheckerMakerUserRow, checkerMakerUsers } from './approvals.tables.js';

const assignmentOf = (clientId: string, channel: string, userId: string) =>
  inClient(
    checkerMakerUsers,
    clientId,
    eq(checkerMakerUsers.channel, channel),
    eq(checkerMakerUsers.userId, userId),
  );

/** Every maker and checker of a channel (a client's users at most): its page is ordered by name in identity. */
export async function listChannelAssignments(
  db: Executor,
  clientId: string,
  channel: string,
): Promise<CheckerMakerUserRow[]> {
  return db
    .select()
    .from(checkerMakerUsers)
    .where(inClient(checkerMakerUsers, clientId, eq(checkerMakerUsers.channel, channel)));
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
    .where(inClient(checkerMakerUsers, clientId, eq(checkerMakerUsers.channel, channel)))
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
