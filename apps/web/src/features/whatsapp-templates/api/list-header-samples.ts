import { resourcesOperations, TEMPLATE_HEADER_MEDIA_TYPES } from '@sapa/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { templateKeys } from './template-keys';

export type MediaHeaderFormat = keyof typeof TEMPLATE_HEADER_MEDIA_TYPES;
const KIND = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' } as const;

/**
 * The client's WhatsApp resources a media header may show as its sample (IMAGE: JPEG/PNG, VIDEO: MP4,
 * DOCUMENT: PDF), newest first, as `/api/resources` lists them.
 */
export function useHeaderSamples(clientId: string, format: MediaHeaderFormat | null) {
  return useQuery({
    queryKey: templateKeys.samples(clientId, format ?? ''),
    queryFn: async ({ signal }) => {
      const page = await callOperation(resourcesOperations.listResources, {
        signal,
        query: { channel: 'WHATSAPP', kind: KIND[format!], pageSize: 500, pageNumber: 0 },
      });
      const allowed: readonly string[] = TEMPLATE_HEADER_MEDIA_TYPES[format!];
      return page.items.filter((item) => allowed.includes(item.mimeType));
    },
    enabled: format !== null && clientId !== '',
  });
}
