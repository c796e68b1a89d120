import { blacklistOperations } from '@sapa/contracts';
import { callOperation } from '../../../lib/http';

/** Blocks the rows of a CSV file; refused rows come back with their reason. */
export const importBlacklist = (file: File) =>
  callOperation(blacklistOperations.importBlacklist, { file, fileName: file.name });
