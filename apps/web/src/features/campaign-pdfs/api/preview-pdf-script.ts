import { type PdfScript, pdfScriptOperations } from '@sapa/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadOperation } from '../../../lib/http';

export const previewPdfScript = (campaignId: string, pdfScript: PdfScript, row: Record<string, string>) =>
  downloadOperation(pdfScriptOperations.previewPdfScript, {
    params: { campaignId },
    body: { pdfScript, row },
  });

/** The server renders the script for a sample row; the answer is the PDF itself. */
export function usePreviewPdfScript(campaignId: string) {
  return useMutation({
    mutationFn: ({ pdfScript, row }: { pdfScript: PdfScript; row: Record<string, string> }) =>
      previewPdfScript(campaignId, pdfScript, row),
  });
}
