import { Box, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CsResponseReport } from '@sapa/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DownloadButton } from '../../../components/download-button';
import { QueryState } from '../../../components/query-state';
import { type DateRange, downloadResponseReport, useCsResponseReport } from '../api/cs-dashboard-api';
import { DailyBars } from './daily-bars';

type AgentRow = CsResponseReport['byAgent'][number];

/** Seconds as "45 s", "3 min 20 s", "2 h 5 min"; a dash when there is nothing to measure. */
export function formatDuration(seconds: number | null, t: TFunction) {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  if (whole < 60) return t('csDashboard.report.seconds', { s: whole });
  if (whole < 3600) return t('csDashboard.report.minutes', { m: Math.floor(whole / 60), s: whole % 60 });
  return t('csDashboard.report.hours', { h: Math.floor(whole / 3600), m: Math.floor((whole % 3600) / 60) });
}

const HEIGHT = 120;

/** Conversations per hour of the client's day: 24 small bars, with the figures listed for screen readers. */
function HourBars({ label, hours }: { label: string; hours: CsResponseReport['byHour'] }) {
  const max = Math.max(1, ...hours.map((hour) => hour.conversations));
  return (
    <Stack gap={4}>
      <Box
        role="img"
        aria-label={label}
        style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: HEIGHT + 24 }}
      >
        {hours.map((hour) => (
          <Box
            key={hour.hour}
            title={`${String(hour.hour).padStart(2, '0')}:00 · ${hour.conversations}`}
            style={{
              flex: 1,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              height: '100%',
            }}
          >
            <Box style={{ flex: 1 }} />
            <Box
              bg="grape.5"
              style={{
                width: '100%',
                height: Math.round((hour.conversations / max) * HEIGHT),
                minHeight: hour.conversations ? 2 : 0,
                borderRadius: 2,
              }}
            />
            <Text size="9px" c="dimmed">
              {hour.hour % 3 === 0 ? String(hour.hour).padStart(2, '0') : '\u00a0'}
            </Text>
          </Box>
        ))}
      </Box>
      <VisuallyHidden>
        <ul aria-label={label}>
          {hours.map((hour) => (
            <li key={hour.hour}>{`${String(hour.hour).padStart(2, '0')}:00 ${hour.conversations}`}</li>
          ))}
        </ul>
      </VisuallyHidden>
    </Stack>
  );
}

/** "How fast do we help": first response and resolution, per agent and per day, and the busy hours. */
export function ResponseReport({
  clientId,
  range,
  enabled,
}: {
  clientId: string;
  range: DateRange;
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const report = useCsResponseReport(clientId, range, enabled);
  const duration = (seconds: number | null) => formatDuration(seconds, t);
  const columns: DataTableColumn<AgentRow>[] = [
    { key: 'name', header: t('csDashboard.report.agent'), render: (row) => row.name },
    {
      key: 'conversations',
      header: t('csDashboard.report.conversations'),
      render: (row) => row.conversations,
      align: 'right',
    },
    {
      key: 'frtMedian',
      header: t('csDashboard.report.firstMedian'),
      render: (row) => duration(row.firstResponse.median),
      align: 'right',
    },
    {
      key: 'frtP90',
      header: t('csDashboard.report.firstP90'),
      render: (row) => duration(row.firstResponse.p90),
      align: 'right',
    },
    {
      key: 'resMedian',
      header: t('csDashboard.report.resolutionMedian'),
      render: (row) => duration(row.resolution.median),
      align: 'right',
    },
    {
      key: 'resP90',
      header: t('csDashboard.report.resolutionP90'),
      render: (row) => duration(row.resolution.p90),
      align: 'right',
    },
  ];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('csDashboard.report.title')}
        </Title>
        <DownloadButton
          size="xs"
          label={t('csDashboard.report.export')}
          fileName={`response-times-${range.from}-${range.to}.csv`}
          download={() => downloadResponseReport(range)}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('csDashboard.report.help')}
      </Text>
      <QueryState
        data={report.data}
        loading={report.isLoading}
        error={report.error}
        onRetry={() => void report.refetch()}
      >
        {(data) => (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              {(
                [
                  ['firstMedian', data.overall.firstResponse.median],
                  ['firstP90', data.overall.firstResponse.p90],
                  ['resolutionMedian', data.overall.resolution.median],
                  ['resolutionP90', data.overall.resolution.p90],
                ] as const
              ).map(([key, value]) => (
                <Card
                  key={key}
                  withBorder
                  padding="sm"
                  role="group"
                  aria-label={t(`csDashboard.report.${key}`)}
                >
                  <Text size="xs" c="dimmed">
                    {t(`csDashboard.report.${key}`)}
                  </Text>
                  <Text fz={22} fw={700} data-testid={`report-${key}`}>
                    {duration(value)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
            <DataTable
              label={t('csDashboard.report.byAgent')}
              columns={columns}
              rows={data.byAgent}
              rowKey={(row) => row.csId}
              emptyText={t('csDashboard.report.empty')}
            />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder padding="md">
                <Title order={3} size="h5">
                  {t('csDashboard.report.dailyFirstResponse')}
                </Title>
                <DailyBars
                  label={t('csDashboard.report.dailyFirstResponse')}
                  color="orange"
                  days={data.byDay.map((day) => ({
                    date: day.date,
                    value: Math.round((day.firstResponse.median ?? 0) / 60),
                  }))}
                />
              </Card>
              <Card withBorder padding="md">
                <Title order={3} size="h5">
                  {t('csDashboard.report.byHour', { timezone: data.timezone })}
                </Title>
                <HourBars
                  label={t('csDashboard.report.byHour', { timezone: data.timezone })}
                  hours={data.byHour}
                />
              </Card>
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
