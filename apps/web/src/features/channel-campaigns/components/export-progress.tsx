import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { Export } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button';
import { downloadStatusMessagesExport } from '../api/download-status-messages-export';
import { isUnfinished } from '../api/list-status-messages-exports';
import '../channel-campaigns-i18n';

const COLORS: Record<Export['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** An export job as it is built: its state, a progress bar with the rows so far, then its file. */
export function ExportProgress({ item }: { item: Export }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} miw={200} data-testid="export-progress">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Badge color={COLORS[item.status]} variant="light">
            {t(`channelCampaigns.export.statuses.${item.status}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {item.total === null
              ? `${item.progress}%`
              : t('channelCampaigns.export.rows', { processed: item.processed, total: item.total })}
          </Text>
        </Group>
        {item.status === 'done' ? (
          <DownloadButton
            size="xs"
            download={() => downloadStatusMessagesExport(item)}
            fileName={item.fileName ?? 'status-messages.csv'}
            label={t('channelCampaigns.export.download')}
          />
        ) : null}
      </Group>
      <Progress
        value={item.progress}
        color={COLORS[item.status]}
        animated={isUnfinished(item)}
        aria-label={t('channelCampaigns.export.progressOf', { progress: item.progress })}
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
