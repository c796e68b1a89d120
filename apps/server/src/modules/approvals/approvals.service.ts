import type { ApprovalTask, CheckerMakerChannel } from '@sapa/contracts';
import { isId, newId } from '../../lib/ids.js';
import { type Actor, requirePrincipal } from '../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../platform/audit/index.js';
import type { Database, Executor, Transaction } from '../../platform/database.js';
import { ownTask, taskAlreadyDecided, taskNotFound } from './approvals.errors.js';
import { claimPendingTask, findTask, insertTask, listTasks, setTaskResult } from './approvals.repository.js';
import type { ApprovalTaskRow } from './approvals.tables.js';
import { assertChannelRole } from './checker-maker.service.js';

export type AppliedChange = {
  /** Kept on the task for the approved list (ids, never secrets). */
  result: Record<string, unknown>;
  /** Answered once to the checker, never stored (e.g. a temporary password). */
  oneTime?: Record<string, string>;
};

export type ApprovalHandler = {
  /** Applies an approved change inside the approval's transaction; throwing leaves the task pending. */
  apply(tx: Transaction, checker: AuditActor, task: ApprovalTaskRow): Promise<AppliedChange>;
  /** What a rejection undoes inside the rejection's transaction (a campaign leaves "pending approval"). */
  reject?(tx: Transaction, checker: AuditActor, task: ApprovalTaskRow, note: string): Promise<void>;
};

/** Modules register one handler per task type; approving a task runs its type's handler. */
export class ApprovalRegistry {
  readonly #handlers = new Map<string, ApprovalHandler>();

