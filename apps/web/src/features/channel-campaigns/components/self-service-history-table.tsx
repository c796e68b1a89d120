import { Badge, Stack, Text, Title } from '@mantine/core';
import { type CampaignChannel, DEFAULT_TIMEZONE } from '@sapa/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useSelfServiceHistory } from '../api/get-self-service-history';
import { type DayPreset, presetDays, todayIn } from './day-range';
import { DayRangeControl } from './day-range-control';
import { NotificationStatusBadge } from './notification-status-badge';
import { isRefused, RefusedNotice } from './refused-notice';
import '../channel-campaigns-i18n';

type Row = NonNullable<ReturnType<typeof useSelfServiceHistory>['data']>['items'][number];

export type SelfServiceHistoryTableProps = {
  /** One channel's messages; every channel's when left out. */
  channel?: CampaignChannel | undefined;
  pageSize: number;
  /** The day-range choice above the table (the send page shows today's only). */
  withRange?: boolean;
  /**
   * Shown above the table (the send form). A reader the server refuses sees why instead of both: the
   * history and the send have the same rule.
   */
  above?: ReactNode;
  title?: string;
};

/** history-self-service: the sender's own messages, the admins' view of everyone's (the server decides). */
export function SelfServiceHistoryTable({
  channel,
  pageSize,
  withRange = true,
  above,
  title,
}: SelfServiceHistoryTableProps) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const session = useSessionStore((state) => state.session);
  const clientId = session?.clientId ?? '';
  const today = todayIn(session?.clientInfo.timezone ?? DEFAULT_TIMEZONE);
  const [preset, setPreset] = useState<DayPreset>('today');
  const [page, setPage] = useState(1);
  const history = useSelfServiceHistory(clientId, { channel, ...presetDays(preset, today), page, pageSize });

  if (isRefused(history.error)) return <RefusedNotice error={history.error} />;
  const columns: DataTableColumn<Row>[] = [
    { key: 'at', header: t('channelCampaigns.fields.sentAt'), render: (row) => formatDate(row.createdAt) },
    ...(channel
      ? []
      : [
          {
            key: 'channel',
            header: t('channelCampaigns.fields.channel'),
            render: (row: Row) => (
              <Badge variant="outline">{t(`channelCampaigns.channels.${row.channel}`)}</Badge>
            ),
          },
        ]),
    { key: 'recipient', header: t('channelCampaigns.fields.recipient'), render: (row) => row.recipient },
    {
      key: 'preview',
      header: t('channelCampaigns.fields.message'),
      render: (row) => (
        <Text size="sm" lineClamp={2} maw={320}>
          {row.preview}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('channelCampaigns.fields.status'),
      render: (row) => <NotificationStatusBadge status={row.status} />,
    },
    { key: 'by', header: t('channelCampaigns.fields.sentBy'), render: (row) => row.sentBy },
    {
      key: 'error',
      header: t('channelCampaigns.fields.error'),
      render: (row) =>
        row.errorCode ? (
          <Text size="xs" c="red">
            {row.errorCode}
          </Text>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Stack gap="md">
      {above}
      {title ? (
        <Title order={2} size="h4">
          {title}
        </Title>
      ) : null}
      <DataTable
        label={t('pages.selfServiceHistory')}
        columns={columns}
        rows={history.data?.items}
        rowKey={(row) => row.notificationId}
        loading={history.isLoading}
        refreshing={history.isFetching && !history.isLoading}
        error={history.error}
        onRetry={() => void history.refetch()}
        emptyText={t(
          preset === 'today' ? 'channelCampaigns.history.emptyToday' : 'channelCampaigns.history.empty',
        )}
        toolbar={
          withRange ? (
            <DayRangeControl
              value={preset}
              onChange={(next) => {
                setPreset(next);
                setPage(1);
              }}
            />
          ) : undefined
        }
        pagination={{ page, pageSize, total: history.data?.total ?? 0, onPageChange: setPage }}
      />
    </Stack>
  );
}
