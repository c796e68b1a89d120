import type { CampaignChannel, CampaignTemplate, RetryOutcome } from '@sapa/contracts';
import type { CampaignBatchRow } from '../campaigns.tables.js';
import { type NextAttempt, nextAttempt } from '../retry-plans/retry-schedule.js';

/**
 * The template a row is sent with on a channel: the batch's own, or its fallback template for that
 * channel (decision 0028, "Fallback templates"), or none.
 */
export function templateFor(
  batch: Pick<CampaignBatchRow, 'template' | 'fallbackTemplates'>,
  channel: CampaignChannel,
): CampaignTemplate | null {
  if (batch.template.channel === channel) return batch.template as CampaignTemplate;
  return (batch.fallbackTemplates ?? []).find((template) => template.channel === channel) ?? null;
}

/**
 * What follows a failed attempt (decision 0028): the batch's retry plan decides between the same channel
 * later and the next fallback channel; a permanent failure skips the retries on its channel, never the
 * fallback. A fallback channel the batch has no template for, or its own channel again, is passed over
 * (`skipped` names the last one passed over for want of a template).
 */
export function stepAfterFailure(
  batch: Pick<CampaignBatchRow, 'channel' | 'template' | 'fallbackTemplates' | 'retryPlan'>,
  notification: { channelIndex: number; attemptsOnChannel: number },
  outcome: RetryOutcome,
  permanent: boolean,
  learnt: Date,
): { next: NextAttempt; skipped: string | null } {
  const plan = batch.retryPlan;
  if (!plan) return { next: { action: 'give_up', reason: 'not_retried' }, skipped: null };
  let next = nextAttempt(
    plan,
    {
      channelIndex: notification.channelIndex,
      attemptsOnChannel: permanent ? plan.maxAttempts : notification.attemptsOnChannel,
    },
    outcome,
    learnt,
  );
  let skipped: string | null = null;
  while (
    next.action === 'fallback' &&
    (next.channel === batch.channel || !templateFor(batch, next.channel))
  ) {
    skipped = next.channel === batch.channel ? skipped : next.channel;
    next = nextAttempt(
      plan,
      { channelIndex: next.channelIndex, attemptsOnChannel: plan.maxAttempts },
      'failed',
      learnt,
    );
  }
  return { next, skipped };
}
