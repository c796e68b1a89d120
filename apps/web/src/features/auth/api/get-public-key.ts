import { identityOperations, type PublicKeySchema } from '@sapa/contracts';
import type { z } from 'zod';
import { callOperation } from '../../../lib/http';

export type PublicKey = z.infer<typeof PublicKeySchema>;

/** `GET /api/auth/publicKey`: the RSA key the login page encrypts the password with. */
export async function getPublicKey(): Promise<PublicKey> {
  return callOperation(identityOperations.getPublicKey, { anonymous: true });
}
