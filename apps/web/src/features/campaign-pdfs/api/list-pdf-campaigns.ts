import { type CampaignChannel, pdfScriptOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { campaignPdfKeys } from './campaign-pdf-keys';

export const PDF_CAMPAIGN_PAGE_SIZE = 10;

export const listPdfCampaigns = (channel: CampaignChannel, page: number, signal?: AbortSignal) =>
  callOperation(pdfScriptOperations.listPdfCampaigns, {
    signal,
    query: { channel, pageSize: PDF_CAMPAIGN_PAGE_SIZE, pageNumber: page - 1 },
  });

/** The channel's campaigns with a PDF script and their latest batches' PDF counts. */
export function usePdfCampaigns(clientId: string, channel: CampaignChannel, page: number) {
  return useQuery({
    queryKey: campaignPdfKeys.campaigns(clientId, channel, page),
    queryFn: ({ signal }) => listPdfCampaigns(channel, page, signal),
    placeholderData: keepPreviousData,
  });
}
