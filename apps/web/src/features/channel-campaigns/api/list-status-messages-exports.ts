import { type Export, statusMessagesOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';

/** While an export is queued or running its list asks again this often. */
export const EXPORTS_POLL_MS = 1_500;

export const isUnfinished = (item: Export) => item.status === 'queued' || item.status === 'running';

export const listStatusMessagesExports = (page: number, pageSize: number, signal?: AbortSignal) =>
  callOperation(statusMessagesOperations.listStatusMessagesExports, {
    signal,
    query: { pageNumber: page - 1, pageSize },
  });

/** Requested status-message exports, newest first, polled while one is being built. */
export function useStatusMessagesExports(clientId: string, page: number, pageSize: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: channelCampaignKeys.statusExportPage(clientId, page, pageSize),
    queryFn: ({ signal }) => listStatusMessagesExports(page, pageSize, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isUnfinished) ? EXPORTS_POLL_MS : false),
  });
}
