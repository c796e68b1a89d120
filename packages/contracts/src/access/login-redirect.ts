import { type FeatureFlag, hasFeature } from './features.js';
import type { RoleCode } from './roles.js';

/** Features a client may name as its main feature, and the dashboard each one opens. */
export const MAIN_FEATURE_DASHBOARDS = {
  OTP: '/dashboard/otp',
  VOICE: '/dashboard/voice',
  SMS: '/dashboard/sms',
  EMAIL: '/dashboard/email',
  CS: '/dashboard/customer-service',
  CATALOG: '/catalogues/reports',
  WHATSAPP: '/dashboard/whatsapp',
  VALIDATION: '/validations/history',
  VERIFY: '/verify/dashboard',
} as const satisfies Partial<Record<FeatureFlag, string>>;

export type MainFeature = keyof typeof MAIN_FEATURE_DASHBOARDS;
export const MAIN_FEATURES = Object.keys(MAIN_FEATURE_DASHBOARDS) as MainFeature[];

/** Spec §6 fallback order when the main feature is unset or off: notification first, users last. */
const DASHBOARD_FALLBACK_ORDER: ReadonlyArray<readonly [FeatureFlag, string]> = [
  ['KAN', '/notification/dashboard'],
  ['OTP', MAIN_FEATURE_DASHBOARDS.OTP],
  ['CS', MAIN_FEATURE_DASHBOARDS.CS],
  ['VOICE', MAIN_FEATURE_DASHBOARDS.VOICE],
  ['SMS', MAIN_FEATURE_DASHBOARDS.SMS],
  ['EMAIL', MAIN_FEATURE_DASHBOARDS.EMAIL],
  ['WHATSAPP', MAIN_FEATURE_DASHBOARDS.WHATSAPP],
  ['VALIDATION', MAIN_FEATURE_DASHBOARDS.VALIDATION],
  ['CATALOG', MAIN_FEATURE_DASHBOARDS.CATALOG],
  ['VERIFY', MAIN_FEATURE_DASHBOARDS.VERIFY],
];

/** Self-service senders in the order USO users are sent to them. */
const SELF_SERVICE_ORDER: ReadonlyArray<readonly [FeatureFlag, string]> = [
  ['VOICE', '/voice/self-service/send'],
  ['SMS', '/sms/self-service/send'],
  ['EMAIL', '/email/self-service/send'],
  ['WHATSAPP', '/whatsapp/self-service/send'],
  ['TELEGRAM', '/telegram/self-service/send'],
];

export const USERS_PATH = '/users';

export type RedirectSubject = {
  role: RoleCode;
  features: number | readonly FeatureFlag[];
  mainFeature?: string | null;
};

/** The default dashboard of spec §6: the main feature's, else the first active in the fallback order, else users. */
export function getDefaultDashboard({ features, mainFeature }: Omit<RedirectSubject, 'role'>): string {
  if (mainFeature && Object.hasOwn(MAIN_FEATURE_DASHBOARDS, mainFeature)) {
    const main = mainFeature as MainFeature;
    if (hasFeature(features, main)) return MAIN_FEATURE_DASHBOARDS[main];
  }
  const first = DASHBOARD_FALLBACK_ORDER.find(([flag]) => hasFeature(features, flag));
  return first ? first[1] : USERS_PATH;
}

/** Where a user lands after login (spec §6 "Login redirect by role"). */
export function getLoginRedirect(subject: RedirectSubject): string {
  switch (subject.role) {
    case 'USR':
      return '/report';
    case 'USE':
    case 'USC':
      return '/customerService/chat';
    case 'ADU':
      return USERS_PATH;
    // The OTP user's work is OTP (spec §6): its dashboard whatever the client's main feature.
    case 'USP':
      return hasFeature(subject.features, 'OTP') ? MAIN_FEATURE_DASHBOARDS.OTP : getDefaultDashboard(subject);
    case 'USO': {
      const sender = SELF_SERVICE_ORDER.find(([flag]) => hasFeature(subject.features, flag));
      return sender ? sender[1] : getDefaultDashboard(subject);
    }
    default:
      return getDefaultDashboard(subject);
  }
}