  register(type: string, handler: ApprovalHandler) {
    if (this.#handlers.has(type)) throw new Error(`Approval handler ${type} is registered twice`);
    this.#handlers.set(type, handler);
  }

  /** The type's handler, if any module registered one (a rejection needs none). */
  find(type: string): ApprovalHandler | undefined {
    return this.#handlers.get(type);
  }

  get(type: string): ApprovalHandler {
    const handler = this.#handlers.get(type);
    if (!handler) throw new Error(`No approval handler for ${type}`);
    return handler;
  }
}

export function toApprovalTask(row: ApprovalTaskRow): ApprovalTask {
  return {
    taskId: row.id,
    clientId: row.clientId,
    type: row.type,
    channel: row.channel,
    summary: row.summary,
    payload: row.payload,
    status: row.status,
    makerUserId: row.makerUserId,
    makerEmail: row.makerEmail,
    checkerUserId: row.checkerUserId,
    checkerEmail: row.checkerEmail,
    note: row.note,
    result: row.result ?? null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * A maker's change becomes a pending task of the client; call it inside the caller's transaction.
 * Only a person proposes: the task names its maker, who may not decide it.
 */
export async function proposeChange(
  tx: Executor,
  maker: AuditActor,
  change: {
    clientId: string;
    type: string;
    summary: string;
    payload: Record<string, unknown>;
    /** The channel the change belongs to: once it names makers, only they may propose. */
    channel?: CheckerMakerChannel;
  },
): Promise<ApprovalTaskRow> {
  const person = requirePrincipal(maker.actor);
  if (change.channel) await assertChannelRole(tx, maker.actor, change.channel, 'maker');
  const task = await insertTask(tx, {
    clientId: change.clientId,
    id: newId(),
    type: change.type,
    channel: change.channel ?? null,
    summary: change.summary,
    payload: change.payload,
    makerUserId: person.userId,
    makerEmail: person.email,
  });
  await recordAudit(tx, maker, {
    clientId: change.clientId,
    action: 'task.create',
    entityType: 'approval_task',
    entityId: task.id,
    after: { type: task.type, summary: task.summary, payload: task.payload },
  });
  return task;
}

async function assertTaskChecker(tx: Executor, actor: Actor, task: ApprovalTaskRow) {
  if (task.channel) await assertChannelRole(tx, actor, task.channel as CheckerMakerChannel, 'checker');
}

/** Why a decision matched no row: unknown (404), the maker's own (403) or already decided (409). */
async function refusal(db: Executor, actor: Actor, taskId: string) {
  const task = await findTask(db, actor.clientId, taskId);
  if (!task) return taskNotFound();
  if (task.makerUserId === requirePrincipal(actor).userId) return ownTask();
  return taskAlreadyDecided(task.status);
}

export async function approveTask(
  db: Database,
  registry: ApprovalRegistry,
  checker: AuditActor,
  taskId: string,
): Promise<{ task: ApprovalTask; oneTime: Record<string, string> | null }> {
  const { actor } = checker;
  const person = requirePrincipal(actor);
  if (!isId(taskId)) throw taskNotFound();
  const outcome = await db.transaction(async (tx) => {
    const claimed = await claimPendingTask(tx, actor.clientId, taskId, {
      status: 'approved',
      checkerUserId: person.userId,
      checkerEmail: person.email,
      note: null,
    });
    if (!claimed) return null;
    // Throwing here rolls the claim back: the task stays pending for a named checker.
    await assertTaskChecker(tx, actor, claimed);
    const applied = await registry.get(claimed.type).apply(tx, checker, claimed);
    await setTaskResult(tx, claimed.clientId, claimed.id, applied.result);
    await recordAudit(tx, checker, {
      clientId: claimed.clientId,
      action: 'task.approve',
      entityType: 'approval_task',
      entityId: claimed.id,
      before: { status: 'pending' },
      after: { status: 'approved', type: claimed.type, result: applied.result },
    });
    return { task: toApprovalTask({ ...claimed, result: applied.result }), oneTime: applied.oneTime ?? null };
  });
  if (!outcome) throw await refusal(db, actor, taskId);
  return outcome;
}

export async function rejectTask(
  db: Database,
  checker: AuditActor,
  taskId: string,
  note: string,
  registry?: ApprovalRegistry,
) {
  const { actor } = checker;
  const person = requirePrincipal(actor);
  if (!isId(taskId)) throw taskNotFound();
  const task = await db.transaction(async (tx) => {
    const claimed = await claimPendingTask(tx, actor.clientId, taskId, {
      status: 'rejected',
      checkerUserId: person.userId,
      checkerEmail: person.email,
      note,
    });
    if (!claimed) return null;
    await assertTaskChecker(tx, actor, claimed);
    await registry?.find(claimed.type)?.reject?.(tx, checker, claimed, note);
    await recordAudit(tx, checker, {
      clientId: claimed.clientId,
      action: 'task.reject',
      entityType: 'approval_task',
      entityId: claimed.id,
      before: { status: 'pending' },
      after: { status: 'rejected', type: claimed.type, note },
    });
    return toApprovalTask(claimed);
  });
  if (!task) throw await refusal(db, actor, taskId);
  return task;
}

/** The task lists of spec §7: what I created, and the client's pending, approved and rejected tasks. */
export async function listApprovalTasks(
  db: Executor,
  actor: Actor,
  list: 'create' | 'pending' | 'approved' | 'rejected',
  query: { pageSize: number; pageNumber: number; type?: string | undefined; channel?: string | undefined },
) {
  const page = { pageSize: query.pageSize, pageNumber: query.pageNumber };
  // "What I created" belongs to a person; the client's lists to anyone the route admits.
  const filter = list === 'create' ? { makerUserId: requirePrincipal(actor).userId } : { status: list };
  const narrowed = { ...filter, types: query.type?.split(','), channel: query.channel };
  const { items, total } = await listTasks(db, actor.clientId, narrowed, page);
  return { ...page, total, items: items.map(toApprovalTask) };
}

export async function getApprovalTask(db: Executor, actor: Actor, taskId: string) {
  const task = isId(taskId) ? await findTask(db, actor.clientId, taskId) : null;
  if (!task) throw taskNotFound();
  return toApprovalTask(task);
}
