import { type CampaignChannel, type CampaignEvent, CLIENT_ADMIN_ROLES } from '@sapa/contracts';
import type { Database } from '../../../platform/database.js';
import type { Realtime } from '../../../platform/realtime/realtime.types.js';
import { listChannelAssignments } from '../../approvals/index.js';
import { listUserIdsWithRoles } from '../../identity/index.js';
import { findBatchesByIds } from './dispatch.repository.js';
import type { BatchProgressEvent } from './dispatch.service.js';

/** A batch's progress reaches the socket at most this often (the last state of a burst still goes). */
export const PROGRESS_EVERY_MS = 1_000;

/** Statuses a notification is still on its way in; every other one has ended. */
const UNDER_WAY = new Set(['queued', 'sending']);

/**
 * Who may see a channel's campaigns (decision 0028, "Access"): the client's admins and the users named
 * maker or checker of the channel.
 */
export async function campaignAudience(db: Database, clientId: string, channel: CampaignChannel) {
  const [admins, named] = await Promise.all([
    listUserIdsWithRoles(db, clientId, CLIENT_ADMIN_ROLES),
    listChannelAssignments(db, clientId, channel),
  ]);
  return [
    ...new Set([...admins, ...named.filter((row) => row.maker || row.checker).map((row) => row.userId)]),
  ];
}

type Pending = { event: BatchProgressEvent; timer: NodeJS.Timeout | null; lastAt: number };

/**
 * The dispatcher's `onProgress` as the live socket's `BATCH_PROGRESS` events to the users who may see
 * the batch's campaigns. Throttled per batch: one at once, then at most one per `everyMs`, the latest
 * state of the meantime (a batch's end is never dropped, only sent after the pause).
 */
export function createBatchProgressPublisher(deps: {
  db: Database;
  realtime: Pick<Realtime, 'publish'>;
  log: { warn(object: object, message: string): void };
  everyMs?: number;
  clock?: () => number;
}) {
  const everyMs = deps.everyMs ?? PROGRESS_EVERY_MS;
  const clock = deps.clock ?? Date.now;
  const batches = new Map<string, Pending>();
  const publishing = new Set<Promise<void>>();
  let queue: Promise<void> = Promise.resolve();

  async function publish(event: BatchProgressEvent) {
    const [batch] = await findBatchesByIds(deps.db, event.clientId, [event.batchId]);
    if (!batch) return;
    const userIds = await campaignAudience(deps.db, event.clientId, batch.channel);
    if (userIds.length === 0) return;
    const counts = event.counts;
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    const done = Object.entries(counts).reduce(
      (sum, [status, count]) => sum + (UNDER_WAY.has(status) ? 0 : count),
      0,
    );
    const payload: CampaignEvent = {
      typeNotif: 'BATCH_PROGRESS',
      messageId: null,
      data: {
        batchId: batch.id,
        campaignId: batch.campaignId,
        channel: batch.channel,
        status: event.status ?? batch.status,
        counts,
        done,
        total,
        lastRowNo: event.lastRowNo,
        at: new Date(clock()).toISOString(),
      },
      chat: null,
      chatroom: null,
    };
    await deps.realtime.publish({ clientId: event.clientId, audience: { userIds }, payload });
  }

  function send(key: string, pending: Pending) {
    pending.lastAt = clock();
    pending.timer = null;
    const { event } = pending;
    // One publish at a time, in order: an older state never lands after a newer one.
    const work = queue
      .then(() => publish(event))
      .catch((error: unknown) =>
        deps.log.warn({ err: error, batchId: event.batchId }, 'batch progress not published'),
      )
      .finally(() => publishing.delete(work));
    queue = work;
    publishing.add(work);
    if (pending.event.status === 'finished') batches.delete(key);
  }

  return {
    onProgress(event: BatchProgressEvent) {
      const key = `${event.clientId}:${event.batchId}`;
      const pending = batches.get(key) ?? { event, timer: null, lastAt: Number.NEGATIVE_INFINITY };
      pending.event = event;
      batches.set(key, pending);
      if (pending.timer) return;
      const wait = pending.lastAt + everyMs - clock();
      if (wait <= 0) send(key, pending);
      else {
        pending.timer = setTimeout(() => send(key, pending), wait);
        pending.timer.unref();
      }
    },
    /** Sends what waits at once and waits for every publish under way (tests, shutdown). */
    async flush() {
      for (const [key, pending] of batches)
        if (pending.timer) {
          clearTimeout(pending.timer);
          send(key, pending);
        }
      while (publishing.size > 0) await Promise.allSettled([...publishing]);
    },
  };
}
