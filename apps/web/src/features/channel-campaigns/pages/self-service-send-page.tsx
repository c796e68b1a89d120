import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionStore } from '../../../lib/session';
import { areaPath, useChannelArea } from '../channel-area';
import { ChannelPageHeader } from '../components/channel-page-header';
import { SelfServiceForm } from '../components/self-service-form';
import { SelfServiceHistoryTable } from '../components/self-service-history-table';
import '../channel-campaigns-i18n';

const RECENT = 5;

/** `/<channel>/self-service/send`: the composer, and today's sends under it. */
export function SelfServiceSendPage() {
  const { t } = useTranslation();
  const channel = useChannelArea();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  return (
    <>
      <ChannelPageHeader
        channel={channel}
        page="selfServiceSend"
        description={t('channelCampaigns.send.help')}
        actions={
          <Anchor component={Link} to={areaPath(channel, 'self-service/history-self-service')} size="sm">
            {t('channelCampaigns.send.allHistory')}
          </Anchor>
        }
      />
      <SelfServiceHistoryTable
        key={channel}
        channel={channel}
        pageSize={RECENT}
        withRange={false}
        title={t('channelCampaigns.send.recent')}
        above={<SelfServiceForm key={channel} clientId={clientId} channel={channel} />}
      />
    </>
  );
}
