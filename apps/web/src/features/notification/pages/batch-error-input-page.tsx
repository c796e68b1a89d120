import { Alert, Badge, Group, SegmentedControl, Text } from '@mantine/core';
import { BATCH_REJECT_KINDS, type BatchRejectKind } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../notification-i18n';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { useSessionStore } from '../../../lib/session';
import { downloadBatchRejects, useBatchRejects } from '../api/batches-api';
import { BatchLink } from '../components/batch-link';

const PAGE_SIZE = 20;
type Reject = { rowNo: number; kind: BatchRejectKind; reason: string; raw: Record<string, string> };
const KIND_COLORS: Record<BatchRejectKind, string> = {
  invalid: 'red',
  blacklisted: 'dark',
  duplicate: 'orange',
};

/**
 * `/notification/batchErrorInput?batchId=…[&kind=…]`: the rows of an upload kept apart (invalid with the
 * reason, blacklisted, duplicate), each with its row number in the file, downloadable to fix and upload again.
 */
export function BatchErrorInputPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batchId');
  const kindParam = params.get('kind');
  const kind = BATCH_REJECT_KINDS.find((value) => value === kindParam);
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const [page, setPage] = useState(1);
  const list = useBatchRejects(clientId, batchId, { page, pageSize: PAGE_SIZE, kind });
  const columns: DataTableColumn<Reject>[] = [
    { key: 'rowNo', header: t('notification.fields.rowNo'), render: (row) => row.rowNo, width: 80 },
    {
      key: 'kind',
      header: t('notification.fields.kind'),
      render: (row) => (
        <Badge color={KIND_COLORS[row.kind]} variant="light">
          {t(`notification.rejectKinds.${row.kind}`)}
        </Badge>
      ),
    },
    { key: 'reason', header: t('notification.fields.reason'), render: (row) => row.reason },
    {
      key: 'raw',
      header: t('notification.fields.row'),
      render: (row) => (
        <Text size="xs" ff="monospace">
          {Object.entries(row.raw)
            .map(([column, value]) => `${column}=${value}`)
            .join('; ')}
        </Text>
      ),
    },
  ];
  if (!batchId)
    return (
      <>
        <PageHeader title={t('pages.batchErrorInput')} />
        <Alert color="blue">{t('notification.batch.pickFirst')}</Alert>
      </>
    );
  return (
    <>
      <PageHeader
        title={t('pages.batchErrorInput')}
        description={<BatchLink batchId={batchId} />}
        actions={
          <DownloadButton
            download={() => downloadBatchRejects(batchId, kind)}
            fileName={`batch-${batchId}-rejects.csv`}
            label={t('notification.actions.downloadCsv')}
          />
        }
      />
      <DataTable
        label={t('pages.batchErrorInput')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => `${row.rowNo}-${row.kind}`}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={kind ? t('notification.rejects.noneOfKind') : t('notification.rejects.none')}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <Group>
            <SegmentedControl
              aria-label={t('notification.fields.kind')}
              value={kind ?? 'all'}
              onChange={(value) => {
                setPage(1);
                const next = new URLSearchParams(params);
                if (value === 'all') next.delete('kind');
                else next.set('kind', value);
                setParams(next, { replace: true });
              }}
              data={[
                { value: 'all', label: t('notification.rejects.all') },
                ...BATCH_REJECT_KINDS.map((value) => ({
                  value,
                  label: t(`notification.rejectKinds.${value}`),
                })),
              ]}
            />
          </Group>
        }
      />
    </>
  );
}
