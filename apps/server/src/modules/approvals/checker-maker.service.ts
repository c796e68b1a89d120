import type { CheckerMakerChannel, CheckerMakerUpdate, CheckerMakerUser } from '@sapa/contracts';
import { isId } from '../../lib/ids.js';
import { type Actor, actorLabel, requireFeatureOpen, requirePrincipal } from '../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../platform/audit/index.js';
import type { Database, Executor } from '../../platform/database.js';
import { assignmentNotFound, notChannelChecker, notChannelMaker, userNotFound } from './approvals.errors.js';
import type { CheckerMakerUserRow } from './approvals.tables.js';
import {
  channelNamesAnyone,
  deleteCheckerMakerUser,
  findCheckerMakerUser,
  listChannelAssignments,
  saveCheckerMakerUser,
} from './checker-maker.repository.js';

type DirectoryUser = { id: string; name: string; email: string; role: string };

/**
 * What approvals needs to know about users, given by the composition root from identity (which
 * itself proposes changes through approvals, so approvals cannot import it without a cycle).
 */
export type UserDirectory = {
  findUser(db: Executor, clientId: string, userId: string): Promise<DirectoryUser | null>;
  /** One page of the client's users among `userIds`, ordered by name. */
  listUsersByName(
    db: Executor,
    clientId: string,
    userIds: string[],
    page: { pageSize: number; pageNumber: number },
  ): Promise<DirectoryUser[]>;
};

function toView(
  row: CheckerMakerUserRow,
  user: { name: string; email: string; role: string },
): CheckerMakerUser {
  return {
    channel: row.channel as CheckerMakerChannel,
    userId: row.userId,
    name: user.name,
    email: user.email,
    role: user.role as CheckerMakerUser['role'],
    maker: row.maker,
    checker: row.checker,
    updatedAt: row.updatedAt.toISOString(),
    updatedByEmail: row.updatedByEmail,
  };
}

/** One page of a channel's makers and checkers with their names, by name. */
export async function listChannelCheckerMakers(
  db: Executor,
  users: UserDirectory,
  actor: Actor,
  query: { channel: CheckerMakerChannel; pageSize: number; pageNumber: number },
) {
  requireFeatureOpen(actor, query.channel);
  const assignments = await listChannelAssignments(db, actor.clientId, query.channel);
  const byUserId = new Map(assignments.map((row) => [row.userId, row]));
  const page = await users.listUsersByName(db, actor.clientId, [...byUserId.keys()], query);
  return {
    pageSize: query.pageSize,
    pageNumber: query.pageNumber,
    total: assignments.length,
    items: page.map((user) => toView(byUserId.get(user.id)!, user)),
  };
}

/** Names a user of the client as maker and/or checker of a channel (or changes what they are). */
export async function saveChannelCheckerMaker(
  db: Database,
  users: UserDirectory,
  caller: AuditActor,
  input: CheckerMakerUpdate,
) {
  const { actor } = caller;
  requireFeatureOpen(actor, input.channel);
  // Another client's user is as unknown as a made-up id.
  const user = isId(input.userId) ? await users.findUser(db, actor.clientId, input.userId) : null;
  if (!user) throw userNotFound();
  return db.transaction(async (tx) => {
    const before = await findCheckerMakerUser(tx, actor.clientId, input.channel, user.id);
    const saved = await saveCheckerMakerUser(tx, {
      clientId: actor.clientId,
      channel: input.channel,
      userId: user.id,
      maker: input.maker,
      checker: input.checker,
      updatedByEmail: actorLabel(actor),
    });
    await recordAudit(tx, caller, {
      clientId: actor.clientId,
      action: before ? 'checker_maker.update' : 'checker_maker.create',
      entityType: 'checker_maker_user',
      entityId: user.id,
      before: before ? { channel: before.channel, maker: before.maker, checker: before.checker } : null,
      after: { channel: saved.channel, maker: saved.maker, checker: saved.checker, email: user.email },
    });
    return toView(saved, user);
  });
}

export async function removeChannelCheckerMaker(
  db: Database,
  caller: AuditActor,
  input: { channel: CheckerMakerChannel; userId: string },
) {
  const { actor } = caller;
  requireFeatureOpen(actor, input.channel);
  if (!isId(input.userId)) throw assignmentNotFound();
  await db.transaction(async (tx) => {
    const removed = await deleteCheckerMakerUser(tx, actor.clientId, input.channel, input.userId);
    if (!removed) throw assignmentNotFound();
    await recordAudit(tx, caller, {
      clientId: actor.clientId,
      action: 'checker_maker.delete',
      entityType: 'checker_maker_user',
      entityId: input.userId,
      before: { channel: removed.channel, maker: removed.maker, checker: removed.checker },
    });
  });
}

/**
 * The maker-checker rule of a channel for the acting person: while the channel names nobody the rights
 * alone decide; once it names someone, only its makers propose and only its checkers decide its tasks.
 */
export async function assertChannelRole(
  db: Executor,
  actor: Actor,
  channel: CheckerMakerChannel,
  as: 'maker' | 'checker',
): Promise<void> {
  if (!(await channelNamesAnyone(db, actor.clientId, channel))) return;
  const { userId } = requirePrincipal(actor);
  const assignment = await findCheckerMakerUser(db, actor.clientId, channel, userId);
  if (as === 'maker' && !assignment?.maker) throw notChannelMaker(channel);
  if (as === 'checker' && !assignment?.checker) throw notChannelChecker(channel);
}
