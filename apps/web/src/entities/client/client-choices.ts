import { clientsOperations } from '@sapa/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../lib/http';

export const CLIENTS_PATH = clientsOperations.listClients.path;

/** Every query about clients starts with this key, so invalidating it refreshes pickers and lists alike. */
export const CLIENT_QUERY_ROOT = ['clients'] as const;

/** Every client (first 500), for pickers: the super admin's list of clients to choose from. */
export function useClientChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...CLIENT_QUERY_ROOT, 'choices'] as const,
    queryFn: async ({ signal }) =>
      (
        await callOperation(clientsOperations.listClients, {
          signal,
          query: { pageSize: 500, pageNumber: 0 },
        })
      ).items,
    enabled,
    staleTime: 60_000,
  });
}
