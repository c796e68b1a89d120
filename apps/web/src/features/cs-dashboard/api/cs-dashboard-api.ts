import { dashboardOperations, type InboxEventType } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation, downloadOperation } from '../../../lib/http';
import { useLiveRefetch } from '../../../lib/realtime/use-live-refetch';

/** Whole local days, inclusive, as YYYY-MM-DD. */
export type DateRange = { from: string; to: string };

export const csDashboardKeys = {
  all: (clientId: string) => ['csDashboard', clientId] as const,
  summary: (clientId: string, range: DateRange) =>
    [...csDashboardKeys.all(clientId), 'summary', range] as const,
  daily: (clientId: string, range: DateRange) => [...csDashboardKeys.all(clientId), 'daily', range] as const,
  realtime: (clientId: string, page: number) => [...csDashboardKeys.all(clientId), 'realtime', page] as const,
};

/**
 * The dashboard refreshes this often even when no socket event arrives: room events go to agents and
 * supervisors only, so a client admin watching the dashboard gets none.
 */
export const REALTIME_POLL_MS = 15_000;

export function useCsDashboardSummary(clientId: string, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: csDashboardKeys.summary(clientId, range),
    queryFn: ({ signal }) =>
      callOperation(dashboardOperations.getSummary, {
        signal,
        query: { startDate: range.from, endDate: range.to },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: REALTIME_POLL_MS,
    enabled,
  });
}

export function useCsDailySeries(clientId: string, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: csDashboardKeys.daily(clientId, range),
    queryFn: ({ signal }) =>
      callOperation(dashboardOperations.getDailySeries, {
        signal,
        query: { from: range.from, to: range.to },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: REALTIME_POLL_MS,
    enabled,
  });
}

export function useCsRealtimeStatus(clientId: string, page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: csDashboardKeys.realtime(clientId, page),
    queryFn: ({ signal }) =>
      callOperation(dashboardOperations.getRealtimeStatus, { signal, query: { pageNumber: page, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: REALTIME_POLL_MS,
    enabled,
  });
}

/** Socket events that change what the dashboard counts: rooms opening, moving, closing, agents' status. */
const DASHBOARD_EVENTS = new Set<string>([
  'NEW_ROOM',
  'ROOM_ASSIGNED',
  'ROOM_TRANSFERRED',
  'ROOM_CLOSED',
  'NEW_MESSAGE',
  'AGENT_STATUS',
] satisfies InboxEventType[]);

/** Refetches the dashboard at once when the live socket reports a change (or a gap it cannot replay). */
export function useCsDashboardLiveRefresh(clientId: string) {
  useLiveRefetch(csDashboardKeys.all(clientId), (event) => DASHBOARD_EVENTS.has(event.typeNotif));
}

/** GET /dashboard/response-times: first response and resolution times for whole local days. */
export function useCsResponseReport(clientId: string, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: [...csDashboardKeys.all(clientId), 'responseTimes', range] as const,
    queryFn: ({ signal }) =>
      callOperation(dashboardOperations.getResponseReport, {
        signal,
        query: { from: range.from, to: range.to },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The same report as CSV. */
export const downloadResponseReport = (range: DateRange) =>
  downloadOperation(dashboardOperations.exportResponseReport, { query: { from: range.from, to: range.to } });
