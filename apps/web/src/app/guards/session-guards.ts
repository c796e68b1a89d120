import { redirect } from 'react-router';
import { findSession } from '../../lib/session';
import { landingPathOf } from './landing-path';

/**
 * Route guards run as loaders, inside the router's own navigation: a guard's redirect cannot be lost the
 * way a `<Navigate>` rendered during a browser back/forward or hash change can.
 */

/** The login page: a signed-in user is sent to their landing page by role (spec §6). */
export function guestOnlyLoader() {
  const session = findSession();
  return session ? redirect(landingPathOf(session)) : null;
}

/** Every screen but the login page needs a session; without one the user goes to `/` (spec §6). */
export function requireSessionLoader() {
  return findSession() ? null : redirect('/');
}
