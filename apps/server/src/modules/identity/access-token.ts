import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type AccessClaims = { userId: string; sessionId: string; homeClientId: string };

/** Short-lived JWT naming the session; everything else about the caller is read fresh per request. */
export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
  now: number = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = await new SignJWT({ sid: claims.sessionId, cid: claims.homeClientId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(randomUUID())
    .setIssuer('sapa')
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt: expiresAt * 1000 };
}

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: 'sapa' });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.cid !== 'string'
    ) {
      return null;
    }
    return { userId: payload.sub, sessionId: payload.sid, homeClientId: payload.cid };
  } catch {
    return null;
  }
}
