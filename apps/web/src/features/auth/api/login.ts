import {
  identityOperations,
  type LoginResponseSchema,
  type MfaChallenge,
  type Session,
} from '@sapa/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callOperation } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { canEncryptPassword, encryptPassword } from './encrypt-password';
import { forgetPublicKey, loadPublicKey } from './get-public-key';

export type Credentials = { username: string; password: string };
export type LoginAnswer = z.infer<typeof LoginResponseSchema>;

/** No session yet: a login answer is checked with the integrity key it carries itself. */
const ownIntegrityKey = (answer: Record<string, unknown>) =>
  typeof answer.integrityKey === 'string' ? answer.integrityKey : null;

export function isMfaChallenge(answer: LoginAnswer): answer is MfaChallenge {
  return 'mfaRequired' in answer && answer.mfaRequired === true;
}

/**
 * `POST /api/auth/login`. The password leaves the browser RSA-encrypted with the server's public key (read
 * as the login page opens, {@link loadPublicKey}); only where WebCrypto is missing (a non-secure context)
 * is it sent as is. An account with MFA gets a challenge instead of a session: the second step sends it
 * back with the code.
 */
export async function login({ username, password }: Credentials): Promise<LoginAnswer> {
  const secret = canEncryptPassword()
    ? { encryptedPassword: await encryptPassword(password, (await loadPublicKey()).publicKey) }
    : { password };
  try {
    return await callOperation(identityOperations.login, {
      body: { username, ...secret },
      anonymous: true,
      integrityKey: ownIntegrityKey,
    });
  } catch (error) {
    // The next attempt reads the key again, in case this one was refused for a key that changed.
    forgetPublicKey();
    throw error;
  }
}

/** `POST /api/auth/login/mfa`: the challenge of the first step and the authenticator's 6-digit code. */
export async function loginWithCode(input: { challenge: string; token: string }): Promise<Session> {
  return callOperation(identityOperations.loginWithCode, {
    body: input,
    anonymous: true,
    integrityKey: ownIntegrityKey,
  });
}

/** Signs in and stores the session (unless a code is asked first); the login route then redirects by role. */
export function useLogin() {
  const setSession = useSessionStore((state) => state.setSession);
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!isMfaChallenge(answer)) setSession(answer);
    },
  });
}

/** The second login step of an account with MFA. */
export function useLoginWithCode() {
  const setSession = useSessionStore((state) => state.setSession);
  return useMutation({ mutationFn: loginWithCode, onSuccess: (session) => setSession(session) });
}
