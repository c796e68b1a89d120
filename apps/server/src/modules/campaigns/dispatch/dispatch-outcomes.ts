import type { NotificationStatus, RetryOutcome } from '@sapa/contracts';
import type { Executor } from '../../../platform/database.js';
import type { OutboundSourcePort, OutboundStatusUpdate } from '../../messaging/index.js';
import {
  applyReachedMany,
  findAttemptByOutboundForUpdate,
  findBatchesByIds,
  markAttemptsSent,
  recordAttemptOutcomes,
  reopenBatch,
  updateAttempt,
  updateNotification,
} from './dispatch.repository.js';
import { stepAfterFailure } from './fallback.js';

/** How far a notification got; a report never moves it back (a late `sent` after `delivered`). */
const RANK: Partial<Record<NotificationStatus, number>> = {
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  answered: 3,
  read: 4,
};
const ENDED: NotificationStatus[] = ['failed', 'expired', 'canceled', 'busy', 'no_answer'];

type Outcome =
  | { kind: 'sent'; providerMessageId: string }
  | { kind: 'delivered' | 'read' | 'answered'; durationSeconds?: number; chargedSeconds?: number }
  | {
      kind: 'failed';
      /** What the retry plan reads: failed, busy, no_answer, expired, throttled. */
      outcome: RetryOutcome;
      /** The channel will refuse it however often it is tried: no retry on it, the fallback still. */
      permanent?: boolean;
      error: { code: string; message: string };
      durationSeconds?: number;
      chargedSeconds?: number;
    };

/** A provider's refusal as a retry plan names it. */
function retryOutcomeOf(code: string): RetryOutcome {
  if (code === 'busy' || code === 'no_answer') return code;
  if (/throttl|rate_limit|too_many/i.test(code)) return 'throttled';
  if (/expire/i.test(code)) return 'expired';
  return 'failed';
}

function outcomeOfStatus(update: OutboundStatusUpdate): Outcome | null {
  const call = update.details?.call;
  if (update.status === 'failed' || (call && call.outcome !== 'answered')) {
    const code = call && call.outcome !== 'answered' ? call.outcome : (update.error?.code ?? 'failed');
    return {
      kind: 'failed',
      outcome: retryOutcomeOf(code),
      error: {
        code: update.error?.code ?? code,
        message: update.error?.title ?? 'The provider reported a failure.',
      },
      ...(call ? { durationSeconds: call.durationSeconds, chargedSeconds: call.chargedSeconds } : {}),
    };
  }
  if (call)
    return { kind: 'answered', durationSeconds: call.durationSeconds, chargedSeconds: call.chargedSeconds };
  if (update.status === 'delivered' || update.status === 'read') return { kind: update.status };
  return null;
}

/**
 * One outcome of one attempt, in messaging's transaction: the attempt row records it; the notification
 * moves forward only, and only for its current attempt. A failure asks the batch's retry plan what
 * follows: the same channel later, the next channel with a template, or the end (decision 0028).
 */
async function applyOutcome(
  executor: Executor,
  clientId: string,
  outboundId: string,
  outcome: Outcome,
  at: Date,
) {
  const found = await findAttemptByOutboundForUpdate(executor, clientId, outboundId);
  if (!found) return;
  const { attempt, notification } = found;
  const key = { notificationId: attempt.notificationId, attempt: attempt.attempt };
  const call =
    'durationSeconds' in outcome && outcome.durationSeconds !== undefined
      ? { durationSeconds: outcome.durationSeconds, chargedSeconds: outcome.chargedSeconds ?? 0 }
      : {};
  const current = notification.outboundId === outboundId;

  if (outcome.kind === 'sent') {
    if ((RANK[attempt.status] ?? 9) < RANK.sent!)
      await updateAttempt(executor, clientId, key, {
        status: 'sent',
        providerMessageId: outcome.providerMessageId,
      });
    if (current && notification.status === 'sending')
      await updateNotification(executor, clientId, notification.id, {
        status: 'sent',
        providerMessageId: outcome.providerMessageId,
        claimedUntil: null,
        sentAt: at,
        updatedAt: at,
      });
    return;
  }
  if (outcome.kind !== 'failed') {
    const rank = RANK[outcome.kind]!;
    if (!ENDED.includes(attempt.status) && (RANK[attempt.status] ?? 0) < rank)
      await updateAttempt(executor, clientId, key, { status: outcome.kind, ...call, endedAt: at });
    if (current && !ENDED.includes(notification.status) && (RANK[notification.status] ?? 0) < rank)
      await updateNotification(executor, clientId, notification.id, {
        status: outcome.kind,
        claimedUntil: null,
        ...(outcome.kind === 'read' ? { readAt: at } : {}),
        ...(outcome.kind !== 'read' ? { deliveredAt: at, endedAt: at } : {}),
        updatedAt: at,
      });
    return;
  }
  // A failure after delivery (another device) does not undo it; a failure is applied once.
  if ((RANK[attempt.status] ?? 9) >= RANK.delivered! || ENDED.includes(attempt.status)) return;
  const ended = outcome.outcome === 'busy' || outcome.outcome === 'no_answer' ? outcome.outcome : 'failed';
  await updateAttempt(executor, clientId, key, {
    status: ended,
    errorCode: outcome.error.code,
    errorMessage: outcome.error.message,
    endedAt: at,
    ...call,
  });
  if (!current || !['sending', 'sent'].includes(notification.status)) return;

  const [batch] = await findBatchesByIds(executor, clientId, [notification.batchId]);
  const error = { errorCode: outcome.error.code, errorMessage: outcome.error.message };
  const learnt = new Date(Math.max(at.getTime(), Date.now()));
  const { next, skipped } = batch
    ? stepAfterFailure(batch, notification, outcome.outcome, outcome.permanent === true, learnt)
    : { next: { action: 'give_up', reason: 'not_retried' } as const, skipped: null };
  if (batch && (batch.status === 'canceled' || next.action === 'give_up')) {
    const reason =
      batch.status === 'canceled'
        ? ' The batch was canceled.'
        : skipped
          ? ` No ${skipped} template for the fallback.`
          : next.action === 'give_up' && next.reason === 'attempts_exhausted'
            ? ' Every attempt was used.'
            : '';
    await updateNotification(executor, clientId, notification.id, {
      status: ended,
      ...error,
      errorMessage: `${outcome.error.message}${reason}`,
      claimedUntil: null,
      endedAt: at,
      updatedAt: at,
    });
    return;
  }
  if (!batch || next.action === 'give_up') return;
  // A late failure of a batch that looked done reopens it: it finishes again once this row has ended.
  if (batch.status === 'finished') await reopenBatch(executor, clientId, batch.id, at);
  await updateNotification(executor, clientId, notification.id, {
    status: 'queued',
    ...error,
    dueAt: next.at,
    claimedUntil: null,
    ...(next.action === 'fallback'
      ? { channel: next.channel, channelIndex: next.channelIndex, attemptsOnChannel: 0 }
      : {}),
    updatedAt: at,
  });
}

