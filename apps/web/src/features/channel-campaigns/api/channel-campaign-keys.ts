import type { CampaignChannel } from '@sapa/contracts';

/** Query keys of the channel screens, per client so a switch of client never shows another's rows. */
export const channelCampaignKeys = {
  all: (clientId: string) => ['channelCampaigns', clientId] as const,
  selfService: (clientId: string) => [...channelCampaignKeys.all(clientId), 'selfService'] as const,
  selfServiceHistory: (clientId: string, query: object) =>
    [...channelCampaignKeys.selfService(clientId), query] as const,
  statusMessages: (clientId: string, query: object) =>
    [...channelCampaignKeys.all(clientId), 'statusMessages', query] as const,
  statusExports: (clientId: string) => [...channelCampaignKeys.all(clientId), 'statusExports'] as const,
  statusExportPage: (clientId: string, page: number, pageSize: number) =>
    [...channelCampaignKeys.statusExports(clientId), page, pageSize] as const,
  blacklist: (clientId: string) => [...channelCampaignKeys.all(clientId), 'blacklist'] as const,
  blacklistPage: (clientId: string, query: object) =>
    [...channelCampaignKeys.blacklist(clientId), query] as const,
  summary: (clientId: string, channel: CampaignChannel, startDate: string, endDate: string) =>
    [...channelCampaignKeys.all(clientId), 'summary', channel, startDate, endDate] as const,
  activeCustomers: (clientId: string, channel: CampaignChannel | null) =>
    [...channelCampaignKeys.all(clientId), 'activeCustomers', channel] as const,
  dailyTickets: (clientId: string, from: string, to: string) =>
    [...channelCampaignKeys.all(clientId), 'dailyTickets', from, to] as const,
  dailyProgress: (clientId: string, channel: CampaignChannel | null, code: string) =>
    [...channelCampaignKeys.all(clientId), 'dailyProgress', channel, code] as const,
};
