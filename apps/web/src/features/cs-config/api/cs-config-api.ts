import {
  type ChatTemplateAction,
  ChatTemplatePageSchema,
  type ChatTemplateSave,
  ChatTemplateSchema,
  ConfigurationSchema,
  type CsConfig,
  RoomCategoryListSchema,
  RoomCategorySchema,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const CONFIGURATION_PATH = '/api/cs/configuration';
export const CHAT_TEMPLATE_PATH = '/api/cs/chatTemplate';
export const ROOM_CATEGORY_PATH = '/api/cs/roomCategory';

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
    queryFn: async ({ signal }) => ConfigurationSchema.parse(await http.get(CONFIGURATION_PATH, { signal })),
  });
}

/** Saves the fields sent: PUT merges them over the stored ones (the whole form, or auto-close alone). */
export function useSaveCsConfiguration(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (config: Partial<CsConfig>) =>
      ConfigurationSchema.parse(await http.put(CONFIGURATION_PATH, config)),
    onSuccess: (saved) => queryClient.setQueryData(csConfigKeys.configuration(clientId), saved),
  });
}

export function useChatTemplates(clientId: string, filter: TemplateFilter) {
  return useQuery({
    queryKey: csConfigKeys.templateList(clientId, filter),
    queryFn: async ({ signal }) =>
      ChatTemplatePageSchema.parse(
        await http.get(CHAT_TEMPLATE_PATH, {
          signal,
          query: { search: filter.search || undefined, pageNumber: filter.page, pageSize: filter.pageSize },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSaveChatTemplate(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChatTemplateSave) =>
      ChatTemplateSchema.parse(await http.put(CHAT_TEMPLATE_PATH, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csConfigKeys.templates(clientId) }),
  });
}

/** Activate, deactivate or delete templates through POST /chatTemplate/action. */
export function useChatTemplateAction(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChatTemplateAction) => http.post(`${CHAT_TEMPLATE_PATH}/action`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csConfigKeys.templates(clientId) }),
  });
}

export function useRoomCategories(clientId: string) {
  return useQuery({
    queryKey: csConfigKeys.categories(clientId),
    queryFn: async ({ signal }) =>
      RoomCategoryListSchema.parse(await http.get(ROOM_CATEGORY_PATH, { signal })),
  });
}

/** Adds a category (no id) or renames one (with id). */
export function useSaveRoomCategory(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id?: string | undefined; name: string }) =>
      RoomCategorySchema.parse(
        id ? await http.put(ROOM_CATEGORY_PATH, { id, name }) : await http.post(ROOM_CATEGORY_PATH, { name }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csConfigKeys.categories(clientId) }),
  });
}

export function useDeleteRoomCategory(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => http.delete(ROOM_CATEGORY_PATH, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: csConfigKeys.categories(clientId) }),
  });
}
