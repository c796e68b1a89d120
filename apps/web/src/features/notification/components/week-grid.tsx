import { Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { WEEKDAYS, type Weekday, type WindowRange } from '@sapa/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Seven days of 24 hours: `grid[day][hour]` is true when sending is allowed in that hour. */
export type WeekHours = boolean[][];

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const minutesOf = (time: string) => {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
};

export const emptyWeek = (): WeekHours => WEEKDAYS.map(() => HOURS.map(() => false));

/** The hours a window's ranges touch (an hour partly open shows open: the grid's unit is the hour). */
export function rangesToWeek(ranges: readonly WindowRange[]): WeekHours {
  const week = emptyWeek();
  for (const range of ranges) {
    const day = WEEKDAYS.indexOf(range.day);
    const start = minutesOf(range.start);
    const end = minutesOf(range.end);
    for (const hour of HOURS) {
      if (hour * 60 < end && (hour + 1) * 60 > start) week[day]![hour] = true;
    }
  }
  return week;
}

/** The window's ranges: each run of open hours on a day is one `[start, end)` range, 24:00 for midnight. */
export function weekToRanges(week: WeekHours): WindowRange[] {
  const ranges: WindowRange[] = [];
  WEEKDAYS.forEach((day: Weekday, index) => {
    const hours = week[index] ?? [];
    let start: number | null = null;
    for (let hour = 0; hour <= 24; hour++) {
      const open = hour < 24 && Boolean(hours[hour]);
      if (open && start === null) start = hour;
      if (!open && start !== null) {
        ranges.push({ day, start: clock(start), end: hour === 24 ? '24:00' : clock(hour) });
        start = null;
      }
    }
  });
  return ranges;
}

export type WeekGridProps = {
  value: WeekHours;
  onChange: (week: WeekHours) => void;
  /** Read-only: the campaign page shows the window without editing it. */
  readOnly?: boolean;
};

/**
 * The sending window as a week grid (issue 17 item 3): a row per day, a cell per hour. Click a cell to
 * open or close it, drag across cells to paint them alike, or take a whole day or a preset.
 */
export function WeekGrid({ value, onChange, readOnly = false }: WeekGridProps) {
  const { t } = useTranslation();
  // The state a drag paints: what the first cell became.
  const painting = useRef<boolean | null>(null);
  const set = (day: number, hour: number, open: boolean) => {
    if (value[day]?.[hour] === open) return;
    onChange(
      value.map((hours, d) => (d === day ? hours.map((cell, h) => (h === hour ? open : cell)) : hours)),
    );
  };
  const preset = (open: (day: number, hour: number) => boolean) =>
    onChange(WEEKDAYS.map((_, day) => HOURS.map((hour) => open(day, hour))));
  const stop = () => {
    painting.current = null;
  };

  return (
    <Stack gap="xs" onMouseUp={stop} onMouseLeave={stop}>
      {readOnly ? null : (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => preset((day, hour) => day < 5 && hour >= 8 && hour < 17)}
          >
            {t('notification.window.officeHours')}
          </Button>
          <Button size="xs" variant="light" onClick={() => preset(() => true)}>
            {t('notification.window.always')}
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => preset(() => false)}>
            {t('notification.window.clear')}
          </Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table
          withRowBorders={false}
          verticalSpacing={2}
          horizontalSpacing={0}
          aria-label={t('notification.window.grid')}
          style={{ userSelect: 'none' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56} />
              {HOURS.map((hour) => (
                <Table.Th key={hour} ta="center">
                  <Text size="xs" c="dimmed">
                    {hour % 3 === 0 ? String(hour).padStart(2, '0') : ''}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {WEEKDAYS.map((day, dayIndex) => {
              const dayName = t(`notification.weekdays.${day}`);
              const allOpen = value[dayIndex]?.every(Boolean) ?? false;
              return (
                <Table.Tr key={day}>
                  <Table.Td>
                    {readOnly ? (
                      <Text size="sm">{dayName}</Text>
                    ) : (
                      <UnstyledButton
                        fz="sm"
                        aria-label={t('notification.window.toggleDay', { day: dayName })}
                        onClick={() =>
                          onChange(
                            value.map((hours, d) => (d === dayIndex ? hours.map(() => !allOpen) : hours)),
                          )
                        }
                      >
                        {dayName}
                      </UnstyledButton>
                    )}
                  </Table.Td>
                  {HOURS.map((hour) => {
                    const open = Boolean(value[dayIndex]?.[hour]);
                    return (
                      <Table.Td key={hour} p={1}>
                        <UnstyledButton
                          aria-label={t('notification.window.cell', { day: dayName, time: clock(hour) })}
                          aria-pressed={open}
                          disabled={readOnly}
                          data-open={open || undefined}
                          onMouseDown={(event) => {
                            if (readOnly || event.button !== 0) return;
                            painting.current = !open;
                            set(dayIndex, hour, !open);
                          }}
                          onMouseEnter={() => {
                            if (painting.current !== null) set(dayIndex, hour, painting.current);
                          }}
                          onKeyDown={(event) => {
                            if (readOnly || (event.key !== 'Enter' && event.key !== ' ')) return;
                            event.preventDefault();
                            set(dayIndex, hour, !open);
                          }}
                          style={{
                            display: 'block',
                            width: '100%',
                            height: 22,
                            borderRadius: 3,
                            background: open ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-2)',
                            cursor: readOnly ? 'default' : 'pointer',
                          }}
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t('notification.window.legend')}
      </Text>
    </Stack>
  );
}
