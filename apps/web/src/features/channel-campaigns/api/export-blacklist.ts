import { type BlacklistMediaType, blacklistOperations } from '@sapa/contracts';
import { downloadOperation } from '../../../lib/http';

/** The blacklist the filters select, as CSV. */
export const exportBlacklist = (query: {
  mediaType?: BlacklistMediaType | undefined;
  search?: string | undefined;
}) => downloadOperation(blacklistOperations.exportBlacklist, { query });
