import { resourcesOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { resourceKeys } from './resource-keys';

export const deleteResource = (resourceId: string) =>
  callOperation(resourcesOperations.deleteResource, { params: { resourceId } });

export function useDeleteResource(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(clientId) }),
  });
}
