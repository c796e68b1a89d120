import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type AccessClaims = { userId: string; sessionId: string; homeClientId: string };
/** What a verified token says: its claims and when it expires (epoch ms). */
export type VerifiedAccess = AccessClaims & { expiresAt: number };

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

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<VerifiedAccess | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: 'sapa' });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.cid !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    return {
      userId: payload.sub,
      sessionId: payload.sid,
      homeClientId: payload.cid,
      expiresAt: payload.exp * 1000,
    };
  } catch {
    return null;
  }
}
