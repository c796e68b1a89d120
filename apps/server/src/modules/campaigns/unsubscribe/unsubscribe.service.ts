import { systemActor } from '../../../platform/actor.js';
import type { Database } from '../../../platform/database.js';
import { notFound } from '../../../platform/errors.js';
import { createBlacklistEntry } from '../../contacts/index.js';
import { readUnsubscribeToken, type UnsubscribeTarget } from './unsubscribe-link.js';

export const UNSUBSCRIBE_JOB = 'email.unsubscribe';

const linkNotFound = () =>
  notFound(
    'unsubscribe_link_not_found',
    'This unsubscribe link is not valid. Use the link of a recent email.',
  );

/** The address a link unsubscribes; a link we did not sign (or for another client's mail) is a 404. */
export function getUnsubscribeTarget(key: Buffer, token: string): UnsubscribeTarget {
  const target = readUnsubscribeToken(key, token);
  if (!target) throw linkNotFound();
  return target;
}

/**
 * Puts the link's address on its client's email blacklist, so no campaign mails it again; doing it
 * twice changes nothing. Recorded in the audit log as the recipient's own request.
 */
export async function unsubscribeByLink(
  db: Database,
  key: Buffer,
  token: string,
  request: { ip: string | null; userAgent: string | null },
) {
  const target = getUnsubscribeTarget(key, token);
  const { added } = await createBlacklistEntry(
    db,
    { actor: systemActor(target.clientId, UNSUBSCRIBE_JOB), ...request },
    {
      mediaType: 'EMAIL',
      email: target.address,
      reason: 'Unsubscribed with the link in an email',
    },
  );
  return { ...target, added };
}
