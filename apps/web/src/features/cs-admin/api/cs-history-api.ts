import { ChatMessageSchema, ChatRoomSchema, keysetPageOf } from '@sapa/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { http, type QueryValue } from '../../../lib/http';

export const HISTORY_PATH = '/api/cs/chatRoom/history';
export const HISTORY_EXPORT_PATH = '/api/cs/exportChatroomHistory';
export const ROOM_CSV_PATH = '/api/cs/chatRoom/exportToCsv';

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

/** The filters as query parameters: closed rooms only, trimmed (spec §5 trims the short id), blanks left out. */
export function historyFilterParams(filters: HistoryFilters): Record<string, string> {
  const params: Record<string, string> = { status: 'closed' };
  for (const [name, value] of Object.entries(filters)) {
    const trimmed = value.trim();
    if (trimmed) params[name] = trimmed;
  }
  return params;
}

/** One page of the history: pageNumber is 1-based on this API. */
export function historyQueryParams(
  filters: HistoryFilters,
  page: number,
  pageSize: number,
): Record<string, QueryValue> {
  return { ...historyFilterParams(filters), pageSize, pageNumber: page };
}

const HistoryPageSchema = keysetPageOf(ChatRoomSchema).extend({ total: z.number() });

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
    queryFn: async ({ signal }) =>
      HistoryPageSchema.parse(
        await http.get(HISTORY_PATH, { signal, query: historyQueryParams(filters, page, pageSize) }),
      ),
    placeholderData: keepPreviousData,
  });
}

const MessagePageSchema = keysetPageOf(ChatMessageSchema);

/** A room's conversation, newest page first; older pages load on request. */
export function useTranscript(roomId: string | null) {
  return useInfiniteQuery({
    queryKey: historyKeys.transcript(roomId ?? ''),
    queryFn: async ({ pageParam, signal }) =>
      MessagePageSchema.parse(
        await http.get('/api/cs/chat', {
          signal,
          query: { id: roomId, pageSize: 50, lastEvaluatedKey: pageParam },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.lastEvaluatedKey ?? undefined,
    enabled: Boolean(roomId),
  });
}

const CategoriesSchema = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });

export function useRoomCategories() {
  return useQuery({
    queryKey: ['cs-room-categories'],
    queryFn: async ({ signal }) =>
      CategoriesSchema.parse(await http.get('/api/cs/roomCategory', { signal })).items,
    staleTime: 60_000,
  });
}

/** An export job (POST/GET /exportChatroomHistory): queued, running with progress, done or failed. */
export const HistoryExportSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number(),
  total: z.number().nullable(),
  processed: z.number(),
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  requestedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type HistoryExport = z.infer<typeof HistoryExportSchema>;
const HistoryExportPageSchema = z.object({ items: z.array(HistoryExportSchema), total: z.number() });

const RECENT_EXPORTS = 5;
const isBusy = (item: HistoryExport) => item.status === 'queued' || item.status === 'running';

/** The latest history exports; polled while one is still being built so its progress moves. */
export function useHistoryExports() {
  return useQuery({
    queryKey: historyKeys.exports,
    queryFn: async ({ signal }) =>
      HistoryExportPageSchema.parse(
        await http.get(HISTORY_EXPORT_PATH, { signal, query: { pageNumber: 1, pageSize: RECENT_EXPORTS } }),
      ).items,
    refetchInterval: (query) => (query.state.data?.some(isBusy) ? 1_000 : false),
  });
}

/** Asks for an export of every closed room matching the filters (pageSize -1: all of them). */
export function useRequestHistoryExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (filters: HistoryFilters) =>
      HistoryExportSchema.parse(
        await http.post(HISTORY_EXPORT_PATH, {
          ...historyFilterParams(filters),
          asType: 'csv',
          pageSize: -1,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.exports }),
  });
}

/** A finished chat-history export's file. */
export const downloadHistoryExport = (id: string) =>
  http.download(`${HISTORY_EXPORT_PATH}/download`, { query: { id } });

/** One room's conversation as CSV. */
export const downloadRoomCsv = (roomId: string) => http.download(ROOM_CSV_PATH, { query: { id: roomId } });
