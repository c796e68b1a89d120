import {
  Badge,
  Box,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ChatRoom } from '@sapa/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useSessionStore } from '../../../lib/session';
import { EMPTY_FILTER, type RoomListFilter } from '../api/chat-keys';
import { useAgents, useAgentTags, useCategories, useCsConfiguration } from '../api/lookups-api';
import { useRoomList } from '../api/rooms-api';
import { isSupervisorSession } from '../live/inbox-cache';
import { PRIORITIES, PriorityBadge, WaitingTime } from './room-badges';

type RoomListProps = {
  selectedId: string | null;
  onSelect: (room: ChatRoom) => void;
  /** The rooms shown, in order, whenever they change (the keyboard moves through them). */
  onRoomsShown?: (rooms: ChatRoom[]) => void;
};

/** The agent's rooms (theirs and the waiting queue), with search, the API's filters and infinite scroll. */
export function RoomList({ selectedId, onSelect, onRoomsShown }: RoomListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [filter, setFilter] = useState<Omit<RoomListFilter, 'q'>>(EMPTY_FILTER);
  const fullFilter = useMemo(() => ({ ...filter, q }), [filter, q]);
  const rooms = useRoomList(fullFilter);
  // The filters draw only when opened: five Selects (each a combobox with its popover) are most of the
  // list's first paint (issue 19, decision 0056). Filters set stay applied while they are closed.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [filter.priority, filter.category, filter.tag, filter.lastReply, filter.csId].filter(
    (value) => value !== null && value !== undefined,
  ).length;
  const rows = rooms.data?.pages.flatMap((page) => page.items);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    onRoomsShown?.(rows ?? []);
  }, [rows, onRoomsShown]);

  // Infinite scroll: the next page loads when the end of the list comes into view.
  // Scrolling loads pages only once the configuration says isInfinityScroll; else "Load more" does.
  const scrollLoads = useCsConfiguration().data?.isInfinityScroll === true;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = rooms;
  useEffect(() => {
    const target = sentinel.current;
    if (!scrollLoads || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && hasNextPage && !isFetchingNextPage)
        void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [scrollLoads, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Stack gap="xs" h="100%" style={{ minHeight: 0 }}>
      <TextInput
        aria-label={t('chat.list.search')}
        placeholder={t('chat.list.searchPlaceholder')}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <SegmentedControl
        size="xs"
        aria-label={t('chat.list.status')}
        value={filter.status}
        onChange={(value) => setFilter((old) => ({ ...old, status: value as RoomListFilter['status'] }))}
        data={(['all', 'open', 'queued'] as const).map((value) => ({
          value,
          label: t(`chat.list.statuses.${value}`),
        }))}
      />
      <Group gap={4} wrap="nowrap">
        <Select
          size="xs"
          style={{ flex: 1 }}
          aria-label={t('chat.list.order')}
          data={(['latest', 'desc', 'asc'] as const).map((value) => ({
            value,
            label: t(`chat.list.orders.${value}`),
          }))}
          value={filter.sortBy === 'lastMessage' ? 'latest' : filter.order}
          allowDeselect={false}
          onChange={(value) =>
            setFilter((old) =>
              value === 'latest'
                ? { ...old, sortBy: 'lastMessage', order: 'desc' }
                : { ...old, sortBy: 'createdAt', order: value === 'asc' ? 'asc' : 'desc' },
            )
          }
        />
        <Button
          size="xs"
          variant={activeFilters > 0 ? 'light' : 'default'}
          aria-expanded={filtersOpen}
          onClick={() => setFiltersOpen((open) => !open)}
          data-testid="room-list-filters"
        >
          {activeFilters > 0
            ? t('chat.list.filtersActive', { count: activeFilters })
            : t('chat.list.filters')}
        </Button>
      </Group>
      {filtersOpen ? <RoomFilters filter={filter} setFilter={setFilter} /> : null}
      {/* Native scrolling: Mantine's ScrollArea measures itself on every resize (forced layouts while the
          workspace first draws, issue 19, decision 0056). */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <QueryState
          data={rows}
          loading={rooms.isPending}
          error={rooms.error}
          onRetry={() => void rooms.refetch()}
          isEmpty={(items) => items.length === 0}
          emptyText={q || filter !== EMPTY_FILTER ? t('chat.list.noMatch') : t('chat.list.empty')}
        >
          {(items) => (
            <Stack gap={4} role="list" aria-label={t('chat.list.label')}>
              {items.map((room) => (
                <RoomRow key={room.id} room={room} selected={room.id === selectedId} onSelect={onSelect} />
              ))}
            </Stack>
          )}
        </QueryState>
        <div ref={sentinel} />
        {hasNextPage ? (
          <Group justify="center" p="xs">
            {isFetchingNextPage ? (
              <Loader size="xs" aria-label={t('queryState.loading')} />
            ) : (
              <Button size="xs" variant="subtle" onClick={() => void fetchNextPage()}>
                {t('chat.list.more')}
              </Button>
            )}
          </Group>
        ) : null}
      </Box>
    </Stack>
  );
}

type RoomFiltersProps = {
  filter: Omit<RoomListFilter, 'q'>;
  setFilter: (update: (old: Omit<RoomListFilter, 'q'>) => Omit<RoomListFilter, 'q'>) => void;
};

/** The API's filters (priority, category, tag, last reply and, for a supervisor, the agent). */
function RoomFilters({ filter, setFilter }: RoomFiltersProps) {
  const { t } = useTranslation();
  const categories = useCategories();
  const tags = useAgentTags();
  const supervisor = isSupervisorSession(useSessionStore((state) => state.session));
  const agents = useAgents();
  return (
    <>
      <Group gap={4} grow>
        <Select
          size="xs"
          aria-label={t('chat.list.priority')}
          placeholder={t('chat.list.priority')}
          clearable
          data={PRIORITIES.map((value) => ({ value, label: t(`chat.priority.${value}`) }))}
          value={filter.priority}
          onChange={(priority) => setFilter((old) => ({ ...old, priority }))}
        />
        <Select
          size="xs"
          aria-label={t('chat.list.category')}
          placeholder={t('chat.list.category')}
          clearable
          data={(categories.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
          value={filter.category}
          onChange={(category) => setFilter((old) => ({ ...old, category }))}
        />
      </Group>
      <Group gap={4} grow>
        <Select
          size="xs"
          aria-label={t('chat.list.tag')}
          placeholder={t('chat.list.tag')}
          clearable
          data={tags.data ?? []}
          value={filter.tag}
          onChange={(tag) => setFilter((old) => ({ ...old, tag }))}
        />
        <Select
          size="xs"
          aria-label={t('chat.list.lastReply')}
          placeholder={t('chat.list.lastReply')}
          clearable
          data={(['customer', 'cs'] as const).map((value) => ({
            value,
            label: t(`chat.list.lastReplies.${value}`),
          }))}
          value={filter.lastReply}
          onChange={(value) =>
            setFilter((old) => ({ ...old, lastReply: (value as RoomListFilter['lastReply']) ?? null }))
          }
        />
      </Group>
      {supervisor ? (
        <Select
          size="xs"
          aria-label={t('chat.list.agent')}
          placeholder={t('chat.list.agent')}
          clearable
          searchable
          data={(agents.data ?? [])
            .filter((agent) => agent.kind === 'cs' && !agent.deleted)
            .map((agent) => ({ value: agent.id, label: agent.name }))}
          value={filter.csId}
          onChange={(csId) => setFilter((old) => ({ ...old, csId }))}
        />
      ) : null}
    </>
  );
}

function RoomRow({
  room,
  selected,
  onSelect,
}: {
  room: ChatRoom;
  selected: boolean;
  onSelect: (room: ChatRoom) => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      role="listitem"
      aria-current={selected ? 'true' : undefined}
      data-testid={`room-${room.customerPhoneNumber}`}
      data-room-id={room.id}
      onClick={() => onSelect(room)}
      p="xs"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm" truncate>
          {room.name ?? `+${room.customerPhoneNumber}`}
        </Text>
        {room.unreadCount > 0 ? (
          <Badge size="sm" circle aria-label={t('chat.list.unread', { count: room.unreadCount })}>
            {room.unreadCount}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {room.lastMessage?.content ?? t('chat.list.noMessages')}
      </Text>
      <Group gap={4} mt={4}>
        <Badge size="xs" variant="light" color={room.status === 'queued' ? 'orange' : 'teal'}>
          {t(`chat.status.${room.status}`)}
        </Badge>
        <PriorityBadge priority={room.priority} />
        {room.category?.name ? (
          <Badge size="xs" variant="outline" color="gray">
            {room.category.name}
          </Badge>
        ) : null}
        {room.tags.map((tag) => (
          <Badge key={tag} size="xs" variant="dot" color="grape">
            {tag}
          </Badge>
        ))}
        <WaitingTime room={room} />
      </Group>
    </UnstyledButton>
  );
}
