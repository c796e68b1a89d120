import { pdfScriptOperations } from '@sapa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { campaignPdfKeys } from './campaign-pdf-keys';

export const BATCH_PDF_PAGE_SIZE = 10;

export const listBatchPdfs = (batchId: string, page: number, signal?: AbortSignal) =>
  callOperation(pdfScriptOperations.listBatchPdfs, {
    signal,
    params: { batchId },
    query: { pageSize: BATCH_PDF_PAGE_SIZE, pageNumber: page - 1 },
  });

/** The PDFs rendered for a batch's recipients, by row. */
export function useBatchPdfs(clientId: string, batchId: string | null, page: number) {
  return useQuery({
    queryKey: campaignPdfKeys.batch(clientId, batchId ?? '', page),
    queryFn: ({ signal }) => listBatchPdfs(batchId!, page, signal),
    enabled: batchId !== null,
    placeholderData: keepPreviousData,
  });
}
