import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { Export } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button';
import { downloadReport, isUnfinished } from '../api/reports-api';

const COLORS: Record<Export['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** A generated report as its job builds it: state, progress with the rows so far, then its CSV. */
export function ReportProgress({ item }: { item: Export }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} miw={220} data-testid="report-progress">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Badge color={COLORS[item.status]} variant="light">
            {t(`report.jobs.${item.status}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {item.total === null
              ? `${item.progress}%`
              : t('report.jobs.rows', { processed: item.processed, total: item.total })}
          </Text>
        </Group>
        {item.status === 'done' ? (
          <DownloadButton
            size="xs"
            download={() => downloadReport(item)}
            fileName={item.fileName ?? 'report.csv'}
            label={t('report.jobs.downloadCsv')}
          />
        ) : null}
      </Group>
      <Progress
        value={item.progress}
        color={COLORS[item.status]}
        animated={isUnfinished(item)}
        aria-label={t('report.jobs.progressOf', { progress: item.progress })}
        size="sm"
      />
      {item.error ? (
        <Text size="xs" c="red">
          {item.error}
        </Text>
      ) : null}
    </Stack>
  );
}
