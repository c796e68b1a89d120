import { describe, expect, it } from 'vitest';
import { nextAttempt, type RetrySchedule, retryDelaySeconds } from './retry-schedule.js';

const T = new Date('2026-11-23T02:00:00Z');
const plus = (seconds: number) => new Date(T.getTime() + seconds * 1000);
const plan = (fields: Partial<RetrySchedule> = {}): RetrySchedule => ({
  maxAttempts: 3,
  delay: { kind: 'fixed', seconds: 60 },
  retryOn: ['failed', 'throttled'],
  fallbackChannels: [],
  ...fields,
});

describe('retry plans (fake clock)', () => {
  it('retries a retried outcome after the fixed delay until the attempts are used', () => {
    expect(nextAttempt(plan(), { channelIndex: 0, attemptsOnChannel: 1 }, 'failed', T)).toEqual({
      action: 'retry',
      channelIndex: 0,
      channel: null,
      attemptOnChannel: 2,
      at: plus(60),
    });
    expect(nextAttempt(plan(), { channelIndex: 0, attemptsOnChannel: 2 }, 'throttled', T)).toMatchObject({
      action: 'retry',
      attemptOnChannel: 3,
      at: plus(60),
    });
    expect(nextAttempt(plan(), { channelIndex: 0, attemptsOnChannel: 3 }, 'failed', T)).toEqual({
      action: 'give_up',
      reason: 'attempts_exhausted',
    });
  });

  it('grows the delay by its factor up to its ceiling', () => {
    const growing = { kind: 'growing', firstSeconds: 30, factor: 2, maxSeconds: 100 } as const;
    expect([1, 2, 3, 4].map((attempts) => retryDelaySeconds(growing, attempts))).toEqual([30, 60, 100, 100]);
    const fiveTimes = plan({ maxAttempts: 5, delay: growing });
    expect(nextAttempt(fiveTimes, { channelIndex: 0, attemptsOnChannel: 2 }, 'failed', T)).toMatchObject({
      at: plus(60),
    });
  });

  it('does not retry an outcome the plan leaves out', () => {
    expect(nextAttempt(plan(), { channelIndex: 0, attemptsOnChannel: 1 }, 'busy', T)).toEqual({
      action: 'give_up',
      reason: 'not_retried',
    });
    const voice = plan({ retryOn: ['busy', 'no_answer'] });
    expect(nextAttempt(voice, { channelIndex: 0, attemptsOnChannel: 1 }, 'no_answer', T)).toMatchObject({
      action: 'retry',
    });
    expect(nextAttempt(voice, { channelIndex: 0, attemptsOnChannel: 1 }, 'expired', T)).toMatchObject({
      action: 'give_up',
    });
  });

  it('falls back to the next channel at once when a channel gives up, then retries there', () => {
    const fallback = plan({ maxAttempts: 2, fallbackChannels: ['SMS', 'EMAIL'] });
    expect(nextAttempt(fallback, { channelIndex: 0, attemptsOnChannel: 2 }, 'failed', T)).toEqual({
      action: 'fallback',
      channelIndex: 1,
      channel: 'SMS',
      attemptOnChannel: 1,
      at: T,
    });
    // An outcome not retried (e.g. no WhatsApp account) skips the retries, not the fallback.
    expect(nextAttempt(fallback, { channelIndex: 0, attemptsOnChannel: 1 }, 'expired', T)).toMatchObject({
      action: 'fallback',
      channel: 'SMS',
    });
    expect(nextAttempt(fallback, { channelIndex: 1, attemptsOnChannel: 1 }, 'failed', T)).toEqual({
      action: 'retry',
      channelIndex: 1,
      channel: 'SMS',
      attemptOnChannel: 2,
      at: plus(60),
    });
    expect(nextAttempt(fallback, { channelIndex: 1, attemptsOnChannel: 2 }, 'failed', T)).toMatchObject({
      action: 'fallback',
      channelIndex: 2,
      channel: 'EMAIL',
    });
    expect(nextAttempt(fallback, { channelIndex: 2, attemptsOnChannel: 2 }, 'failed', T)).toEqual({
      action: 'give_up',
      reason: 'attempts_exhausted',
    });
  });

  it('counts a first attempt even when the caller passes none', () => {
    expect(nextAttempt(plan(), { channelIndex: 0, attemptsOnChannel: 0 }, 'failed', T)).toMatchObject({
      attemptOnChannel: 2,
    });
  });
});
