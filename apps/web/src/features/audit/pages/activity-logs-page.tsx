import { Badge, Group, Select } from '@mantine/core';
import { LOG_TYPES } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useClientChoices } from '../../../entities/client';
import { useDateTime } from '../../../lib/i18n';
import { type ActivityLogRow, type LogType, useActivityLogs } from '../api/audit-api';

const PAGE_SIZE = 20;

/** `/logs` (SAD): the activity logs of spec §3 — sign-ins, user, browser settings, uploads and more. */
export function ActivityLogsPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clients = useClientChoices(true);
  const [clientId, setClientId] = useState<string | null>(null);
  const [type, setType] = useState<LogType | null>(null);
  const [page, setPage] = useState(1);
  const logs = useActivityLogs({ clientId, type }, page, PAGE_SIZE);
  const clientName = (id: string) => clients.data?.find((client) => client.clientId === id)?.clientName ?? id;

  const columns: DataTableColumn<ActivityLogRow>[] = [
    { key: 'when', header: t('activityLogs.when'), render: (row) => formatDate(row.createdAt) },
    {
      key: 'type',
      header: t('activityLogs.type'),
      render: (row) => <Badge variant="light">{row.type}</Badge>,
    },
    { key: 'event', header: t('activityLogs.event'), render: (row) => row.event },
    { key: 'result', header: t('activityLogs.result'), render: (row) => row.result },
    { key: 'client', header: t('activityLogs.client'), render: (row) => clientName(row.clientId) },
    {
      key: 'user',
      header: t('activityLogs.user'),
      // A user deleted since keeps the end of their id, so rows of one person still group together.
      render: (row) => row.userName ?? (row.userId ? `…${row.userId.slice(-8)}` : '—'),
    },
  ];

  return (
    <>
      <PageHeader title={t('pages.logs')} description={t('activityLogs.help')} />
      <DataTable
        label={t('pages.logs')}
        columns={columns}
        rows={logs.data?.items}
        rowKey={(row) => row.id}
        loading={logs.isLoading}
        refreshing={logs.isFetching && !logs.isLoading}
        error={logs.error}
        onRetry={() => void logs.refetch()}
        emptyText={t('activityLogs.empty')}
        pagination={{ page, pageSize: PAGE_SIZE, total: logs.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <Group gap="xs">
            <Select
              aria-label={t('activityLogs.client')}
              placeholder={t('activityLogs.allClients')}
              data={(clients.data ?? []).map((client) => ({
                value: client.clientId,
                label: client.clientName,
              }))}
              value={clientId}
              onChange={(value) => {
                setClientId(value);
                setPage(1);
              }}
              clearable
              searchable
              w={240}
            />
            <Select
              aria-label={t('activityLogs.type')}
              placeholder={t('activityLogs.allTypes')}
              data={[...LOG_TYPES]}
              value={type}
              onChange={(value) => {
                setType(value as LogType | null);
                setPage(1);
              }}
              clearable
              w={200}
            />
          </Group>
        }
      />
    </>
  );
}

export default ActivityLogsPage;
