import { Alert, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type BatchNotificationSchema,
  NOTIFICATION_STATUSES,
  type NotificationStatus,
} from '@sapa/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { downloadBatchInput, useBatchInput } from '../api/batches-api';
import { BatchLink } from '../components/batch-link';
import { useCampaignArea } from '../components/campaign-area';
import { NotificationStatusBadge } from '../components/status-badges';
import { StatusFilter } from '../components/status-filter';

type Notification = z.infer<typeof BatchNotificationSchema>;
const PAGE_SIZE = 20;

/**
 * `/notification/batchInput?batchId=…`: a batch's notifications in row order with their status; a row
 * opens its attempts.
 */
export function BatchInputPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const area = useCampaignArea();
  const batchId = useSearchParams()[0].get('batchId');
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<NotificationStatus | undefined>();
  const [search, setSearch] = useState('');
  const [recipient] = useDebouncedValue(search.trim(), 300);
  const list = useBatchInput(clientId, batchId, { page, pageSize: PAGE_SIZE, status, recipient });
  const columns: DataTableColumn<Notification>[] = [
    { key: 'rowNo', header: t('notification.fields.rowNo'), render: (row) => row.rowNo, width: 70 },
    { key: 'recipient', header: t('notification.fields.recipient'), render: (row) => row.recipient },
    {
      key: 'channel',
      header: t('notification.fields.channel'),
      render: (row) => t(`notification.channels.${row.channel}`),
    },
    {
      key: 'status',
      header: t('notification.fields.status'),
      render: (row) => <NotificationStatusBadge status={row.status} />,
    },
    {
      key: 'attempts',
      header: t('notification.fields.attempts'),
      align: 'right',
      render: (row) => row.attemptCount,
    },
    { key: 'dueAt', header: t('notification.fields.dueAt'), render: (row) => formatDate(row.dueAt) },
    {
      key: 'error',
      header: t('notification.fields.error'),
      render: (row) =>
        row.errorMessage ? (
          <Text size="xs" c="red">
            {row.errorCode ? `${row.errorCode}: ` : ''}
            {row.errorMessage}
          </Text>
        ) : null,
    },
  ];
  if (!batchId)
    return (
      <>
        <PageHeader title={t('pages.batchInput')} />
        <Alert color="blue">{t('notification.batch.pickFirst')}</Alert>
      </>
    );
  return (
    <>
      <PageHeader
        title={t('pages.batchInput')}
        description={<BatchLink batchId={batchId} />}
        actions={
          <DownloadButton
            download={() => downloadBatchInput(batchId)}
            fileName={`batch-${batchId}-notifications.csv`}
            label={t('notification.actions.downloadCsv')}
          />
        }
      />
      <DataTable
        label={t('pages.batchInput')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.notificationId}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={status || recipient ? t('notification.input.noMatch') : t('notification.input.empty')}
        onRowClick={(row) => navigate(area.attempts(row.notificationId))}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <Group>
            <TextInput
              leftSection={<IconSearch size={14} />}
              aria-label={t('notification.input.search')}
              placeholder={t('notification.input.search')}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
            />
            <StatusFilter
              statuses={NOTIFICATION_STATUSES}
              labels="notification.statuses"
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
            />
          </Group>
        }
      />
    </>
  );
}
