import { type BlacklistEntryInput, blacklistOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';

export const createBlacklistEntry = (body: BlacklistEntryInput) =>
  callOperation(blacklistOperations.createBlacklistEntry, { body });

export function useCreateBlacklistEntry(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlacklistEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelCampaignKeys.blacklist(clientId) }),
  });
}
