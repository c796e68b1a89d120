import { ticketsOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';
import { DASHBOARD_POLL_MS } from './get-campaign-summary';

/** Daily active tickets of the inbox (`GET /api/cs/tickets/daily`, the supervisors' figure). */
export function useDailyActiveTickets(
  clientId: string,
  range: { from: string; to: string },
  enabled: boolean,
) {
  return useQuery({
    queryKey: channelCampaignKeys.dailyTickets(clientId, range.from, range.to),
    queryFn: ({ signal }) => callOperation(ticketsOperations.dailyTickets, { signal, query: range }),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_POLL_MS,
    enabled,
  });
}
