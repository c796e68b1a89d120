import { type BlacklistMediaType, blacklistOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';

export type BlacklistQuery = {
  mediaType?: BlacklistMediaType | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
};

export const listBlacklist = ({ page, ...query }: BlacklistQuery, signal?: AbortSignal) =>
  callOperation(blacklistOperations.listBlacklist, { signal, query: { ...query, pageNumber: page - 1 } });

export function useBlacklist(clientId: string, query: BlacklistQuery, enabled = true) {
  return useQuery({
    queryKey: channelCampaignKeys.blacklistPage(clientId, query),
    queryFn: ({ signal }) => listBlacklist(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
