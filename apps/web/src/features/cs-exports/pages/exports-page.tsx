import { Badge, Button, Group, Menu, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CS_CONFIG_ROLES, type CsExport } from '@sapa/contracts';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import {
  downloadExport,
  type ExportRequest,
  isUnfinished,
  useExports,
  useRequestExport,
} from '../api/exports-api';

const PAGE_SIZE = 10;
const STATUS_COLORS: Record<CsExport['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** The closed-between dates an export was asked for, read back from its stored request. */
function requestedRange(item: CsExport): { startDate?: string; endDate?: string } {
  const query = (item.request as { query?: { startDate?: unknown; endDate?: unknown } }).query ?? {};
  return {
    ...(typeof query.startDate === 'string' ? { startDate: query.startDate } : {}),
    ...(typeof query.endDate === 'string' ? { endDate: query.endDate } : {}),
  };
}

/** `/exports`: every export of the client (history and customers) with its progress and file. */
export function ExportsPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  const role = useSessionStore((state) => state.session?.role);
  const canExportCustomers = Boolean(role && CS_CONFIG_ROLES.includes(role));
  const [page, setPage] = useState(1);
  const list = useExports(clientId, page, PAGE_SIZE);
  const request = useRequestExport(clientId);
  const [asking, setAsking] = useState(false);
  const [range, setRange] = useState({ startDate: '', endDate: '' });
  const rangeBackwards = Boolean(range.startDate && range.endDate && range.endDate < range.startDate);

  const ask = (body: ExportRequest) =>
    request.mutate(body, {
      onSuccess: () => {
        setAsking(false);
        notifications.show({ color: 'green', message: t('csExports.requested') });
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('csExports.requestFailed'),
          message: describeError(error, t),
        }),
    });
  const submitHistory = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rangeBackwards) return;
    ask({
      kind: 'chatroomHistory',
      startDate: range.startDate || undefined,
      endDate: range.endDate || undefined,
    });
  };

  const columns: DataTableColumn<CsExport>[] = [
    { key: 'kind', header: t('csExports.kind'), render: (item) => t(`csExports.kinds.${item.kind}`) },
    {
      key: 'filters',
      header: t('csExports.filters'),
      render: (item) => {
        const { startDate, endDate } = requestedRange(item);
        if (item.kind !== 'chatroomHistory') return t('csExports.allCustomers');
        if (!startDate && !endDate) return t('csExports.allHistory');
        return t('csExports.closedBetween', { from: startDate ?? '…', to: endDate ?? '…' });
      },
    },
    { key: 'by', header: t('csExports.requestedBy'), render: (item) => item.requestedBy },
    { key: 'at', header: t('csExports.requestedAt'), render: (item) => formatDate(item.createdAt) },
    {
      key: 'status',
      header: t('csExports.status'),
      render: (item) => (
        <Stack gap={4} miw={160}>
          <Group gap="xs">
            <Badge color={STATUS_COLORS[item.status]} variant="light">
              {t(`csExports.statuses.${item.status}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {item.total === null
                ? `${item.progress}%`
                : t('csExports.rows', { processed: item.processed, total: item.total })}
            </Text>
          </Group>
          <Progress
            value={item.progress}
            color={STATUS_COLORS[item.status]}
            animated={isUnfinished(item)}
            aria-label={t('csExports.progressOf', { progress: item.progress })}
            size="sm"
          />
          {item.error ? (
            <Text size="xs" c="red">
              {item.error}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'file',
      header: t('csExports.file'),
      align: 'right',
      render: (item) =>
        item.status === 'done' ? (
          <DownloadButton
            size="xs"
            download={() => downloadExport(item)}
            fileName={item.fileName ?? 'export.csv'}
            label={t('csExports.download')}
          />
        ) : (
          <Text size="xs" c="dimmed">
            {item.status === 'failed' ? t('csExports.noFile') : t('csExports.notReady')}
          </Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.exports')}
        description={t('csExports.help')}
        actions={
          <Menu position="bottom-end">
            <Menu.Target>
              <Button
                leftSection={<IconFileExport size={16} />}
                rightSection={<IconChevronDown size={14} />}
                loading={request.isPending}
              >
                {t('csExports.new')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setAsking(true)}>{t('csExports.kinds.chatroomHistory')}</Menu.Item>
              {canExportCustomers ? (
                <Menu.Item onClick={() => ask({ kind: 'customers' })}>
                  {t('csExports.kinds.customers')}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        }
      />
      <DataTable
        label={t('pages.exports')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(item) => item.id}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('csExports.empty')}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
      />
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('csExports.historyTitle')}>
        <form aria-label={t('csExports.historyTitle')} onSubmit={submitHistory} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('csExports.historyHelp')}
            </Text>
            <Group grow>
              <DateField
                label={t('csExports.closedFrom')}
                value={range.startDate}
                onChange={(startDate) => {
                  setRange((current) => ({ ...current, startDate }));
                }}
              />
              <DateField
                label={t('csExports.closedTo')}
                value={range.endDate}
                onChange={(endDate) => {
                  setRange((current) => ({ ...current, endDate }));
                }}
                error={rangeBackwards ? t('csExports.rangeBackwards') : undefined}
              />
            </Group>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setAsking(false)}>
                {t('confirm.cancel')}
              </Button>
              <Button type="submit" loading={request.isPending} disabled={rangeBackwards}>
                {t('csExports.start')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
