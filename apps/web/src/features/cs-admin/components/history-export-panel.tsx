import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import {
  downloadHistoryExport,
  type HistoryExport,
  type HistoryFilters,
  useHistoryExports,
  useRequestHistoryExport,
} from '../api/cs-history-api';
import '../cs-admin-i18n';

const STATUS_COLOR: Record<HistoryExport['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/**
 * The history export: a job builds the CSV of every room matching the filters (it can be large), this
 * panel follows its progress and offers the file once it is done.
 */
export function HistoryExportPanel({ filters }: { filters: HistoryFilters }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const exports = useHistoryExports();
  const request = useRequestHistoryExport();

  const start = () =>
    request.mutate(filters, {
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('csAdmin.history.export.failed'),
          message: describeError(error, t),
        }),
    });

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={500}>{t('csAdmin.history.export.title')}</Text>
          <Button
            size="xs"
            leftSection={<IconFileExport size={16} />}
            loading={request.isPending}
            onClick={start}
          >
            {t('csAdmin.history.export.start')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('csAdmin.history.export.help')}
        </Text>
        {exports.isError ? (
          <Text size="sm" c="red" role="alert">
            {describeError(exports.error, t)}
          </Text>
        ) : null}
        {exports.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('csAdmin.history.export.none')}
          </Text>
        ) : null}
        {exports.data?.map((item) => (
          <Group key={item.id} gap="sm" wrap="nowrap" data-testid="history-export">
            <Badge color={STATUS_COLOR[item.status]} variant="light" style={{ flexShrink: 0 }}>
              {t(`csAdmin.history.export.status.${item.status}`)}
            </Badge>
            <Stack gap={2} style={{ flex: 1 }}>
              <Text size="xs" c="dimmed">
                {t('csAdmin.history.export.requested', {
                  at: formatDate(item.createdAt),
                  by: item.requestedBy,
                })}
              </Text>
              {item.status === 'failed' ? (
                <Text size="xs" c="red">
                  {item.error ?? t('csAdmin.history.export.failed')}
                </Text>
              ) : (
                <Progress
                  value={item.progress}
                  size="sm"
                  animated={item.status === 'running' || item.status === 'queued'}
                  aria-label={t('csAdmin.history.export.progress', { progress: item.progress })}
                />
              )}
            </Stack>
            <Text size="xs" w={90} ta="right">
              {item.total === null
                ? `${item.progress}%`
                : t('csAdmin.history.export.rows', { processed: item.processed, total: item.total })}
            </Text>
            {item.status === 'done' ? (
              <DownloadButton
                download={() => downloadHistoryExport(item.id)}
                fileName={item.fileName ?? 'chat-history.csv'}
                label={t('csAdmin.history.export.download')}
                size="xs"
              />
            ) : null}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
