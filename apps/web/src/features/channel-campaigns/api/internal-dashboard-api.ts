import { dashboardOperations, type InboxEventType, internalChatOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { useLiveRefetch } from '../../../lib/realtime/use-live-refetch';
import { channelCampaignKeys } from './channel-campaign-keys';

/** Room and agent events reach supervisors; others see the figures move with this poll. */
export const TEAM_POLL_MS = 15_000;
/** At most this many agents are counted by status (the realtime-status page's own maximum). */
export const TEAM_PAGE_SIZE = 200;

const internalKey = (clientId: string, part: string, ...rest: unknown[]) =>
  [...channelCampaignKeys.all(clientId), 'internal', part, ...rest] as const;

/** Every agent's status now with their open rooms (`GET /api/cs/dashboard/realtime-status`). */
export function useTeamStatus(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: internalKey(clientId, 'team'),
    queryFn: ({ signal }) =>
      callOperation(dashboardOperations.getRealtimeStatus, {
        signal,
        query: { pageNumber: 0, pageSize: TEAM_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: TEAM_POLL_MS,
    enabled,
  });
}

/** Today's conversations and active CS (`GET /api/cs/dashboard` for one local day). */
export function useConversationsOfDay(clientId: string, date: string, enabled: boolean) {
  return useQuery({
    queryKey: internalKey(clientId, 'conversations', date),
    queryFn: ({ signal }) =>
      callOperation(dashboardOperations.getSummary, { signal, query: { startDate: date, endDate: date } }),
    placeholderData: keepPreviousData,
    refetchInterval: TEAM_POLL_MS,
    enabled,
  });
}

/** The reader's open internal rooms with their unread counts (`GET /api/cs/chatRoomInternal`). */
export function useInternalRooms(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: internalKey(clientId, 'rooms'),
    queryFn: ({ signal }) =>
      callOperation(internalChatOperations.listInternalRooms, {
        signal,
        query: { pageNumber: 1, pageSize: 100 },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: TEAM_POLL_MS,
    enabled,
  });
}

const LIVE_EVENTS = new Set<string>([
  'NEW_ROOM',
  'ROOM_ASSIGNED',
  'ROOM_TRANSFERRED',
  'ROOM_CLOSED',
  'NEW_MESSAGE',
  'AGENT_STATUS',
] satisfies InboxEventType[]);

/** Reads the team and internal-chat figures again when the socket reports a room, message or status change. */
export function useInternalDashboardLive(clientId: string) {
  useLiveRefetch([...channelCampaignKeys.all(clientId), 'internal'], (event) =>
    LIVE_EVENTS.has(event.typeNotif),
  );
}
