import {
  approvalsOperations,
  BATCH_STATUSES,
  type BatchProgress,
  type BatchRejectKind,
  type BatchStatus,
  batchesOperations,
  type CampaignChannel,
  dispatchOperations,
  NOTIFICATION_STATUSES,
  type NotificationStatus,
  readCampaignEvent,
  rolesOperations,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callOperation, downloadOperation } from '../../../lib/http';
import { realtime } from '../../../lib/realtime';

/** While a batch is being read or sent its counters are asked again this often; the socket's events come between. */
export const BATCH_POLL_MS = 2_000;

/** A batch in one of these states still moves: its screens keep polling. */
export const MOVING_BATCH_STATUSES: readonly BatchStatus[] = ['ingesting', 'scheduled', 'running'];
export const isMoving = (status: BatchStatus | undefined) =>
  status !== undefined && MOVING_BATCH_STATUSES.includes(status);

export const batchKeys = {
  all: (clientId: string) => ['notification', clientId, 'batches'] as const,
  list: (clientId: string, filters: BatchFilters) => [...batchKeys.all(clientId), 'list', filters] as const,
  detail: (clientId: string, batchId: string) => [...batchKeys.all(clientId), 'detail', batchId] as const,
  progress: (clientId: string, batchId: string) => [...batchKeys.all(clientId), 'progress', batchId] as const,
  rejects: (clientId: string, batchId: string, filters: RejectFilters) =>
    [...batchKeys.all(clientId), 'rejects', batchId, filters] as const,
  input: (clientId: string, batchId: string, filters: InputFilters) =>
    [...batchKeys.all(clientId), 'input', batchId, filters] as const,
  attempts: (clientId: string, notificationId: string) =>
    [...batchKeys.all(clientId), 'attempts', notificationId] as const,
};

export type BatchFilters = {
  page: number;
  pageSize: number;
  startDate?: string | undefined;
  endDate?: string | undefined;
  status?: BatchStatus | undefined;
  campaignId?: string | undefined;
  channel?: CampaignChannel | undefined;
};

export function useBatches(clientId: string, filters: BatchFilters) {
  return useQuery({
    queryKey: batchKeys.list(clientId, filters),
    queryFn: ({ signal }) =>
      callOperation(batchesOperations.listBatches, {
        signal,
        query: {
          pageSize: filters.pageSize,
          pageNumber: filters.page - 1,
          ...(filters.startDate ? { startDate: filters.startDate } : {}),
          ...(filters.endDate ? { endDate: filters.endDate } : {}),
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.campaignId ? { campaignId: filters.campaignId } : {}),
          ...(filters.channel ? { channel: filters.channel } : {}),
        },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((batch) => isMoving(batch.status)) ? BATCH_POLL_MS * 2 : false,
  });
}

export function useBatch(clientId: string, batchId: string | null) {
  return useQuery({
    queryKey: batchKeys.detail(clientId, batchId ?? ''),
    queryFn: ({ signal }) =>
      callOperation(batchesOperations.getBatch, { signal, params: { batchId: batchId ?? '' } }),
    enabled: Boolean(batchId),
    refetchInterval: (query) => (isMoving(query.state.data?.status) ? BATCH_POLL_MS : false),
  });
}

export function useBatchProgress(clientId: string, batchId: string | null, enabled = true) {
  return useQuery({
    queryKey: batchKeys.progress(clientId, batchId ?? ''),
    queryFn: ({ signal }) =>
      callOperation(dispatchOperations.getBatchProgress, { signal, params: { batchId: batchId ?? '' } }),
    enabled: Boolean(batchId) && enabled,
    // The socket's BATCH_PROGRESS events move it in between (useBatchProgressEvents).
    refetchInterval: (query) => (isMoving(query.state.data?.status) ? BATCH_POLL_MS * 3 : false),
  });
}

export function useUploadBatch(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { campaignName: string; scheduledTime?: string | undefined; file: File }) =>
      callOperation(batchesOperations.uploadBatch, {
        fields: {
          campaignName: input.campaignName,
          ...(input.scheduledTime ? { scheduledTime: input.scheduledTime } : {}),
        },
        file: input.file,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchKeys.all(clientId) }),
  });
}

export type BatchAction = 'pause' | 'resume' | 'cancel' | 'retry-failed';
const BATCH_ACTIONS = {
  pause: dispatchOperations.pauseBatch,
  resume: dispatchOperations.resumeBatch,
  cancel: dispatchOperations.cancelBatch,
  'retry-failed': dispatchOperations.retryFailedBatch,
} as const;

export function useBatchAction(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { batchId: string; action: BatchAction }) =>
      callOperation(BATCH_ACTIONS[input.action], { params: { batchId: input.batchId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchKeys.all(clientId) }),
  });
}

