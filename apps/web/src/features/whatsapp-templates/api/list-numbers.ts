import { whatsappOperations } from '@sapa/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { templateKeys } from './template-keys';

/** The client's WhatsApp numbers (admins only): where a template is created and synced. */
export function useWhatsappNumbers(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: templateKeys.numbers(clientId),
    queryFn: ({ signal }) => callOperation(whatsappOperations.listChannels, { signal }),
    enabled,
  });
}
