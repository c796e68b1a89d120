import { Alert, SegmentedControl, Stack } from '@mantine/core';
import { CAMPAIGN_CHANNELS, type CampaignChannel, DEFAULT_TIMEZONE, hasFeature } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSessionStore } from '../../../lib/session';
import { ActiveCustomersPanel } from '../components/active-customers-panel';
import { CampaignSummaryPanel } from '../components/campaign-summary-panel';
import { DailyProgressTable } from '../components/daily-progress-table';
import { type DayPreset, presetDays, todayIn } from '../components/day-range';
import { DayRangeControl } from '../components/day-range-control';
import { useDashboardLiveRefresh } from '../hooks/use-dashboard-live-refresh';
import '../channel-campaigns-i18n';
import { Section } from '../../../components/section';

/**
 * `/dashboard-notification/notification`: the campaigns of every channel — today's progress of each
 * campaign, the active customers over every channel, and the usage summary of the channel chosen among
 * those the client has.
 */
export function NotificationDashboardPage() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const today = todayIn(session?.clientInfo.timezone ?? DEFAULT_TIMEZONE);
  const channels = CAMPAIGN_CHANNELS.filter((channel) => hasFeature(session?.features ?? [], channel));
  const [chosen, setChosen] = useState<CampaignChannel | null>(null);
  const channel = chosen ?? channels[0] ?? null;
  const [preset, setPreset] = useState<DayPreset>('last7');
  useDashboardLiveRefresh(clientId, null);
  return (
    <>
      <PageHeader
        title={t('channelCampaigns.dashboard.notificationTitle')}
        description={t('channelCampaigns.dashboard.notificationHelp')}
      />
      <Stack gap="lg">
        <Section title={t('channelCampaigns.dashboard.dailyProgress')}>
          <DailyProgressTable clientId={clientId} channel={null} />
        </Section>
        <Section title={t('channelCampaigns.active.titleAll')}>
          <ActiveCustomersPanel clientId={clientId} channel={null} />
        </Section>
        <Section title={t('channelCampaigns.dashboard.usageSummary')}>
          {channel === null ? (
            <Alert color="yellow">{t('channelCampaigns.hub.noChannel')}</Alert>
          ) : (
            <>
              <SegmentedControl
                aria-label={t('channelCampaigns.hub.channel')}
                value={channel}
                onChange={(value) => setChosen(value as CampaignChannel)}
                data={channels.map((value) => ({ value, label: t(`channelCampaigns.channels.${value}`) }))}
                w="fit-content"
              />
              <DayRangeControl value={preset} onChange={setPreset} />
              <CampaignSummaryPanel
                key={channel}
                clientId={clientId}
                channel={channel}
                range={presetDays(preset, today)}
              />
            </>
          )}
        </Section>
      </Stack>
    </>
  );
}
