import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { ChatRoom } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { useCategories } from '../api/lookups-api';
import { useMarkRead, useRoomAction } from '../api/rooms-api';
import { useChatCommand } from '../hooks/chat-commands';
import { isSupervisorSession } from '../live/inbox-cache';
import { CloseRoomDialog } from './close-room-dialog';
import { PRIORITIES } from './room-badges';
import { TransferDialog } from './transfer-dialog';

/** The open room's title and what can be done to it: take, priority, category, read, transfer, close. */
export function RoomHeader({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const supervisor = isSupervisorSession(session);
  const myCsId = session?.csId ?? null;
  const categories = useCategories();
  const action = useRoomAction();
  const markRead = useMarkRead();
  const [transferOpen, setTransferOpen] = useState(false);
  const [closing, setClosing] = useState<null | 'close' | 'force'>(null);
  const othersRoom = Boolean(room.csId && room.csId !== myCsId);
  // An agent keeps seeing a room transferred away while open, but may no longer act on it.
  const closed = room.status === 'closed' || (othersRoom && !supervisor);
  const canTake = room.status === 'queued' && Boolean(myCsId);
  const take = () => {
    if (myCsId) action.mutate({ kind: 'transfer', roomId: room.id, toCsId: myCsId, bot: room.isBot });
  };
  // The keyboard's `a` and `c` do what the buttons below do, when those are enabled.
  useChatCommand('take', () => {
    if (canTake && !action.isPending) take();
  });
  useChatCommand('close', () => {
    if (closed) return;
    if (othersRoom && supervisor) setClosing('force');
    else if (!othersRoom) setClosing('close');
  });

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Title order={2} size="h4" data-testid="room-title">
            {room.name ?? `+${room.customerPhoneNumber}`}
          </Title>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              #{room.shortId} · +{room.customerPhoneNumber}
            </Text>
            <Badge
              size="xs"
              variant="light"
              color={closed ? 'gray' : room.status === 'queued' ? 'orange' : 'teal'}
            >
              {t(`chat.status.${room.status}`)}
            </Badge>
          </Group>
        </Stack>
        <Group gap="xs">
          {canTake ? (
            <Button
              size="xs"
              onClick={take}
              loading={action.isPending && action.variables?.kind === 'transfer'}
            >
              {t('chat.actions.take')}
            </Button>
          ) : null}
          {room.unreadCount > 0 ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => markRead.mutate(room.id)}
              loading={markRead.isPending}
            >
              {t('chat.actions.markRead')}
            </Button>
          ) : null}
          <Button size="xs" variant="default" disabled={closed} onClick={() => setTransferOpen(true)}>
            {t('chat.actions.transfer')}
          </Button>
          {othersRoom && supervisor ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={closed}
              onClick={() => setClosing('force')}
            >
              {t('chat.actions.forceClose')}
            </Button>
          ) : (
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={closed || othersRoom}
              onClick={() => setClosing('close')}
            >
              {t('chat.actions.close')}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="xs">
        <Select
          size="xs"
          w={150}
          aria-label={t('chat.actions.priority')}
          placeholder={t('chat.actions.priority')}
          disabled={closed}
          data={PRIORITIES.map((value) => ({ value, label: t(`chat.priority.${value}`) }))}
          value={
            room.priority && (PRIORITIES as readonly string[]).includes(room.priority) ? room.priority : null
          }
          allowDeselect={false}
          onChange={(priority) => priority && action.mutate({ kind: 'priority', roomId: room.id, priority })}
        />
        <Select
          size="xs"
          w={190}
          aria-label={t('chat.actions.category')}
          placeholder={t('chat.actions.category')}
          disabled={closed}
          data={(categories.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
          value={room.category?.id ?? null}
          allowDeselect={false}
          onChange={(categoryId) => {
            const category = categories.data?.find((item) => item.id === categoryId);
            if (category)
              action.mutate({
                kind: 'category',
                roomId: room.id,
                categoryId: category.id,
                categoryName: category.name,
              });
          }}
        />
        {room.tags.map((tag) => (
          <Badge key={tag} size="sm" variant="dot" color="grape">
            {tag}
          </Badge>
        ))}
      </Group>
      {action.isError || markRead.isError ? (
        <Text size="sm" c="red" role="alert">
          {describeError(action.error ?? markRead.error, t)}
        </Text>
      ) : null}
      <TransferDialog room={room} opened={transferOpen} onClose={() => setTransferOpen(false)} />
      <CloseRoomDialog
        room={room}
        opened={closing !== null}
        forceClose={closing === 'force'}
        onClose={() => setClosing(null)}
      />
    </Stack>
  );
}
