import { whatsappTemplateOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { templateKeys } from './template-keys';

export const syncTemplates = (channelId: string) =>
  callOperation(whatsappTemplateOperations.syncTemplates, { body: { channelId } });

export function useSyncTemplates(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncTemplates,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all(clientId) }),
  });
}