/** Groups items by their client: the set-based statements each work inside one client. */
function byClient<T extends { clientId: string }>(items: T[]) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.clientId) ?? [];
    if (group.length === 0) groups.set(item.clientId, group);
    group.push(item);
  }
  return groups;
}

const failureOfResult = (error: { code: string; title: string }, permanent?: boolean): Outcome => ({
  kind: 'failed',
  outcome: retryOutcomeOf(error.code),
  permanent: permanent === true,
  error: { code: error.code, message: error.title },
});

/** Campaigns as a sender messaging reports to (`source: 'campaigns'`, `sourceRef`: the notification id). */
export function createCampaignOutcomes(): OutboundSourcePort {
  return {
    async applyOutboundResult(executor, result) {
      // The attempt's row is written with its outcome (decision 0070): a failure finds it to update.
      await recordAttemptOutcomes(executor, result.clientId, [
        {
          notificationId: result.sourceRef,
          outboundId: result.outboundId,
          provider: result.channel,
          providerMessageId: result.status === 'sent' ? result.providerMessageId : null,
        },
      ]);
      const outcome: Outcome =
        result.status === 'sent'
          ? { kind: 'sent', providerMessageId: result.providerMessageId }
          : failureOfResult(result.error, result.permanent);
      await applyOutcome(executor, result.clientId, result.outboundId, outcome, result.at);
    },
    async applyOutboundStatus(executor, update) {
      const outcome = outcomeOfStatus(update);
      if (outcome) await applyOutcome(executor, update.clientId, update.outboundId, outcome, update.at);
    },
    /**
     * A chunk's results: the sends set-based (two statements per client); the failures one by one, as
     * each asks its batch's retry plan what follows (they are few).
     */
    async applyOutboundResults(executor, results) {
      for (const [clientId, items] of byClient(results)) {
        await markAttemptsSent(
          executor,
          clientId,
          items.flatMap((item) =>
            item.status === 'sent'
              ? [
                  {
                    notificationId: item.sourceRef,
                    outboundId: item.outboundId,
                    provider: item.channel,
                    providerMessageId: item.providerMessageId,
                    at: item.at,
                  },
                ]
              : [],
          ),
        );
        // The failures' attempts are written first (`sending`), so `applyOutcome` finds and ends them.
        await recordAttemptOutcomes(
          executor,
          clientId,
          items.flatMap((item) =>
            item.status === 'failed'
              ? [
                  {
                    notificationId: item.sourceRef,
                    outboundId: item.outboundId,
                    provider: item.channel,
                    providerMessageId: null,
                  },
                ]
              : [],
          ),
        );
        for (const item of items)
          if (item.status === 'failed')
            await applyOutcome(
              executor,
              clientId,
              item.outboundId,
              failureOfResult(item.error, item.permanent),
              item.at,
            );
      }
    },
    /** A set of delivery reports (one per ledger row): deliveries and reads set-based, failures one by one. */
    async applyOutboundStatuses(executor, updates) {
      for (const [clientId, items] of byClient(updates)) {
        const reached: Parameters<typeof applyReachedMany>[2] = [];
        const failures: { outboundId: string; outcome: Outcome; at: Date }[] = [];
        for (const item of items) {
          const outcome = outcomeOfStatus(item);
          if (!outcome || outcome.kind === 'sent') continue;
          if (outcome.kind === 'failed') failures.push({ outboundId: item.outboundId, outcome, at: item.at });
          else
            reached.push({
              outboundId: item.outboundId,
              status: outcome.kind,
              at: item.at,
              durationSeconds: outcome.durationSeconds,
              chargedSeconds: outcome.chargedSeconds,
            });
        }
        await applyReachedMany(executor, clientId, reached);
        for (const failure of failures)
          await applyOutcome(executor, clientId, failure.outboundId, failure.outcome, failure.at);
      }
    },
  };
}
