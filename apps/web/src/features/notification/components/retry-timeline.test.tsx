import '../notification-i18n';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { formatOffset, RetryTimeline, retryDelaySeconds, retryTimeline } from './retry-timeline';

const units = { d: 'd', h: 'h', min: 'min', s: 's' };

describe('retry timeline', () => {
  it('grows the wait by the factor up to its cap, as the dispatcher does', () => {
    const delay = { kind: 'growing', firstSeconds: 60, factor: 3, maxSeconds: 600 } as const;
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(delay, n))).toEqual([60, 180, 540, 600]);
    expect(retryDelaySeconds({ kind: 'fixed', seconds: 300 }, 5)).toBe(300);
  });

  it('lists every attempt: the own channel after each delay, then each fallback at once', () => {
    const steps = retryTimeline(
      { maxAttempts: 3, delay: { kind: 'fixed', seconds: 300 }, fallbackChannels: ['WHATSAPP', 'SMS'] },
      'SMS',
    );
    // SMS as a fallback of an SMS campaign is skipped.
    expect(steps).toEqual([
      { channel: 'SMS', attemptOnChannel: 1, offsetSeconds: 0 },
      { channel: 'SMS', attemptOnChannel: 2, offsetSeconds: 300 },
      { channel: 'SMS', attemptOnChannel: 3, offsetSeconds: 600 },
      { channel: 'WHATSAPP', attemptOnChannel: 1, offsetSeconds: 600 },
      { channel: 'WHATSAPP', attemptOnChannel: 2, offsetSeconds: 900 },
      { channel: 'WHATSAPP', attemptOnChannel: 3, offsetSeconds: 1200 },
    ]);
  });

  it('writes offsets in their two largest units', () => {
    expect(formatOffset(0, units)).toBe('0 s');
    expect(formatOffset(45, units)).toBe('45 s');
    expect(formatOffset(3_900, units)).toBe('1 h 5 min');
    expect(formatOffset(93_600 + 61, units)).toBe('1 d 2 h');
  });

  it('draws the steps with their waits and the outcomes retried', () => {
    renderWithProviders(
      <RetryTimeline
        channel="VOICE"
        plan={{
          maxAttempts: 2,
          delay: { kind: 'growing', firstSeconds: 600, factor: 2, maxSeconds: 3600 },
          retryOn: ['busy', 'no_answer'],
          fallbackChannels: ['SMS'],
        }}
      />,
    );
    const timeline = screen.getByRole('region', { name: 'Retry timeline' });
    const steps = within(timeline).getAllByTestId('retry-step');
    expect(steps.map((step) => step.textContent)).toEqual([
      'VoiceAttempt 1At once',
      'VoiceAttempt 2Retry after 10 min',
      'SMSAttempt 1Fallback after 10 min',
      'SMSAttempt 2Retry after 20 min',
    ]);
    expect(timeline?.textContent).toContain('Retried when the outcome is: Busy, No answer');
  });
});
