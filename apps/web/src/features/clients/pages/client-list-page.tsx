import { Badge, Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AdminClient, ClientBatchResult } from '@sapa/contracts';
import { IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FileImportDialog, type ImportReportView } from '../../../components/file-import-dialog';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { clientKeys, uploadClientBatch, useClientList } from '../api/clients-api';
import '../clients-i18n';

const PAGE_SIZE = 10;

/** The batch answer as the shared per-row report; a created row with an admin names its temporary password. */
export function batchReportOf(result: ClientBatchResult, passwordLabel: string): ImportReportView {
  return {
    total: result.rows.length,
    succeeded: result.created,
    failed: result.failed,
    rows: result.rows.map((row) => ({
      row: row.row,
      label:
        row.outcome === 'created' && row.adminEmail && row.temporaryPassword
          ? `${row.clientName ?? ''} · ${row.adminEmail} · ${passwordLabel}: ${row.temporaryPassword}`
          : row.clientName,
      ok: row.outcome === 'created',
      error: row.errors.map((error) => `${error.field}: ${error.message}`).join('; ') || null,
    })),
  };
}

/** `/clients` (SAD): every client, searched by name, with creation one by one or from a CSV file. */
export function ClientListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useDateTime();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [importing, setImporting] = useState(false);
  const list = useClientList({ q, page, pageSize: PAGE_SIZE });

  const columns: DataTableColumn<AdminClient>[] = [
    { key: 'name', header: t('clients.fields.clientName'), render: (client) => client.clientName },
    {
      key: 'abbr',
      header: t('clients.fields.abbreviatedClientName'),
      render: (client) => client.abbreviatedClientName ?? '—',
    },
    {
      key: 'biz',
      header: t('clients.fields.clientBizType'),
      render: (client) => client.clientBizType ?? '—',
    },
    {
      key: 'features',
      header: t('clients.fields.features'),
      render: (client) => (
        <Group gap={4}>
          {client.features.map((flag) => (
            <Badge key={flag} size="xs" variant={flag === client.mainFeature ? 'filled' : 'light'}>
              {t(`features.${flag}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'status',
      header: t('clients.fields.status'),
      width: 130,
      render: (client) => (
        <Badge color={client.status === 'active' ? 'teal' : 'gray'} variant="light">
          {t(`clients.status.${client.status}`)}
        </Badge>
      ),
    },
    {
      key: 'created',
      header: t('clients.fields.createdAt'),
      render: (client) => formatDate(client.createdAt),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.clientList')}
        description={t('clients.listHelp')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setImporting(true)}
            >
              {t('clients.import')}
            </Button>
            <Button component={Link} to="/clients/client" leftSection={<IconPlus size={16} />}>
              {t('clients.new')}
            </Button>
          </>
        }
      />
      <DataTable
        label={t('pages.clientList')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(client) => client.clientId}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={q ? t('clients.noMatch') : t('clients.empty')}
        onRowClick={(client) => navigate(`/clients/client/${client.clientId}`)}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <TextInput
            aria-label={t('clients.search')}
            placeholder={t('clients.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maw={360}
          />
        }
      />
      <FileImportDialog<ClientBatchResult>
        opened={importing}
        onClose={() => setImporting(false)}
        title={t('clients.import')}
        description={t('clients.importHelp')}
        upload={uploadClientBatch}
        maxSizeMb={5}
        toReport={(result) => batchReportOf(result, t('clients.temporaryPassword'))}
        onImported={() => void queryClient.invalidateQueries({ queryKey: clientKeys.all })}
      />
    </>
  );
}

export default ClientListPage;
