import {
  type Export,
  type ReportFilters,
  reportsOperations,
  type VoiceHistoryFilters,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, downloadOperation } from '../../../lib/http';
import { reportKeys } from './report-keys';

/** While a report is queued or being built, its list asks again this often. */
export const REPORTS_POLL_MS = 1_500;
export const isUnfinished = (item: Export) => item.status === 'queued' || item.status === 'running';

/** A report's figures: by status, by channel and per day. */
export function useReportSummary(clientId: string, filters: ReportFilters) {
  return useQuery({
    queryKey: reportKeys.summary(clientId, filters),
    queryFn: ({ signal }) => callOperation(reportsOperations.reportSummary, { signal, query: filters }),
    placeholderData: keepPreviousData,
  });
}

export type HistoryQuery = ReportFilters & { page: number; pageSize: number };

/** Notifications of every channel the reader sees, a page at a time. */
export function useNotificationHistory(clientId: string, { page, ...query }: HistoryQuery) {
  return useQuery({
    queryKey: reportKeys.history(clientId, { page, ...query }),
    queryFn: ({ signal }) =>
      callOperation(reportsOperations.notificationHistory, {
        signal,
        query: { ...query, pageNumber: page - 1 },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Generates a report: the export job is queued and its list shows it. */
export function useRequestReport(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: ReportFilters) => callOperation(reportsOperations.requestReport, { body: filters }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.reports(clientId) }),
  });
}

/** Generated reports, newest first, asked again while one is being built. */
export function useReports(clientId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: reportKeys.reportPage(clientId, page, pageSize),
    queryFn: ({ signal }) =>
      callOperation(reportsOperations.listReports, { signal, query: { pageNumber: page - 1, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isUnfinished) ? REPORTS_POLL_MS : false),
  });
}

/** One generated report, followed until it is built. */
export function useReport(clientId: string, id: string | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: reportKeys.report(clientId, id ?? ''),
    queryFn: ({ signal }) =>
      callOperation(reportsOperations.getReport, { signal, params: { exportId: id ?? '' } }),
    refetchInterval: (query) =>
      query.state.data && isUnfinished(query.state.data) ? REPORTS_POLL_MS : false,
  });
}

export const downloadReport = (item: Pick<Export, 'id'>) =>
  downloadOperation(reportsOperations.downloadReport, { params: { exportId: item.id } });

/** The campaigns of the channels the reader's reports cover, for the report's campaign filter. */
export function useCampaignChoices(clientId: string) {
  return useQuery({
    queryKey: reportKeys.campaigns(clientId),
    queryFn: ({ signal }) => callOperation(reportsOperations.reportCampaigns, { signal }),
    retry: false,
    staleTime: 60_000,
  });
}

export type VoiceHistoryQuery = VoiceHistoryFilters & { page: number; pageSize: number };

/** Calls with their outcome and durations, and the totals of the selection. */
export function useVoiceHistory(clientId: string, { page, ...query }: VoiceHistoryQuery) {
  return useQuery({
    queryKey: reportKeys.voiceHistory(clientId, { page, ...query }),
    queryFn: ({ signal }) =>
      callOperation(reportsOperations.voiceHistory, { signal, query: { ...query, pageNumber: page - 1 } }),
    placeholderData: keepPreviousData,
  });
}

/** The recording a call played, fetched with the session's credentials (the player gets a blob URL). */
export const downloadRecording = (notificationId: string, attempt: number) =>
  downloadOperation(reportsOperations.voiceRecording, { params: { notificationId, attempt } });

/** The campaign's flow with one batch's counts. */
export function useScenario(clientId: string, campaignCode: string, batchId: string | null) {
  return useQuery({
    queryKey: reportKeys.scenario(clientId, campaignCode, batchId),
    queryFn: ({ signal }) =>
      callOperation(reportsOperations.campaignScenario, {
        signal,
        query: { campaignCode, ...(batchId ? { batchId } : {}) },
      }),
    placeholderData: keepPreviousData,
    // The counts move while the batch runs.
    refetchInterval: 10_000,
  });
}
