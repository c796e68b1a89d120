import { isTrialExpired, type Subscription } from '../subscriptions/subscription.schemas.js';
import { type FeatureFlag, hasFeature } from './features.js';
import { getDefaultDashboard, getLoginRedirect, type RedirectSubject } from './login-redirect.js';
import {
  CHAT_ROLES,
  CHAT_TEMPLATE_ROLES,
  type ChatRole,
  CLIENT_ADMIN_ROLES,
  CS_SUPERVISOR_ROLES,
  type RoleCode,
  WHATSAPP_NUMBER_ROLES,
} from './roles.js';

/**
 * The route guards of spec §6, as pure functions of the path and the session: the web router runs them
 * on every navigation and the server enforces the same rules on its APIs (roles, feature, trial).
 */

export const LOGIN_PATH = '/';
export const SUBSCRIPTION_PATH = '/subscription';
export const PROFILE_PATH = '/settings/editProfile';
/** Not in spec §2: the sandbox mail outbox (embedded mode without SMTP), read by the super admin. */
export const MAIL_OUTBOX_PATH = '/settings/mailOutbox';

export const SUPER_ADMIN_ONLY: readonly RoleCode[] = ['SAD'];
export const CUSTOMERS_ROLES = CLIENT_ADMIN_ROLES;
export const CS_CONFIG_ROLES = CLIENT_ADMIN_ROLES;
export { CHAT_TEMPLATE_ROLES, CS_SUPERVISOR_ROLES };
export const REPORT_ROLES: readonly RoleCode[] = ['SAD', 'ADC', 'USR', 'USV', 'ADB'];
export const USERS_ROLES: readonly RoleCode[] = ['SAD', 'ADC', 'ADB', 'ADU'];
export const DOCUMENTS_ROLES: readonly RoleCode[] = ['SAD', 'ADB'];
/** The audit trail: the super admin and the client admins (the roles with AUDIT_VIEW by default). */
export const AUDIT_ROLES = CLIENT_ADMIN_ROLES;
/**
 * The inbox (decision 0017): the chat and its history are for chat roles (spec §6), and for the admins
 * and supervisors who oversee them; the dashboard and the people pages for those roles alone.
 */
export const INBOX_CHAT_ROLES: readonly ChatRole[] = CHAT_ROLES;
/** Administration pages inside the users area that spec §2 does not name (approval tasks, roles, audit). */
export const USER_TASKS_PATH = '/users/tasks';
export const USER_ROLES_PATH = '/users/roles';
export const AUDIT_TRAIL_PATH = '/users/audit-trail';

export const CS_CONFIG_PATH = '/config/CS';
export const CHAT_TEMPLATE_PATH = '/config/chatTemplate';
/** Spec §6: the CS config guard sends ADB here. */
export const AUTO_CLOSE_PATH = '/config/AutoClose';

/**
 * A path prefix and who may open it: these portal roles, or with `chatRoles` also anyone with one of
 * those chat roles. The first prefix that matches a path decides.
 */
type RoleRule = readonly [prefix: string, roles: readonly RoleCode[], chatRoles?: readonly ChatRole[]];

