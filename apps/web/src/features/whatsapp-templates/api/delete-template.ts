import { whatsappTemplateOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { templateKeys } from './template-keys';

export const deleteTemplate = (templateId: string) =>
  callOperation(whatsappTemplateOperations.deleteTemplate, { params: { templateId } });

export function useDeleteTemplate(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all(clientId) }),
  });
}
