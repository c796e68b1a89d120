import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { CS_DAILY_MAX_DAYS } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import type { DateRange } from '../api/cs-dashboard-api';

const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const RANGE_PRESETS = ['today', 'last7', 'last30'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Today's date where the client works (the server counts days in the client's time zone too). */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: timezone });
}

/** A plain calendar date moved by whole days, without any time zone. */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

export function presetRange(preset: RangePreset, today: string): DateRange {
  if (preset === 'today') return { from: today, to: today };
  return { from: shiftDate(today, preset === 'last7' ? -6 : -29), to: today };
}

/** Why a range cannot be asked for, as a key under `csDashboard.range`, or null when it is fine. */
export function rangeProblem(range: DateRange): string | null {
  if (!DATE.test(range.from) || !DATE.test(range.to)) return 'incomplete';
  if (range.to < range.from) return 'backwards';
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY + 1;
  if (days > CS_DAILY_MAX_DAYS) return 'tooLong';
  return null;
}

export type DateRangeFilterProps = {
  today: string;
  /** The range in force; changes only when a complete, valid range is chosen. */
  value: DateRange;
  onChange: (range: DateRange) => void;
};

/**
 * Quick choices (today, 7 and 30 days) or any from–to dates. A half-typed or impossible range stays
 * in the inputs with its problem shown and the dashboard keeps the last good one.
 */
export function DateRangeFilter({ today, value, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DateRange>(value);
  const problem = rangeProblem(draft);
  const preset = RANGE_PRESETS.find((candidate) => {
    const range = presetRange(candidate, today);
    return range.from === draft.from && range.to === draft.to;
  });

  const choose = (next: DateRange) => {
    setDraft(next);
    if (!rangeProblem(next)) onChange(next);
  };

  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('csDashboard.range.presets')}
          value={preset ?? 'custom'}
          onChange={(chosen) => {
            if (chosen !== 'custom') choose(presetRange(chosen as RangePreset, today));
          }}
          data={[
            ...RANGE_PRESETS.map((candidate) => ({
              value: candidate,
              label: t(`csDashboard.range.${candidate}`),
            })),
            { value: 'custom', label: t('csDashboard.range.custom'), disabled: true },
          ]}
        />
        <DateField
          label={t('csDashboard.range.from')}
          value={draft.from}
          max={today}
          onChange={(from) => choose({ ...draft, from })}
          error={problem === 'backwards' || (problem === 'incomplete' && !DATE.test(draft.from))}
          w={170}
        />
        <DateField
          label={t('csDashboard.range.to')}
          value={draft.to}
          max={today}
          onChange={(to) => choose({ ...draft, to })}
          error={problem === 'backwards' || (problem === 'incomplete' && !DATE.test(draft.to))}
          w={170}
        />
      </Group>
      {problem ? (
        <Text size="xs" c="red" role="alert">
          {t(`csDashboard.range.${problem}`, { max: CS_DAILY_MAX_DAYS })}
        </Text>
      ) : null}
    </Stack>
  );
}
