/** Query keys of the report screens, per client so a switch of client never shows another's rows. */
export const reportKeys = {
  all: (clientId: string) => ['report', clientId] as const,
  summary: (clientId: string, filters: object) => [...reportKeys.all(clientId), 'summary', filters] as const,
  history: (clientId: string, query: object) => [...reportKeys.all(clientId), 'history', query] as const,
  reports: (clientId: string) => [...reportKeys.all(clientId), 'reports'] as const,
  reportPage: (clientId: string, page: number, pageSize: number) =>
    [...reportKeys.reports(clientId), page, pageSize] as const,
  report: (clientId: string, id: string) => [...reportKeys.reports(clientId), 'one', id] as const,
  campaigns: (clientId: string) => [...reportKeys.all(clientId), 'campaigns'] as const,
  voiceHistory: (clientId: string, query: object) => [...reportKeys.all(clientId), 'voice', query] as const,
  scenario: (clientId: string, campaignCode: string, batchId: string | null) =>
    [...reportKeys.all(clientId), 'scenario', campaignCode, batchId] as const,
};
