import { Stack, Title } from '@mantine/core';
import { DEFAULT_TIMEZONE } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSessionStore } from '../../../lib/session';
import { useChannelArea } from '../channel-area';
import { CampaignSummaryPanel } from '../components/campaign-summary-panel';
import { DailyProgressTable } from '../components/daily-progress-table';
import { type DayPreset, presetDays, todayIn } from '../components/day-range';
import { DayRangeControl } from '../components/day-range-control';
import '../channel-campaigns-i18n';

/** `/dashboard/<channel>`: the channel's usage summary over local days and today's campaign progress. */
export function ChannelDashboardPage() {
  const { t } = useTranslation();
  const channel = useChannelArea();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const today = todayIn(session?.clientInfo.timezone ?? DEFAULT_TIMEZONE);
  const [preset, setPreset] = useState<DayPreset>('last7');
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
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('channelCampaigns.dashboard.dailyProgress')}
          </Title>
          <DailyProgressTable key={channel} clientId={clientId} channel={channel} />
        </Stack>
      </Stack>
    </>
  );
}
