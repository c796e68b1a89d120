import { type StatusMessageFilters, statusMessagesOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';

export const requestStatusMessagesExport = (filters: StatusMessageFilters) =>
  callOperation(statusMessagesOperations.requestStatusMessagesExport, { body: filters });

/** Asks for a CSV of what the filters select; a job builds it. */
export function useRequestStatusMessagesExport(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestStatusMessagesExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelCampaignKeys.statusExports(clientId) }),
  });
}
