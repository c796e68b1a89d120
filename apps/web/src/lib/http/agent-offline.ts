import { AGENT_OFFLINE_PATH } from '@sapa/contracts/inbox';
import { useSessionStore } from '../session';
import { CSRF_HEADER } from './http-constants';

/**
 * Tells the server this agent is offline, without waiting and without the refresh logic: used while
 * a session ends, when its token may already be refused. Whatever happens is ignored.
 */
export function setAgentOfflineQuietly(token: string): void {
  const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${token}` });
  const csrfToken = useSessionStore.getState().csrfToken;
  if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
  try {
    fetch(AGENT_OFFLINE_PATH, { method: 'PUT', headers, keepalive: true, credentials: 'same-origin' }).catch(
      () => undefined,
    );
  } catch {
    // A browser without fetch keepalive support: nothing more to do.
  }
}
