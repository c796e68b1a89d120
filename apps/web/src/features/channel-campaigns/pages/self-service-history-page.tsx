import { useTranslation } from 'react-i18next';
import { useChannelArea } from '../channel-area';
import { ChannelPageHeader } from '../components/channel-page-header';
import { SelfServiceHistoryTable } from '../components/self-service-history-table';
import '../channel-campaigns-i18n';

const PAGE_SIZE = 10;

/** `/<channel>/self-service/history-self-service`: a sender's own messages; an admin sees everyone's. */
export function SelfServiceHistoryPage() {
  const { t } = useTranslation();
  const channel = useChannelArea();
  return (
    <>
      <ChannelPageHeader
        channel={channel}
        page="selfServiceHistory"
        description={t('channelCampaigns.history.help')}
      />
      <SelfServiceHistoryTable key={channel} channel={channel} pageSize={PAGE_SIZE} />
    </>
  );
}
