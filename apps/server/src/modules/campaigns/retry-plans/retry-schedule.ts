import type { CampaignChannel, RetryDelay, RetryOutcome } from '@sapa/contracts';

/** What the schedule reads of a retry plan: pure data, so a fake clock tests it. */
export type RetrySchedule = {
  maxAttempts: number;
  delay: RetryDelay;
  retryOn: readonly RetryOutcome[];
  fallbackChannels: readonly CampaignChannel[];
};

/**
 * Where a notification stands: on which channel of the order (0 is the campaign's own channel, 1 the
 * plan's first fallback, …) and how many attempts that channel has made.
 */
export type AttemptsSoFar = { channelIndex: number; attemptsOnChannel: number };

export type NextAttempt =
  | {
      action: 'retry';
      /** The same channel again after the plan's delay. */
      channelIndex: number;
      channel: CampaignChannel | null;
      /** The number of the coming attempt on its channel (2 for the first retry). */
      attemptOnChannel: number;
      at: Date;
    }
  | {
      action: 'fallback';
      /** The next channel of the plan's order, at once: another provider is not throttled by this one. */
      channelIndex: number;
      channel: CampaignChannel;
      attemptOnChannel: 1;
      at: Date;
    }
  | { action: 'give_up'; reason: 'not_retried' | 'attempts_exhausted' };

/** The wait before the channel's next attempt, after `attemptsOnChannel` (≥ 1) attempts on it. */
export function retryDelaySeconds(delay: RetryDelay, attemptsOnChannel: number): number {
  if (delay.kind === 'fixed') return delay.seconds;
  const grown = delay.firstSeconds * delay.factor ** Math.max(0, attemptsOnChannel - 1);
  return Math.min(delay.maxSeconds, Math.round(grown));
}

/**
 * What follows an attempt that ended with `outcome` at `at`: the same channel again while the plan
 * retries that outcome and attempts remain, else the next fallback channel, else nothing. An outcome
 * the plan does not retry (e.g. `failed` for a number that does not exist) skips straight to the
 * fallback: another channel may still reach the person. `channel` is null for the campaign's own.
 */
export function nextAttempt(
  plan: RetrySchedule,
  soFar: AttemptsSoFar,
  outcome: RetryOutcome,
  at: Date,
): NextAttempt {
  const attempts = Math.max(1, soFar.attemptsOnChannel);
  const retried = plan.retryOn.includes(outcome);
  if (retried && attempts < plan.maxAttempts) {
    return {
      action: 'retry',
      channelIndex: soFar.channelIndex,
      channel: soFar.channelIndex === 0 ? null : (plan.fallbackChannels[soFar.channelIndex - 1] ?? null),
      attemptOnChannel: attempts + 1,
      at: new Date(at.getTime() + retryDelaySeconds(plan.delay, attempts) * 1000),
    };
  }
  const fallback = plan.fallbackChannels[soFar.channelIndex];
  if (fallback) {
    return {
      action: 'fallback',
      channelIndex: soFar.channelIndex + 1,
      channel: fallback,
      attemptOnChannel: 1,
      at,
    };
  }
  return { action: 'give_up', reason: retried ? 'attempts_exhausted' : 'not_retried' };
}
