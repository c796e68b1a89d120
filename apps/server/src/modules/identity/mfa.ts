import { randomUUID } from 'node:crypto';
import type { MfaChallenge } from '@sapa/contracts';
import { eq, isNull, lt, or } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { inClient } from '../../platform/client-scope.js';
import type { Executor } from '../../platform/database.js';
import { type Keys, unseal } from '../../platform/secrets.js';
import { type UserRow, users } from './identity.tables.js';

const CHALLENGE_TTL_SECONDS = 300;
// Its own audience, so a challenge can never pass as an access token and the reverse.
const CHALLENGE_AUDIENCE = 'sapa:mfa-challenge';
export const MFA_ISSUER = 'Sapa';

export async function signMfaChallenge(key: Uint8Array, user: UserRow): Promise<MfaChallenge> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const challenge = await new SignJWT({ cid: user.clientId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuer('sapa')
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CHALLENGE_TTL_SECONDS)
    .sign(key);
  return { mfaRequired: true, challenge, challengeExpiryTime: (issuedAt + CHALLENGE_TTL_SECONDS) * 1000 };
}

export async function verifyMfaChallenge(key: Uint8Array, challenge: string) {
  try {
    const { payload } = await jwtVerify(challenge, key, {
      algorithms: ['HS256'],
      issuer: 'sapa',
      audience: CHALLENGE_AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string') return null;
    return { userId: payload.sub, clientId: payload.cid };
  } catch {
    return null;
  }
}

/** otplib loads with the first MFA set-up or code, not on every start (issue 19 goal 4). */
let otplib: Promise<typeof import('otplib')> | null = null;
const loadOtplib = () => {
  otplib ??= import('otplib');
  return otplib;
};

export async function newMfaSecret(email: string) {
  const { generateSecret, generateURI } = await loadOtplib();
  const secret = generateSecret();
  return { secret, otpauthUri: generateURI({ issuer: MFA_ISSUER, label: email, secret }) };
}

/** Checks a code against a secret, allowing one step of clock drift; answers the step it belongs to. */
export async function checkTotp(secret: string, token: string, afterTimeStep: number | null) {
  const { verify } = await loadOtplib();
  const result = await verify({
    secret,
    token,
    epochTolerance: 30,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  // TOTP results carry the matched time step; HOTP ones (not used here) do not.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Accepts a user's TOTP code at most once: the step is recorded with a conditional update, so a code
 * replayed (even by two requests at once) fails.
 */
export async function acceptTotp(db: Executor, keys: Keys, user: UserRow, token: string): Promise<boolean> {
  if (!user.mfaSecret) return false;
  const step = await checkTotp(unseal(keys.encryption, user.mfaSecret), token, user.mfaLastStep);
  if (step === null) return false;
  const claimed = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(
      inClient(
        users,
        user.clientId,
        eq(users.id, user.id),
        or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return claimed.length === 1;
}
