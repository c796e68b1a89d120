import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import { useSessionStore } from '../session';

/** Spec §8: the expired-session toast shows for 5 s, at most once per 6 s. */
export const SESSION_EXPIRED_NOTICE_MS = 5_000;
export const SESSION_EXPIRED_NOTICE_INTERVAL_MS = 6_000;

let lastNoticeAt = Number.NEGATIVE_INFINITY;

/**
 * Ends a session whose token could not be refreshed (spec §4): resets the session state and shows the
 * expired-session popup. The route guard sees the empty session and sends the user to the login page.
 */
export function expireSession(): void {
  useSessionStore.getState().clearSession();
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
