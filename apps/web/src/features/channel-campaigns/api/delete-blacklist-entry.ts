import { type BlacklistEntry, blacklistOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';

/** Unblocks an entry as the list showed it: its media type and its number or address. */
export const deleteBlacklistEntry = (
  entry: Pick<BlacklistEntry, 'mediaType' | 'intlPhoneNumber' | 'email'>,
) =>
  callOperation(blacklistOperations.deleteBlacklistEntry, {
    query: {
      mediaType: entry.mediaType,
      ...(entry.email ? { email: entry.email } : { intlPhoneNumber: entry.intlPhoneNumber ?? '' }),
    },
  });

export function useDeleteBlacklistEntry(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlacklistEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelCampaignKeys.blacklist(clientId) }),
  });
}
