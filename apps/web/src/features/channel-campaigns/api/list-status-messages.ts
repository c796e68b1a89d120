import { type StatusMessageFilters, statusMessagesOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';

export type StatusMessageQuery = StatusMessageFilters & { page: number; pageSize: number };

export const listStatusMessages = ({ page, ...query }: StatusMessageQuery, signal?: AbortSignal) =>
  callOperation(statusMessagesOperations.listStatusMessages, {
    signal,
    query: { ...query, pageNumber: page - 1 },
  });

/** A channel's notifications with their latest status, a page at a time. */
export function useStatusMessages(clientId: string, query: StatusMessageQuery) {
  return useQuery({
    queryKey: channelCampaignKeys.statusMessages(clientId, query),
    queryFn: ({ signal }) => listStatusMessages(query, signal),
    placeholderData: keepPreviousData,
  });
}
