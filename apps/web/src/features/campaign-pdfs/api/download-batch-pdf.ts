import { pdfScriptOperations } from '@sapa/contracts';
import { downloadOperation } from '../../../lib/http';

/** One recipient's PDF as it was sent. */
export const downloadBatchPdf = (batchId: string, notificationId: string) =>
  downloadOperation(pdfScriptOperations.downloadBatchPdf, { params: { batchId, notificationId } });
