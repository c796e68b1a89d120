import { type PdfScript, pdfScriptOperations } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { campaignPdfKeys } from './campaign-pdf-keys';

export const updatePdfScript = (campaignId: string, pdfScript: PdfScript | null) =>
  callOperation(pdfScriptOperations.updatePdfScript, { params: { campaignId }, body: { pdfScript } });

/** Saves the script as an edit of the campaign (it may wait for a checker). */
export function useUpdatePdfScript(clientId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pdfScript: PdfScript | null) => updatePdfScript(campaignId, pdfScript),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignPdfKeys.all(clientId) }),
  });
}
