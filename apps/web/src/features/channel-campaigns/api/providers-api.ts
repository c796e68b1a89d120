import {
  approvalsOperations,
  type ChannelSettingsInputSchema,
  type ProviderChannel,
  type ProviderInput,
  providersOperations,
  whatsappOperations,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';

const providerKeys = {
  all: (clientId: string, channel: string) =>
    [...channelCampaignKeys.all(clientId), 'providers', channel] as const,
  types: (clientId: string, channel: string) => [...providerKeys.all(clientId, channel), 'types'] as const,
  list: (clientId: string, channel: string) => [...providerKeys.all(clientId, channel), 'list'] as const,
  requests: (clientId: string, channel: string, page: number) =>
    [...providerKeys.all(clientId, channel), 'requests', page] as const,
};

export function useProviderTypes(clientId: string, channel: ProviderChannel) {
  return useQuery({
    queryKey: providerKeys.types(clientId, channel),
    queryFn: ({ signal }) =>
      callOperation(providersOperations.listProviderTypes, { signal, params: { channel } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useProviders(clientId: string, channel: ProviderChannel) {
  return useQuery({
    queryKey: providerKeys.list(clientId, channel),
    queryFn: ({ signal }) =>
      callOperation(providersOperations.listProviders, { signal, params: { channel } }),
  });
}

/** Every provider change: the list and the waiting requests move with it. */
function useProviderMutation<TInput, TResult>(
  clientId: string,
  channel: string,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.all(clientId, channel) }),
  });
}

export function useSaveProvider(clientId: string, channel: ProviderChannel) {
  return useProviderMutation(
    clientId,
    channel,
    (input: { providerId: string | null; body: ProviderInput }) =>
      input.providerId
        ? callOperation(providersOperations.updateProvider, {
            params: { channel, providerId: input.providerId },
            body: input.body,
          })
        : callOperation(providersOperations.createProvider, { params: { channel }, body: input.body }),
  );
}

export function useProviderAction(clientId: string, channel: ProviderChannel) {
  return useProviderMutation(
    clientId,
    channel,
    (input: { providerId: string; action: 'default' | 'delete' }) =>
      callOperation(
        input.action === 'default'
          ? providersOperations.setDefaultProvider
          : providersOperations.deleteProvider,
        { params: { channel, providerId: input.providerId } },
      ),
  );
}

/** "Test connection": the server connects and signs in, never sends; the answer is in plain words. */
export function useTestProvider(channel: ProviderChannel) {
  return useMutation({
    mutationFn: (providerId: string) =>
      callOperation(providersOperations.testProvider, { params: { channel, providerId } }),
  });
}

export function useProviderEditRequests(
  clientId: string,
  channel: ProviderChannel,
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: providerKeys.requests(clientId, channel, page),
    queryFn: ({ signal }) =>
      callOperation(providersOperations.listProviderEditRequests, {
        signal,
        params: { channel },
        query: { pageSize, pageNumber: page - 1 },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideProviderRequest(clientId: string, channel: ProviderChannel) {
  return useProviderMutation(
    clientId,
    channel,
    (
      input: { taskId: string; decision: 'approve' } | { taskId: string; decision: 'reject'; note: string },
    ) =>
      input.decision === 'approve'
        ? callOperation(approvalsOperations.approveTask, { params: { taskId: input.taskId } }).then(
            (result) => result.task,
          )
        : callOperation(approvalsOperations.rejectTask, {
            params: { taskId: input.taskId },
            body: { note: input.note },
          }),
  );
}

/** While a refresh job runs (a number has `refreshRequestedAt`), the list is read again every 2 s. */
export const REFRESH_POLL_MS = 2_000;

export function useWhatsAppNumbers(clientId: string) {
  return useQuery({
    queryKey: providerKeys.list(clientId, 'whatsapp'),
    queryFn: ({ signal }) => callOperation(whatsappOperations.listChannels, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((number) => number.refreshRequestedAt) ? REFRESH_POLL_MS : false,
  });
}

/** "Refresh from WhatsApp" (also the number's "test connection"): a job reads it from Meta. */
export function useRefreshWhatsAppNumber(clientId: string) {
  return useProviderMutation(clientId, 'whatsapp', (channelId: string) =>
    callOperation(whatsappOperations.refreshChannel, { params: { channelId } }),
  );
}

export type WhatsAppNumberInput = z.input<typeof ChannelSettingsInputSchema>;

export function useSaveWhatsAppNumber(clientId: string) {
  return useProviderMutation(
    clientId,
    'whatsapp',
    (input: { channelId: string | null; body: WhatsAppNumberInput }) =>
      input.channelId
        ? callOperation(whatsappOperations.updateChannel, {
            params: { channelId: input.channelId },
            body: input.body,
          })
        : callOperation(whatsappOperations.createChannel, { body: input.body }),
  );
}
