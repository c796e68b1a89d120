import { type CampaignChannel, campaignDashboardOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

/** The dashboard's figures move with every send: asked again this often while it is open. */
export const DASHBOARD_POLL_MS = 15_000;

export function useCampaignSummary(
  clientId: string,
  channel: CampaignChannel,
  startDate: string,
  endDate: string,
) {
  return useQuery({
    queryKey: ['notification', clientId, 'summary', channel, startDate, endDate] as const,
    queryFn: ({ signal }) =>
      callOperation(campaignDashboardOperations.campaignSummary, {
        signal,
        query: { channel, startDate, endDate },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_POLL_MS,
  });
}

export function useDailyProgress(clientId: string, code: string) {
  return useQuery({
    queryKey: ['notification', clientId, 'dailyProgress', code] as const,
    queryFn: ({ signal }) =>
      callOperation(campaignDashboardOperations.dailyCampaignProgress, {
        signal,
        query: code ? { code } : {},
      }),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_POLL_MS,
  });
}
