import type { Export } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { ExportJobProgress } from '../../../components/export-job-progress';
import { downloadReport } from '../api/reports-api';

/** A generated report as its job builds it: state, progress with the rows so far, then its CSV. */
export function ReportProgress({ item }: { item: Export }) {
  const { t } = useTranslation();
  return (
    <ExportJobProgress
      item={item}
      testId="report-progress"
      download={() => downloadReport(item)}
      fallbackFileName="report.csv"
      labels={{
        status: t(`report.jobs.${item.status}`),
        rows: t('report.jobs.rows', { processed: item.processed, total: item.total }),
        download: t('report.jobs.downloadCsv'),
        progress: t('report.jobs.progressOf', { progress: item.progress }),
      }}
    />
  );
}
