import { type TemplateDraft, whatsappTemplateOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { templateKeys } from './template-keys';

export const createTemplate = (draft: TemplateDraft) =>
  callOperation(whatsappTemplateOperations.createTemplate, { body: draft as never });

export function useCreateTemplate(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all(clientId) }),
  });
}
