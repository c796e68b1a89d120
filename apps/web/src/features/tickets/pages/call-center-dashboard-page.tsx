import { BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useSessionStore } from '../../../lib/session';
import { useDailyTickets, useTicketsLive } from '../api/tickets-api';
import '../tickets-i18n';

const DAY = 86_400_000;

/** Today and the 13 days before it, as calendar dates in the client's time zone. */
function lastTwoWeeks(timeZone: string | undefined) {
  const local = (date: Date) => date.toLocaleDateString('en-CA', { timeZone });
  const now = new Date();
  return { from: local(new Date(now.getTime() - 13 * DAY)), to: local(now) };
}

/** `/call-center/dashboard`: daily active tickets (spec §1) with tickets opened and resolved each day. */
export function CallCenterDashboardPage() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const range = lastTwoWeeks(session?.clientInfo.timezone || undefined);
  const daily = useDailyTickets(session?.clientId ?? '', range.from, range.to);
  useTicketsLive(session?.clientId ?? '');
  return (
    <>
      <PageHeader title={t('pages.callCenterDashboard')} description={t('tickets.dashboard.help', range)} />
      <QueryState
        data={daily.data}
        loading={daily.isPending}
        error={daily.error}
        onRetry={() => void daily.refetch()}
        isEmpty={(data) =>
          data.days.every((day) => day.active === 0 && day.opened === 0 && day.resolved === 0)
        }
        emptyText={t('tickets.dashboard.empty')}
      >
        {(data) => {
          const today = data.days.at(-1);
          return (
            <>
              <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
                {(['active', 'opened', 'resolved'] as const).map((key) => (
                  <Card withBorder key={key}>
                    <Text size="sm" c="dimmed">
                      {t(`tickets.dashboard.${key}Today`)}
                    </Text>
                    <Text fz={28} fw={700}>
                      {today?.[key] ?? 0}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
              <Card withBorder>
                <Group justify="space-between" mb="sm">
                  <Title order={2} size="h4">
                    {t('tickets.dashboard.dailyActive')}
                  </Title>
                </Group>
                <BarChart
                  h={260}
                  data={data.days}
                  dataKey="date"
                  aria-label={t('tickets.dashboard.dailyActive')}
                  series={[
                    { name: 'active', label: t('tickets.dashboard.active'), color: 'blue.6' },
                    { name: 'opened', label: t('tickets.dashboard.opened'), color: 'teal.6' },
                    { name: 'resolved', label: t('tickets.dashboard.resolved'), color: 'green.6' },
                  ]}
                  withLegend
                />
              </Card>
            </>
          );
        }}
      </QueryState>
    </>
  );
}