const ROLE_RULES: readonly RoleRule[] = [
  ['/customerService/chatGroup', SUPER_ADMIN_ONLY],
  ['/customerService/chat', CS_SUPERVISOR_ROLES, INBOX_CHAT_ROLES],
  ['/customerService/chatHistory', CS_SUPERVISOR_ROLES, INBOX_CHAT_ROLES],
  ['/customerService/dashboard', CS_SUPERVISOR_ROLES],
  ['/customerService/manage/supervisor', CS_SUPERVISOR_ROLES],
  ['/customerService/manage/internal-user', CS_SUPERVISOR_ROLES],
  // Agents see their colleagues read-only (the chat's transfer list); changes stay with supervisors.
  ['/customerService/manage', CS_SUPERVISOR_ROLES, INBOX_CHAT_ROLES],
  ['/fb-catalog', SUPER_ADMIN_ONLY],
  ['/geo-location', SUPER_ADMIN_ONLY],
  ['/health-check', SUPER_ADMIN_ONLY],
  ['/clients', SUPER_ADMIN_ONLY],
  ['/packagas', SUPER_ADMIN_ONLY],
  ['/self-service', SUPER_ADMIN_ONLY],
  ['/tickets', SUPER_ADMIN_ONLY],
  ['/call-center', SUPER_ADMIN_ONLY],
  ['/logs', SUPER_ADMIN_ONLY],
  ['/embedded-signup', SUPER_ADMIN_ONLY],
  ['/analytics/email-pulse', SUPER_ADMIN_ONLY],
  [MAIL_OUTBOX_PATH, SUPER_ADMIN_ONLY],
  ['/customers', CUSTOMERS_ROLES],
  [CS_CONFIG_PATH, CS_CONFIG_ROLES],
  [CHAT_TEMPLATE_PATH, CHAT_TEMPLATE_ROLES],
  // The rest of the CS configuration (auto close, room categories, …) is CS config too (spec §6).
  ['/config', CS_CONFIG_ROLES],
  ['/report', REPORT_ROLES],
  // Before `/users`: the first matching prefix decides. Tasks and roles keep the users area's roles.
  [AUDIT_TRAIL_PATH, AUDIT_ROLES],
  ['/users', USERS_ROLES],
  // The client's WhatsApp numbers and their provider settings: the roles the numbers' API admits.
  ['/whatsapp/phoneNumber', WHATSAPP_NUMBER_ROLES],
  ['/whatsapp/provider', WHATSAPP_NUMBER_ROLES],
  ['/whatsapp/configuration/provider', WHATSAPP_NUMBER_ROLES],
  // Who makes and checks a channel's changes: the roles that see the users.
  ...(['/whatsapp', '/voice', '/sms', '/telegram', '/email'] as const).map(
    (channel): RoleRule => [`${channel}/manage`, USERS_ROLES],
  ),
  ['/documents', DOCUMENTS_ROLES],
];

/** Spec §6 feature areas: each needs its feature bit and an unexpired trial. */
export const FEATURE_AREAS: Readonly<Record<string, FeatureFlag>> = {
  '/notification': 'KAN',
  '/dashboard-notification': 'KAN',
  '/otp': 'OTP',
  '/customerService': 'CS',
  '/email': 'EMAIL',
  '/sms': 'SMS',
  '/voice': 'VOICE',
  '/whatsapp': 'WHATSAPP',
  '/validations': 'VALIDATION',
  '/catalogues': 'CATALOG',
  '/telegram': 'TELEGRAM',
  '/verify': 'VERIFY',
};

/** The dashboards under `/dashboard` and the feature each one shows; `internal` needs none. */
export const DASHBOARD_FEATURES: Readonly<Record<string, FeatureFlag | null>> = {
  voice: 'VOICE',
  email: 'EMAIL',
  sms: 'SMS',
  otp: 'OTP',
  whatsapp: 'WHATSAPP',
  'customer-service': 'CS',
  internal: null,
};

export type GuardSubject = RedirectSubject & {
  /** The user's chat role in the inbox (decision 0009); absent or null without one. */
  chatRole?: ChatRole | null;
  /** The client's subscription; null or absent when unknown or none (not on a trial). */
  subscription?: Pick<Subscription, 'isTrial' | 'expiredAt'> | null;
};

export type GuardDecision =
  | { kind: 'allow' }
  /** Go elsewhere instead (login page, default dashboard, trial page, another config page). */
  | { kind: 'redirect'; to: string }
  /** Not allowed: the user stays on the page they were on (spec §6). */
  | { kind: 'refuse'; reason: 'role' | 'feature'; feature?: FeatureFlag };

const ALLOW: GuardDecision = { kind: 'allow' };

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

function trimPath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** The roles allowed on a path, or null when any logged-in role may open it. */
export function getRouteRoles(pathname: string): readonly RoleCode[] | null {
  return findRoleRule(pathname)?.[1] ?? null;
}

