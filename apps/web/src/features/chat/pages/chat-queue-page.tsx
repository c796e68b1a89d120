import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ChatRoom } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/http';
import { useDateTime } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { EMPTY_FILTER, type RoomListFilter } from '../api/chat-keys';
import { useBotQueueAction, useRoomAction, useRoomInfo, useRoomList } from '../api/rooms-api';
import { PriorityBadge, WaitingTime } from '../components/room-badges';
import { TransferDialog } from '../components/transfer-dialog';
import { isSupervisorSession } from '../live/inbox-cache';
import { useInboxLive } from '../live/use-inbox-live';

// The queues run by when each conversation started: who waits longest is the question there.
const WAITING: RoomListFilter = { ...EMPTY_FILTER, status: 'queued', sortBy: 'createdAt' };
const BOT: RoomListFilter = { ...EMPTY_FILTER, bot: true, sortBy: 'createdAt' };

/** `/customerService/chat/queue`: rooms waiting for an agent and rooms with the bot. */
export function ChatQueuePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'waiting' | 'bot'>('waiting');
  const info = useRoomInfo();
  useInboxLive();
  return (
    <Stack gap="md">
      <PageHeader title={t('pages.chatQueue')} description={t('chat.queue.description')} />
      <Tabs value={tab} onChange={(value) => setTab((value as 'waiting' | 'bot') ?? 'waiting')}>
        <Tabs.List>
          <Tabs.Tab
            value="waiting"
            rightSection={info.data ? <Badge size="xs">{info.data.queued}</Badge> : null}
          >
            {t('chat.queue.waiting')}
          </Tabs.Tab>
          <Tabs.Tab value="bot" rightSection={info.data ? <Badge size="xs">{info.data.bot}</Badge> : null}>
            {t('chat.queue.bot')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="waiting" pt="md">
          {tab === 'waiting' ? <QueueTable filter={WAITING} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="bot" pt="md">
          {tab === 'bot' ? <QueueTable filter={BOT} /> : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function QueueTable({ filter }: { filter: RoomListFilter }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const navigate = useNavigate();
  const session = useSessionStore((state) => state.session);
  const supervisor = isSupervisorSession(session);
  const rooms = useRoomList(filter);
  const take = useRoomAction();
  const bulk = useBotQueueAction();
  const [transferring, setTransferring] = useState<ChatRoom | null>(null);
  const [confirming, setConfirming] = useState<null | 'closeAll' | 'distribute' | { closeOne: ChatRoom }>(
    null,
  );
  const rows = rooms.data?.pages.flatMap((page) => page.items);

  const takeRoom = (room: ChatRoom) => {
    if (!session?.csId) return;
    take.mutate(
      { kind: 'transfer', roomId: room.id, toCsId: session.csId, bot: room.isBot },
      {
        onSuccess: (taken) => void navigate(`/customerService/chat?room=${encodeURIComponent(taken.id)}`),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: t('chat.queue.takeFailed', { reason: describeError(error, t) }),
          }),
      },
    );
  };

  const runConfirmed = () => {
    if (!confirming) return;
    const action =
      confirming === 'closeAll'
        ? ({ kind: 'closeAll' } as const)
        : confirming === 'distribute'
          ? ({ kind: 'distribute' } as const)
          : ({ kind: 'closeOne', roomId: confirming.closeOne.id } as const);
    bulk.mutate(action, {
      onSuccess: (answer) => {
        setConfirming(null);
        notifications.show({
          color: 'teal',
          message:
            'distributed' in answer
              ? t('chat.queue.distributed', { count: answer.distributed, assigned: answer.assigned })
              : t('chat.queue.closed', { count: answer.closed }),
        });
      },
      onError: (error) => {
        setConfirming(null);
        notifications.show({ color: 'red', message: describeError(error, t) });
      },
    });
  };

  const columns: DataTableColumn<ChatRoom>[] = [
    {
      key: 'customer',
      header: t('chat.queue.customer'),
      render: (room) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {room.name ?? `+${room.customerPhoneNumber}`}
          </Text>
          <Text size="xs" c="dimmed">
            #{room.shortId} · +{room.customerPhoneNumber}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'lastMessage',
      header: t('chat.queue.lastMessage'),
      render: (room) => (
        <Text size="sm" lineClamp={2}>
          {room.lastMessage?.content ?? '—'}
        </Text>
      ),
    },
    {
      key: 'details',
      header: t('chat.queue.details'),
      render: (room) => (
        <Group gap={4}>
          <PriorityBadge priority={room.priority} />
          {room.tags.map((tag) => (
            <Badge key={tag} size="xs" variant="dot" color="grape">
              {tag}
            </Badge>
          ))}
          {room.unreadCount > 0 ? (
            <Badge size="xs">{t('chat.list.unread', { count: room.unreadCount })}</Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'createdAt', header: t('chat.queue.since'), render: (room) => format(room.createdAt) },
    { key: 'waiting', header: t('chat.queue.waitingTime'), render: (room) => <WaitingTime room={room} /> },
    {
      key: 'actions',
      header: t('chat.queue.actions'),
      align: 'right',
      render: (room) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {session?.csId ? (
            <Button
              size="xs"
              onClick={() => takeRoom(room)}
              loading={
                take.isPending && take.variables?.kind === 'transfer' && take.variables.roomId === room.id
              }
            >
              {t('chat.actions.take')}
            </Button>
          ) : null}
          <Button size="xs" variant="default" onClick={() => setTransferring(room)}>
            {t('chat.actions.transfer')}
          </Button>
          {filter.bot && supervisor ? (
            <Button size="xs" color="red" variant="light" onClick={() => setConfirming({ closeOne: room })}>
              {t('chat.actions.close')}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label={filter.bot ? t('chat.queue.bot') : t('chat.queue.waiting')}
        columns={columns}
        rows={rows}
        rowKey={(room) => room.id}
        loading={rooms.isPending}
        refreshing={rooms.isFetching && !rooms.isFetchingNextPage}
        error={rooms.error}
        onRetry={() => void rooms.refetch()}
        emptyText={filter.bot ? t('chat.queue.botEmpty') : t('chat.queue.waitingEmpty')}
        loadMore={{
          hasMore: Boolean(rooms.hasNextPage),
          loading: rooms.isFetchingNextPage,
          onLoadMore: () => void rooms.fetchNextPage(),
        }}
        toolbar={
          filter.bot && supervisor ? (
            <Group gap="xs">
              <Button size="xs" onClick={() => setConfirming('distribute')} disabled={!rows?.length}>
                {t('chat.queue.distribute')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => setConfirming('closeAll')}
                disabled={!rows?.length}
              >
                {t('chat.queue.closeAll')}
              </Button>
            </Group>
          ) : undefined
        }
      />
      {transferring ? (
        <TransferDialog room={transferring} opened onClose={() => setTransferring(null)} />
      ) : null}
      <ConfirmDialog
        opened={confirming !== null}
        title={
          confirming === 'distribute'
            ? t('chat.queue.distribute')
            : confirming === 'closeAll'
              ? t('chat.queue.closeAll')
              : t('chat.actions.close')
        }
        message={
          confirming === 'distribute'
            ? t('chat.queue.distributeConfirm')
            : confirming === 'closeAll'
              ? t('chat.queue.closeAllConfirm')
              : t('chat.queue.closeOneConfirm')
        }
        loading={bulk.isPending}
        onConfirm={runConfirmed}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
