import {
  type CampaignChannel,
  type CampaignContent,
  type CampaignStatus,
  type CreateCampaignRequest,
  campaignsOperations,
  dispatchOperations,
  type RetryPlanInput,
  type WindowInput,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

export const campaignKeys = {
  all: (clientId: string) => ['notification', clientId, 'campaigns'] as const,
  list: (clientId: string, filters: CampaignFilters) =>
    [...campaignKeys.all(clientId), 'list', filters] as const,
  detail: (clientId: string, campaignId: string) =>
    [...campaignKeys.all(clientId), 'detail', campaignId] as const,
  windows: (clientId: string) => ['notification', clientId, 'windows'] as const,
  retryPlans: (clientId: string) => ['notification', clientId, 'retryPlans'] as const,
};

export type CampaignFilters = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  channel?: CampaignChannel | undefined;
  status?: CampaignStatus | undefined;
  type?: CampaignContent['type'] | undefined;
};

export function useCampaigns(clientId: string, filters: CampaignFilters) {
  return useQuery({
    queryKey: campaignKeys.list(clientId, filters),
    queryFn: ({ signal }) =>
      callOperation(campaignsOperations.listCampaigns, {
        signal,
        query: {
          pageSize: filters.pageSize,
          pageNumber: filters.page - 1,
          ...(filters.q ? { q: filters.q } : {}),
          ...(filters.channel ? { channel: filters.channel } : {}),
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.type ? { type: filters.type } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(clientId: string, campaignId: string | null) {
  return useQuery({
    queryKey: campaignKeys.detail(clientId, campaignId ?? ''),
    queryFn: ({ signal }) =>
      callOperation(campaignsOperations.getCampaign, { signal, params: { campaignId: campaignId ?? '' } }),
    enabled: Boolean(campaignId),
  });
}

export function useCreateCampaign(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCampaignRequest) => callOperation(campaignsOperations.createCampaign, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all(clientId) }),
  });
}

export function useUpdateCampaign(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { campaignId: string; body: CampaignContent }) =>
      callOperation(campaignsOperations.updateCampaign, {
        params: { campaignId: input.campaignId },
        body: input.body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all(clientId) }),
  });
}

export function useDeleteCampaign(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) =>
      callOperation(campaignsOperations.deleteCampaign, { params: { campaignId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all(clientId) }),
  });
}

export type CampaignTransition = 'submit' | 'activate' | 'deactivate';
const TRANSITIONS = {
  submit: campaignsOperations.submitCampaign,
  activate: campaignsOperations.activateCampaign,
  deactivate: campaignsOperations.deactivateCampaign,
} as const;

export function useCampaignTransition(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { campaignId: string; transition: CampaignTransition }) =>
      callOperation(TRANSITIONS[input.transition], { params: { campaignId: input.campaignId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all(clientId) }),
  });
}

export type CampaignBatchesAction = 'pause' | 'resume' | 'cancel';
const CAMPAIGN_BATCH_ACTIONS = {
  pause: dispatchOperations.pauseCampaignBatches,
  resume: dispatchOperations.resumeCampaignBatches,
  cancel: dispatchOperations.cancelCampaignBatches,
} as const;

/** Pause, resume or cancel every batch of a campaign at once. */
export function useCampaignBatchesAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { campaignId: string; action: CampaignBatchesAction }) =>
      callOperation(CAMPAIGN_BATCH_ACTIONS[input.action], { params: { campaignId: input.campaignId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notification'] }),
  });
}

export function useWindows(clientId: string) {
  return useQuery({
    queryKey: campaignKeys.windows(clientId),
    queryFn: ({ signal }) => callOperation(campaignsOperations.listWindows, { signal }),
  });
}

export function useCreateWindow(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WindowInput) => callOperation(campaignsOperations.createWindow, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.windows(clientId) }),
  });
}

export function useUpdateWindow(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { windowId: string; body: WindowInput }) =>
      callOperation(campaignsOperations.updateWindow, {
        params: { windowId: input.windowId },
        body: input.body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.windows(clientId) }),
  });
}

export function useWindowNextOpening(clientId: string, windowId: string | null) {
  return useQuery({
    queryKey: [...campaignKeys.windows(clientId), 'next', windowId] as const,
    queryFn: ({ signal }) =>
      callOperation(campaignsOperations.windowNextOpening, { signal, params: { windowId: windowId ?? '' } }),
    enabled: Boolean(windowId),
  });
}

export function useRetryPlans(clientId: string) {
  return useQuery({
    queryKey: campaignKeys.retryPlans(clientId),
    queryFn: ({ signal }) => callOperation(campaignsOperations.listRetryPlans, { signal }),
  });
}

export function useCreateRetryPlan(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetryPlanInput) => callOperation(campaignsOperations.createRetryPlan, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.retryPlans(clientId) }),
  });
}

export function useUpdateRetryPlan(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { retryPlanId: string; body: RetryPlanInput }) =>
      callOperation(campaignsOperations.updateRetryPlan, {
        params: { retryPlanId: input.retryPlanId },
        body: input.body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.retryPlans(clientId) }),
  });
}

export function useDeleteRetryPlan(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (retryPlanId: string) =>
      callOperation(campaignsOperations.deleteRetryPlan, { params: { retryPlanId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.retryPlans(clientId) }),
  });
}

export function useDeleteWindow(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (windowId: string) =>
      callOperation(campaignsOperations.deleteWindow, { params: { windowId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.windows(clientId) }),
  });
}

export function useCampaignVersions(clientId: string, campaignId: string | null) {
  return useQuery({
    queryKey: [...campaignKeys.detail(clientId, campaignId ?? ''), 'versions'] as const,
    queryFn: ({ signal }) =>
      callOperation(campaignsOperations.listCampaignVersions, {
        signal,
        params: { campaignId: campaignId ?? '' },
      }),
    enabled: Boolean(campaignId),
  });
}
