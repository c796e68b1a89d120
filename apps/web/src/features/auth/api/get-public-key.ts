import { identityOperations, type PublicKeySchema } from '@sapa/contracts';
import type { z } from 'zod';
import { callOperation } from '../../../lib/http';

export type PublicKey = z.infer<typeof PublicKeySchema>;

/** `GET /api/auth/publicKey`: the RSA key the login page encrypts the password with. */
export async function getPublicKey(): Promise<PublicKey> {
  return callOperation(identityOperations.getPublicKey, { anonymous: true });
}

let pending: Promise<PublicKey> | null = null;

/**
 * The key, asked for once: the login page asks as it opens, so signing in does not wait for it. A failed
 * read is asked again next time; {@link forgetPublicKey} drops a key a refused login may have gone stale on.
 */
export function loadPublicKey(): Promise<PublicKey> {
  if (!pending) {
    const request = getPublicKey();
    pending = request;
    request.catch(() => {
      if (pending === request) pending = null;
    });
  }
  return pending;
}

export function forgetPublicKey(): void {
  pending = null;
}
