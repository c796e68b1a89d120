import { identityOperations, ssoOperations } from '@sapa/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiErrorFromBody, callOperation, NETWORK_ERROR, operationUrl } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';

/** Where the browser goes to start SSO with an identity provider (SAML or OpenID Connect). */
export function ssoStartUrl(providerId: string, relayState: string): string {
  return operationUrl(ssoOperations.startSso, { params: { providerId }, query: { relayState } });
}

/**
 * Asks the server whether it would send the browser on to the provider: a redirect means yes; otherwise
 * its answer ('Provider invalid', 'Relay state invalid') is shown on the page instead of a bare JSON page.
 * The redirect is not followed here: the identity provider is another site, the browser goes there itself.
 */
export async function checkSsoStart(providerId: string, relayState: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(ssoStartUrl(providerId, relayState), { redirect: 'manual' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, 'The server could not be reached');
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  throw apiErrorFromBody(response.status, body);
}

/** `POST /api/auth/refreshAccessToken` with the single-use refresh token SSO handed back in the URL. */
export async function finishSso(refreshToken: string) {
  return callOperation(identityOperations.refreshAccessToken, {
    body: { refreshToken },
    anonymous: true,
    integrityKey: (answer) => (typeof answer.integrityKey === 'string' ? answer.integrityKey : null),
  });
}

export function useFinishSso() {
  const setSession = useSessionStore((state) => state.setSession);
  return useMutation({ mutationFn: finishSso, onSuccess: (session) => setSession(session) });
}
