import { resourcesOperations } from '@sapa/contracts';
import { useQuery } from '@tanstack/react-query';
import { downloadOperation } from '../../../lib/http';
import { resourceKeys } from './resource-keys';

/** The resource's file, fetched with the session's credentials (it is client-scoped behind the bearer). */
export const downloadResource = (resourceId: string) =>
  downloadOperation(resourcesOperations.downloadResource, { params: { resourceId } });

/** A file kept for as long as the screen shows it (thumbnails); files never change. */
export function useResourceFile(clientId: string, resourceId: string, enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys.file(clientId, resourceId),
    queryFn: () => downloadResource(resourceId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
