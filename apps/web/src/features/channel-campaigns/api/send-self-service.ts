import { type SelfServiceSend, selfServiceOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { channelCampaignKeys } from './channel-campaign-keys';

export const sendSelfService = (body: SelfServiceSend) =>
  callOperation(selfServiceOperations.sendSelfService, { body });

/** One message to a few recipients; the history is read again after it. */
export function useSendSelfService(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSelfService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelCampaignKeys.selfService(clientId) }),
  });
}
