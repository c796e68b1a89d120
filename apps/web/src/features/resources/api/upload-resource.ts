import { type ResourceChannel, resourcesOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { resourceKeys } from './resource-keys';

export const uploadResource = (input: { channel: ResourceChannel; file: File }) =>
  callOperation(resourcesOperations.uploadResource, {
    file: input.file,
    fileName: input.file.name,
    fields: { channel: input.channel },
  });

export function useUploadResource(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadResource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(clientId) }),
  });
}
