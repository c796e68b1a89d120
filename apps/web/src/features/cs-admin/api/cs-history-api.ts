import {
  type CsExport,
  categoriesOperations,
  chatOperations,
  exportsOperations,
  roomsOperations,
} from '@sapa/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callOperation, downloadOperation } from '../../../lib/http';

/** Every filter of GET /chatRoom/history (spec §7), as the form holds them: text, '' when unset. */
export type HistoryFilters = {
  shortId: string;
  csId: string;
  csEmail: string;
  closedBy: string;
  customerPhoneNumber: string;
  name: string;
  remarks: string;
  csTag: string;
  mediaPlatform: string;
  categoryName: string;
  /** yyyy-mm-dd; the server reads a bare date as the whole day. */
  startDate: string;
  endDate: string;
};

export const EMPTY_HISTORY_FILTERS: HistoryFilters = {
  shortId: '',
  csId: '',
  csEmail: '',
  closedBy: '',
  customerPhoneNumber: '',
  name: '',
  remarks: '',
  csTag: '',
  mediaPlatform: '',
  categoryName: '',
  startDate: '',
  endDate: '',
};

/** The filters as query parameters (those set). */
export type HistoryFilterParams = { status: 'closed' } & Partial<Record<keyof HistoryFilters, string>>;

/** The filters as query parameters: closed rooms only, trimmed (spec §5 trims the short id), blanks left out. */
export function historyFilterParams(filters: HistoryFilters): HistoryFilterParams {
  const params: HistoryFilterParams = { status: 'closed' };
  for (const [name, value] of Object.entries(filters)) {
    const trimmed = value.trim();
    if (trimmed) params[name as keyof HistoryFilters] = trimmed;
  }
  return params;
}

/** One page of the history: pageNumber is 1-based on this API. */
export function historyQueryParams(filters: HistoryFilters, page: number, pageSize: number) {
  return { ...historyFilterParams(filters), pageSize, pageNumber: page };
}

export const historyKeys = {
  all: ['cs-history'] as const,
  page: (filters: HistoryFilters, page: number, pageSize: number) =>
    [...historyKeys.all, 'page', filters, page, pageSize] as const,
  transcript: (roomId: string) => [...historyKeys.all, 'transcript', roomId] as const,
  exports: ['cs-history', 'exports'] as const,
};

export function useHistory(filters: HistoryFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: historyKeys.page(filters, page, pageSize),
    queryFn: ({ signal }) =>
      callOperation(roomsOperations.listHistory, {
        signal,
        query: historyQueryParams(filters, page, pageSize),
      }),
    placeholderData: keepPreviousData,
  });
}

/** A room's conversation, newest page first; older pages load on request. */
export function useTranscript(roomId: string | null) {
  return useInfiniteQuery({
    queryKey: historyKeys.transcript(roomId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      callOperation(chatOperations.listMessages, {
        signal,
        query: { id: roomId ?? '', pageSize: 50, lastEvaluatedKey: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.lastEvaluatedKey ?? undefined,
    enabled: Boolean(roomId),
  });
}

export function useRoomCategories() {
  return useQuery({
    queryKey: ['cs-room-categories'],
    queryFn: async ({ signal }) =>
      (await callOperation(categoriesOperations.listCategories, { signal })).items,
    staleTime: 60_000,
  });
}

/** An export job (POST/GET /exportChatroomHistory): queued, running with progress, done or failed. */
export type HistoryExport = CsExport;
const historyExport = exportsOperations.chatroomHistory;

const RECENT_EXPORTS = 5;
const isBusy = (item: HistoryExport) => item.status === 'queued' || item.status === 'running';

/** The latest history exports; polled while one is still being built so its progress moves. */
export function useHistoryExports() {
  return useQuery({
    queryKey: historyKeys.exports,
    queryFn: async ({ signal }) =>
      (
        await callOperation(historyExport.list, {
          signal,
          query: { pageNumber: 1, pageSize: RECENT_EXPORTS },
        })
      ).items,
    refetchInterval: (query) => (query.state.data?.some(isBusy) ? 1_000 : false),
  });
}

/** Asks for an export of every closed room matching the filters (pageSize -1: all of them). */
export function useRequestHistoryExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: HistoryFilters) =>
      callOperation(historyExport.request, {
        body: { ...historyFilterParams(filters), asType: 'csv', pageSize: -1 },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.exports }),
  });
}

/** A finished chat-history export's file. */
export const downloadHistoryExport = (id: string) =>
  downloadOperation(historyExport.download, { query: { id } });

/** One room's conversation as CSV. */
export const downloadRoomCsv = (roomId: string) =>
  downloadOperation(roomsOperations.exportRoomCsv, { query: { id: roomId } });
