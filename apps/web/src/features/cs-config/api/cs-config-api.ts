import {
  type ChatTemplateAction,
  type ChatTemplateSave,
  type CsConfig,
  categoriesOperations,
  configurationOperations,
  templatesOperations,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

export type TemplateFilter = { search: string; page: number; pageSize: number };

/** Keys carry the client: a super admin who switches client must not see the previous one's data. */
export const csConfigKeys = {
  configuration: (clientId: string) => ['csConfig', 'configuration', clientId] as const,
  templates: (clientId: string) => ['csConfig', 'templates', clientId] as const,
  templateList: (clientId: string, filter: TemplateFilter) =>
    [...csConfigKeys.templates(clientId), filter] as const,
  categories: (clientId: string) => ['csConfig', 'categories', clientId] as const,
};

export function useCsConfiguration(clientId: string) {
  return useQuery({
    queryKey: csConfigKeys.configuration(clientId),
    queryFn: ({ signal }) => callOperation(configurationOperations.getConfiguration, { signal }),
  });
}

/** Saves the fields sent: PUT merges them over the stored ones (the whole form, or auto-close alone). */
export function useSaveCsConfiguration(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: Partial<CsConfig>) =>
      callOperation(configurationOperations.patchConfiguration, { body: config }),
    onSuccess: (saved) => queryClient.setQueryData(csConfigKeys.configuration(clientId), saved),
  });
}

export function useChatTemplates(clientId: string, filter: TemplateFilter) {
  return useQuery({
    queryKey: csConfigKeys.templateList(clientId, filter),
    queryFn: ({ signal }) =>
      callOperation(templatesOperations.listTemplates, {
        signal,
        query: { search: filter.search || undefined, pageNumber: filter.page, pageSize: filter.pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveChatTemplate(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatTemplateSave) => callOperation(templatesOperations.saveTemplate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csConfigKeys.templates(clientId) }),
  });
}

/** Activate, deactivate or delete templates through POST /chatTemplate/action. */
export function useChatTemplateAction(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatTemplateAction) =>
      callOperation(templatesOperations.applyTemplateAction, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csConfigKeys.templates(clientId) }),
  });
}

export function useRoomCategories(clientId: string) {
  return useQuery({
    queryKey: csConfigKeys.categories(clientId),
    queryFn: ({ signal }) => callOperation(categoriesOperations.listCategories, { signal }),
  });
}

/** Adds a category (no id) or renames one (with id). */
export function useSaveRoomCategory(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id?: string | undefined; name: string }) =>
      id
        ? callOperation(categoriesOperations.renameCategory, { body: { id, name } })
        : callOperation(categoriesOperations.createCategory, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csConfigKeys.categories(clientId) }),
  });
}

export function useDeleteRoomCategory(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callOperation(categoriesOperations.deleteCategory, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csConfigKeys.categories(clientId) }),
  });
}
