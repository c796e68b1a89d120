import { Card, Stack, Text } from '@mantine/core';
import type { StatusMessage } from '@sapa/contracts';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../report-i18n';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { useNotificationHistory } from '../api/reports-api';
import { searchOf, toFilters } from '../components/report-filters';
import { ReportFiltersForm } from '../components/report-filters-form';
import { ReportNav } from '../components/report-nav';
import { ReportStatusBadge } from '../components/report-status-badge';
import { useReportContext } from '../components/use-report-context';

const PAGE_SIZE = 10;

/** `/report/notificationHistory`: notifications of every channel the reader sees, filtered, a page at a time. */
export function NotificationHistoryPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const { clientId, today, form, search, setSearch, campaigns } = useReportContext();
  const [page, setPage] = useState(1);
  const list = useNotificationHistory(clientId, { ...toFilters(form), page, pageSize: PAGE_SIZE });

  const columns: DataTableColumn<StatusMessage>[] = [
    { key: 'created', header: t('report.fields.createdAt'), render: (row) => formatDate(row.createdAt) },
    {
      key: 'channel',
      header: t('report.fields.channel'),
      render: (row) => t(`report.channels.${row.channel}`),
    },
    { key: 'recipient', header: t('report.fields.recipient'), render: (row) => row.recipient },
    {
      key: 'campaign',
      header: t('report.fields.campaign'),
      render: (row) =>
        row.campaignCode ?? (
          <Text size="sm" c="dimmed">
            {t('report.history.noCampaign')}
          </Text>
        ),
    },
    {
      key: 'status',
      header: t('report.fields.status'),
      render: (row) => <ReportStatusBadge status={row.status} />,
    },
    { key: 'attempts', header: t('report.fields.attempts'), align: 'right', render: (row) => row.attempts },
    {
      key: 'error',
      header: t('report.fields.error'),
      render: (row) =>
        row.errorCode ? (
          <Text size="xs" c="red" title={row.errorMessage ?? undefined}>
            {row.errorCode}
          </Text>
        ) : (
          '—'
        ),
    },
    { key: 'updated', header: t('report.fields.updatedAt'), render: (row) => formatDate(row.updatedAt) },
  ];

  return (
    <>
      <PageHeader title={t('pages.notificationHistory')} description={t('report.history.help')} />
      <ReportNav search={search.toString()} />
      <Stack gap="md">
        <Card withBorder padding="md">
          <ReportFiltersForm
            key={search.toString()}
            initial={form}
            campaigns={campaigns}
            today={today}
            actions={[
              {
                label: t('report.query.apply'),
                icon: <IconFilter size={16} />,
                primary: true,
                run: (chosen) => {
                  setPage(1);
                  setSearch(searchOf(toFilters(chosen)));
                },
              },
            ]}
          />
        </Card>
        <DataTable
          label={t('pages.notificationHistory')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(row) => row.notificationId}
          loading={list.isLoading}
          refreshing={list.isFetching && !list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('report.history.empty')}
          minWidth={960}
          pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        />
      </Stack>
    </>
  );
}
