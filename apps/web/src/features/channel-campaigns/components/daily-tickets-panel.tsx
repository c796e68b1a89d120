import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { CS_SUPERVISOR_ROLES, DEFAULT_TIMEZONE, hasFeature } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useSessionStore } from '../../../lib/session';
import { useDailyActiveTickets } from '../api/get-daily-tickets';
import { shiftDate, todayIn } from './day-range';
import { StatCard } from './stat-card';
import '../channel-campaigns-i18n';
import { Section } from '../../../components/section';

const TICKET_DAYS = 14;

/** Whether the reader may see the inbox's ticket figures (the CS feature and a supervisor's role). */
export function useMaySeeTickets() {
  const session = useSessionStore((state) => state.session);
  return (
    !!session &&
    hasFeature(session.features, 'CS') &&
    (CS_SUPERVISOR_ROLES as readonly string[]).includes(session.role)
  );
}

/**
 * Daily active tickets (spec §1, §2): tickets not resolved at the end of each local day of the last two
 * weeks, with today's as the figure. Shown only to those the server lets read it.
 */
export function DailyTicketsPanel() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const may = useMaySeeTickets();
  const today = todayIn(session?.clientInfo.timezone || DEFAULT_TIMEZONE);
  const range = { from: shiftDate(today, 1 - TICKET_DAYS), to: today };
  const tickets = useDailyActiveTickets(session?.clientId ?? '', range, may);
  if (!may) return null;
  return (
    <Section title={t('channelCampaigns.tickets.title')}>
      <QueryState
        data={tickets.data}
        loading={tickets.isPending}
        error={tickets.error}
        onRetry={() => void tickets.refetch()}
      >
        {(data) => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <StatCard
                label={t('channelCampaigns.tickets.activeToday')}
                value={data.days.at(-1)?.active ?? 0}
              />
              <StatCard
                label={t('channelCampaigns.tickets.openedToday')}
                value={data.days.at(-1)?.opened ?? 0}
              />
              <StatCard
                label={t('channelCampaigns.tickets.resolvedToday')}
                value={data.days.at(-1)?.resolved ?? 0}
              />
            </SimpleGrid>
            <Card withBorder>
              {data.days.every((day) => day.active === 0 && day.opened === 0) ? (
                <Text c="dimmed">{t('channelCampaigns.tickets.none')}</Text>
              ) : (
                <BarChart
                  h={220}
                  data={data.days}
                  dataKey="date"
                  series={[
                    { name: 'active', label: t('channelCampaigns.tickets.active'), color: 'blue.6' },
                    { name: 'opened', label: t('channelCampaigns.tickets.opened'), color: 'teal.6' },
                    { name: 'resolved', label: t('channelCampaigns.tickets.resolved'), color: 'green.6' },
                  ]}
                  withLegend
                  aria-label={t('channelCampaigns.tickets.title')}
                />
              )}
            </Card>
          </Stack>
        )}
      </QueryState>
    </Section>
  );
}
