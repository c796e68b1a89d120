import { Notifications } from '@mantine/notifications';

/**
 * The container of the toasts, a chunk of its own loaded just after the first screen draws (issue 19):
 * imported lazily through this module, and not `@mantine/notifications` itself, so the entry keeps only the
 * notifications store its modules call.
 */
export function Toasts() {
  // Toasts open below the header (notifications.css), never over the account menu.
  return <Notifications position="top-right" />;
}
