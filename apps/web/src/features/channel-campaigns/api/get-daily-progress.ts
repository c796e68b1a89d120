import { type CampaignChannel, campaignDashboardOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';
import { DASHBOARD_POLL_MS } from './get-campaign-summary';

export const getDailyProgress = (
  query: { channel?: CampaignChannel | undefined; code?: string | undefined },
  signal?: AbortSignal,
) => callOperation(campaignDashboardOperations.dailyCampaignProgress, { signal, query });

/** Today's progress of each campaign (of one channel, or of every channel the reader may see). */
export function useDailyProgress(clientId: string, channel: CampaignChannel | null, code: string) {
  return useQuery({
    queryKey: channelCampaignKeys.dailyProgress(clientId, channel, code),
    queryFn: ({ signal }) =>
      getDailyProgress({ ...(channel ? { channel } : {}), ...(code ? { code } : {}) }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_POLL_MS,
  });
}
