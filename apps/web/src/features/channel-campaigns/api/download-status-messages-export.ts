import { type Export, statusMessagesOperations } from '@sapa/contracts';
import { downloadOperation } from '../../../lib/http';

/** The CSV of a finished status-message export. */
export const downloadStatusMessagesExport = (item: Pick<Export, 'id'>) =>
  downloadOperation(statusMessagesOperations.downloadStatusMessagesExport, { params: { exportId: item.id } });
