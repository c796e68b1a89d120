import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type DailyBarsProps = {
  /** What the bars count, for the chart's accessible name. */
  label: string;
  days: { date: string; value: number }[];
  color: string;
};

const HEIGHT = 140;

/** Short day labels in the interface language; the dates are plain calendar days (read as UTC). */
function dayLabel(date: string, locale: string, withMonth: boolean) {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    ...(withMonth ? { month: 'short' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * One bar per day, scaled to the busiest day, each with its number; small and dependency-free. The
 * figures are also in a list for screen readers, since an SVG alone says nothing.
 */
export function DailyBars({ label, days, color }: DailyBarsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const max = Math.max(1, ...days.map((day) => day.value));
  const width = Math.max(days.length, 1) * 28;
  // Past two weeks the labels would collide: name every seventh day only.
  const labelEvery = days.length > 14 ? 7 : 1;
  return (
    <Stack gap={4}>
      <Box style={{ overflowX: 'auto' }}>
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${width} ${HEIGHT + 34}`}
          width="100%"
          height={HEIGHT + 34}
          preserveAspectRatio="none"
          style={{ minWidth: Math.min(width, 320) }}
        >
          {days.map((day, index) => {
            const barHeight = Math.round((day.value / max) * HEIGHT);
            const x = index * 28 + 4;
            return (
              <g key={day.date}>
                <title>{`${dayLabel(day.date, locale, true)}: ${day.value}`}</title>
                <rect
                  x={x}
                  y={HEIGHT - barHeight + 14}
                  width={20}
                  height={Math.max(barHeight, day.value > 0 ? 2 : 0)}
                  rx={3}
                  fill={`var(--mantine-color-${color}-6)`}
                />
                <text
                  x={x + 10}
                  y={HEIGHT - barHeight + 10}
                  textAnchor="middle"
                  fontSize={10}
                  fill="currentColor"
                >
                  {day.value}
                </text>
                {index % labelEvery === 0 ? (
                  <text x={x + 10} y={HEIGHT + 30} textAnchor="middle" fontSize={9} fill="currentColor">
                    {dayLabel(day.date, locale, labelEvery > 1 || index === 0)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line x1={0} x2={width} y1={HEIGHT + 14} y2={HEIGHT + 14} stroke="var(--mantine-color-gray-4)" />
        </svg>
      </Box>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {t('csDashboard.chartTotal', { total: days.reduce((sum, day) => sum + day.value, 0) })}
        </Text>
      </Group>
      <VisuallyHidden>
        <ul aria-label={label}>
          {days.map((day) => (
            <li key={day.date}>{`${day.date}: ${day.value}`}</li>
          ))}
        </ul>
      </VisuallyHidden>
    </Stack>
  );
}
