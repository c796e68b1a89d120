import '../chat-automation-i18n';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ChatMessage, ChatRoom } from '@sapa/contracts';
import { IconArrowLeft, IconBell, IconKeyboard, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useSessionStore } from '../../../lib/session';
import { chatKeys } from '../api/chat-keys';
import { useCsConfiguration } from '../api/lookups-api';
import { useMarkRead, useRoomDetail } from '../api/rooms-api';
import { Composer } from '../components/composer';
import { ConversationView } from '../components/conversation-view';
import { CustomerPanel } from '../components/customer-panel';
import '../chat-internal-i18n';
import { InternalRoomList } from '../components/internal-room-list';
import { RoomHeader } from '../components/room-header';
import { RoomList } from '../components/room-list';
import { ShortcutsOverlay } from '../components/shortcuts-overlay';
import { useChatKeyboard } from '../hooks/use-chat-keyboard';
import { askNotificationPermission, notificationPermission, notifyBrowser, playChime } from '../live/alerts';
import { findCachedRoom, isSupervisorSession } from '../live/inbox-cache';
import { useInboxLive } from '../live/use-inbox-live';

/** `/customerService/chat`: the agent workspace — rooms, the open conversation, the customer. */
export function ChatPage() {
  const { t } = useTranslation();
  // The inbox in maintenance (`/config/maintenance`): everyone in the workspace sees it.
  const maintenance = useCsConfiguration().data?.maintenance;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const roomId = params.get('room');
  const room = useRoomDetail(roomId);
  const markRead = useMarkRead();
  const [permission, setPermission] = useState(notificationPermission);
  const [listKind, setListKind] = useState<'customers' | 'internal'>('customers');
  const session = useSessionStore((state) => state.session);
  const supervisor = isSupervisorSession(session);

  // The room just chosen, until the page renders with it (the router updates in a transition, and
  // a quick second key press must move on from the new room, not the old one).
  const chosen = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page has caught up with the choice
  useEffect(() => {
    chosen.current = null;
  }, [roomId]);
  const select = useCallback(
    (next: ChatRoom) => {
      chosen.current = next.id;
      queryClient.setQueryData(chatKeys.room(next.id), (old: ChatRoom | undefined) => old ?? next);
      setParams({ room: next.id });
    },
    [queryClient, setParams],
  );

  const onCustomerMessage = useCallback(
    (message: ChatMessage) => {
      playChime();
      const known = findCachedRoom(queryClient, message.roomId);
      const who = known?.name ?? (known ? `+${known.customerPhoneNumber}` : t('chat.notify.someone'));
      notifyBrowser(t('chat.notify.title', { name: who }), message.content ?? t('chat.notify.media'), () =>
        setParams({ room: message.roomId }),
      );
      // The agent is looking at this room: what arrives is read at once. Otherwise a toast says where.
      if (message.roomId === roomId && !document.hidden) markRead.mutate(message.roomId);
      else if (message.roomId !== roomId)
        notifications.show({
          id: `chat-${message.roomId}`,
          title: t('chat.notify.title', { name: who }),
          message: message.content ?? t('chat.notify.media'),
          autoClose: 5000,
        });
    },
    [queryClient, roomId, setParams, t, markRead.mutate],
  );
  useInboxLive(onCustomerMessage);

  // The keyboard walks the rooms as the list shows them.
  const shownRooms = useRef<ChatRoom[]>([]);
  const onRoomsShown = useCallback((rooms: ChatRoom[]) => {
    shownRooms.current = rooms;
  }, []);
  const [helpOpen, setHelpOpen] = useState(false);
  useChatKeyboard({
    move: (step) => {
      const rooms = shownRooms.current;
      if (rooms.length === 0) return;
      const current = chosen.current ?? roomId;
      const at = rooms.findIndex((item) => item.id === current);
      const next = rooms[at === -1 ? (step === 1 ? 0 : rooms.length - 1) : at + step];
      if (!next) return;
      select(next);
      document.querySelector(`[data-room-id="${next.id}"]`)?.scrollIntoView?.({ block: 'nearest' });
    },
    openHelp: () => setHelpOpen(true),
  });

  // Opening a room reads its waiting messages.
  const unread = room.data?.unreadCount ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per room opened with unread messages, not on every re-render
  useEffect(() => {
    if (roomId && unread > 0 && room.data?.status !== 'closed') markRead.mutate(roomId);
  }, [roomId, unread > 0]);

  // On a phone one column shows at a time: the list, then the conversation, then the customer; each
  // step is a history entry, so the browser's back goes back a column.
  const customerOpen = params.get('panel') === 'customer';
  const mobileView: 'list' | 'conversation' | 'customer' = !roomId
    ? 'list'
    : customerOpen
      ? 'customer'
      : 'conversation';
  const shownOnPhone = (view: typeof mobileView, display = 'flex') => ({
    base: mobileView === view ? display : 'none',
    md: display,
  });

  return (
    <Stack
      gap={0}
      h="calc(100dvh - var(--app-shell-header-offset, 60px) - 2 * var(--app-shell-padding, 0px))"
      style={{ minHeight: 420 }}
      data-mobile-view={mobileView}
    >
      <Box display={shownOnPhone('list', 'block')}>
        <PageHeader
          title={t('pages.chat')}
          description={t('chat.description')}
          actions={
            <>
              {permission === 'default' ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconBell size={14} />}
                  onClick={() => void askNotificationPermission().then(setPermission)}
                >
                  {t('chat.notify.enable')}
                </Button>
              ) : null}
              <Tooltip label={t('chat.shortcuts.open')}>
                <ActionIcon
                  variant="default"
                  size="md"
                  visibleFrom="md"
                  aria-label={t('chat.shortcuts.open')}
                  onClick={() => setHelpOpen(true)}
                >
                  <IconKeyboard size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          }
        />
        {maintenance?.enabled ? (
          <Alert
            color="orange"
            role="status"
            mb="sm"
            title={t('automation.chat.maintenanceTitle')}
            data-testid="maintenance-banner"
          >
            {t('automation.chat.maintenanceText', { message: maintenance.message })}
          </Alert>
        ) : null}
      </Box>
      <Group align="stretch" gap="sm" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <Paper
          withBorder
          p="xs"
          w={{ base: '100%', md: 280, xl: 320 }}
          display={shownOnPhone('list')}
          style={{ flexDirection: 'column', minHeight: 0, flexShrink: 0 }}
          data-testid="chat-column-rooms"
        >
          <SegmentedControl
            size="xs"
            mb="xs"
            fullWidth
            aria-label={t('chatInternal.tabs')}
            value={listKind}
            onChange={(value) => setListKind(value as 'customers' | 'internal')}
            data={[
              { value: 'customers', label: t('chatInternal.customers') },
              { value: 'internal', label: t('chatInternal.internal') },
            ]}
          />
          {listKind === 'internal' ? (
            <InternalRoomList selectedId={roomId} onSelect={select} />
          ) : (
            <RoomList selectedId={roomId} onSelect={select} onRoomsShown={onRoomsShown} />
          )}
        </Paper>
        <Paper
          withBorder
          p="xs"
          display={shownOnPhone('conversation')}
          style={{ flex: 1, flexDirection: 'column', minWidth: 0, minHeight: 0 }}
          data-testid="chat-column-conversation"
        >
          {!roomId ? (
            <Center h="100%">
              <Text c="dimmed">{t('chat.noRoomSelected')}</Text>
            </Center>
          ) : (
            <QueryState
              data={room.data}
              loading={room.isPending}
              error={room.error}
              onRetry={() => void room.refetch()}
              notFoundText={t('chat.roomGone')}
            >
              {(current) => (
                <Stack gap="xs" style={{ flex: 1, minHeight: 0 }}>
                  <Group justify="space-between" hiddenFrom="md" gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconArrowLeft size={16} />}
                      onClick={() => setParams({})}
                      data-testid="chat-back-to-rooms"
                    >
                      {t('chat.mobile.rooms')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      rightSection={<IconUser size={16} />}
                      onClick={() => setParams({ room: current.id, panel: 'customer' })}
                      data-testid="chat-open-customer"
                    >
                      {t('chat.mobile.customer')}
                    </Button>
                  </Group>
                  <RoomHeader room={current} />
                  <Divider />
                  <ConversationView roomId={current.id} />
                  <Divider />
                  {current.status === 'closed' ? (
                    <Text size="sm" c="dimmed" ta="center" p="xs" data-testid="room-closed">
                      {t('chat.closedNotice', { remarks: current.remarks ?? t('chat.customer.noRemarks') })}
                    </Text>
                  ) : !supervisor && current.csId && current.csId !== session?.csId ? (
                    // Transferred away while open here: the new agent answers from now on.
                    <Text size="sm" c="dimmed" ta="center" p="xs" data-testid="room-moved">
                      {t('chat.movedNotice')}
                    </Text>
                  ) : (
                    <Composer roomId={current.id} />
                  )}
                </Stack>
              )}
            </QueryState>
          )}
        </Paper>
        {room.data ? (
          <Paper
            withBorder
            p="sm"
            w={{ base: '100%', md: 260, xl: 300 }}
            display={shownOnPhone('customer', 'block')}
            style={{ overflowY: 'auto', flexShrink: 0 }}
            data-testid="chat-column-customer"
          >
            <Button
              hiddenFrom="md"
              mb="xs"
              size="compact-sm"
              variant="subtle"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => setParams({ room: room.data.id })}
              data-testid="chat-back-to-conversation"
            >
              {t('chat.mobile.conversation')}
            </Button>
            <CustomerPanel room={room.data} />
          </Paper>
        ) : (
          <Box w={0} />
        )}
      </Group>
      <ShortcutsOverlay opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </Stack>
  );
}
