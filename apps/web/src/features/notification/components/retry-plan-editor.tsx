import {
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  CAMPAIGN_CHANNELS,
  type CampaignChannel,
  RETRY_OUTCOMES,
  type RetryOutcome,
  type RetryPlanInput,
} from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { RetryTimeline } from './retry-timeline';

export const DEFAULT_RETRY_PLAN: RetryPlanInput = {
  name: '',
  maxAttempts: 3,
  delay: { kind: 'fixed', seconds: 300 },
  retryOn: ['failed', 'throttled'],
  fallbackChannels: [],
};

export type RetryPlanEditorProps = {
  value: RetryPlanInput;
  onChange: (value: RetryPlanInput) => void;
  /** The campaign's channel: the timeline starts on it. */
  channel: CampaignChannel;
};

/** A retry plan's fields beside the timeline they make. */
export function RetryPlanEditor({ value, onChange, channel }: RetryPlanEditorProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<RetryPlanInput>) => onChange({ ...value, ...patch });
  const delay = value.delay;
  const minutes = (seconds: number) => Math.round(seconds / 60);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="sm">
        <TextInput
          label={t('notification.retry.name')}
          value={value.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          required
        />
        <NumberInput
          label={t('notification.retry.maxAttempts')}
          description={t('notification.retry.maxAttemptsHelp')}
          min={1}
          max={10}
          value={value.maxAttempts}
          onChange={(next) => set({ maxAttempts: Math.max(1, Math.min(10, Number(next) || 1)) })}
        />
        <SegmentedControl
          aria-label={t('notification.retry.delayKind')}
          value={delay.kind}
          onChange={(kind) =>
            set({
              delay:
                kind === 'fixed'
                  ? { kind: 'fixed', seconds: 300 }
                  : { kind: 'growing', firstSeconds: 300, factor: 2, maxSeconds: 3600 },
            })
          }
          data={[
            { value: 'fixed', label: t('notification.retry.fixed') },
            { value: 'growing', label: t('notification.retry.growing') },
          ]}
        />
        {delay.kind === 'fixed' ? (
          <NumberInput
            label={t('notification.retry.delayMinutes')}
            min={0}
            max={7 * 24 * 60}
            value={minutes(delay.seconds)}
            onChange={(next) =>
              set({ delay: { kind: 'fixed', seconds: Math.max(0, Number(next) || 0) * 60 } })
            }
          />
        ) : (
          <Group grow align="flex-start">
            <NumberInput
              label={t('notification.retry.firstMinutes')}
              min={1}
              max={24 * 60}
              value={minutes(delay.firstSeconds)}
              onChange={(next) =>
                set({ delay: { ...delay, firstSeconds: Math.max(1, Number(next) || 1) * 60 } })
              }
            />
            <NumberInput
              label={t('notification.retry.factor')}
              min={1}
              max={10}
              step={0.5}
              decimalScale={2}
              value={delay.factor}
              onChange={(next) => set({ delay: { ...delay, factor: Math.max(1, Number(next) || 1) } })}
            />
            <NumberInput
              label={t('notification.retry.maxMinutes')}
              min={1}
              max={7 * 24 * 60}
              value={minutes(delay.maxSeconds)}
              onChange={(next) =>
                set({ delay: { ...delay, maxSeconds: Math.max(1, Number(next) || 1) * 60 } })
              }
            />
          </Group>
        )}
        <Checkbox.Group
          label={t('notification.retry.retryOn')}
          value={value.retryOn}
          onChange={(retryOn) => set({ retryOn: retryOn as RetryOutcome[] })}
        >
          <Group mt={4}>
            {RETRY_OUTCOMES.map((outcome) => (
              <Checkbox key={outcome} value={outcome} label={t(`notification.outcomes.${outcome}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <MultiSelect
          label={t('notification.retry.fallback')}
          description={t('notification.retry.fallbackHelp')}
          value={value.fallbackChannels}
          maxValues={4}
          onChange={(channels) => set({ fallbackChannels: channels as CampaignChannel[] })}
          data={CAMPAIGN_CHANNELS.filter((other) => other !== channel).map((other) => ({
            value: other,
            label: t(`notification.channels.${other}`),
          }))}
        />
      </Stack>
      <RetryTimeline plan={value} channel={channel} />
    </SimpleGrid>
  );
}
