import { Badge, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CampaignChannel, DailyProgress, NotificationStatus } from '@sapa/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useDailyProgress } from '../api/get-daily-progress';
import { isRefused, RefusedNotice } from './refused-notice';
import '../channel-campaigns-i18n';

type Item = DailyProgress['items'][number];

/** The summary's own groups (its `days` say: reached is sent, delivered, read or answered; failed is failed, expired, busy or no answer). */
const REACHED: readonly NotificationStatus[] = ['sent', 'delivered', 'read', 'answered'];
const FAILED: readonly NotificationStatus[] = ['failed', 'expired', 'busy', 'no_answer'];
const sumOf = (item: Item, statuses: readonly NotificationStatus[]) =>
  statuses.reduce((sum, status) => sum + item.counts[status], 0);
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Daily campaign progress (spec §2): each campaign sending today, how far it is, searchable by campaign
 * code; "no data for today's campaign" when none is.
 */
export function DailyProgressTable({
  clientId,
  channel,
}: {
  clientId: string;
  channel: CampaignChannel | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [code] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const progress = useDailyProgress(clientId, channel, code);
  if (isRefused(progress.error)) return <RefusedNotice error={progress.error} />;
  const columns: DataTableColumn<Item>[] = [
    {
      key: 'code',
      header: t('channelCampaigns.fields.campaign'),
      render: (item) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {item.code}
          </Text>
          <Text size="xs" c="dimmed">
            {item.name}
          </Text>
        </Stack>
      ),
    },
    ...(channel
      ? []
      : [
          {
            key: 'channel',
            header: t('channelCampaigns.fields.channel'),
            render: (item: Item) => (
              <Badge variant="outline">{t(`channelCampaigns.channels.${item.channel}`)}</Badge>
            ),
          },
        ]),
    {
      key: 'total',
      header: t('channelCampaigns.dashboard.total'),
      align: 'right',
      render: (item) => item.total,
    },
    {
      key: 'progress',
      header: t('channelCampaigns.dashboard.progress'),
      render: (item) => (
        <Group gap="xs" wrap="nowrap" miw={180}>
          <Progress
            value={item.progress}
            flex={1}
            aria-label={t('channelCampaigns.dashboard.progressOf', {
              code: item.code,
              progress: item.progress,
            })}
          />
          <Text size="xs" w={48} ta="right">
            {item.progress}%
          </Text>
        </Group>
      ),
    },
    {
      key: 'pending',
      header: t('channelCampaigns.dashboard.pending'),
      align: 'right',
      render: (item) => item.counts.queued + item.counts.sending,
    },
    {
      key: 'reached',
      header: t('channelCampaigns.dashboard.reached'),
      align: 'right',
      render: (item) => sumOf(item, REACHED),
    },
    {
      key: 'failed',
      header: t('channelCampaigns.dashboard.failed'),
      align: 'right',
      render: (item) => sumOf(item, FAILED),
    },
  ];
  return (
    <DataTable
      label={t('channelCampaigns.dashboard.dailyProgress')}
      columns={columns}
      rows={progress.data?.items}
      rowKey={(item) => item.campaignId}
      loading={progress.isLoading}
      refreshing={progress.isFetching && !progress.isLoading}
      error={progress.error}
      onRetry={() => void progress.refetch()}
      emptyText={t('channelCampaigns.dashboard.noData')}
      toolbar={
        <TextInput
          aria-label={t('channelCampaigns.dashboard.searchCode')}
          placeholder={t('channelCampaigns.dashboard.searchCode')}
          leftSection={<IconSearch size={14} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          w={260}
        />
      }
    />
  );
}
