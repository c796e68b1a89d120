import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CS_SUPERVISOR_ROLES, type CsAgentStatusRow, DEFAULT_TIMEZONE } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import {
  type DateRange,
  useCsDailySeries,
  useCsDashboardLiveRefresh,
  useCsDashboardSummary,
  useCsRealtimeStatus,
} from '../api/cs-dashboard-api';
import { DailyBars } from '../components/daily-bars';
import { DateRangeFilter, presetRange, todayIn } from '../components/date-range-filter';
import { ResponseReport } from '../components/response-report';

/** Who the server shows the dashboard to (supervisors and the client's admins). */
const DASHBOARD_ROLES = CS_SUPERVISOR_ROLES;
const STATUS_PAGE_SIZE = 10;
const STATUS_COLORS: Record<string, string> = { online: 'green', away: 'yellow', offline: 'gray' };

function StatCard({
  label,
  value,
  help,
}: {
  label: string;
  value: number | string | undefined;
  help: string;
}) {
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid="stat-value">
        {value ?? '—'}
      </Text>
      <Text size="xs" c="dimmed">
        {help}
      </Text>
    </Card>
  );
}

/**
 * The customer-service dashboard (`/dashboard/customer-service`, `/customerService/dashboard`):
 * conversation totals and daily charts for a range of days, and every agent's status now.
 */
export function CsDashboardPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const allowed = Boolean(session && DASHBOARD_ROLES.includes(session.role));
  const today = todayIn(session?.clientInfo.timezone ?? DEFAULT_TIMEZONE);
  const [range, setRange] = useState<DateRange>(() => presetRange('last7', today));
  const [page, setPage] = useState(1);
  const summary = useCsDashboardSummary(clientId, range, allowed);
  const daily = useCsDailySeries(clientId, range, allowed);
  const status = useCsRealtimeStatus(clientId, page, STATUS_PAGE_SIZE, allowed);
  useCsDashboardLiveRefresh(clientId);

  if (!allowed) {
    return (
      <>
        <PageHeader title={t('pages.dashboardCustomerService')} />
        <Alert color="blue" role="status">
          {t('csDashboard.supervisorsOnly')}
        </Alert>
      </>
    );
  }

  const columns: DataTableColumn<CsAgentStatusRow>[] = [
    { key: 'name', header: t('csDashboard.agent.name'), render: (row) => row.name },
    { key: 'email', header: t('csDashboard.agent.email'), render: (row) => row.email },
    {
      key: 'status',
      header: t('csDashboard.agent.status'),
      render: (row) => (
        <Badge color={STATUS_COLORS[row.status] ?? 'gray'} variant="light">
          {t(`agentStatus.${row.status}`, { defaultValue: row.status })}
        </Badge>
      ),
    },
    { key: 'since', header: t('csDashboard.agent.since'), render: (row) => formatDate(row.statusSince) },
    {
      key: 'load',
      header: t('csDashboard.agent.openRooms'),
      align: 'right',
      render: (row) => t('csDashboard.agent.load', { open: row.openRooms, capacity: row.capacity }),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.dashboardCustomerService')}
        description={t('csDashboard.help', { timezone: session?.clientInfo.timezone ?? DEFAULT_TIMEZONE })}
      />
      <Stack gap="lg">
        <DateRangeFilter today={today} value={range} onChange={setRange} />
        <QueryState
          data={summary.data}
          loading={summary.isLoading}
          error={summary.error}
          onRetry={() => void summary.refetch()}
        >
          {(data) => (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} aria-busy={summary.isFetching || undefined}>
              <StatCard
                label={t('dashboardTexts.totalConversations')}
                value={data.totalConversation}
                help={t('csDashboard.totalHelp')}
              />
              <StatCard
                label={t('dashboardTexts.openConversations')}
                value={data.openConversation}
                help={t('csDashboard.openHelp')}
              />
              <StatCard
                label={t('dashboardTexts.closedConversations')}
                value={data.closedConversation}
                help={t('csDashboard.closedHelp')}
              />
              <StatCard
                label={t('dashboardTexts.activeCs')}
                value={data.activeCs}
                help={t('csDashboard.activeCsHelp')}
              />
              <StatCard
                label={t('csDashboard.csat')}
                value={
                  data.csat?.satisfiedPercent == null
                    ? t('csDashboard.csatNone')
                    : t('csDashboard.csatValue', { percent: data.csat.satisfiedPercent })
                }
                help={t('csDashboard.csatHelp', {
                  count: data.csat?.responses ?? 0,
                  average: data.csat?.average ?? '–',
                })}
              />
            </SimpleGrid>
          )}
        </QueryState>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(['activeCustomers', 'tickets'] as const).map((series) => (
            <Card key={series} withBorder padding="md">
              <Title order={2} size="h4">
                {series === 'activeCustomers'
                  ? t('dashboardTexts.dailyActiveCustomers')
                  : t('dashboardTexts.dailyActiveTickets')}
              </Title>
              <Text size="xs" c="dimmed" mb="sm">
                {t(`csDashboard.${series}Help`)}
              </Text>
              <QueryState
                data={daily.data}
                loading={daily.isLoading}
                error={daily.error}
                onRetry={() => void daily.refetch()}
              >
                {(data) => (
                  <DailyBars
                    label={
                      series === 'activeCustomers'
                        ? t('dashboardTexts.dailyActiveCustomers')
                        : t('dashboardTexts.dailyActiveTickets')
                    }
                    color={series === 'activeCustomers' ? 'blue' : 'teal'}
                    days={data.days.map((day) => ({ date: day.date, value: day[series] }))}
                  />
                )}
              </QueryState>
            </Card>
          ))}
        </SimpleGrid>
        <ResponseReport clientId={clientId} range={range} enabled={allowed} />
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('dashboardTexts.realtimeStatus')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('csDashboard.refreshedAt', { time: formatDate(status.dataUpdatedAt || null, 'time') })}
            </Text>
          </Group>
          <DataTable
            label={t('dashboardTexts.realtimeStatus')}
            columns={columns}
            rows={status.data?.items}
            rowKey={(row) => row.csId}
            loading={status.isLoading}
            refreshing={status.isFetching && !status.isLoading}
            error={status.error}
            onRetry={() => void status.refetch()}
            emptyText={t('csDashboard.noAgents')}
            pagination={{
              page,
              pageSize: STATUS_PAGE_SIZE,
              total: status.data?.total ?? 0,
              onPageChange: setPage,
            }}
          />
        </Stack>
      </Stack>
    </>
  );
}
