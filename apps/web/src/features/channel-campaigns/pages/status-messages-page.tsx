import { Anchor, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_TIMEZONE,
  type Export,
  NOTIFICATION_STATUSES,
  type NotificationStatus,
  type StatusMessage,
  type StatusMessageFilters,
} from '@sapa/contracts';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useStatusMessages } from '../api/list-status-messages';
import { useRequestStatusMessagesExport } from '../api/request-status-messages-export';
import { areaPath, useChannelArea } from '../channel-area';
import { ChannelPageHeader } from '../components/channel-page-header';
import { type DayPreset, presetDays, todayIn } from '../components/day-range';
import { DayRangeControl } from '../components/day-range-control';
import { ExportProgress } from '../components/export-progress';
import { NotificationStatusBadge } from '../components/notification-status-badge';
import { isRefused, RefusedNotice } from '../components/refused-notice';
import { useFollowedExport } from '../hooks/use-followed-export';
import '../channel-campaigns-i18n';

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;

/** `/<channel>/status-messages`: what was sent on the channel with its latest status; export as CSV. */
export function StatusMessagesPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const channel = useChannelArea();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const today = todayIn(session?.clientInfo.timezone ?? DEFAULT_TIMEZONE);
  const [preset, setPreset] = useState<DayPreset>('today');
  const [status, setStatus] = useState<NotificationStatus | null>(null);
  const [sort, setSort] = useState<'newest' | 'oldest'>('newest');
  const [recipient, setRecipient] = useState('');
  const [search] = useDebouncedValue(recipient.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const filters: StatusMessageFilters = {
    channel,
    ...presetDays(preset, today),
    sort,
    ...(status ? { status } : {}),
    ...(search ? { recipient: search } : {}),
  };
  const list = useStatusMessages(clientId, { ...filters, page, pageSize: PAGE_SIZE });
  const requestExport = useRequestStatusMessagesExport(clientId);
  const [requested, setRequested] = useState<Export | null>(null);
  const followed = useFollowedExport(clientId, requested);
  const refilter =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };

  if (isRefused(list.error))
    return (
      <>
        <ChannelPageHeader channel={channel} page="statusMessages" />
        <RefusedNotice error={list.error} />
      </>
    );

  const startExport = () =>
    requestExport.mutate(filters, {
      onSuccess: setRequested,
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('channelCampaigns.export.failed'),
          message: describeError(error, t),
        }),
    });

  const columns: DataTableColumn<StatusMessage>[] = [
    {
      key: 'created',
      header: t('channelCampaigns.fields.createdAt'),
      render: (row) => formatDate(row.createdAt),
    },
    { key: 'recipient', header: t('channelCampaigns.fields.recipient'), render: (row) => row.recipient },
    {
      key: 'campaign',
      header: t('channelCampaigns.fields.campaign'),
      render: (row) =>
        row.campaignCode ? (
          <Stack gap={0}>
            <Text size="sm">{row.campaignCode}</Text>
            <Text size="xs" c="dimmed">
              {row.campaignName}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('channelCampaigns.statusMessages.noCampaign')}
          </Text>
        ),
    },
    {
      key: 'status',
      header: t('channelCampaigns.fields.status'),
      render: (row) => <NotificationStatusBadge status={row.status} />,
    },
    {
      key: 'attempts',
      header: t('channelCampaigns.fields.attempts'),
      align: 'right',
      render: (row) => row.attempts,
    },
    {
      key: 'provider',
      header: t('channelCampaigns.fields.providerId'),
      render: (row) => (
        <Text size="xs" ff="monospace">
          {row.providerMessageId ?? '—'}
        </Text>
      ),
    },
    {
      key: 'error',
      header: t('channelCampaigns.fields.error'),
      render: (row) =>
        row.errorCode ? (
          <Text size="xs" c="red" title={row.errorMessage ?? undefined}>
            {row.errorCode}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'updated',
      header: t('channelCampaigns.fields.updatedAt'),
      render: (row) => formatDate(row.updatedAt),
    },
  ];

  return (
    <>
      <ChannelPageHeader
        channel={channel}
        page="statusMessages"
        description={t('channelCampaigns.statusMessages.help')}
        actions={
          <Button
            leftSection={<IconFileExport size={16} />}
            loading={requestExport.isPending}
            onClick={startExport}
          >
            {t('channelCampaigns.export.start')}
          </Button>
        }
      />
      <Stack gap="md">
        {followed ? (
          <Card withBorder padding="sm" aria-label={t('channelCampaigns.export.title')} role="region">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  {t('channelCampaigns.export.title')}
                </Text>
                <Anchor component={Link} to={areaPath(channel, 'status-messages/export')} size="sm">
                  {t('channelCampaigns.export.all')}
                </Anchor>
              </Group>
              <ExportProgress item={followed} />
            </Stack>
          </Card>
        ) : null}
        <DataTable
          label={t('pages.statusMessages')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => row.notificationId}
          loading={list.isLoading}
          refreshing={list.isFetching && !list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('channelCampaigns.statusMessages.empty')}
          minWidth={960}
          toolbar={
            <Group gap="sm" align="flex-end" wrap="wrap">
              <DayRangeControl value={preset} onChange={refilter(setPreset)} />
              <Select
                label={t('channelCampaigns.fields.status')}
                placeholder={t('channelCampaigns.statusMessages.anyStatus')}
                clearable
                value={status}
                onChange={refilter((value: string | null) => setStatus(value as NotificationStatus | null))}
                data={NOTIFICATION_STATUSES.map((value) => ({
                  value,
                  label: t(`channelCampaigns.statuses.${value}`),
                }))}
                w={180}
              />
              <TextInput
                label={t('channelCampaigns.fields.recipient')}
                placeholder={t('channelCampaigns.statusMessages.recipientSearch')}
                value={recipient}
                onChange={(event) => {
                  setRecipient(event.currentTarget.value);
                  setPage(1);
                }}
                w={220}
              />
              <Select
                label={t('channelCampaigns.statusMessages.sort')}
                value={sort}
                allowDeselect={false}
                onChange={refilter((value: string | null) =>
                  setSort(value === 'oldest' ? 'oldest' : 'newest'),
                )}
                data={[
                  { value: 'newest', label: t('channelCampaigns.statusMessages.newest') },
                  { value: 'oldest', label: t('channelCampaigns.statusMessages.oldest') },
                ]}
                w={200}
              />
            </Group>
          }
          pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        />
      </Stack>
    </>
  );
}
