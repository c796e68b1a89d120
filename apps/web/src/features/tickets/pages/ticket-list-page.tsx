import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type Ticket,
  type TicketPriority,
  type TicketStatus,
} from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { useTickets, useTicketsLive } from '../api/tickets-api';
import { TicketPriorityBadge, TicketStatusBadge } from '../components/ticket-badges';
import { TicketCreateDialog } from '../components/ticket-create-dialog';
import '../tickets-i18n';

const PAGE_SIZE = 10;

/** `/tickets`: conversations followed as tickets, newest first, with filters; a row opens the ticket. */
export function TicketListPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  useTicketsLive(clientId);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<TicketStatus | undefined>();
  const [priority, setPriority] = useState<TicketPriority | undefined>();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const list = useTickets(clientId, {
    pageNumber: page,
    pageSize: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(priority ? { priority } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  });
  const open = (id: string) => navigate(`/call-center/ticket/${id}`);

  const columns: DataTableColumn<Ticket>[] = [
    { key: 'subject', header: t('tickets.columns.subject'), render: (row) => row.subject },
    {
      key: 'customer',
      header: t('tickets.columns.customer'),
      render: (row) => (
        <>
          <Text size="sm">{row.customerName ?? row.customerPhoneNumber}</Text>
          <Text size="xs" c="dimmed">
            #{row.roomShortId} · {row.customerPhoneNumber}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: t('tickets.columns.status'),
      render: (row) => <TicketStatusBadge status={row.status} />,
    },
    {
      key: 'priority',
      header: t('tickets.columns.priority'),
      render: (row) => <TicketPriorityBadge priority={row.priority} />,
    },
    {
      key: 'assignee',
      header: t('tickets.columns.assignee'),
      render: (row) => row.assigneeName ?? t('tickets.unassigned'),
    },
    {
      key: 'due',
      header: t('tickets.columns.due'),
      render: (row) =>
        row.dueAt ? (
          <Text size="sm" c={row.overdue ? 'red' : undefined}>
            {formatDate(row.dueAt)}
            {row.overdue ? ` · ${t('tickets.overdue')}` : ''}
          </Text>
        ) : (
          '—'
        ),
    },
    { key: 'created', header: t('tickets.columns.created'), render: (row) => formatDate(row.createdAt) },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.tickets')}
        description={t('tickets.listHelp')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('tickets.new')}
          </Button>
        }
      />
      <DataTable
        label={t('pages.tickets')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('tickets.empty')}
        onRowClick={(row) => open(row.id)}
        pagination={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
        toolbar={
          <Group gap="sm" wrap="wrap">
            <TextInput
              aria-label={t('tickets.search')}
              placeholder={t('tickets.search')}
              value={search}
              maxLength={200}
              onChange={(event) => {
                setPage(1);
                setSearch(event.currentTarget.value);
              }}
            />
            <Select
              aria-label={t('tickets.columns.status')}
              placeholder={t('tickets.allStatuses')}
              data={TICKET_STATUSES.map((value) => ({ value, label: t(`tickets.status.${value}`) }))}
              value={status ?? null}
              onChange={(value) => {
                setPage(1);
                setStatus((value as TicketStatus | null) ?? undefined);
              }}
              clearable
            />
            <Select
              aria-label={t('tickets.columns.priority')}
              placeholder={t('tickets.allPriorities')}
              data={TICKET_PRIORITIES.map((value) => ({ value, label: t(`tickets.priority.${value}`) }))}
              value={priority ?? null}
              onChange={(value) => {
                setPage(1);
                setPriority((value as TicketPriority | null) ?? undefined);
              }}
              clearable
            />
          </Group>
        }
      />
      <TicketCreateDialog
        clientId={clientId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          open(id);
        }}
      />
    </>
  );
}
