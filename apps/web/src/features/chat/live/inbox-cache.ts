import {
  type ChatMessage,
  type ChatRoom,
  CS_SUPERVISOR_ROLES,
  hasRoleIn,
  type RealtimeEvent,
  readInboxEvent,
  type Session,
} from '@sapa/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { findSession } from '../../../lib/session';
import { chatKeys, type RoomListFilter } from '../api/chat-keys';

/**
 * How socket events (and the answers of the agent's own actions) land in the TanStack Query cache:
 * lists and conversations change in place, keyed by id, so the same event applied twice (a replay after
 * a reconnect, or the socket echoing a send the agent's own request already added) changes nothing.
 */

type Page<T> = { items: T[]; lastEvaluatedKey: string | null };
type Pages<T> = InfiniteData<Page<T>, string | null>;

export function isSupervisorSession(session: Pick<Session, 'role' | 'chatRole'> | null): boolean {
  return Boolean(session && (hasRoleIn(CS_SUPERVISOR_ROLES, session.role) || session.chatRole === 'SPV'));
}

/**
 * Whether a room belongs in a list. 'unknown' when the list narrows by search or filters the client
 * cannot judge alike the server (search, tags), so that list is refetched instead of guessed at.
 */
function fits(room: ChatRoom, filter: RoomListFilter, session: Session | null): boolean | 'unknown' {
  if (room.status === 'closed' || room.isInternal || room.isBot !== filter.bot) return false;
  if (filter.status !== 'all' && room.status !== filter.status) return false;
  if (session && !isSupervisorSession(session) && room.csId !== session.csId && room.status !== 'queued')
    return false;
  if (filter.priority && room.priority !== filter.priority) return false;
  if (filter.category && room.category?.id !== filter.category && room.category?.name !== filter.category)
    return false;
  if (filter.lastReply && room.lastMessage) {
    if ((filter.lastReply === 'cs') !== Boolean(room.lastMessage.fromCs)) return false;
  }
  if (filter.csId && room.csId !== filter.csId) return false;
  // Search and tags are judged by the server; oldest-first lists get new rooms at their far end.
  if (filter.q || filter.tag || filter.order === 'asc') return 'unknown';
  return true;
}

/** A room's latest activity: its last message, or its start while it has none. */
const activityOf = (room: ChatRoom) => Date.parse(room.lastMessage?.at ?? room.createdAt);

/** Lists ordered by latest message, newest first: there a room that just heard something rises. */
const byLatestActivity = (filter: RoomListFilter) =>
  filter.sortBy === 'lastMessage' && filter.order === 'desc';

function roomListQueries(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: chatKeys.roomLists() })
    .map((query) => ({ key: query.queryKey, filter: query.queryKey[2] as RoomListFilter }));
}

/** Puts a room's latest state everywhere it shows: its detail, and every list it belongs in. */
export function upsertRoom(queryClient: QueryClient, room: ChatRoom): void {
  const session = findSession();
  queryClient.setQueryData<ChatRoom>(chatKeys.room(room.id), (old) => (old ? room : undefined));
  for (const { key, filter } of roomListQueries(queryClient)) {
    const data = queryClient.getQueryData<Pages<ChatRoom>>(key);
    if (!data) continue;
    const present = data.pages.some((page) => page.items.some((item) => item.id === room.id));
    const belongs = fits(room, filter, session);
    if (belongs === 'unknown' && !present) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    const top = data.pages.flatMap((page) => page.items).find((item) => item.id !== room.id);
    if (
      present &&
      // Present in a list by search or tags ('unknown' here) means the server put it there.
      belongs !== false &&
      byLatestActivity(filter) &&
      (!top || activityOf(room) >= activityOf(top))
    ) {
      // Its latest activity is now the newest of the list: it moves from wherever it was to the top.
      const [first, ...rest] = data.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item.id !== room.id),
      }));
      queryClient.setQueryData<Pages<ChatRoom>>(key, {
        ...data,
        pages: [
          { ...(first ?? { lastEvaluatedKey: null }), items: [room, ...(first?.items ?? [])] },
          ...rest,
        ],
      });
    } else if (present) {
      queryClient.setQueryData<Pages<ChatRoom>>(key, {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items:
            belongs === false
              ? page.items.filter((item) => item.id !== room.id)
              : page.items.map((item) => (item.id === room.id ? room : item)),
        })),
      });
    } else if (belongs === true) {
      // Lists run newest room first: a room new to this list goes on top.
      const [first, ...rest] = data.pages;
      queryClient.setQueryData<Pages<ChatRoom>>(key, {
        ...data,
        pages: [
          { ...(first ?? { lastEvaluatedKey: null }), items: [room, ...(first?.items ?? [])] },
          ...rest,
        ],
      });
    }
  }
}

