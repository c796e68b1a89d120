import { Group, Progress, Text } from '@mantine/core';
import type { Batch } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn, type DataTablePagination } from '../../../components/data-table';
import { useDateTime } from '../../../lib/i18n';
import { useCampaignArea } from './campaign-area';
import { BatchStatusBadge } from './status-badges';

export type BatchTableProps = {
  rows: Batch[] | undefined;
  loading: boolean;
  refreshing: boolean;
  error: unknown;
  onRetry: () => void;
  emptyText: string;
  pagination?: DataTablePagination;
  toolbar?: React.ReactNode;
};

/** Batches with their counts; a row opens the batch's detail. */
export function BatchTable(props: BatchTableProps) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const area = useCampaignArea();
  const columns: DataTableColumn<Batch>[] = [
    {
      key: 'createdAt',
      header: t('notification.fields.createdAt'),
      render: (row) => formatDate(row.createdAt),
    },
    { key: 'campaign', header: t('notification.fields.campaign'), render: (row) => row.campaignCode ?? '—' },
    {
      key: 'channel',
      header: t('notification.fields.channel'),
      render: (row) => t(`notification.channels.${row.channel}`),
    },
    {
      key: 'file',
      header: t('notification.fields.file'),
      render: (row) => row.fileName ?? t(`notification.sources.${row.source}`),
    },
    {
      key: 'status',
      header: t('notification.fields.status'),
      render: (row) => <BatchStatusBadge status={row.status} />,
    },
    {
      key: 'counts',
      header: t('notification.batch.counts'),
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="teal">
            {row.validCount}
          </Text>
          <Text size="sm" c="dimmed">
            /
          </Text>
          <Text size="sm" c="red">
            {row.invalidCount + row.blacklistedCount + row.duplicateCount}
          </Text>
          {row.status === 'ingesting' ? <Progress value={100} animated w={60} aria-hidden /> : null}
        </Group>
      ),
    },
    {
      key: 'scheduledAt',
      header: t('notification.fields.scheduledAt'),
      render: (row) => (row.scheduledAt ? formatDate(row.scheduledAt) : '—'),
    },
  ];
  return (
    <DataTable
      label={t('notification.batch.list')}
      columns={columns}
      rows={props.rows}
      rowKey={(row) => row.batchId}
      loading={props.loading}
      refreshing={props.refreshing}
      error={props.error}
      onRetry={props.onRetry}
      emptyText={props.emptyText}
      onRowClick={(row) => navigate(area.batchDetail(row.batchId))}
      {...(props.pagination ? { pagination: props.pagination } : {})}
      toolbar={props.toolbar}
    />
  );
}
