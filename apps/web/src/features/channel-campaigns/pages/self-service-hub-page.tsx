import { Alert, SegmentedControl, Stack } from '@mantine/core';
import { CAMPAIGN_CHANNELS, type CampaignChannel, hasFeature } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useSessionStore } from '../../../lib/session';
import { SelfServiceForm } from '../components/self-service-form';
import { SelfServiceHistoryTable } from '../components/self-service-history-table';
import '../channel-campaigns-i18n';

const PAGE_SIZE = 10;

/**
 * `/self-service` (super admin, spec §6): every self-service sender of the client in one place — pick a
 * channel the client has, send, and read everyone's self-service history across the channels.
 */
export function SelfServiceHubPage() {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const channels = CAMPAIGN_CHANNELS.filter((channel) => hasFeature(session?.features ?? [], channel));
  const [chosen, setChosen] = useState<CampaignChannel | null>(null);
  const channel = chosen ?? channels[0] ?? null;
  return (
    <>
      <PageHeader title={t('pages.selfServicePage')} description={t('channelCampaigns.hub.help')} />
      {channel === null ? (
        <Alert color="yellow">{t('channelCampaigns.hub.noChannel')}</Alert>
      ) : (
        <SelfServiceHistoryTable
          pageSize={PAGE_SIZE}
          title={t('channelCampaigns.hub.history')}
          above={
            <Stack gap="sm">
              <SegmentedControl
                aria-label={t('channelCampaigns.hub.channel')}
                value={channel}
                onChange={(value) => setChosen(value as CampaignChannel)}
                data={channels.map((value) => ({ value, label: t(`channelCampaigns.channels.${value}`) }))}
                w="fit-content"
              />
              <SelfServiceForm key={channel} clientId={clientId} channel={channel} />
            </Stack>
          }
        />
      )}
    </>
  );
}
