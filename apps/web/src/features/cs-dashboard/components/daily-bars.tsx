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
 * figures are also in a list for screen readers, since the bars alone say nothing.
 */
export function DailyBars({ label, days, color }: DailyBarsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const max = Math.max(1, ...days.map((day) => day.value));
  // Past two weeks the labels would collide: name every seventh day only.
  const labelEvery = days.length > 14 ? 7 : 1;
  return (
    <Stack gap={4}>
      {/* Plain boxes rather than a stretched SVG: the bars fill the card and the text stays crisp. */}
      <Box
        role="img"
        aria-label={label}
        style={{ display: 'flex', alignItems: 'flex-end', gap: 4, height: HEIGHT + 40 }}
      >
        {days.map((day, index) => (
          <Box
            key={day.date}
            title={`${dayLabel(day.date, locale, true)}: ${day.value}`}
            style={{
              flex: 1,
              minWidth: 0,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              height: '100%',
              justifyContent: 'flex-end',
            }}
          >
            {days.length <= 31 ? (
              <Text size="10px" c="dimmed" lh={1.4}>
                {day.value}
              </Text>
            ) : null}
            <Box
              style={{
                width: '80%',
                maxWidth: 36,
                height: Math.max(Math.round((day.value / max) * HEIGHT), day.value > 0 ? 2 : 0),
                borderRadius: '3px 3px 0 0',
                background: `var(--mantine-color-${color}-6)`,
              }}
            />
            <Box style={{ width: '100%', borderTop: '1px solid var(--mantine-color-gray-4)' }} />
            <Text size="10px" c="dimmed" lh={1.6} style={{ whiteSpace: 'nowrap', minHeight: 16 }}>
              {index % labelEvery === 0 ? dayLabel(day.date, locale, labelEvery > 1 || index === 0) : ''}
            </Text>
          </Box>
        ))}
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
