import {
  type AutoReplySave,
  agentsOperations,
  autoReplyOperations,
  availabilityOperations,
  type CsAvailabilityCreate,
  type CsAvailabilityUpdate,
  whatsappOperations,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

/** Keys carry the client: a super admin who switches client must not see the previous one's data. */
export const csAutomationKeys = {
  availability: (clientId: string) => ['csConfig', 'availability', clientId] as const,
  availabilityPage: (clientId: string, page: number, pageSize: number) =>
    [...csAutomationKeys.availability(clientId), page, pageSize] as const,
  autoReplies: (clientId: string) => ['csConfig', 'autoReplies', clientId] as const,
  agents: (clientId: string) => ['csConfig', 'agents', clientId] as const,
  numbers: (clientId: string) => ['csConfig', 'whatsappNumbers', clientId] as const,
};

export function useAvailabilityPage(clientId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: csAutomationKeys.availabilityPage(clientId, page, pageSize),
    queryFn: ({ signal }) =>
      callOperation(availabilityOperations.listAvailability, {
        signal,
        query: { pageNumber: page, pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST without id (a new schedule), PUT with one. */
export function useSaveAvailability(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CsAvailabilityCreate | CsAvailabilityUpdate) =>
      'id' in body
        ? callOperation(availabilityOperations.updateAvailability, { body })
        : callOperation(availabilityOperations.createAvailability, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csAutomationKeys.availability(clientId) }),
  });
}

export function useDeleteAvailability(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callOperation(availabilityOperations.deleteAvailability, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csAutomationKeys.availability(clientId) }),
  });
}

/** The client's CS agents (one page of up to 500), to give one a schedule. */
export function useCsAgents(clientId: string) {
  return useQuery({
    queryKey: csAutomationKeys.agents(clientId),
    queryFn: async ({ signal }) =>
      (
        await callOperation(agentsOperations.listAgents, {
          signal,
          query: { excludeLog: 'true', pageSize: 500 },
        })
      ).items,
  });
}

export function useAutoReplies(clientId: string) {
  return useQuery({
    queryKey: csAutomationKeys.autoReplies(clientId),
    queryFn: ({ signal }) => callOperation(autoReplyOperations.listAutoReplies, { signal }),
  });
}

/** Saves a rule (with id: a change) or removes one. */
export function useSaveAutoReply(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoReplySave | { id: string; remove: true }) =>
      callOperation(autoReplyOperations.saveAutoReply, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csAutomationKeys.autoReplies(clientId) }),
  });
}

/** The client's WhatsApp numbers, as the WhatsApp channel knows them. */
export function useWhatsappNumbers(clientId: string) {
  return useQuery({
    queryKey: csAutomationKeys.numbers(clientId),
    queryFn: ({ signal }) => callOperation(whatsappOperations.listChannels, { signal }),
  });
}
