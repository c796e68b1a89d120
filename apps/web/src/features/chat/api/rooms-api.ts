import { type ChatRoom, chatOperations, roomsOperations } from '@sapa/contracts';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { findCachedRoom, removeRoom, upsertRoom } from '../live/inbox-cache';
import { chatKeys, type RoomListFilter } from './chat-keys';

export const ROOM_PAGE_SIZE = 20;

/** Spec §7 GET /chatRoom (or /chatRoom/bot) with its filters, paged by lastEvaluatedKey for infinite scroll. */
export function roomListOptions(filter: RoomListFilter) {
  return infiniteQueryOptions({
    queryKey: chatKeys.roomList(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      callOperation(filter.bot ? roomsOperations.listBotRooms : roomsOperations.listRooms, {
        signal,
        query: {
          pageSize: ROOM_PAGE_SIZE,
          lastEvaluatedKey: pageParam ?? undefined,
          status: filter.status,
          q: filter.q || undefined,
          filterPriority: filter.priority ?? undefined,
          filterCategory: filter.category ?? undefined,
          filterTags: filter.tag ?? undefined,
          filterLastReply: filter.lastReply ?? undefined,
          filterCS: filter.csId ?? undefined,
          orderByDate: filter.order,
          sortBy: filter.sortBy,
        },
      }),
    getNextPageParam: (page) => page.lastEvaluatedKey,
  });
}

export function useRoomList(filter: RoomListFilter, enabled = true) {
  return useInfiniteQuery({ ...roomListOptions(filter), enabled });
}

export function useRoomDetail(roomId: string | null) {
  return useQuery({
    queryKey: chatKeys.room(roomId ?? ''),
    enabled: Boolean(roomId),
    queryFn: ({ signal }) =>
      callOperation(roomsOperations.getRoomDetail, { signal, query: { id: roomId ?? '' } }),
  });
}

export function useRoomInfo() {
  return useQuery({
    queryKey: chatKeys.info(),
    queryFn: ({ signal }) => callOperation(roomsOperations.getRoomInfo, { signal }),
  });
}

/** Writes a room the server answered into every list and the detail, as a socket event would. */
function useRoomAnswer() {
  const queryClient = useQueryClient();
  return (room: ChatRoom) => {
    upsertRoom(queryClient, room);
    void queryClient.invalidateQueries({ queryKey: chatKeys.info() });
  };
}

export type RoomAction =
  | { kind: 'transfer'; roomId: string; toCsId: string; bot?: boolean }
  | { kind: 'transferToTag'; roomId: string; toTag: string; bot?: boolean }
  | { kind: 'priority'; roomId: string; priority: string }
  | { kind: 'category'; roomId: string; categoryId: string; categoryName: string };

/** Transfer (to an agent or a tag), priority and category: each answers the updated room. */
export function useRoomAction() {
  const answer = useRoomAnswer();
  return useMutation({
    mutationFn: async (action: RoomAction) => {
      const bot = 'bot' in action && action.bot;
      switch (action.kind) {
        case 'transfer':
          return callOperation(bot ? roomsOperations.transferBotRoom : roomsOperations.transferRoom, {
            body: { roomId: action.roomId, toCsId: action.toCsId },
          });
        case 'transferToTag':
          return callOperation(
            bot ? roomsOperations.transferBotRoomToTag : roomsOperations.transferRoomToTag,
            {
              body: { roomId: action.roomId, toTag: action.toTag },
            },
          );
        case 'priority':
          return callOperation(roomsOperations.setRoomPriority, {
            body: { id: action.roomId, priority: action.priority },
          });
        case 'category':
          return callOperation(roomsOperations.setRoomCategory, {
            query: { id: action.roomId, categoryId: action.categoryId, categoryName: action.categoryName },
          });
      }
    },
    onSuccess: answer,
  });
}

export type CloseRoomInput = { roomId: string; remarks: string; forceClose: boolean; isMarge?: boolean };

/**
 * DELETE /chatRoom with remarks; forceClose lets a supervisor close another agent's room; isMarge
 * moves its messages into the customer's previous conversation.
 */
export function useCloseRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CloseRoomInput) =>
      callOperation(roomsOperations.closeRoom, {
        body: { roomId: input.roomId, ...(input.remarks.trim() ? { remarks: input.remarks.trim() } : {}) },
        query: {
          forceClose: input.forceClose ? 'true' : undefined,
          isMarge: input.isMarge ? 'true' : undefined,
        },
      }),
    onSuccess: (room) => {
      removeRoom(queryClient, room);
      void queryClient.invalidateQueries({ queryKey: chatKeys.info() });
    },
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: string) => callOperation(chatOperations.markRead, { body: { roomId } }),
    onSuccess: ({ roomId }) => {
      const room = findCachedRoom(queryClient, roomId);
      if (room) upsertRoom(queryClient, { ...room, unreadCount: 0 });
    },
  });
}

/** The bot queue's bulk actions: close one, close all, hand all to agents by the strategy. */
export function useBotQueueAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      action: { kind: 'closeOne'; roomId: string } | { kind: 'closeAll' } | { kind: 'distribute' },
    ) => {
      if (action.kind === 'closeOne')
        return callOperation(roomsOperations.closeBotRoom, { body: { roomId: action.roomId } });
      if (action.kind === 'closeAll') return callOperation(roomsOperations.closeAllBotRooms);
      return callOperation(roomsOperations.distributeBotRooms);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.info() });
    },
  });
}
