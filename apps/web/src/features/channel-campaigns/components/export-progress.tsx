import type { Export } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { ExportJobProgress } from '../../../components/export-job-progress';
import { downloadStatusMessagesExport } from '../api/download-status-messages-export';
import '../channel-campaigns-i18n';

/** A status-messages export as its job builds it: state, progress with the rows so far, then its file. */
export function ExportProgress({ item }: { item: Export }) {
  const { t } = useTranslation();
  return (
    <ExportJobProgress
      item={item}
      testId="export-progress"
      download={() => downloadStatusMessagesExport(item)}
      fallbackFileName="status-messages.csv"
      labels={{
        status: t(`channelCampaigns.export.statuses.${item.status}`),
        rows: t('channelCampaigns.export.rows', { processed: item.processed, total: item.total }),
        download: t('channelCampaigns.export.download'),
        progress: t('channelCampaigns.export.progressOf', { progress: item.progress }),
      }}
    />
  );
}
