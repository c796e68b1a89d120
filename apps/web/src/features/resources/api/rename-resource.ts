import { resourcesOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { resourceKeys } from './resource-keys';

export const renameResource = (input: { resourceId: string; name: string }) =>
  callOperation(resourcesOperations.renameResource, {
    params: { resourceId: input.resourceId },
    body: { name: input.name },
  });

export function useRenameResource(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameResource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(clientId) }),
  });
}
