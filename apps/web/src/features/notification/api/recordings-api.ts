import { resourcesOperations } from '@sapa/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation, downloadOperation } from '../../../lib/http';

/** The voice resources (WAV and MP3 recordings) a voice campaign may play, newest first. */
export function useRecordings(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['notification', clientId, 'recordings'],
    queryFn: ({ signal }) =>
      callOperation(resourcesOperations.listResources, {
        signal,
        query: { channel: 'VOICE', kind: 'audio', pageSize: 100, pageNumber: 0 },
      }),
    enabled,
  });
}

/** One recording's file, to listen to before choosing it. */
export const downloadRecordingResource = (resourceId: string) =>
  downloadOperation(resourcesOperations.downloadResource, { params: { resourceId } });
