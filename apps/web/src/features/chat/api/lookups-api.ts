import {
  agentsOperations,
  ChatTemplateSchema,
  categoriesOperations,
  configurationOperations,
  contactsOperations,
  operationPath,
  roomsOperations,
  templatesOperations,
} from '@sapa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, callOperation, http } from '../../../lib/http';
import { chatKeys } from './chat-keys';

/** What the workspace reads beside rooms and messages: people, tags, categories, templates, settings. */

/** Every agent of the client (one page of up to 500): names, transfer targets, the supervisor's filter. */
export function agentsOptions() {
  return queryOptions({
    queryKey: chatKeys.agents(),
    queryFn: async ({ signal }) =>
      (
        await callOperation(agentsOperations.listAgents, {
          signal,
          query: { excludeLog: 'true', pageSize: 500 },
        })
      ).items,
  });
}

export function useAgents() {
  return useQuery(agentsOptions());
}

export function agentTagsOptions() {
  return queryOptions({
    queryKey: chatKeys.tags(),
    queryFn: async ({ signal }) => (await callOperation(agentsOperations.listAgentTags, { signal })).tags,
  });
}

export function useAgentTags() {
  return useQuery(agentTagsOptions());
}

export function categoriesOptions() {
  return queryOptions({
    queryKey: chatKeys.categories(),
    queryFn: async ({ signal }) =>
      (await callOperation(categoriesOperations.listCategories, { signal })).items,
  });
}

export function useCategories() {
  return useQuery(categoriesOptions());
}

/** What the workspace reads of a template (the list's other fields are the editors'). */
const TemplateSchema = ChatTemplateSchema.pick({
  id: true,
  name: true,
  content: true,
  shortcut: true,
  isClosingRemark: true,
  active: true,
});
export type ChatTemplate = z.infer<typeof TemplateSchema>;

/** Active chat templates: canned answers, or (closingRemarks) the close dialog's remarks. */
export function useTemplates(closingRemarks: boolean) {
  return useQuery({
    queryKey: chatKeys.templates(closingRemarks),
    queryFn: async ({ signal }) =>
      z
        .object({ items: z.array(TemplateSchema) })
        .parse(
          await http.get(operationPath(templatesOperations.listTemplates), {
            signal,
            query: { pageSize: 200, isClosingRemark: closingRemarks ? 'true' : 'false' },
          }),
        )
        .items.filter((template) => template.active),
  });
}

export function csConfigurationOptions() {
  return queryOptions({
    queryKey: chatKeys.configuration(),
    queryFn: async ({ signal }) =>
      (await callOperation(configurationOperations.getConfiguration, { signal })).config,
  });
}

export function useCsConfiguration() {
  return useQuery(csConfigurationOptions());
}

/** The customer behind a room; null when the number has no customer record yet. */
export function useCustomer(phoneNumber: string | null) {
  return useQuery({
    queryKey: chatKeys.customer(phoneNumber ?? ''),
    enabled: Boolean(phoneNumber),
    queryFn: async ({ signal }) => {
      try {
        return await callOperation(contactsOperations.getCustomerByPhone, {
          signal,
          query: { phoneNumber: phoneNumber ?? '' },
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** POST /chatRoom/history: the customer's closed conversations. */
export function useCustomerHistory(phoneNumber: string | null) {
  return useQuery({
    queryKey: chatKeys.customerHistory(phoneNumber ?? ''),
    enabled: Boolean(phoneNumber),
    queryFn: ({ signal }) =>
      callOperation(roomsOperations.listHistoryOfCustomer, {
        body: { customerPhoneNumber: phoneNumber ?? '', pageSize: 10, pageNumber: 0 },
        signal,
      }),
  });
}

/**
 * POST /customers with userData only: the server merges it into the customer's data and keeps the
 * name, the other data and the tags (sent as "", the spec's "no tag to add").
 */
export function useSaveCustomerData(phoneNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userData: Record<string, string>) =>
      callOperation(contactsOperations.saveCustomer, { body: { phoneNumber, tags: '', userData } }),
    onSuccess: (customer) => queryClient.setQueryData(chatKeys.customer(phoneNumber), customer),
  });
}
