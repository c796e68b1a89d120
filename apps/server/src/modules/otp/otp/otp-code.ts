import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A code of `length` digits, each from the CSPRNG (`crypto.randomInt`), leading zeros kept. */
export function generateCode(length: number): string {
  let code = '';
  for (let digit = 0; digit < length; digit++) code += String(randomInt(10));
  return code;
}

/**
 * The only form a code is kept in to be checked: HMAC-SHA256 with the OTP key over the request id and
 * the code, so equal codes of two requests differ and a leaked table cannot be searched offline.
 */
export function codeDigest(key: Buffer, requestId: string, code: string): Buffer {
  return createHmac('sha256', key).update(requestId).update('\0').update(code).digest();
}

/**
 * Whether a candidate is the code: the candidate is hashed and the two 32-byte digests are compared
 * in constant time, so how close a wrong code is (or its length) changes nothing that is compared.
 */
export function codeMatches(
  key: Buffer,
  requestId: string,
  candidate: string,
  storedDigest: string | Buffer,
): boolean {
  const stored = typeof storedDigest === 'string' ? Buffer.from(storedDigest, 'base64url') : storedDigest;
  const given = codeDigest(key, requestId, candidate);
  return stored.length === given.length && timingSafeEqual(stored, given);
}
