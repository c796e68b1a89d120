import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link of a campaign email: `<public url>/unsubscribe?t=<token>`, the token naming the
 * client and the address and signed with the unsubscribe key (HMAC-SHA256, all 32 bytes), so a link
 * cannot be guessed or pointed at another address or client, and nothing is stored to check it.
 */
export type UnsubscribeTarget = { clientId: string; address: string };

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export function unsubscribeToken(key: Buffer, target: UnsubscribeTarget): string {
  const payload = `${target.clientId}\n${target.address.trim().toLowerCase()}`;
  return `${Buffer.from(payload).toString('base64url')}.${sign(key, payload).toString('base64url')}`;
}

export function unsubscribeUrl(key: Buffer, publicUrl: string, target: UnsubscribeTarget): string {
  return `${publicUrl.replace(/\/+$/, '')}/unsubscribe?t=${unsubscribeToken(key, target)}`;
}

/** The client and address a token names, or null when it was not signed by us (answered as 404). */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeTarget | null {
  const match = /^([A-Za-z0-9_-]{1,700})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const payload = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = sign(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [clientId, address, extra] = payload.split('\n');
  if (!clientId || !address || extra !== undefined) return null;
  return { clientId, address };
}
