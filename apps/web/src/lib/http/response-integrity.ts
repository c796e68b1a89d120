import { integrityPayload } from '@sapa/contracts/integrity';

const encoder = new TextEncoder();

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** HMAC-SHA256 (hex) of the body without its `hash` field, in canonical JSON (spec §5 "Response integrity"). */
export async function computeResponseHash(
  body: Record<string, unknown>,
  integrityKey: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(integrityKey),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(integrityPayload(body))));
}

let warnedNoSubtle = false;

/** Whether the body's `hash` matches the keyed hash of the rest of the body. */
export async function isResponseTrusted(
  body: Record<string, unknown>,
  integrityKey: string,
): Promise<boolean> {
  if (typeof body.hash !== 'string') return true;
  if (!globalThis.crypto?.subtle) {
    // WebCrypto exists only in secure contexts (https or localhost); the hash cannot be checked elsewhere.
    if (!warnedNoSubtle) console.warn('Sapa: WebCrypto is unavailable, response hashes are not verified');
    warnedNoSubtle = true;
    return true;
  }
  const expected = await computeResponseHash(body, integrityKey);
  return expected === body.hash.toLowerCase();
}
