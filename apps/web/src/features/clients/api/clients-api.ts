import {
  type AdminClient,
  AdminClientSchema,
  type ClientFields,
  ClientPageSchema,
  type CreateClientRequest,
  CreatedClientSchema,
  ValidationAnswerSchema,
} from '@sapa/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENT_QUERY_ROOT, CLIENTS_PATH } from '../../../entities/client';
import { http } from '../../../lib/http';

export { CLIENTS_PATH };
export const CLIENTS_BATCH_PATH = '/api/clients/batch';

export type ClientListFilter = { q: string; page: number; pageSize: number };

export const clientKeys = {
  all: CLIENT_QUERY_ROOT,
  list: (filter: ClientListFilter) => [...clientKeys.all, 'list', filter] as const,
  detail: (clientId: string) => [...clientKeys.all, 'detail', clientId] as const,
};

export function useClientList(filter: ClientListFilter) {
  return useQuery({
    queryKey: clientKeys.list(filter),
    queryFn: async ({ signal }) =>
      ClientPageSchema.parse(
        await http.get(CLIENTS_PATH, {
          signal,
          query: { q: filter.q || undefined, pageSize: filter.pageSize, pageNumber: filter.page - 1 },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export const clientQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: clientKeys.detail(clientId),
    queryFn: async ({ signal }) =>
      AdminClientSchema.parse(await http.get(`${CLIENTS_PATH}/${encodeURIComponent(clientId)}`, { signal })),
  });

export function useClient(clientId: string | undefined) {
  return useQuery({ ...clientQueryOptions(clientId ?? ''), enabled: Boolean(clientId) });
}

/** Server-side checks of the admin name and email (including that the email is free) and business type. */
export async function validateClientFields(fields: {
  adminName?: string;
  adminEmail?: string;
  clientBizType?: string;
}) {
  return ValidationAnswerSchema.parse(await http.post(`${CLIENTS_PATH}/validate`, fields));
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateClientRequest) =>
      CreatedClientSchema.parse(await http.post(CLIENTS_PATH, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

export function useUpdateClient(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClientFields) =>
      AdminClientSchema.parse(await http.put(`${CLIENTS_PATH}/${encodeURIComponent(clientId)}`, body)),
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(clientId), client);
      return queryClient.invalidateQueries({ queryKey: [...clientKeys.all, 'list'] });
    },
  });
}

export function useSetClientStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ client, action }: { client: AdminClient; action: 'activate' | 'deactivate' }) =>
      AdminClientSchema.parse(
        await http.put(`${CLIENTS_PATH}/${encodeURIComponent(client.clientId)}/${action}`),
      ),
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(client.clientId), client);
      return queryClient.invalidateQueries({ queryKey: clientKeys.all });
    },
  });
}
