import { PublicKeySchema } from '@sapa/contracts';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type PublicKey = z.infer<typeof PublicKeySchema>;

/** `GET /api/auth/publicKey`: the RSA key the login page encrypts the password with. */
export async function getPublicKey(): Promise<PublicKey> {
  return PublicKeySchema.parse(await http.get('/api/auth/publicKey', { anonymous: true }));
}
