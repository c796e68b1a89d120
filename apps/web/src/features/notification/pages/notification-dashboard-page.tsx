import '@mantine/charts/styles.css';
import { AreaChart, DonutChart } from '@mantine/charts';
import {
  Anchor,
  Card,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CAMPAIGN_CHANNELS,
  type CampaignChannel,
  type CampaignSummary,
  hasFeature,
  NOTIFICATION_STATUSES,
} from '@sapa/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useSessionStore } from '../../../lib/session';
import { useCampaignSummary, useDailyProgress } from '../api/dashboard-api';
import { daysBefore, localDate } from '../components/local-date';
import { NOTIFICATION_COLORS } from '../components/status-badges';

const PERIODS = { today: 0, week: 6, month: 29 } as const;
type Period = keyof typeof PERIODS;

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} data-testid="stat-value">
        {value}
      </Text>
    </Card>
  );
}

function SummaryView({ data }: { data: CampaignSummary }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const reached = data.counts.sent + data.counts.delivered + data.counts.read + data.counts.answered;
  const failed = data.counts.failed + data.counts.expired + data.counts.busy + data.counts.no_answer;
  const slices = NOTIFICATION_STATUSES.filter((status) => data.counts[status] > 0).map((status) => ({
    name: t(`notification.statuses.${status}`),
    value: data.counts[status],
    color: `${NOTIFICATION_COLORS[status]}.6`,
  }));
  const minutes = (seconds: number) =>
    t('notification.dashboard.minutes', { value: number.format(Math.round(seconds / 60)) });
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat label={t('notification.dashboard.total')} value={number.format(data.total)} />
        <Stat label={t('notification.dashboard.reached')} value={number.format(reached)} />
        <Stat label={t('notification.dashboard.failed')} value={number.format(failed)} />
        <Stat
          label={t('notification.dashboard.successRate')}
          value={data.successRate === null ? '—' : `${data.successRate}%`}
        />
      </SimpleGrid>
      {data.calls ? (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Stat
            label={t('notification.dashboard.answeredCalls')}
            value={number.format(data.calls.answered)}
          />
          <Stat label={t('notification.dashboard.callTotal')} value={minutes(data.calls.durationSeconds)} />
          <Stat
            label={t('notification.dashboard.callAverage')}
            value={
              data.calls.averageSeconds === null
                ? '—'
                : `${Math.round(data.calls.averageSeconds)} ${t('notification.units.s')}`
            }
          />
          <Stat label={t('notification.dashboard.callCharged')} value={minutes(data.calls.chargedSeconds)} />
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Card withBorder style={{ gridColumn: 'span 2' }}>
          <Title order={2} size="h5" mb="sm">
            {t('notification.dashboard.byDay')}
          </Title>
          {data.days.length === 0 ? (
            <Text c="dimmed">{t('notification.dashboard.noNotifications')}</Text>
          ) : (
            <AreaChart
              h={240}
              data={data.days}
              dataKey="date"
              series={[
                { name: 'reached', label: t('notification.dashboard.reached'), color: 'teal.6' },
                { name: 'failed', label: t('notification.dashboard.failed'), color: 'red.6' },
              ]}
              withLegend
              curveType="monotone"
              aria-label={t('notification.dashboard.byDay')}
            />
          )}
        </Card>
        <Card withBorder>
          <Title order={2} size="h5" mb="sm">
            {t('notification.dashboard.byStatus')}
          </Title>
          {slices.length === 0 ? (
            <Text c="dimmed">{t('notification.dashboard.noNotifications')}</Text>
          ) : (
            <DonutChart
              data={slices}
              withTooltip
              withLabelsLine={false}
              mx="auto"
              aria-label={t('notification.dashboard.byStatus')}
            />
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * `/notification/dashboard`: the notification summary of a channel over a period, as figures and
 * charts, and today's progress of each campaign searched by its code (spec §2).
 */
export function NotificationDashboardPage() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const channels = CAMPAIGN_CHANNELS.filter((channel) => hasFeature(session?.features ?? [], channel));
  const [channel, setChannel] = useState<CampaignChannel>(channels[0] ?? 'SMS');
  const [period, setPeriod] = useState<Period>('week');
  const [search, setSearch] = useState('');
  const [code] = useDebouncedValue(search.trim(), 300);
  const today = localDate(new Date(), session?.clientInfo.timezone || undefined);
  const summary = useCampaignSummary(clientId, channel, daysBefore(today, PERIODS[period]), today);
  const progress = useDailyProgress(clientId, code);

  return (
    <>
      <PageHeader
        title={t('pages.notificationDashboard')}
        description={t('notification.dashboard.help')}
        actions={
          <SegmentedControl
            value={period}
            onChange={(value) => setPeriod(value as Period)}
            data={[
              { value: 'today', label: t('notification.dashboard.today') },
              { value: 'week', label: t('notification.dashboard.last7d') },
              { value: 'month', label: t('notification.dashboard.last30d') },
            ]}
          />
        }
      />
      <Stack gap="lg">
        <SegmentedControl
          aria-label={t('notification.fields.channel')}
          value={channel}
          onChange={(value) => setChannel(value as CampaignChannel)}
          data={(channels.length > 0 ? channels : CAMPAIGN_CHANNELS).map((value) => ({
            value,
            label: t(`notification.channels.${value}`),
          }))}
        />
        <QueryState
          data={summary.data}
          loading={summary.isPending}
          error={summary.error}
          onRetry={() => void summary.refetch()}
        >
          {(data) => <SummaryView data={data} />}
        </QueryState>
        <Card withBorder>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h5">
              {t('notification.dashboard.dailyProgress')}
            </Title>
            <TextInput
              size="xs"
              leftSection={<IconSearch size={14} />}
              aria-label={t('notification.dashboard.searchCode')}
              placeholder={t('notification.dashboard.searchCode')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          </Group>
          <QueryState
            data={progress.data}
            loading={progress.isPending}
            error={progress.error}
            onRetry={() => void progress.refetch()}
            isEmpty={(data) => data.items.length === 0}
            emptyText={t('notification.dashboard.noDataToday')}
          >
            {(data) => (
              <Table aria-label={t('notification.dashboard.dailyProgress')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('notification.fields.code')}</Table.Th>
                    <Table.Th>{t('notification.fields.channel')}</Table.Th>
                    <Table.Th ta="right">{t('notification.dashboard.total')}</Table.Th>
                    <Table.Th w="40%">{t('notification.dashboard.progress')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.campaignId}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/notification/campaign/show?campaignId=${item.campaignId}`}
                        >
                          {item.code}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {item.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>{t(`notification.channels.${item.channel}`)}</Table.Td>
                      <Table.Td ta="right">{item.total}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Progress
                            value={item.progress}
                            flex={1}
                            aria-label={t('notification.dashboard.progressOf', { code: item.code })}
                          />
                          <Text size="xs" w={40} ta="right">
                            {Math.round(item.progress)}%
                          </Text>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </QueryState>
        </Card>
      </Stack>
    </>
  );
}
