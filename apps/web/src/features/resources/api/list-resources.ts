import { type ResourceChannel, type ResourceKind, resourcesOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { resourceKeys } from './resource-keys';

export type ResourceQuery = {
  channel: ResourceChannel;
  kind?: ResourceKind | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
};

export const listResources = ({ page, ...query }: ResourceQuery, signal?: AbortSignal) =>
  callOperation(resourcesOperations.listResources, { signal, query: { ...query, pageNumber: page - 1 } });

export function useResources(clientId: string, query: ResourceQuery) {
  return useQuery({
    queryKey: resourceKeys.list(clientId, query),
    queryFn: ({ signal }) => listResources(query, signal),
    placeholderData: keepPreviousData,
  });
}
