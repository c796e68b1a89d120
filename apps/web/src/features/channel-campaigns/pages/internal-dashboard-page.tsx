import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  AGENT_STATUSES,
  CAMPAIGN_CHANNELS,
  CS_SUPERVISOR_ROLES,
  DEFAULT_TIMEZONE,
  hasFeature,
} from '@sapa/contracts';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { realtime } from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session';
import {
  useConversationsOfDay,
  useInternalDashboardLive,
  useInternalRooms,
  useTeamStatus,
} from '../api/internal-dashboard-api';
import { ActiveCustomersPanel } from '../components/active-customers-panel';
import { DailyProgressTable } from '../components/daily-progress-table';
import { DailyTicketsPanel } from '../components/daily-tickets-panel';
import { todayIn } from '../components/day-range';
import { StatCard } from '../components/stat-card';
import { useDashboardLiveRefresh } from '../hooks/use-dashboard-live-refresh';
import '../channel-campaigns-i18n';
import { Section } from '../../../components/section';

const subscribeStatus = (onChange: () => void) => realtime.subscribe({ onStatus: onChange });
const CONNECTION_COLORS = { ready: 'teal', connecting: 'yellow', idle: 'gray' } as const;

/** Realtime connection (spec §1, §2): whether this page's live updates are arriving now. */
function RealtimeConnectionBadge() {
  const { t } = useTranslation();
  const status = useSyncExternalStore(subscribeStatus, () => realtime.currentStatus);
  const color = CONNECTION_COLORS[status as keyof typeof CONNECTION_COLORS] ?? 'red';
  return (
    <Badge color={color} variant="light" size="lg" tt="none" data-testid="realtime-connection">
      {t(`channelCampaigns.internal.connection.${status}`)}
    </Badge>
  );
}

const rankOf = (status: string) => {
  const rank = (AGENT_STATUSES as readonly string[]).indexOf(status);
  return rank === -1 ? AGENT_STATUSES.length : rank;
};

/** Realtime status (spec §1): the team now — agents by status, their open rooms — and today's conversations. */
function TeamPanel({ clientId, today }: { clientId: string; today: string }) {
  const { t } = useTranslation();
  const team = useTeamStatus(clientId, true);
  const day = useConversationsOfDay(clientId, today, true);
  return (
    <Section title={t('channelCampaigns.internal.team')}>
      <QueryState
        data={team.data}
        loading={team.isPending}
        error={team.error}
        onRetry={() => void team.refetch()}
      >
        {(data) => {
          const byStatus = new Map<string, number>();
          for (const agent of data.items) byStatus.set(agent.status, (byStatus.get(agent.status) ?? 0) + 1);
          const statuses = [...byStatus.keys()].sort((a, b) => rankOf(a) - rankOf(b));
          const openRooms = data.items.reduce((sum, agent) => sum + agent.openRooms, 0);
          return (
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 2, md: 4 }}>
                <StatCard label={t('channelCampaigns.internal.agents')} value={data.total} />
                <StatCard
                  label={t('channelCampaigns.internal.agentsOnline')}
                  value={byStatus.get('online') ?? 0}
                />
                <StatCard label={t('channelCampaigns.internal.openRooms')} value={openRooms} />
                <StatCard
                  label={t('channelCampaigns.internal.activeCs')}
                  value={day.data?.activeCs ?? '—'}
                  help={t('channelCampaigns.internal.activeCsHelp')}
                />
              </SimpleGrid>
              {data.items.length === 0 ? (
                <Text c="dimmed">{t('channelCampaigns.internal.noAgents')}</Text>
              ) : (
                <Group gap="xs" aria-label={t('channelCampaigns.internal.byStatus')} role="list">
                  {statuses.map((status) => (
                    <Badge key={status} variant="outline" size="lg" tt="none" role="listitem">
                      {t(`channelCampaigns.internal.statuses.${status}`, { defaultValue: status })}:{' '}
                      {byStatus.get(status)}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          );
        }}
      </QueryState>
      {day.data ? (
        <SimpleGrid cols={{ base: 3 }}>
          <StatCard label={t('channelCampaigns.internal.conversations')} value={day.data.totalConversation} />
          <StatCard label={t('channelCampaigns.internal.open')} value={day.data.openConversation} />
          <StatCard label={t('channelCampaigns.internal.closed')} value={day.data.closedConversation} />
        </SimpleGrid>
      ) : null}
    </Section>
  );
}

/** Internal chat activity: the reader's open internal rooms and what is unread in them. */
function InternalChatPanel({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const rooms = useInternalRooms(clientId, true);
  return (
    <Section title={t('channelCampaigns.internal.chat')}>
      <QueryState
        data={rooms.data}
        loading={rooms.isPending}
        error={rooms.error}
        onRetry={() => void rooms.refetch()}
      >
        {(data) => (
          <SimpleGrid cols={{ base: 2 }}>
            <StatCard label={t('channelCampaigns.internal.internalRooms')} value={data.items.length} />
            <StatCard
              label={t('channelCampaigns.internal.unread')}
              value={data.items.reduce((sum, room) => sum + room.unreadCount, 0)}
            />
          </SimpleGrid>
        )}
      </QueryState>
    </Section>
  );
}

/**
 * `/dashboard/internal`: the dashboard of the client's internal users (decision 0047) — the realtime
 * connection, the team's realtime status and today's conversations, internal chat, daily active tickets,
 * and the usage across the client's channels (active customers, today's campaigns). Each part shows only
 * to those the server lets read it; nothing here is computed in the browser beyond sums of its answers.
 */
export function InternalDashboardPage() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const today = todayIn(session?.clientInfo.timezone || DEFAULT_TIMEZONE);
  const features = session?.features ?? [];
  const role = session?.role ?? '';
  const cs = hasFeature(features, 'CS');
  const supervisor = cs && (CS_SUPERVISOR_ROLES as readonly string[]).includes(role);
  // Internal chat is the inbox's: supervisors by portal role, anyone else by a chat role.
  const chats = cs && (supervisor || Boolean(session?.chatRole));
  const channels = CAMPAIGN_CHANNELS.some((channel) => hasFeature(features, channel));
  useDashboardLiveRefresh(clientId, null);
  useInternalDashboardLive(clientId);
  const nothing = !supervisor && !chats && !channels;
  return (
    <>
      <PageHeader
        title={t('channelCampaigns.internal.title')}
        description={t('channelCampaigns.internal.help')}
        actions={<RealtimeConnectionBadge />}
      />
      <Stack gap="lg">
        {nothing ? (
          <Card withBorder>
            <Text c="dimmed">{t('channelCampaigns.internal.nothing')}</Text>
          </Card>
        ) : null}
        {supervisor ? <TeamPanel clientId={clientId} today={today} /> : null}
        {chats ? <InternalChatPanel clientId={clientId} /> : null}
        {supervisor ? <DailyTicketsPanel /> : null}
        {channels ? (
          <>
            <Section title={t('channelCampaigns.active.titleAll')}>
              <ActiveCustomersPanel clientId={clientId} channel={null} />
            </Section>
            <Section title={t('channelCampaigns.dashboard.dailyProgress')}>
              <DailyProgressTable clientId={clientId} channel={null} />
            </Section>
          </>
        ) : null}
      </Stack>
    </>
  );
}
