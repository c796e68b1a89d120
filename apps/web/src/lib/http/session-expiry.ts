import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import { closeRealtime } from '../realtime';
import { findSession, useSessionStore } from '../session';
import { setAgentOfflineQuietly } from './agent-offline';

/** Spec §8: the expired-session toast shows for 5 s, at most once per 6 s. */
export const SESSION_EXPIRED_NOTICE_MS = 5_000;
export const SESSION_EXPIRED_NOTICE_INTERVAL_MS = 6_000;

let lastNoticeAt = Number.NEGATIVE_INFINITY;

type Navigate = (path: string) => void;
let goToLogin: Navigate | null = null;

/** The router hands over its navigation so the expiry can go to the login page at its step (4). */
export function registerLoginNavigation(navigate: Navigate): () => void {
  goToLogin = navigate;
  return () => {
    if (goToLogin === navigate) goToLogin = null;
  };
}

function showExpiredNotice(): void {
  const now = Date.now();
  if (now - lastNoticeAt < SESSION_EXPIRED_NOTICE_INTERVAL_MS) return;
  lastNoticeAt = now;
  notifications.show({
    id: 'session-expired',
    title: i18n.t('session.expiredTitle'),
    message: i18n.t('session.expiredMessage'),
    color: 'red',
    autoClose: SESSION_EXPIRED_NOTICE_MS,
  });
}

/**
 * Ends a session whose token could not be refreshed, in the order of spec §4: (1) the agent is set
 * offline when the client has CS, (2) all state is reset, (3) the expired-session popup shows, (4) the
 * user goes to the login page, (5) the live connection is closed.
 */
export function expireSession(): void {
  const session = findSession();
  if (session?.features.includes('CS')) setAgentOfflineQuietly(session.token);
  useSessionStore.getState().clearSession();
  showExpiredNotice();
  goToLogin?.('/');
  closeRealtime();
}
