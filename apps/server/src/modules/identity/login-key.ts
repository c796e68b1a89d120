import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database.js';
import { platformKeys } from '../../platform/platform.tables.js';
import { seal, unseal } from '../../platform/secrets.js';

const KEY_NAME = 'login-rsa-oaep';

/** The RSA-OAEP-256 key the browser encrypts passwords with. */
export type LoginKey = {
  /** SPKI DER, base64: what WebCrypto `importKey('spki', …)` takes. */
  publicKey: string;
  /** Undefined when the text is not a ciphertext of this key. */
  decrypt(ciphertextBase64: string): string | undefined;
};

function toLoginKey(privatePem: string): LoginKey {
  const privateKey = createPrivateKey(privatePem);
  const publicKey = (createPublicKey(privateKey).export({ format: 'der', type: 'spki' }) as Buffer).toString(
    'base64',
  );
  return {
    publicKey,
    decrypt(ciphertextBase64) {
      try {
        return privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(ciphertextBase64, 'base64'),
        ).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Every process must decrypt with the same key, so it lives in the database, sealed with the root
 * secret. The first process to start creates it; a concurrent creator loses the insert and reads it.
 */
export async function loadLoginKey(db: Database, encryptionKey: Buffer): Promise<LoginKey> {
  const [existing] = await db.select().from(platformKeys).where(eq(platformKeys.name, KEY_NAME));
  if (existing) return toLoginKey(unseal(encryptionKey, existing.value));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
  await db
    .insert(platformKeys)
    .values({ name: KEY_NAME, value: seal(encryptionKey, pem) })
    .onConflictDoNothing();
  const [stored] = await db.select().from(platformKeys).where(eq(platformKeys.name, KEY_NAME));
  if (!stored) throw new Error('The login key could not be stored');
  return toLoginKey(unseal(encryptionKey, stored.value));
}
