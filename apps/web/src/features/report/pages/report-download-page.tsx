import { Anchor, Text } from '@mantine/core';
import type { Export, ReportFilters } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../report-i18n';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useReports } from '../api/reports-api';
import { searchOf } from '../components/report-filters';
import { ReportNav } from '../components/report-nav';
import { ReportProgress } from '../components/report-progress';

const PAGE_SIZE = 10;

/** The filters a report was generated with, as its list says them. */
function FiltersText({ filters }: { filters: Partial<ReportFilters> }) {
  const { t } = useTranslation();
  const parts = [
    filters.startDate === filters.endDate ? filters.startDate : `${filters.startDate} – ${filters.endDate}`,
    filters.channel ? t(`report.channels.${filters.channel}`) : t('report.form.anyChannel'),
    filters.status ? t(`report.statuses.${filters.status}`) : null,
    filters.sort === 'oldest' ? t('report.form.oldest') : t('report.form.newest'),
  ].filter(Boolean);
  return <Text size="sm">{parts.join(' · ')}</Text>;
}

/** `/report/download`: generated reports with their progress, each downloadable once built. */
export function ReportDownloadPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const list = useReports(clientId, page, PAGE_SIZE);
  const filtersOf = (item: Export) => (item.request.query ?? {}) as Partial<ReportFilters>;

  const columns: DataTableColumn<Export>[] = [
    { key: 'created', header: t('report.fields.requestedAt'), render: (row) => formatDate(row.createdAt) },
    { key: 'by', header: t('report.fields.requestedBy'), render: (row) => row.requestedBy },
    {
      key: 'filters',
      header: t('report.fields.filters'),
      render: (row) => <FiltersText filters={filtersOf(row)} />,
    },
    { key: 'progress', header: t('report.fields.progress'), render: (row) => <ReportProgress item={row} /> },
    {
      key: 'open',
      header: '',
      render: (row) => (
        <Anchor component={Link} to={`/report/reportPage?${searchOf(filtersOf(row))}`} size="sm">
          {t('report.download.figures')}
        </Anchor>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('pages.download')} description={t('report.download.help')} />
      <ReportNav />
      <DataTable
        label={t('pages.download')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('report.download.empty')}
        minWidth={900}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
      />
    </>
  );
}
