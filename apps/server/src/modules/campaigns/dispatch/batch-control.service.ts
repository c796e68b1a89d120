import type { BatchProgress, BatchStatus } from '@sapa/contracts';
import { isId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import type { Database, Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import { requireCampaignAccess } from '../campaigns.access.js';
import { campaignNotFound } from '../campaigns.errors.js';
import { findCampaign } from '../campaigns.repository.js';
import type { CampaignAttemptRow, CampaignBatchRow } from '../campaigns.tables.js';
import {
  cancelQueuedNotifications,
  countNotificationsByStatus,
  findBatchesByIds,
  findCheckpoint,
  findNotification,
  listAttempts,
  listCampaignBatchIds,
  requeueFailedNotifications,
  transitionBatch,
} from './dispatch.repository.js';

export const batchNotFound = () => new AppError(404, 'batch_not_found', 'Batch not found');
export const notificationNotFound = () =>
  new AppError(404, 'notification_not_found', 'Notification not found');
const batchStatusConflict = (action: string, found: string, allowed: readonly string[]) =>
  new AppError(
    409,
    'batch_status_conflict',
    `A batch can be ${action} only when ${allowed.join(' or ')}; this one is ${found}.`,
  );

/** What each action moves from (decision 0028: the claim's WHERE reads the batch's status). */
const PAUSABLE = ['scheduled', 'running'] as const;
const CANCELABLE = ['scheduled', 'running', 'paused', 'pending_approval'] as const;

async function loadBatch(db: Executor, actor: Actor, batchId: string, need: 'view' | 'make') {
  const [batch] = isId(batchId) ? await findBatchesByIds(db, actor.clientId, [batchId]) : [];
  if (!batch) throw batchNotFound();
  await requireCampaignAccess(db, actor, batch.channel, need);
  return batch;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

async function progressOf(db: Executor, batch: CampaignBatchRow): Promise<BatchProgress> {
  const [counts, checkpoint] = await Promise.all([
    countNotificationsByStatus(db, batch.clientId, batch.id),
    findCheckpoint(db, batch.clientId, batch.id),
  ]);
  return {
    batchId: batch.id,
    campaignId: batch.campaignId,
    channel: batch.channel,
    status: batch.status,
    scheduledAt: iso(batch.scheduledAt),
    startedAt: iso(batch.startedAt),
    finishedAt: iso(batch.finishedAt),
    counts,
    checkpoint: checkpoint
      ? {
          counts: checkpoint.counts,
          lastRowNo: checkpoint.lastRowNo,
          updatedAt: checkpoint.updatedAt.toISOString(),
        }
      : null,
  };
}

type Move = { action: string; from: readonly BatchStatus[]; to: BatchStatus };
const MOVES = {
  pause: { action: 'paused', from: PAUSABLE, to: 'paused' },
  // Back to scheduled: the scheduler starts it at once when its time has passed, else at that time.
  resume: { action: 'resumed', from: ['paused'], to: 'scheduled' },
  cancel: { action: 'canceled', from: CANCELABLE, to: 'canceled' },
} satisfies Record<string, Move>;

/** Pause, resume or cancel one batch (its channel's makers and the client's admins). */
async function moveBatch(db: Database, batch: CampaignBatchRow, move: Move) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const moved = await transitionBatch(tx, batch.clientId, batch.id, move.from, {
      status: move.to,
      ...(move.to === 'canceled' ? { finishedAt: now } : {}),
    });
    if (!moved) throw batchStatusConflict(move.action, batch.status, move.from);
    const changed =
      move.to === 'canceled' ? await cancelQueuedNotifications(tx, batch.clientId, batch.id, now) : 0;
    return { batch: await progressOf(tx, moved), changed };
  });
}

export const batchControl = {
  async pause(db: Database, actor: Actor, batchId: string) {
    return moveBatch(db, await loadBatch(db, actor, batchId, 'make'), MOVES.pause);
  },
  async resume(db: Database, actor: Actor, batchId: string) {
    return moveBatch(db, await loadBatch(db, actor, batchId, 'make'), MOVES.resume);
  },
  async cancel(db: Database, actor: Actor, batchId: string) {
    return moveBatch(db, await loadBatch(db, actor, batchId, 'make'), MOVES.cancel);
  },
  /** A finished batch's failed rows are queued again, each for a new attempt (a new idempotency key). */
  async retryFailed(db: Database, actor: Actor, batchId: string) {
    const batch = await loadBatch(db, actor, batchId, 'make');
    const now = new Date();
    return db.transaction(async (tx) => {
      const moved = await transitionBatch(tx, batch.clientId, batch.id, ['finished'], {
        status: 'running',
        finishedAt: null,
      });
      if (!moved) throw batchStatusConflict('retried', batch.status, ['finished']);
      const changed = await requeueFailedNotifications(tx, batch.clientId, batch, now);
      return { batch: await progressOf(tx, moved), changed };
    });
  },
  /** The same action on every batch of a campaign it applies to; answers how many batches moved. */
  async forCampaign(db: Database, actor: Actor, campaignId: string, action: keyof typeof MOVES) {
    const campaign = isId(campaignId) ? await findCampaign(db, actor.clientId, campaignId) : null;
    if (!campaign) throw campaignNotFound();
    await requireCampaignAccess(db, actor, campaign.channel, 'make');
    const move: Move = MOVES[action];
    return db.transaction(async (tx) => {
      let batches = 0;
      const now = new Date();
      for (const id of await listCampaignBatchIds(tx, actor.clientId, campaign.id, move.from)) {
        const moved = await transitionBatch(tx, actor.clientId, id, move.from, {
          status: move.to,
          ...(move.to === 'canceled' ? { finishedAt: now } : {}),
        });
        if (!moved) continue;
        batches++;
        if (move.to === 'canceled') await cancelQueuedNotifications(tx, actor.clientId, id, now);
      }
      return { batches };
    });
  },
  async progress(db: Database, actor: Actor, batchId: string) {
    return progressOf(db, await loadBatch(db, actor, batchId, 'view'));
  },
  async attempts(db: Database, actor: Actor, notificationId: string) {
    const row = isId(notificationId) ? await findNotification(db, actor.clientId, notificationId) : null;
    if (!row) throw notificationNotFound();
    await loadBatch(db, actor, row.batchId, 'view');
    return {
      notificationId: row.id,
      batchId: row.batchId,
      rowNo: row.rowNo,
      recipient: row.recipient,
      channel: row.channel,
      status: row.status,
      attempts: (await listAttempts(db, actor.clientId, row.id)).map(toAttempt),
    };
  },
};

export function toAttempt(attempt: CampaignAttemptRow) {
  return {
    attempt: attempt.attempt,
    channel: attempt.channel,
    provider: attempt.provider,
    providerMessageId: attempt.providerMessageId,
    status: attempt.status,
    error: attempt.errorCode ? { code: attempt.errorCode, message: attempt.errorMessage ?? '' } : null,
    startedAt: attempt.startedAt.toISOString(),
    endedAt: iso(attempt.endedAt),
    durationSeconds: attempt.durationSeconds,
    chargedSeconds: attempt.chargedSeconds,
  };
}