/** A checker's decision on the approval task a batch waits for (the approvals framework decides who). */
export function useDecideBatch(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { taskId: string; decision: 'approve' | 'reject'; note?: string }) => {
      if (input.decision === 'approve')
        await callOperation(approvalsOperations.approveTask, { params: { taskId: input.taskId } });
      else
        await callOperation(approvalsOperations.rejectTask, {
          params: { taskId: input.taskId },
          body: { note: input.note ?? '' },
        });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: batchKeys.all(clientId) }),
  });
}

export type RejectFilters = { page: number; pageSize: number; kind?: BatchRejectKind | undefined };

export function useBatchRejects(clientId: string, batchId: string | null, filters: RejectFilters) {
  return useQuery({
    queryKey: batchKeys.rejects(clientId, batchId ?? '', filters),
    queryFn: ({ signal }) =>
      callOperation(batchesOperations.batchErrorInput, {
        signal,
        params: { batchId: batchId ?? '' },
        query: {
          pageSize: filters.pageSize,
          pageNumber: filters.page - 1,
          ...(filters.kind ? { kind: filters.kind } : {}),
        },
      }),
    enabled: Boolean(batchId),
    placeholderData: keepPreviousData,
  });
}

export const downloadBatchRejects = (batchId: string, kind?: BatchRejectKind) =>
  downloadOperation(batchesOperations.exportBatchErrorInput, {
    params: { batchId },
    query: kind ? { kind } : {},
  });

export type InputFilters = {
  page: number;
  pageSize: number;
  status?: NotificationStatus | undefined;
  recipient?: string | undefined;
};

export function useBatchInput(clientId: string, batchId: string | null, filters: InputFilters, live = false) {
  return useQuery({
    queryKey: batchKeys.input(clientId, batchId ?? '', filters),
    queryFn: ({ signal }) =>
      callOperation(batchesOperations.batchInput, {
        signal,
        params: { batchId: batchId ?? '' },
        query: {
          pageSize: filters.pageSize,
          pageNumber: filters.page - 1,
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.recipient ? { recipient: filters.recipient } : {}),
        },
      }),
    enabled: Boolean(batchId),
    placeholderData: keepPreviousData,
    refetchInterval: live ? BATCH_POLL_MS * 2 : false,
  });
}

export const downloadBatchInput = (batchId: string) =>
  downloadOperation(batchesOperations.exportBatchInput, { params: { batchId } });

export function useNotificationAttempts(clientId: string, notificationId: string | null) {
  return useQuery({
    queryKey: batchKeys.attempts(clientId, notificationId ?? ''),
    queryFn: ({ signal }) =>
      callOperation(dispatchOperations.getNotificationAttempts, {
        signal,
        params: { notificationId: notificationId ?? '' },
      }),
    enabled: Boolean(notificationId),
    refetchInterval: (query) =>
      query.state.data && ['queued', 'sending'].includes(query.state.data.status) ? BATCH_POLL_MS : false,
  });
}

/** Whether the signed-in user's role may decide approval tasks (TASK_APPROVE); unknown counts as yes. */
export function useMayDecide(userId: string) {
  const rights = useQuery({
    queryKey: ['notification', 'myRights', userId] as const,
    queryFn: ({ signal }) => callOperation(rolesOperations.getMyRights, { signal }),
    staleTime: 60_000,
  });
  return rights.data ? rights.data.rightCodes.includes('TASK_APPROVE') : true;
}

/**
 * The live counters of a batch from the socket (`BATCH_PROGRESS`, at most about one a second): each
 * event patches the batch's progress in the cache, so the screen moves without waiting for the next poll;
 * a reconnect, or the batch's end, asks the server again.
 */
export function useBatchProgressEvents(clientId: string, batchId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!batchId) return;
    const key = batchKeys.progress(clientId, batchId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey: batchKeys.all(clientId) });
    return realtime.subscribe({
      onEvent: (frame) => {
        const event = readCampaignEvent(frame);
        if (event?.typeNotif !== 'BATCH_PROGRESS' || event.data.batchId !== batchId) return;
        const { status, counts } = event.data;
        queryClient.setQueryData<BatchProgress>(key, (old) =>
          old
            ? {
                ...old,
                status: BATCH_STATUSES.find((known) => known === status) ?? old.status,
                counts: Object.fromEntries(
                  Object.entries(counts).filter(([name]) =>
                    (NOTIFICATION_STATUSES as readonly string[]).includes(name),
                  ),
                ),
              }
            : old,
        );
        if (!isMoving(BATCH_STATUSES.find((known) => known === status))) refetch();
      },
      onReset: refetch,
    });
  }, [clientId, batchId, queryClient]);
}
