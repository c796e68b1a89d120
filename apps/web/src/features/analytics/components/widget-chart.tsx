import '@mantine/charts/styles.css';
import '../analytics-i18n';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { WidgetResult } from '@sapa/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A duration in seconds as "1 min 30 s", "2 h 5 min" or "45 s"; a dash without data. */
export function formatDuration(seconds: number | null, t: TFunction): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  if (whole < 60) return t('analytics.duration.seconds', { s: whole });
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return t('analytics.duration.minutes', { m: minutes, s: whole % 60 });
  return t('analytics.duration.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Rows of figures for screen readers, since a chart alone says nothing to them. */
function FigureList({ label, rows }: { label: string; rows: string[] }) {
  return (
    <VisuallyHidden>
      <ul aria-label={label}>
        {rows.map((row) => (
          <li key={row}>{row}</li>
        ))}
      </ul>
    </VisuallyHidden>
  );
}

/** One widget of a dashboard: its headline figures and its chart over the widget's days. */
export function WidgetChart({ result }: { result: WidgetResult }) {
  const { t } = useTranslation();
  const { widget, data } = result;
  const title = widget.title || t(`analytics.kinds.${widget.kind}`);
  const dayLabel = (date: string) => date.slice(5);
  let body: React.ReactNode;
  if (data.kind === 'conversationsByHour') {
    const rows = data.byHour.map((row) => ({
      hour: `${String(row.hour).padStart(2, '0')}:00`,
      conversations: row.conversations,
    }));
    body = (
      <>
        <Figure label={t('analytics.figures.conversations')} value={data.total} testId="figure-total" />
        <BarChart
          h={200}
          data={rows}
          dataKey="hour"
          series={[{ name: 'conversations', label: t('analytics.figures.conversations'), color: 'blue.6' }]}
          aria-label={title}
        />
        <FigureList
          label={title}
          rows={rows.filter((row) => row.conversations).map((row) => `${row.hour} ${row.conversations}`)}
        />
      </>
    );
  } else if (data.kind === 'firstResponseTime' || data.kind === 'resolutionTime') {
    const rows = data.byDay.map((day) => ({
      date: dayLabel(day.date),
      minutes: day.median === null ? null : Math.round((day.median / 60) * 10) / 10,
    }));
    body = (
      <>
        <Group gap="xl">
          <Figure
            label={t('analytics.figures.median')}
            value={formatDuration(data.median, t)}
            testId="figure-median"
          />
          <Figure
            label={t('analytics.figures.p90')}
            value={formatDuration(data.p90, t)}
            testId="figure-p90"
          />
          <Figure label={t('analytics.figures.measured')} value={data.count} testId="figure-count" />
        </Group>
        <LineChart
          h={200}
          data={rows}
          dataKey="date"
          connectNulls
          unit=" min"
          series={[{ name: 'minutes', label: t('analytics.figures.medianMinutes'), color: 'teal.6' }]}
          aria-label={title}
        />
        <FigureList
          label={title}
          rows={data.byDay.map((day) => `${day.date}: ${formatDuration(day.median, t)} (${day.count})`)}
        />
      </>
    );
  } else if (data.kind === 'botContainment') {
    body = (
      <>
        <Group gap="xl">
          <Figure
            label={t('analytics.figures.containmentRate')}
            value={data.containmentRate === null ? '—' : `${data.containmentRate}%`}
            testId="figure-rate"
          />
          <Figure label={t('analytics.figures.contained')} value={data.contained} testId="figure-contained" />
          <Figure
            label={t('analytics.figures.handedOff')}
            value={data.handedOff}
            testId="figure-handed-off"
          />
          <Figure
            label={t('analytics.figures.inProgress')}
            value={data.inProgress}
            testId="figure-in-progress"
          />
        </Group>
        {data.botConversations ? (
          <DonutChart
            size={140}
            thickness={24}
            withLabels
            data={[
              { name: t('analytics.figures.contained'), value: data.contained, color: 'teal.6' },
              { name: t('analytics.figures.handedOff'), value: data.handedOff, color: 'orange.6' },
              { name: t('analytics.figures.inProgress'), value: data.inProgress, color: 'gray.5' },
            ]}
            aria-label={title}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('analytics.noBotConversations')}
          </Text>
        )}
      </>
    );
  } else {
    const rows = data.agents.map((agent) => ({
      name: agent.name,
      conversations: agent.conversations,
      resolved: agent.resolved,
    }));
    body = data.agents.length ? (
      <>
        <BarChart
          h={Math.max(120, rows.length * 36)}
          orientation="vertical"
          data={rows}
          dataKey="name"
          series={[
            { name: 'conversations', label: t('analytics.figures.conversations'), color: 'blue.6' },
            { name: 'resolved', label: t('analytics.figures.resolved'), color: 'teal.6' },
          ]}
          withLegend
          aria-label={title}
        />
        <FigureList
          label={title}
          rows={data.agents.map(
            (agent) =>
              `${agent.name}: ${agent.conversations} / ${agent.resolved} / ${formatDuration(agent.firstResponseMedian, t)}`,
          )}
        />
      </>
    ) : (
      <Text size="sm" c="dimmed">
        {t('analytics.noAgents')}
      </Text>
    );
  }
  return (
    <Card withBorder padding="md" role="group" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {result.from === result.to ? result.from : `${result.from} – ${result.to}`}
          </Text>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