function findRoleRule(pathname: string): RoleRule | undefined {
  const path = trimPath(pathname);
  return ROLE_RULES.find(([prefix]) => isUnder(path, prefix));
}

/** Whether the path's role rule, if any, lets this user in by portal role or chat role. */
function admitsRole(path: string, subject: GuardSubject): boolean {
  const rule = findRoleRule(path);
  if (!rule) return true;
  const [, roles, chatRoles] = rule;
  return roles.includes(subject.role) || Boolean(subject.chatRole && chatRoles?.includes(subject.chatRole));
}

/** The feature a path needs (its area's, or its dashboard's), or null. */
export function getRouteFeature(pathname: string): FeatureFlag | null {
  const path = trimPath(pathname);
  const dashboard = /^\/dashboard\/([^/]+)$/.exec(path)?.[1];
  if (dashboard !== undefined) return DASHBOARD_FEATURES[dashboard] ?? null;
  const area = Object.keys(FEATURE_AREAS).find((prefix) => isUnder(path, prefix));
  return area ? (FEATURE_AREAS[area] ?? null) : null;
}

/** Where a redirect-only path sends this user, or null when the path is a page of its own. */
function redirectOf(path: string, subject: GuardSubject): string | null {
  if (path === LOGIN_PATH) return getLoginRedirect(subject);
  if (path === '/dashboard') return getDefaultDashboard(subject);
  if (path === '/config') return subject.role === 'USE' ? CHAT_TEMPLATE_PATH : CS_CONFIG_PATH;
  if (isUnder(path, CS_CONFIG_PATH) && subject.role === 'ADB') return AUTO_CLOSE_PATH;
  return null;
}

function checkPage(path: string, subject: GuardSubject, now: number): GuardDecision {
  if (!admitsRole(path, subject)) return { kind: 'refuse', reason: 'role' };
  const feature = getRouteFeature(path);
  if (!feature) return ALLOW;
  if (!hasFeature(subject.features, feature)) {
    // Spec §2: a dashboard whose feature is off sends the user to the default dashboard.
    if (path.startsWith('/dashboard/')) {
      const fallback = getDefaultDashboard(subject);
      return fallback === path
        ? { kind: 'refuse', reason: 'feature', feature }
        : { kind: 'redirect', to: fallback };
    }
    return { kind: 'refuse', reason: 'feature', feature };
  }
  if (isTrialExpired(subject.subscription, now)) return { kind: 'redirect', to: SUBSCRIPTION_PATH };
  return ALLOW;
}

/**
 * What happens when this user opens `pathname` (spec §6): allowed, redirected (no login → `/`, the
 * login page and the bare `/dashboard` and `/config` by role, ADB from CS config to AutoClose, a
 * dashboard whose feature is off to the default dashboard, an expired trial to `/subscription`), or
 * refused (wrong role, feature off). Redirects are followed, so the answer is where the user ends up.
 */
export function guardRoute(
  pathname: string,
  subject: GuardSubject | null,
  now: number = Date.now(),
): GuardDecision {
  let path = trimPath(pathname);
  if (!subject) return path === LOGIN_PATH ? ALLOW : { kind: 'redirect', to: LOGIN_PATH };
  const visited = new Set<string>();
  for (;;) {
    visited.add(path);
    const next = redirectOf(path, subject);
    const decision = next === null ? checkPage(path, subject, now) : { kind: 'redirect' as const, to: next };
    if (decision.kind === 'refuse') {
      // A landing page the user may not open (e.g. a chat user whose client has no CS) leaves the
      // profile page, which every logged-in user may open, rather than the login page again.
      return trimPath(pathname) === LOGIN_PATH ? { kind: 'redirect', to: PROFILE_PATH } : decision;
    }
    if (decision.kind === 'allow') {
      return path === trimPath(pathname) ? decision : { kind: 'redirect', to: path };
    }
    // A redirect that comes back around (cannot happen with the rules above) stops where it is.
    if (visited.has(decision.to)) return { kind: 'redirect', to: decision.to };
    path = decision.to;
  }
}
