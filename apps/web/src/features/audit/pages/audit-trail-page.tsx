import { Code, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AuditEntry } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BeforeAfterTable } from '../../../components/before-after-table';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { useClientChoices } from '../../../entities/client';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { type AuditFilter, downloadAuditTrail, useAuditTrail } from '../api/audit-api';

const PAGE_SIZE = 20;

/** `/users/audit-trail`: every administrative change — who, what, before and after, when, from where. */
export function AuditTrailPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const isSuperAdmin = useSessionStore((state) => state.session?.role === 'SAD');
  const clients = useClientChoices(isSuperAdmin);
  const [draft, setDraft] = useState<AuditFilter>({
    clientId: null,
    action: '',
    entityType: '',
    from: '',
    to: '',
  });
  const [filter] = useDebouncedValue(draft, 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const trail = useAuditTrail(filter, page, PAGE_SIZE);
  const clientName = (clientId: string) =>
    clients.data?.find((client) => client.clientId === clientId)?.clientName ?? clientId;

  const set = <K extends keyof AuditFilter>(field: K, value: AuditFilter[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setPage(1);
  };

  const columns: DataTableColumn<AuditEntry>[] = [
    { key: 'when', header: t('audit.when'), render: (entry) => formatDate(entry.createdAt) },
    { key: 'who', header: t('audit.who'), render: (entry) => entry.actorEmail ?? t('audit.system') },
    { key: 'action', header: t('audit.action'), render: (entry) => entry.action },
    {
      key: 'entity',
      header: t('audit.entity'),
      // Ids are time-ordered (v7): their ends tell rows apart, their starts do not.
      render: (entry) => `${entry.entityType}${entry.entityId ? ` · ${entry.entityId.slice(-8)}` : ''}`,
    },
    ...(isSuperAdmin
      ? [
          {
            key: 'client',
            header: t('audit.client'),
            render: (entry: AuditEntry) => clientName(entry.clientId),
          },
        ]
      : []),
    { key: 'where', header: t('audit.where'), render: (entry) => entry.ip ?? '—' },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.auditTrail')}
        description={t('audit.help')}
        actions={
          <DownloadButton
            download={() => downloadAuditTrail(filter)}
            fileName="audit-trail.csv"
            label={t('audit.export')}
          />
        }
      />
      <DataTable
        label={t('pages.auditTrail')}
        columns={columns}
        rows={trail.data?.items}
        rowKey={(entry) => entry.id}
        loading={trail.isLoading}
        refreshing={trail.isFetching && !trail.isLoading}
        error={trail.error}
        onRetry={() => void trail.refetch()}
        emptyText={t('audit.empty')}
        onRowClick={setOpen}
        pagination={{ page, pageSize: PAGE_SIZE, total: trail.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <Group gap="xs" align="flex-end" wrap="wrap">
            {isSuperAdmin ? (
              <Select
                label={t('audit.client')}
                placeholder={t('audit.allClients')}
                data={(clients.data ?? []).map((client) => ({
                  value: client.clientId,
                  label: client.clientName,
                }))}
                value={draft.clientId}
                onChange={(value) => set('clientId', value)}
                clearable
                searchable
                w={220}
              />
            ) : null}
            <TextInput
              label={t('audit.action')}
              placeholder="user.create"
              value={draft.action}
              onChange={(event) => set('action', event.currentTarget.value)}
              w={180}
            />
            <TextInput
              label={t('audit.entityType')}
              placeholder="user"
              value={draft.entityType}
              onChange={(event) => set('entityType', event.currentTarget.value)}
              w={160}
            />
            <DateField
              label={t('audit.from')}
              value={draft.from}
              onChange={(value) => set('from', value)}
              w={170}
            />
            <DateField
              label={t('audit.to')}
              value={draft.to}
              onChange={(value) => set('to', value)}
              w={170}
            />
          </Group>
        }
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.action ?? ''}
        size="lg"
        centered
      >
        {open ? (
          <Stack gap="sm">
            <SimpleGrid cols={2} spacing="xs">
              <Text size="sm">
                {t('audit.who')}: {open.actorEmail ?? t('audit.system')}
              </Text>
              <Text size="sm">
                {t('audit.when')}: {formatDate(open.createdAt)}
              </Text>
              <Text size="sm">
                {t('audit.entity')}: {open.entityType} <Code>{open.entityId ?? '—'}</Code>
              </Text>
              <Text size="sm">
                {t('audit.where')}: {open.ip ?? '—'}
              </Text>
            </SimpleGrid>
            {open.userAgent ? (
              <Text size="xs" c="dimmed">
                {open.userAgent}
              </Text>
            ) : null}
            <BeforeAfterTable label={t('audit.change')} before={open.before} after={open.after} />
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

export default AuditTrailPage;
