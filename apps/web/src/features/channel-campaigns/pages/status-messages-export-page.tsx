import { Badge, Button } from '@mantine/core';
import type { Export } from '@sapa/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useStatusMessagesExports } from '../api/list-status-messages-exports';
import { areaPath, useChannelArea } from '../channel-area';
import { ChannelPageHeader } from '../components/channel-page-header';
import { ExportProgress } from '../components/export-progress';
import { isRefused, RefusedNotice } from '../components/refused-notice';
import '../channel-campaigns-i18n';

const PAGE_SIZE = 10;

/** What an export was asked for, read back from its stored filters. */
function filtersOf(item: Export) {
  const request = item.request as {
    channel?: unknown;
    startDate?: unknown;
    endDate?: unknown;
    status?: unknown;
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    channel: text(request.channel),
    startDate: text(request.startDate),
    endDate: text(request.endDate),
    status: text(request.status),
  };
}

/**
 * `/<channel>/status-messages/export`: the status-message exports (the reader's own; the admins' view is
 * everyone's), each with its progress and, once built, its file.
 */
export function StatusMessagesExportPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const channel = useChannelArea();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const list = useStatusMessagesExports(clientId, page, PAGE_SIZE);
  const back = (
    <Button
      component={Link}
      to={areaPath(channel, 'status-messages')}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      {t('pages.statusMessages')}
    </Button>
  );
  if (isRefused(list.error))
    return (
      <>
        <ChannelPageHeader channel={channel} page="statusMessagesExport" actions={back} />
        <RefusedNotice error={list.error} />
      </>
    );
  const columns: DataTableColumn<Export>[] = [
    {
      key: 'at',
      header: t('channelCampaigns.export.requestedAt'),
      render: (item) => formatDate(item.createdAt),
    },
    {
      key: 'filters',
      header: t('channelCampaigns.export.filters'),
      render: (item) => {
        const filters = filtersOf(item);
        return (
          <>
            {filters.channel ? (
              <Badge variant="outline" mr={6}>
                {t(`channelCampaigns.channels.${filters.channel}`, { defaultValue: filters.channel })}
              </Badge>
            ) : null}
            {t('channelCampaigns.export.days', {
              from: filters.startDate ?? t('channelCampaigns.range.today'),
              to: filters.endDate ?? filters.startDate ?? t('channelCampaigns.range.today'),
            })}
            {filters.status
              ? ` · ${t(`channelCampaigns.statuses.${filters.status}`, { defaultValue: filters.status })}`
              : ''}
          </>
        );
      },
    },
    { key: 'by', header: t('channelCampaigns.export.requestedBy'), render: (item) => item.requestedBy },
    {
      key: 'progress',
      header: t('channelCampaigns.export.progress'),
      render: (item) => <ExportProgress item={item} />,
    },
  ];
  return (
    <>
      <ChannelPageHeader
        channel={channel}
        page="statusMessagesExport"
        description={t('channelCampaigns.export.help')}
        actions={back}
      />
      <DataTable
        label={t('pages.statusMessagesExport')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(item) => item.id}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('channelCampaigns.export.empty')}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
      />
    </>
  );
}
