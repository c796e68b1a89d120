import { Badge, Group, Text, Timeline } from '@mantine/core';
import type { CampaignChannel, RetryDelay, RetryPlanInput } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

export type TimelineStep = {
  channel: CampaignChannel;
  /** 1 for the first attempt on its channel. */
  attemptOnChannel: number;
  /** Seconds after the first attempt, when every attempt before failed at once with a retried outcome. */
  offsetSeconds: number;
};

/** The wait after `attemptsOnChannel` attempts on a channel: the server's rule (decision 0028). */
export function retryDelaySeconds(delay: RetryDelay, attemptsOnChannel: number): number {
  if (delay.kind === 'fixed') return delay.seconds;
  const grown = delay.firstSeconds * delay.factor ** Math.max(0, attemptsOnChannel - 1);
  return Math.min(delay.maxSeconds, Math.round(grown));
}

/**
 * Every attempt a plan may make for one notification, in order: the campaign's channel up to
 * `maxAttempts`, each after the plan's delay, then each fallback channel at once with its own attempts.
 * A fallback equal to the campaign's channel is skipped, as the dispatcher does.
 */
export function retryTimeline(
  plan: Pick<RetryPlanInput, 'maxAttempts' | 'delay' | 'fallbackChannels'>,
  channel: CampaignChannel,
): TimelineStep[] {
  const channels = [channel, ...plan.fallbackChannels.filter((fallback) => fallback !== channel)];
  const steps: TimelineStep[] = [];
  let at = 0;
  for (const current of channels) {
    // A fallback channel starts at once after the last attempt before it.
    for (let attempt = 1; attempt <= plan.maxAttempts; attempt++) {
      if (attempt > 1) at += retryDelaySeconds(plan.delay, attempt - 1);
      steps.push({ channel: current, attemptOnChannel: attempt, offsetSeconds: at });
    }
  }
  return steps;
}

/** "2 h 5 min", "30 s", "1 d 2 h": the wait, in the largest two units. */
export function formatOffset(
  seconds: number,
  units: { d: string; h: string; min: string; s: string },
): string {
  if (seconds === 0) return `0 ${units.s}`;
  const parts: [number, string][] = [
    [Math.floor(seconds / 86_400), units.d],
    [Math.floor((seconds % 86_400) / 3_600), units.h],
    [Math.floor((seconds % 3_600) / 60), units.min],
    [seconds % 60, units.s],
  ];
  return parts
    .filter(([value]) => value > 0)
    .slice(0, 2)
    .map(([value, unit]) => `${value} ${unit}`)
    .join(' ');
}

export type RetryTimelineProps = {
  plan: Pick<RetryPlanInput, 'maxAttempts' | 'delay' | 'fallbackChannels' | 'retryOn'>;
  channel: CampaignChannel;
};

/** The retry plan drawn as the attempts it makes (issue 17 item 3: "the resulting timeline"). */
export function RetryTimeline({ plan, channel }: RetryTimelineProps) {
  const { t } = useTranslation();
  const steps = retryTimeline(plan, channel);
  const units = {
    d: t('notification.units.d'),
    h: t('notification.units.h'),
    min: t('notification.units.min'),
    s: t('notification.units.s'),
  };
  return (
    <section aria-label={t('notification.retry.timeline')}>
      <Timeline active={steps.length} bulletSize={18} lineWidth={2}>
        {steps.map((step, index) => {
          const fallback = step.channel !== channel && step.attemptOnChannel === 1;
          return (
            <Timeline.Item
              key={`${step.channel}-${step.attemptOnChannel}`}
              data-testid="retry-step"
              title={
                <Group gap="xs">
                  <Badge size="sm" variant={step.channel === channel ? 'light' : 'outline'}>
                    {t(`notification.channels.${step.channel}`)}
                  </Badge>
                  <Text size="sm" fw={500}>
                    {t('notification.retry.attemptN', { n: step.attemptOnChannel })}
                  </Text>
                </Group>
              }
            >
              <Text size="xs" c="dimmed">
                {index === 0
                  ? t('notification.retry.atStart')
                  : fallback
                    ? t('notification.retry.fallbackAt', { offset: formatOffset(step.offsetSeconds, units) })
                    : t('notification.retry.retryAt', { offset: formatOffset(step.offsetSeconds, units) })}
              </Text>
            </Timeline.Item>
          );
        })}
      </Timeline>
      <Text size="xs" c="dimmed" mt="xs">
        {plan.retryOn.length === 0
          ? t('notification.retry.noRetries')
          : t('notification.retry.retriedOn', {
              outcomes: plan.retryOn.map((outcome) => t(`notification.outcomes.${outcome}`)).join(', '),
            })}
      </Text>
    </section>
  );
}
