import { type CampaignChannel, campaignDashboardOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';

/** The dashboard's figures move with every send: read again this often while it is open. */
export const DASHBOARD_POLL_MS = 10_000;

export const getCampaignSummary = (
  query: { channel: CampaignChannel; startDate: string; endDate: string },
  signal?: AbortSignal,
) => callOperation(campaignDashboardOperations.campaignSummary, { signal, query });

/** A channel's notifications over local days: counts by status, per day, and call durations for voice. */
export function useCampaignSummary(
  clientId: string,
  channel: CampaignChannel,
  range: { startDate: string; endDate: string },
) {
  return useQuery({
    queryKey: channelCampaignKeys.summary(clientId, channel, range.startDate, range.endDate),
    queryFn: ({ signal }) => getCampaignSummary({ channel, ...range }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_POLL_MS,
  });
}
