import { type Session, SessionSchema } from '@sapa/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { canEncryptPassword, encryptPassword } from './encrypt-password';
import { getPublicKey } from './get-public-key';

export type Credentials = { username: string; password: string };

/**
 * `POST /api/auth/login`. The password leaves the browser RSA-encrypted with the server's public key;
 * only where WebCrypto is missing (a non-secure context) is it sent as is.
 */
export async function login({ username, password }: Credentials): Promise<Session> {
  const secret = canEncryptPassword()
    ? { encryptedPassword: await encryptPassword(password, (await getPublicKey()).publicKey) }
    : { password };
  const body = await http.post(
    '/api/auth/login',
    { username, ...secret },
    {
      anonymous: true,
      // No session yet: the login answer is checked with the integrity key it carries itself.
      integrityKey: (answer) => (typeof answer.integrityKey === 'string' ? answer.integrityKey : null),
    },
  );
  return SessionSchema.parse(body);
}

/** Signs in and stores the session; the login route then redirects by role. */
export function useLogin() {
  const setSession = useSessionStore((state) => state.setSession);
  return useMutation({ mutationFn: login, onSuccess: (session) => setSession(session) });
}
