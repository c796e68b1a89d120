import type { CampaignChannel } from '@sapa/contracts';

/** Query keys of the PDF screens, per client so a switch of client never shows another's rows. */
export const campaignPdfKeys = {
  all: (clientId: string) => ['campaignPdfs', clientId] as const,
  campaigns: (clientId: string, channel: CampaignChannel, page: number) =>
    [...campaignPdfKeys.all(clientId), 'campaigns', channel, page] as const,
  batch: (clientId: string, batchId: string, page: number) =>
    [...campaignPdfKeys.all(clientId), 'batch', batchId, page] as const,
  campaignByCode: (clientId: string, code: string) =>
    [...campaignPdfKeys.all(clientId), 'campaignByCode', code] as const,
};
