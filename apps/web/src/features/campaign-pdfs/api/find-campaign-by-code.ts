import { campaignsOperations } from '@sapa/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, callOperation } from '../../../lib/http';
import { campaignPdfKeys } from './campaign-pdf-keys';

/** The campaign a `/…/:campaignCode` path names (codes are unique per client), or a 404. */
export async function findCampaignByCode(code: string, signal?: AbortSignal) {
  const page = await callOperation(campaignsOperations.listCampaigns, {
    signal,
    query: { q: code, pageSize: 50, pageNumber: 0 },
  });
  const found = page.items.find((campaign) => campaign.code === code);
  if (!found) throw new ApiError(404, 'campaign_not_found', 'This campaign does not exist.');
  return found;
}

export function useCampaignByCode(clientId: string, code: string) {
  return useQuery({
    queryKey: campaignPdfKeys.campaignByCode(clientId, code),
    queryFn: ({ signal }) => findCampaignByCode(code, signal),
    retry: false,
  });
}
