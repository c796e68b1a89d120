import { Stack } from '@mantine/core';
import { DEFAULT_TIMEZONE } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSessionStore } from '../../../lib/session';
import { useChannelArea } from '../channel-area';
import { ActiveCustomersPanel } from '../components/active-customers-panel';
import { CampaignSummaryPanel } from '../components/campaign-summary-panel';
import { DailyProgressTable } from '../components/daily-progress-table';
import { DailyTicketsPanel } from '../components/daily-tickets-panel';
import { type DayPreset, presetDays, todayIn } from '../components/day-range';
import { DayRangeControl } from '../components/day-range-control';
import { useDashboardLiveRefresh } from '../hooks/use-dashboard-live-refresh';
import '../channel-campaigns-i18n';
import { Section } from '../../../components/section';

/**
 * `/dashboard/<channel>`: the channel's usage summary over local days, its monthly and daily active
 * customers, today's campaign progress, and on WhatsApp (the inbox's channel) the daily active tickets.
 * Batches moving on the socket refresh it; a 10 s poll covers readers the socket does not reach.
 */
export function ChannelDashboardPage() {
  const { t } = useTranslation();
  const channel = useChannelArea();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const today = todayIn(session?.clientInfo.timezone ?? DEFAULT_TIMEZONE);
  const [preset, setPreset] = useState<DayPreset>('last7');
  useDashboardLiveRefresh(clientId, channel);
  return (
    <>
      <PageHeader
        title={t('channelCampaigns.dashboard.title', { channel: t(`channelCampaigns.channels.${channel}`) })}
        description={t('channelCampaigns.dashboard.help')}
        actions={<DayRangeControl value={preset} onChange={setPreset} />}
      />
      <Stack gap="lg">
        <CampaignSummaryPanel
          key={channel}
          clientId={clientId}
          channel={channel}
          range={presetDays(preset, today)}
        />
        <Section title={t('channelCampaigns.active.title')}>
          <ActiveCustomersPanel key={channel} clientId={clientId} channel={channel} />
        </Section>
        <Section title={t('channelCampaigns.dashboard.dailyProgress')}>
          <DailyProgressTable key={channel} clientId={clientId} channel={channel} />
        </Section>
        {channel === 'WHATSAPP' ? <DailyTicketsPanel /> : null}
      </Stack>
    </>
  );
}
