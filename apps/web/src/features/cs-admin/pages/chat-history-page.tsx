import { Badge, Group, Stack } from '@mantine/core';
import type { ChatRoom } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { isSupervisorRole, useAgentChoices } from '../api/cs-agents-api';
import { EMPTY_HISTORY_FILTERS, type HistoryFilters, useHistory } from '../api/cs-history-api';
import { HistoryExportPanel } from '../components/history-export-panel';
import { HistoryFiltersForm } from '../components/history-filters';
import { RoomTranscriptDrawer } from '../components/room-transcript-drawer';
import '../cs-admin-i18n';

const PAGE_SIZE = 10;

/** `/customerService/chatHistory`: closed rooms with every filter of the API, a room's transcript, exports. */
export function ChatHistoryPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const session = useSessionStore((state) => state.session);
  // Spec §6: chat history for chat role CS is limited to the agent's own rooms (the server enforces it).
  const ownRoomsOnly = session?.chatRole === 'CS' && !isSupervisorRole(session.role);
  const [filters, setFilters] = useState<HistoryFilters>(EMPTY_HISTORY_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ChatRoom | null>(null);
  const history = useHistory(filters, page, PAGE_SIZE);
  const agents = useAgentChoices();
  const filtered = Object.values(filters).some((value) => value.trim());

  const agentName = (csId: string | null) => {
    if (!csId) return '—';
    if (csId === session?.csId) return session.name;
    return agents.data?.find((agent) => agent.csId === csId)?.name ?? csId;
  };

  // Rooms record who closed them by email (or the system): people read the name.
  const closerName = (closedBy: string | null) => {
    if (!closedBy) return '—';
    if (closedBy === session?.email) return session.name;
    return agents.data?.find((agent) => agent.email === closedBy)?.name ?? closedBy;
  };

  const columns: DataTableColumn<ChatRoom>[] = [
    { key: 'shortId', header: t('csAdmin.history.columns.shortId'), render: (room) => `#${room.shortId}` },
    {
      key: 'customer',
      header: t('csAdmin.history.columns.customer'),
      render: (room) => (
        <Stack gap={0}>
          <span>{room.name ?? '—'}</span>
          <span style={{ fontSize: 12, opacity: 0.7 }}>{room.customerPhoneNumber}</span>
        </Stack>
      ),
    },
    { key: 'agent', header: t('csAdmin.history.columns.agent'), render: (room) => agentName(room.csId) },
    {
      key: 'category',
      header: t('csAdmin.history.columns.category'),
      render: (room) => room.category?.name ?? '—',
    },
    {
      key: 'tags',
      header: t('csAdmin.history.columns.tags'),
      render: (room) =>
        room.tags.length ? (
          <Group gap={4}>
            {room.tags.map((tag) => (
              <Badge key={tag} size="sm" variant="light">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : (
          '—'
        ),
    },
    { key: 'remarks', header: t('csAdmin.history.columns.remarks'), render: (room) => room.remarks ?? '—' },
    {
      key: 'csat',
      header: t('csAdmin.history.columns.csat'),
      render: (room) =>
        room.csat
          ? room.csat.score === null
            ? t('csAdmin.history.csatWaiting')
            : t(`csAdmin.history.csatScore.${room.csat.score}`, { defaultValue: String(room.csat.score) })
          : '—',
    },
    {
      key: 'closedBy',
      header: t('csAdmin.history.columns.closedBy'),
      render: (room) => closerName(room.closedBy),
    },
    {
      key: 'closedAt',
      header: t('csAdmin.history.columns.closedAt'),
      render: (room) => formatDate(room.closedAt),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.chatHistory')}
        description={ownRoomsOnly ? t('csAdmin.history.ownHelp') : t('csAdmin.history.help')}
      />
      <Stack gap="md">
        <HistoryFiltersForm
          initial={filters}
          ownRoomsOnly={ownRoomsOnly}
          onApply={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        <HistoryExportPanel filters={filters} />
        <DataTable
          label={t('pages.chatHistory')}
          columns={columns}
          rows={history.data?.items}
          rowKey={(room) => room.id}
          loading={history.isLoading}
          refreshing={history.isFetching && !history.isLoading}
          error={history.error}
          onRetry={() => void history.refetch()}
          emptyText={filtered ? t('csAdmin.history.noMatch') : t('csAdmin.history.empty')}
          onRowClick={setOpen}
          pagination={{ page, pageSize: PAGE_SIZE, total: history.data?.total ?? 0, onPageChange: setPage }}
          minWidth={960}
        />
      </Stack>
      <RoomTranscriptDrawer
        room={open}
        agentName={agentName}
        closerName={closerName}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
