import { notifications } from '@mantine/notifications';
import {
  type GuardDecision,
  type GuardSubject,
  guardRoute,
  isFeatureFlag,
  isRoleCode,
  PROFILE_PATH,
} from '@sapa/contracts/access';
import type { Session } from '@sapa/contracts/identity';
import { type LoaderFunctionArgs, redirect, replace } from 'react-router';
import { loadSubscriptionForGuard } from '../../features/subscription/api/get-subscription';
import { i18n } from '../../lib/i18n';
import { findSession } from '../../lib/session';
import { findRouteEntry } from '../route-lookup';
import { routeNameOf } from '../route-names';
import { getSettledPath } from './navigation-memory';

export function guardSubjectOf(
  session: Session,
  subscription: GuardSubject['subscription'] = null,
): GuardSubject | null {
  if (!isRoleCode(session.role)) return null;
  return {
    role: session.role,
    // The chat and its history open by chat role too (decision 0017).
    chatRole: session.chatRole,
    features: session.features.filter(isFeatureFlag),
    mainFeature: session.mainFeature,
    subscription,
  };
}

/** Where the user goes when there is no previous page to stay on: their landing page, else the profile. */
function fallbackPath(subject: GuardSubject, refusedPath: string): string {
  const landing = guardRoute('/', subject);
  const to = landing.kind === 'redirect' ? landing.to : PROFILE_PATH;
  return to === refusedPath ? PROFILE_PATH : to;
}

function notifyRefused(decision: Extract<GuardDecision, { kind: 'refuse' }>, pathname: string): void {
  const entry = findRouteEntry(pathname);
  const message =
    decision.reason === 'feature' && decision.feature
      ? i18n.t('access.featureOff', { feature: i18n.t(`features.${decision.feature}`) })
      : i18n.t('access.roleRefused', { page: entry ? routeNameOf(entry, i18n.t) : pathname });
  notifications.show({
    id: `refused-${pathname}`,
    title: i18n.t('access.refusedTitle'),
    message,
    color: 'yellow',
  });
}

/** Goes back to the page the user was on, or, on a first load, to a page they may open. */
function stayPut(pathname: string, subject: GuardSubject | null): never {
  const previous = getSettledPath();
  if (previous && previous.split('?')[0] !== pathname) throw replace(previous);
  throw replace(subject ? fallbackPath(subject, pathname) : '/');
}

/**
 * The guard of every screen (spec §6), run by the router before the screen loads: the contracts'
 * `guardRoute` decides, with the client's subscription for the trial rule.
 */
export async function routeGuardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const pathname = new URL(request.url).pathname;
  const session = findSession();
  const subscription = session ? await loadSubscriptionForGuard(session.clientId) : null;
  // The session may have ended while the subscription loaded (its refresh failed).
  const current = findSession();
  const subject = current ? guardSubjectOf(current, subscription) : null;
  if (current && !subject) throw redirect('/');
  const decision = guardRoute(pathname, subject);
  if (decision.kind === 'allow') return null;
  if (decision.kind === 'redirect') throw redirect(decision.to);
  notifyRefused(decision, pathname);
  stayPut(pathname, subject);
}

/** The login page: a signed-in user is sent on by role (spec §6). */
export async function loginPageLoader(args: LoaderFunctionArgs): Promise<null> {
  if (!findSession()) return null;
  return routeGuardLoader(args);
}

/** Unknown or unnamed routes are cancelled (spec §2): the user stays where they were. */
export function unknownRouteLoader(): never {
  const previous = getSettledPath();
  if (previous) {
    notifications.show({ id: 'unknown-route', message: i18n.t('access.unknownRoute'), color: 'yellow' });
    throw replace(previous);
  }
  throw replace(findSession() ? '/pages/404' : '/');
}
