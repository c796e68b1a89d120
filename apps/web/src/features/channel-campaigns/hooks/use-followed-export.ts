import type { Export } from '@sapa/contracts';
import { useStatusMessagesExports } from '../api/list-status-messages-exports';

/** Enough to find an export just asked for: the list is newest first. */
const RECENT = 20;

/**
 * One export followed from request to file: read from the newest exports, which are asked for again
 * while it is being built. Until the list shows it, the answer of the request stands in.
 */
export function useFollowedExport(clientId: string, requested: Export | null): Export | null {
  const list = useStatusMessagesExports(clientId, 1, RECENT, requested !== null);
  if (!requested) return null;
  return list.data?.items.find((item) => item.id === requested.id) ?? requested;
}
