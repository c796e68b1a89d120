import { notifications } from '@mantine/notifications';
import { identityOperations } from '@sapa/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, setAgentOfflineQuietly } from '../../../lib/http';
import { closeRealtime } from '../../../lib/realtime';
import { findSession, useSessionStore } from '../../../lib/session';

/** `POST /api/auth/logout`: ends the session on the server; an agent of a CS client goes offline first. */
export async function logout(): Promise<void> {
  const session = findSession();
  if (session?.features.includes('CS')) setAgentOfflineQuietly(session.token);
  // Only the path: the answer is not read (the session ends on this browser whatever it says).
  await http.post(identityOperations.logout.path);
}

/** Logs out; the session is cleared on this browser whatever the server answers. */
export function useLogout() {
  const clearSession = useSessionStore((state) => state.clearSession);
  const { t } = useTranslation();
  return useMutation({
    mutationFn: logout,
    onError: () => notifications.show({ color: 'yellow', message: t('frame.logoutFailed') }),
    // The app then drops every cached query and shows the login page; the live socket closes.
    onSettled: () => {
      clearSession();
      closeRealtime();
    },
  });
}
