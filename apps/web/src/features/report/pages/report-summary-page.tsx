import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { NOTIFICATION_STATUSES, type NotificationStatus, type ReportSummary } from '@sapa/contracts';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import '../report-i18n';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useReportSummary } from '../api/reports-api';
import { searchOf, toFilters } from '../components/report-filters';
import { ReportFiltersForm } from '../components/report-filters-form';
import { ReportNav } from '../components/report-nav';
import { STATUS_COLORS } from '../components/report-status-badge';
import { useReportContext } from '../components/use-report-context';

const REACHED: NotificationStatus[] = ['sent', 'delivered', 'read', 'answered'];
const FAILED: NotificationStatus[] = ['failed', 'expired', 'busy', 'no_answer'];
const sum = (counts: Record<NotificationStatus, number>, statuses: NotificationStatus[]) =>
  statuses.reduce((total, status) => total + counts[status], 0);

function Figures({ summary }: { summary: ReportSummary }) {
  const { t } = useTranslation();
  const reached = sum(summary.counts, REACHED);
  const failed = sum(summary.counts, FAILED);
  const byStatus = NOTIFICATION_STATUSES.filter((status) => summary.counts[status] > 0).map((status) => ({
    name: t(`report.statuses.${status}`),
    value: summary.counts[status],
    color: `${STATUS_COLORS[status]}.6`,
  }));
  const byChannel = summary.byChannel.map((row) => ({
    channel: t(`report.channels.${row.channel}`),
    reached: sum(row.counts, REACHED),
    failed: sum(row.counts, FAILED),
    other: row.total - sum(row.counts, REACHED) - sum(row.counts, FAILED),
  }));
  const series = [
    { name: 'reached', label: t('report.summary.reached'), color: 'green.6' },
    { name: 'failed', label: t('report.summary.failed'), color: 'red.6' },
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {[
          ['total', summary.total],
          ['reached', reached],
          ['failed', failed],
        ].map(([key, value]) => (
          <Card key={key} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {t(`report.summary.${key}`)}
            </Text>
            <Text size="xl" fw={700} data-testid={`report-${key}`}>
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="md">
          <Title order={2} size="h5" mb="sm">
            {t('report.summary.byStatus')}
          </Title>
          <Group justify="center">
            <DonutChart data={byStatus} withLabelsLine withLabels size={180} thickness={28} />
          </Group>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h5" mb="sm">
            {t('report.summary.byChannel')}
          </Title>
          <BarChart
            h={220}
            data={byChannel}
            dataKey="channel"
            type="stacked"
            withLegend
            series={[...series, { name: 'other', label: t('report.summary.other'), color: 'gray.5' }]}
          />
        </Card>
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={2} size="h5" mb="sm">
          {t('report.summary.perDay')}
        </Title>
        <BarChart h={240} data={summary.days} dataKey="date" type="stacked" withLegend series={series} />
      </Card>
    </Stack>
  );
}

/** `/report/reportPage`: a report's figures — by status, by channel, per day — for the filters of its link. */
export function ReportSummaryPage() {
  const { t } = useTranslation();
  const { clientId, today, form, search, setSearch, campaigns } = useReportContext();
  const summary = useReportSummary(clientId, toFilters(form));
  return (
    <>
      <PageHeader
        title={t('pages.reportPage')}
        description={t('report.summary.range', { start: form.startDate, end: form.endDate })}
      />
      <ReportNav search={search.toString()} />
      <Stack gap="md">
        <Card withBorder padding="md">
          <ReportFiltersForm
            key={search.toString()}
            initial={form}
            campaigns={campaigns}
            today={today}
            actions={[
              {
                label: t('report.query.apply'),
                icon: <IconFilter size={16} />,
                primary: true,
                run: (chosen) => setSearch(searchOf(toFilters(chosen))),
              },
            ]}
          />
        </Card>
        <QueryState
          data={summary.data}
          loading={summary.isLoading}
          error={summary.error}
          onRetry={() => void summary.refetch()}
          isEmpty={(data) => data.total === 0}
          emptyText={t('report.summary.empty')}
        >
          {(data) => <Figures summary={data} />}
        </QueryState>
      </Stack>
    </>
  );
}
