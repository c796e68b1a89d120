import type { EmailBounce } from '@sapa/contracts';
import type { ApiKeyActor } from '../../../../platform/actor.js';
import type { Database } from '../../../../platform/database.js';
import { createBlacklistEntry } from '../../../contacts/index.js';
import { applyReport, type StatusPort } from '../channel-kit.js';

/**
 * A bounce reported by the client's mail service (its webhook, or a relay's DSN parser), for a message
 * we sent (its `Message-ID`). Listmonk's defaults are the reference: a hard bounce blocks the address
 * at once; a soft one (mailbox full, server down for now) fails this attempt only, and the campaign's
 * retry plan decides whether to try again.
 */
export async function receiveEmailBounce(
  deps: { db: Database; statuses: StatusPort },
  caller: { actor: ApiKeyActor; ip: string | null; userAgent: string | null },
  bounce: EmailBounce,
): Promise<{ received: true; blacklisted: boolean }> {
  const clientId = caller.actor.clientId;
  const hard = bounce.type === 'hard';
  const diagnostic = bounce.diagnostic.replace(/^smtp;\s*/i, '').trim();
  // A message id this client did not send answers 404 (another client's included).
  await applyReport(deps, {
    clientId,
    channel: 'email',
    providerMessageId: bounce.messageId,
    status: 'failed',
    error: {
      code: hard ? 'hard_bounce' : 'soft_bounce',
      title: `${hard ? 'The address does not take mail' : 'The mailbox did not take the message for now'}${
        bounce.status ? ` (${bounce.status})` : ''
      }${diagnostic ? `: ${diagnostic.slice(0, 300)}` : ''}`,
    },
    at: bounce.timestamp ? new Date(bounce.timestamp) : new Date(),
  });
  if (!hard) return { received: true, blacklisted: false };
  const { added } = await createBlacklistEntry(deps.db, caller, {
    mediaType: 'EMAIL',
    email: bounce.recipient,
    reason: `Hard bounce${bounce.status ? ` ${bounce.status}` : ''}`,
  });
  return { received: true, blacklisted: added };
}
