import { type CsExport, exportsOperations } from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, downloadOperation } from '../../../lib/http';

/** While an export is queued or running the list asks again this often. */
export const EXPORTS_POLL_MS = 2_000;

export const exportKeys = {
  all: (clientId: string) => ['csExports', clientId] as const,
  list: (clientId: string, page: number, pageSize: number) =>
    [...exportKeys.all(clientId), 'list', page, pageSize] as const,
};

export const isUnfinished = (item: CsExport) => item.status === 'queued' || item.status === 'running';

export function useExports(clientId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: exportKeys.list(clientId, page, pageSize),
    queryFn: ({ signal }) =>
      callOperation(exportsOperations.listAllExports, { signal, query: { pageNumber: page, pageSize } }),
    placeholderData: keepPreviousData,
    // Only while something is being built: a finished list stays still.
    refetchInterval: (query) => (query.state.data?.items.some(isUnfinished) ? EXPORTS_POLL_MS : false),
  });
}

export type ExportRequest =
  | { kind: 'chatroomHistory'; startDate?: string | undefined; endDate?: string | undefined }
  | { kind: 'customers' };

export function useRequestExport(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...filters }: ExportRequest) =>
      callOperation(exportsOperations[kind].request, {
        // pageSize -1: every matching room, not one page of them.
        body: kind === 'chatroomHistory' ? { asType: 'csv', pageSize: -1, ...filters } : { asType: 'csv' },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.all(clientId) }),
  });
}

/** The file of a finished export. */
export const downloadExport = (item: CsExport) =>
  downloadOperation(exportsOperations[item.kind].download, { query: { id: item.id } });
