import {
  type AnalyticsDashboardSave,
  analyticsOperations,
  type EmailPulseSave,
  type EmailPulseStatus,
  type MetabaseSettingsSave,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

/** Whole local days, inclusive, as YYYY-MM-DD; null lets each widget use its own last days. */
export type DateRange = { from: string; to: string };

export const analyticsKeys = {
  all: ['analytics'] as const,
  dashboards: (page: number, search: string) => [...analyticsKeys.all, 'dashboards', page, search] as const,
  view: (id: string, range: DateRange | null) => [...analyticsKeys.all, 'view', id, range] as const,
  metabase: ['analytics', 'metabase'] as const,
  pulses: (page: number, search: string) => [...analyticsKeys.all, 'pulses', page, search] as const,
};

export const PAGE_SIZE = 10;

export function useDashboards(page: number, search: string) {
  return useQuery({
    queryKey: analyticsKeys.dashboards(page, search),
    queryFn: ({ signal }) =>
      callOperation(analyticsOperations.listDashboards, {
        signal,
        query: { pageNumber: page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDashboardView(id: string | null, range: DateRange | null) {
  return useQuery({
    queryKey: analyticsKeys.view(id ?? '', range),
    queryFn: ({ signal }) =>
      callOperation(analyticsOperations.getDashboardAnalytics, {
        signal,
        query: { id: id!, ...(range ?? {}) },
      }),
    placeholderData: keepPreviousData,
    enabled: id !== null,
  });
}

export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AnalyticsDashboardSave }) =>
      callOperation(analyticsOperations.saveDashboard, { query: id ? { id } : {}, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}

export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callOperation(analyticsOperations.deleteDashboard, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}

export function useMetabaseEmbed() {
  return useQuery({
    queryKey: analyticsKeys.metabase,
    queryFn: ({ signal }) => callOperation(analyticsOperations.getMetabaseEmbed, { signal }),
    // The signed address expires after ten minutes: ask again before it does.
    refetchInterval: 8 * 60_000,
  });
}

export function useSaveMetabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MetabaseSettingsSave) =>
      callOperation(analyticsOperations.saveMetabaseSettings, { body }),
    onSuccess: (answer) => queryClient.setQueryData(analyticsKeys.metabase, answer),
  });
}

export function useEmailPulses(page: number, search: string) {
  return useQuery({
    queryKey: analyticsKeys.pulses(page, search),
    queryFn: ({ signal }) =>
      callOperation(analyticsOperations.listEmailPulses, {
        signal,
        query: { pageNumber: page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveEmailPulse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: EmailPulseSave }) =>
      id
        ? callOperation(analyticsOperations.updateEmailPulse, { query: { id }, body })
        : callOperation(analyticsOperations.createEmailPulse, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}

export function useChangeEmailPulseStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: EmailPulseStatus }) =>
      callOperation(analyticsOperations.changeEmailPulseStatus, { query: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}

/** Bot containment over the last 7 local days (the client's chatbot dashboard). */
export function useChatbotDashboard(enabled: boolean) {
  return useQuery({
    queryKey: [...analyticsKeys.all, 'chatbot'],
    queryFn: ({ signal }) => callOperation(analyticsOperations.getChatbotDashboard, { signal }),
    enabled,
  });
}
