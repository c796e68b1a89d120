import { ActionIcon, Box, Button, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import type { AvailabilityPeriod } from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The week as the editor shows it: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export type PeriodProblem = 'invalidTime' | 'endAfterStart' | 'overlap';

/** What is wrong with each period (by index in `periods`), the same rules the server applies, plus overlaps. */
export function periodProblems(periods: AvailabilityPeriod[]): (PeriodProblem | null)[] {
  return periods.map((period, index) => {
    if (!TIME.test(period.start) || !TIME.test(period.end)) return 'invalidTime';
    if (period.start >= period.end) return 'endAfterStart';
    const overlaps = periods.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        other.day === period.day &&
        TIME.test(other.start) &&
        TIME.test(other.end) &&
        other.start < period.end &&
        period.start < other.end,
    );
    return overlaps ? 'overlap' : null;
  });
}

/** Open hours of a week, for the list's summary. */
export function hoursPerWeek(periods: AvailabilityPeriod[]): number {
  const minutes = periods.reduce((sum, p) => sum + Math.max(0, minutesOf(p.end) - minutesOf(p.start)), 0);
  return Math.round((minutes / 60) * 10) / 10;
}

/** One day's periods drawn on a 24-hour bar. */
export function DayBar({ periods, label }: { periods: AvailabilityPeriod[]; label: string }) {
  return (
    <Box
      role="img"
      aria-label={label}
      pos="relative"
      h={14}
      miw={160}
      bg="var(--mantine-color-gray-2)"
      style={{ borderRadius: 4, overflow: 'hidden' }}
    >
      {periods
        .filter((p) => TIME.test(p.start) && TIME.test(p.end) && p.start < p.end)
        .map((p) => (
          <Box
            key={`${p.start}-${p.end}`}
            pos="absolute"
            top={0}
            bottom={0}
            bg="var(--mantine-color-teal-5)"
            style={{
              left: `${(minutesOf(p.start) / 1440) * 100}%`,
              width: `${((minutesOf(p.end) - minutesOf(p.start)) / 1440) * 100}%`,
            }}
          />
        ))}
    </Box>
  );
}

type WeekEditorProps = {
  periods: AvailabilityPeriod[];
  onChange: (periods: AvailabilityPeriod[]) => void;
  /** Show each period's problem (after a save was tried). */
  showProblems: boolean;
  disabled?: boolean;
};

/**
 * The week as a grid: a row per day with its periods (several a day) and a 24-hour bar that draws
 * them. Periods keep their order of entry; the server stores them sorted.
 */
export function WeekEditor({ periods, onChange, showProblems, disabled }: WeekEditorProps) {
  const { t } = useTranslation();
  const problems = periodProblems(periods);
  const update = (index: number, patch: Partial<AvailabilityPeriod>) =>
    onChange(periods.map((period, i) => (i === index ? { ...period, ...patch } : period)));
  const add = (day: number) => {
    const last = periods.filter((p) => p.day === day).at(-1);
    const start = last && TIME.test(last.end) && last.end < '23:00' ? last.end : '08:00';
    const end =
      start === '08:00'
        ? '17:00'
        : `${String(Math.min(24, Number(start.slice(0, 2)) + 1)).padStart(2, '0')}:00`;
    onChange([...periods, { day, start, end }]);
  };
  return (
    <Table withTableBorder withColumnBorders aria-label={t('automation.availability.week.label')}>
      <Table.Tbody>
        {WEEK_ORDER.map((day) => {
          const dayName = t(`automation.days.${day}`);
          const ofDay = periods
            .map((period, index) => ({ period, index }))
            .filter((e) => e.period.day === day);
          return (
            <Table.Tr key={day}>
              <Table.Th w={110} scope="row">
                {dayName}
              </Table.Th>
              <Table.Td>
                <Stack gap={6}>
                  {ofDay.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('automation.availability.week.closed')}
                    </Text>
                  ) : null}
                  {ofDay.map(({ period, index }) => {
                    const problem = showProblems ? problems[index] : null;
                    return (
                      <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                        <TextInput
                          type="time"
                          size="xs"
                          w={120}
                          label={t('automation.availability.week.start')}
                          aria-label={`${dayName} ${t('automation.availability.week.start')}`}
                          value={period.start}
                          disabled={disabled}
                          onChange={(event) => update(index, { start: event.currentTarget.value })}
                        />
                        <TextInput
                          type="time"
                          size="xs"
                          w={120}
                          label={t('automation.availability.week.end')}
                          aria-label={`${dayName} ${t('automation.availability.week.end')}`}
                          value={period.end === '24:00' ? '23:59' : period.end}
                          disabled={disabled}
                          error={problem ? t(`automation.availability.week.${problem}`) : undefined}
                          onChange={(event) => update(index, { end: event.currentTarget.value })}
                        />
                        <Tooltip label={t('automation.availability.week.removePeriod')}>
                          <ActionIcon
                            mt={22}
                            variant="subtle"
                            color="red"
                            aria-label={`${t('automation.availability.week.removePeriod')} ${dayName} ${period.start}`}
                            disabled={disabled}
                            onClick={() => onChange(periods.filter((_, i) => i !== index))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    );
                  })}
                </Stack>
              </Table.Td>
              <Table.Td w={220}>
                <Stack gap={6}>
                  <DayBar periods={ofDay.map((e) => e.period)} label={dayName} />
                  <Button
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconPlus size={14} />}
                    disabled={disabled}
                    aria-label={`${t('automation.availability.week.addPeriod')} ${dayName}`}
                    onClick={() => add(day)}
                  >
                    {t('automation.availability.week.addPeriod')}
                  </Button>
                </Stack>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
