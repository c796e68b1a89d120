import {
  type AdminClient,
  type ClientBatchResult,
  type ClientFields,
  type CreateClientRequest,
  clientsOperations,
} from '@sapa/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENT_QUERY_ROOT, CLIENTS_PATH } from '../../../entities/client';
import { callOperation } from '../../../lib/http';

export { CLIENTS_PATH };

export type ClientListFilter = { q: string; page: number; pageSize: number };

export const clientKeys = {
  all: CLIENT_QUERY_ROOT,
  list: (filter: ClientListFilter) => [...clientKeys.all, 'list', filter] as const,
  detail: (clientId: string) => [...clientKeys.all, 'detail', clientId] as const,
};

export function useClientList(filter: ClientListFilter) {
  return useQuery({
    queryKey: clientKeys.list(filter),
    queryFn: ({ signal }) =>
      callOperation(clientsOperations.listClients, {
        signal,
        query: { q: filter.q || undefined, pageSize: filter.pageSize, pageNumber: filter.page - 1 },
      }),
    placeholderData: keepPreviousData,
  });
}

export const clientQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: clientKeys.detail(clientId),
    queryFn: ({ signal }) => callOperation(clientsOperations.getClient, { params: { clientId }, signal }),
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
  return callOperation(clientsOperations.validateClientFields, { body: fields });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClientRequest) => callOperation(clientsOperations.createClient, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

export function useUpdateClient(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientFields) =>
      callOperation(clientsOperations.updateClient, { params: { clientId }, body }),
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(clientId), client);
      return queryClient.invalidateQueries({ queryKey: [...clientKeys.all, 'list'] });
    },
  });
}

export function useSetClientStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ client, action }: { client: AdminClient; action: 'activate' | 'deactivate' }) =>
      callOperation(
        action === 'activate' ? clientsOperations.activateClient : clientsOperations.deactivateClient,
        { params: { clientId: client.clientId } },
      ),
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(client.clientId), client);
      return queryClient.invalidateQueries({ queryKey: clientKeys.all });
    },
  });
}

/** Sends a CSV of clients to create; answers the per-row report. */
export function uploadClientBatch(file: File): Promise<ClientBatchResult> {
  return callOperation(clientsOperations.importClients, { file });
}
