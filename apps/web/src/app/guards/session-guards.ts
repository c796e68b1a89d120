import { redirect } from 'react-router';
import { findSession } from '../../lib/session';

/**
 * The authenticated frame needs a session; without one the user goes to `/` (spec §6). Route guards
 * run as loaders, inside the router's own navigation, so a redirect cannot be lost the way a
 * `<Navigate>` rendered during a back/forward or hash change can.
 */
export function requireSessionLoader() {
  return findSession() ? null : redirect('/');
}
