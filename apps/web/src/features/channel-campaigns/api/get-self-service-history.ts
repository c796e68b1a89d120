import { type CampaignChannel, type NotificationStatus, selfServiceOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';

/** While a message is still on its way the history asks again this often. */
export const HISTORY_POLL_MS = 3_000;
const IN_FLIGHT: readonly NotificationStatus[] = ['queued', 'sending'];

export type SelfServiceHistoryQuery = {
  channel?: CampaignChannel | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** 1-based, as the data table counts. */
  page: number;
  pageSize: number;
};

export const getSelfServiceHistory = ({ page, ...query }: SelfServiceHistoryQuery, signal?: AbortSignal) =>
  callOperation(selfServiceOperations.selfServiceHistory, {
    signal,
    query: { ...query, pageNumber: page - 1 },
  });

/** The sender's own self-service messages (the admins': everyone's; the server decides). */
export function useSelfServiceHistory(clientId: string, query: SelfServiceHistoryQuery) {
  return useQuery({
    queryKey: channelCampaignKeys.selfServiceHistory(clientId, query),
    queryFn: ({ signal }) => getSelfServiceHistory(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((item) => IN_FLIGHT.includes(item.status)) ? HISTORY_POLL_MS : false,
  });
}
