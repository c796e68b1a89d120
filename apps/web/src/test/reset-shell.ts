import { notifications } from '@mantine/notifications';
import { forgetSettledPath } from '../app/guards/navigation-memory';
import { forgetGuardSubscription } from '../features/subscription/api/get-subscription';
import { apiMetrics } from '../lib/http';
import { DEFAULT_LOCALE, i18n } from '../lib/i18n';
import { closeRealtime } from '../lib/realtime';
import { useSessionStore } from '../lib/session';

/** Module state the shell keeps between screens, reset so every test starts from a fresh tab. */
export function resetShell(): void {
  useSessionStore.setState({ session: null, csrfToken: null });
  forgetGuardSubscription();
  forgetSettledPath();
  apiMetrics.discard();
  closeRealtime();
  notifications.clean();
  void i18n.changeLanguage(DEFAULT_LOCALE);
}
