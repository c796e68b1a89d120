import { type CampaignChannel, campaignsOperations, type ParamTranslator } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

/**
 * A sample row through a translator on the server, exactly as an upload reads it (the client's country
 * and locale). Null input (an invalid draft) asks nothing.
 */
export function useTranslatorPreview(
  clientId: string,
  input: { channel: CampaignChannel; paramTranslator: ParamTranslator; row: Record<string, string> } | null,
) {
  return useQuery({
    queryKey: ['notification', clientId, 'translatorPreview', input] as const,
    queryFn: ({ signal }) =>
      callOperation(campaignsOperations.previewParamTranslator, { signal, body: input! }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
