import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { ConfigError } from '../config.js';

/** Keys derived from the one root secret, each for one purpose, so no key is ever reused across uses. */
export type Keys = Readonly<{
  jwt: Uint8Array;
  csrf: Buffer;
  integrity: Buffer;
  encryption: Buffer;
  /** The OTP codes' HMAC key: codes are stored only as a keyed hash (decision 0029). */
  otp: Buffer;
  /** Signs the unsubscribe links of bulk mail: unguessable, and checked without storage. */
  unsubscribe: Buffer;
  /** Signs what providers call back on (a call's status URL, a bot's webhook secret token). */
  providerCallbacks: Buffer;
}>;

function derive(root: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', root, 'sapa', purpose, 32));
}

/**
 * The root secret: SECRET_KEY, or in embedded mode one created on first start and kept in the data
 * folder so sessions survive restarts. Several PostgreSQL processes must share it, so there it is required.
 */
export function resolveRootSecret(config: Config): string {
  if (config.secretKey) return config.secretKey;
  if (config.databaseUrl) {
    throw new ConfigError('SECRET_KEY is required with DATABASE_URL: every process must share it.');
  }
  const file = path.join(config.dataDir, 'secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function deriveKeys(root: string): Keys {
  return Object.freeze({
    jwt: new Uint8Array(derive(root, 'jwt')),
    csrf: derive(root, 'csrf'),
    integrity: derive(root, 'integrity'),
    encryption: derive(root, 'encryption'),
    otp: derive(root, 'otp-codes'),
    unsubscribe: derive(root, 'unsubscribe-links'),
    providerCallbacks: derive(root, 'provider-callbacks'),
  });
}

/** AES-256-GCM; the output is `iv.tag.ciphertext` in base64url. */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function unseal(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('Sealed value is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
