import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A one-time password an admin hands to a new user: 16 characters from an unambiguous alphabet. */
export function generateTemporaryPassword(): string {
  let password = '';
  for (let index = 0; index < 16; index++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}
