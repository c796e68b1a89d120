import { type CampaignChannel, campaignDashboardOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';
import { DASHBOARD_POLL_MS } from './get-campaign-summary';

/** Days and months the active-customer charts show. */
export const ACTIVE_DAYS = 30;
export const ACTIVE_MONTHS = 6;

/**
 * Daily and monthly active customers (decision 0047): distinct recipients reached on a channel, or on
 * every channel the reader may see when `channel` is null.
 */
export function useActiveCustomers(clientId: string, channel: CampaignChannel | null) {
  return useQuery({
    queryKey: channelCampaignKeys.activeCustomers(clientId, channel),
    queryFn: ({ signal }) =>
      callOperation(campaignDashboardOperations.activeCustomers, {
        signal,
        query: { ...(channel ? { channel } : {}), days: ACTIVE_DAYS, months: ACTIVE_MONTHS },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_POLL_MS,
  });
}