/** A room as the cache knows it: its detail, else its row in any list. */
export function findCachedRoom(queryClient: QueryClient, roomId: string): ChatRoom | undefined {
  const detail = queryClient.getQueryData<ChatRoom>(chatKeys.room(roomId));
  if (detail) return detail;
  for (const { key } of roomListQueries(queryClient)) {
    const data = queryClient.getQueryData<Pages<ChatRoom>>(key);
    for (const page of data?.pages ?? []) {
      const row = page.items.find((item) => item.id === roomId);
      if (row) return row;
    }
  }
  return undefined;
}

/** A closed room leaves every list; its open detail shows it closed. */
export function removeRoom(queryClient: QueryClient, room: ChatRoom): void {
  upsertRoom(queryClient, { ...room, status: 'closed' });
  queryClient.setQueryData<ChatRoom>(chatKeys.room(room.id), (old) => (old ? room : undefined));
}

/** Adds a message to its room's loaded conversation once; a message already there is replaced. */
const TICK_RANK: Record<string, number> = { pending: 0, sent: 1, failed: 1, delivered: 2, read: 3 };
const tickRank = (status: string | null) => (status ? (TICK_RANK[status] ?? 0) : 0);

/**
 * The newer of two copies of one message. The server sends an agent's message after answering the
 * request, so the socket may move its ticks (`sent`, the provider's id) before the request's answer
 * (still `pending`) arrives: ticks never go back.
 */
function newerCopy(shown: ChatMessage, incoming: ChatMessage): ChatMessage {
  if (tickRank(shown.status) <= tickRank(incoming.status)) return incoming;
  return {
    ...incoming,
    status: shown.status,
    error: shown.error,
    providerMessageId: shown.providerMessageId ?? incoming.providerMessageId,
  };
}

export function putMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<Pages<ChatMessage>>(chatKeys.messages(message.roomId), (data) => {
    if (!data) return data;
    const present = data.pages.some((page) => page.items.some((item) => item.id === message.id));
    if (present) {
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === message.id ? newerCopy(item, message) : item)),
        })),
      };
    }
    // Pages run newest first; the first page holds the latest messages.
    const [first, ...rest] = data.pages;
    return {
      ...data,
      pages: [
        { ...(first ?? { lastEvaluatedKey: null }), items: [message, ...(first?.items ?? [])] },
        ...rest,
      ],
    };
  });
}

/** Changes a message already shown (ticks, stored media); one not loaded is left for its next fetch. */
function patchMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<Pages<ChatMessage>>(chatKeys.messages(message.roomId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === message.id ? message : item)),
          })),
        }
      : data,
  );
}

/**
 * Applies one socket event of the inbox (spec §3: typeNotif, messageId, data, chat, chatroom).
 * Answers the customer message it brought, if any, so the page can ring and notify.
 */
export function applyInboxEvent(queryClient: QueryClient, frame: RealtimeEvent): ChatMessage | null {
  // Each field is read with its event's schema (contracts): what does not fit is null, never cast.
  const event = readInboxEvent(frame);
  if (!event) return null;
  let arrived: ChatMessage | null = null;
  switch (event.typeNotif) {
    case 'NEW_MESSAGE':
      if (event.chat) {
        putMessage(queryClient, event.chat);
        if (!event.chat.fromCs && !event.chat.isInternal) arrived = event.chat;
      }
      if (event.chatroom) upsertRoom(queryClient, event.chatroom);
      break;
    case 'MESSAGE_STATUS':
    case 'MESSAGE_MEDIA':
    case 'MESSAGE_REACTION':
      if (event.chat) patchMessage(queryClient, event.chat);
      // A message's change leaves the queue tabs' counts as they are.
      return null;
    case 'ROOM_CLOSED':
      if (event.chatroom) removeRoom(queryClient, event.chatroom);
      break;
    case 'ROOM_READ': {
      const known = event.data ? findCachedRoom(queryClient, event.data.roomId) : null;
      if (known) upsertRoom(queryClient, { ...known, unreadCount: 0 });
      break;
    }
    case 'NEW_ROOM':
    case 'ROOM_ASSIGNED':
    case 'ROOM_TRANSFERRED':
    case 'ROOM_UPDATED':
      if (event.chatroom) upsertRoom(queryClient, event.chatroom);
      break;
    case 'AGENT_STATUS':
      return null;
  }
  // The counts of the queue tabs follow every room change.
  void queryClient.invalidateQueries({ queryKey: chatKeys.info() });
  return arrived;
}
