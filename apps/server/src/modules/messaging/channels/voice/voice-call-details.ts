import { eq, inArray } from 'drizzle-orm';
import { isId } from '../../../../lib/ids.js';
import { inClient } from '../../../../platform/client-scope.js';
import type { Executor } from '../../../../platform/database.js';
import { messagingOutbound } from '../../messaging.tables.js';

/** What the ledger knows of a call beyond its attempt: the keys pressed, and the recording it played. */
export type CallDetails = { dtmf: string | null; recordingFileId: string | null };

/**
 * The call details of a client's voice ledger rows (`outboundIds`), batch-loaded for a page of the voice
 * history (`/voice/voiceHistory`); ids that are not the client's voice rows are left out.
 */
export async function findCallDetails(
  db: Executor,
  clientId: string,
  outboundIds: readonly string[],
): Promise<Map<string, CallDetails>> {
  const ids = [...new Set(outboundIds.filter(isId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: messagingOutbound.id,
      content: messagingOutbound.content,
      details: messagingOutbound.details,
    })
    .from(messagingOutbound)
    .where(
      inClient(
        messagingOutbound,
        clientId,
        eq(messagingOutbound.channel, 'voice'),
        inArray(messagingOutbound.id, ids),
      ),
    );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        dtmf: row.details?.call?.dtmf ?? null,
        recordingFileId:
          row.content.kind === 'voice' && row.content.recordingFileId ? row.content.recordingFileId : null,
      },
    ]),
  );
}
