import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { ValidationRun } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { downloadRun, isUnfinished, useValidationRuns } from '../api/validations-api';

const PAGE_SIZE = 10;
const STATUS_COLORS: Record<ValidationRun['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** `/validations/history`: every run with its progress and counts; a finished one downloads as CSV or XLSX. */
export function ValidationHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const runs = useValidationRuns(clientId, page, PAGE_SIZE);

  const columns: DataTableColumn<ValidationRun>[] = [
    { key: 'name', header: t('validations.fields.name'), render: (run) => run.name },
    { key: 'at', header: t('validations.fields.createdAt'), render: (run) => formatDate(run.createdAt) },
    {
      key: 'status',
      header: t('validations.fields.status'),
      render: (run) => (
        <Stack gap={4} miw={160}>
          <Group gap="xs">
            <Badge color={STATUS_COLORS[run.status]} variant="light">
              {t(`validations.statuses.${run.status}`)}
            </Badge>
            <Text size="xs" c="dimmed" data-testid="run-processed">
              {t('validations.processed', { processed: run.processed.toLocaleString() })}
            </Text>
          </Group>
          {isUnfinished(run) ? (
            <Progress
              value={run.total > 0 ? (run.processed / run.total) * 100 : 100}
              animated
              size="sm"
              aria-label={t('validations.inProgress')}
            />
          ) : null}
          {run.error ? (
            <Text size="xs" c="red">
              {run.error}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'counts',
      header: t('validations.fields.counts'),
      render: (run) =>
        t('validations.counts', {
          total: run.processed,
          valid: run.valid,
          invalid: run.invalid,
          duplicates: run.duplicates,
          blacklisted: run.blacklisted,
        }),
    },
    {
      key: 'file',
      header: t('validations.fields.result'),
      align: 'right',
      render: (run) =>
        run.status === 'done' ? (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <DownloadButton
              size="xs"
              download={() => downloadRun(run, 'csv')}
              fileName={`${run.name}-validated.csv`}
              label="CSV"
            />
            <DownloadButton
              size="xs"
              download={() => downloadRun(run, 'xlsx')}
              fileName={`${run.name}-validated.xlsx`}
              label="XLSX"
            />
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t('validations.notReady')}
          </Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.history')}
        description={t('validations.history.help')}
        actions={
          <Button onClick={() => void navigate('/validations/self-service')}>
            {t('validations.history.new')}
          </Button>
        }
      />
      <DataTable
        label={t('validations.history.title')}
        columns={columns}
        rows={runs.data?.items}
        rowKey={(run) => run.id}
        loading={runs.isPending}
        refreshing={runs.isFetching && !runs.isPending}
        error={runs.error}
        onRetry={() => void runs.refetch()}
        emptyText={t('validations.history.empty')}
        pagination={{ page, pageSize: PAGE_SIZE, total: runs.data?.total ?? 0, onPageChange: setPage }}
      />
    </>
  );
}
