import { describe, expect, it } from 'vitest';
import { ALL_FEATURES_MASK, FEATURE_FLAGS, type FeatureFlag, featureMaskFromFlags } from './features.js';
import { ROLE_CODES, type RoleCode } from './roles.js';
import { type GuardSubject, getRouteFeature, guardRoute } from './route-guards.js';

const NOW = Date.UTC(2026, 5, 1);
const all = ALL_FEATURES_MASK;
const only = (...flags: FeatureFlag[]) => featureMaskFromFlags(flags);
const subject = (role: RoleCode, overrides: Partial<GuardSubject> = {}): GuardSubject => ({
  role,
  features: all,
  mainFeature: 'OTP',
  ...overrides,
});
const guard = (path: string, who: GuardSubject | null) => guardRoute(path, who, NOW);
const allow = { kind: 'allow' };
const to = (path: string) => ({ kind: 'redirect', to: path });
const refusedRole = { kind: 'refuse', reason: 'role' };
const rolesExcept = (...allowed: RoleCode[]) => ROLE_CODES.filter((role) => !allowed.includes(role));

describe('route guards (spec §6)', () => {
  it('sends a visitor without a session to the login page from any other page', () => {
    expect(guard('/report', null)).toEqual(to('/'));
    expect(guard('/users/user/123', null)).toEqual(to('/'));
    expect(guard('/', null)).toEqual(allow);
  });

  it('sends a logged-in user at the login page where the login redirect says', () => {
    expect(guard('/', subject('USR'))).toEqual(to('/report'));
    expect(guard('/', subject('ADU'))).toEqual(to('/users'));
    expect(guard('/', subject('USC', { chatRole: 'CS' }))).toEqual(to('/customerService/chat'));
    expect(guard('/', subject('ADC', { mainFeature: 'SMS' }))).toEqual(to('/dashboard/sms'));
  });

  it('opens the chat and its history to chat roles and the roles that oversee them (decision 0017)', () => {
    for (const path of [
      '/customerService/chat',
      '/customerService/chat/queue',
      '/customerService/chatHistory',
    ]) {
      for (const role of ['SAD', 'ADC', 'ADB', 'USV'] as const)
        expect(guard(path, subject(role))).toEqual(allow);
      for (const chatRole of ['CS', 'SPV', 'INTERNAL'] as const)
        expect(guard(path, subject('USC', { chatRole }))).toEqual(allow);
      for (const role of rolesExcept('SAD', 'ADC', 'ADB', 'USV'))
        expect(guard(path, subject(role, { chatRole: null }))).toEqual(refusedRole);
    }
    // A user without a chat role whose landing page is the chat ends on the profile page.
    expect(guard('/', subject('USC'))).toEqual(to('/settings/editProfile'));
  });

  it('sends a chat user whose client has no CS from the login page to the profile page, not around in circles', () => {
    expect(guard('/', subject('USC', { chatRole: 'CS', features: only('SMS') }))).toEqual(
      to('/settings/editProfile'),
    );
  });

  const superAdminOnly = [
    '/customerService/chatGroup',
    '/fb-catalog/items',
    '/fb-catalog/templates',
    '/geo-location',
    '/health-check/logs',
    '/health-check/glue/job-runs',
    '/clients',
    '/clients/client/42',
    '/packagas',
    '/self-service',
    '/tickets',
    '/call-center/dashboard',
    '/logs',
    '/embedded-signup',
    '/analytics/email-pulse',
  ];

  it.each(superAdminOnly)('opens %s to the super admin only', (path) => {
    expect(guard(path, subject('SAD'))).toEqual(allow);
    for (const role of rolesExcept('SAD')) expect(guard(path, subject(role))).toEqual(refusedRole);
  });

  it.each([
    ['/customers', ['SAD', 'ADC', 'ADB']],
    ['/config/chatTemplate', ['SAD', 'ADC', 'ADB', 'USE']],
    ['/config/AutoClose', ['SAD', 'ADC', 'ADB']],
    ['/config/roomCategory', ['SAD', 'ADC', 'ADB']],
    ['/customerService/dashboard', ['SAD', 'ADC', 'ADB', 'USV']],
    ['/customerService/manage/supervisor', ['SAD', 'ADC', 'ADB', 'USV']],
    ['/customerService/manage/internal-user', ['SAD', 'ADC', 'ADB', 'USV']],
    ['/report', ['SAD', 'ADC', 'USR', 'USV', 'ADB']],
    ['/report/download', ['SAD', 'ADC', 'USR', 'USV', 'ADB']],
    ['/users', ['SAD', 'ADC', 'ADB', 'ADU']],
    ['/users/user/7', ['SAD', 'ADC', 'ADB', 'ADU']],
    ['/users/tasks', ['SAD', 'ADC', 'ADB', 'ADU']],
    ['/users/tasks/7', ['SAD', 'ADC', 'ADB', 'ADU']],
    ['/users/roles', ['SAD', 'ADC', 'ADB', 'ADU']],
    ['/users/audit-trail', ['SAD', 'ADC', 'ADB']],
    ['/whatsapp/manage', ['SAD', 'ADC', 'ADB', 'ADU']],
    ['/whatsapp/phoneNumber', ['SAD', 'ADC', 'ADB', 'ADU']],
    ['/whatsapp/provider', ['SAD', 'ADC', 'ADB', 'ADU']],
    ['/whatsapp/configuration/provider', ['SAD', 'ADC', 'ADB', 'ADU']],
    ['/email/manage', ['SAD', 'ADC', 'ADB', 'ADU']],
    ['/documents/guide', ['SAD', 'ADB']],
    ['/documents/faq', ['SAD', 'ADB']],
    ['/settings/mailOutbox', ['SAD']],
  ] as const)('opens %s to %j only', (path, roles) => {
    for (const role of roles) expect(guard(path, subject(role))).toEqual(allow);
    for (const role of rolesExcept(...roles)) expect(guard(path, subject(role))).toEqual(refusedRole);
  });

  it('opens CS config to SAD and ADC, sends ADB to AutoClose and refuses the others', () => {
    expect(guard('/config/CS', subject('SAD'))).toEqual(allow);
    expect(guard('/config/CS', subject('ADC'))).toEqual(allow);
    expect(guard('/config/CS', subject('ADB'))).toEqual(to('/config/AutoClose'));
    for (const role of rolesExcept('SAD', 'ADC', 'ADB'))
      expect(guard('/config/CS', subject(role))).toEqual(refusedRole);
  });

  it('sends the bare /config to chat template for USE and to CS config for the others', () => {
    expect(guard('/config', subject('USE'))).toEqual(to('/config/chatTemplate'));
    expect(guard('/config', subject('ADC'))).toEqual(to('/config/CS'));
    expect(guard('/config', subject('SAD'))).toEqual(to('/config/CS'));
    expect(guard('/config', subject('ADB'))).toEqual(to('/config/AutoClose'));
    expect(guard('/config', subject('USC'))).toEqual(refusedRole);
  });

  it('opens pages that need only a login to every role', () => {
    for (const role of ROLE_CODES) {
      for (const path of [
        '/settings/editProfile',
        '/billing',
        '/subscription',
        '/pages/404',
        '/analytics/list',
      ]) {
        expect(guard(path, subject(role))).toEqual(allow);
      }
    }
  });

  it.each([
    ['/notification/dashboard', 'KAN'],
    ['/dashboard-notification/notification', 'KAN'],
    ['/otp/sendOTP', 'OTP'],
    ['/customerService/chat', 'CS'],
    ['/email/pdf-script/C-1', 'EMAIL'],
    ['/sms/campaign/list', 'SMS'],
    ['/voice/voiceHistory', 'VOICE'],
    ['/whatsapp/template', 'WHATSAPP'],
    ['/validations/history', 'VALIDATION'],
    ['/catalogues/configuration/edit', 'CATALOG'],
    ['/telegram/blacklist', 'TELEGRAM'],
    ['/verify/demo', 'VERIFY'],
  ] as const)('refuses %s while the %s feature is off', (path, feature) => {
    expect(getRouteFeature(path)).toBe(feature);
    expect(guard(path, subject('SAD'))).toEqual(allow);
    const without = FEATURE_FLAGS.filter((flag) => flag !== feature);
    expect(guard(path, subject('SAD', { features: featureMaskFromFlags(without) }))).toEqual({
      kind: 'refuse',
      reason: 'feature',
      feature,
    });
  });

  it('does not mistake a longer name for an area (/smsx is not /sms)', () => {
    expect(getRouteFeature('/smsx')).toBeNull();
    expect(getRouteFeature('/self-service')).toBeNull();
  });

  describe('trial', () => {
    const expired = { isTrial: true, expiredAt: NOW - 1 };

    it('sends every feature route to /subscription once the trial has expired', () => {
      const who = subject('ADC', { subscription: expired });
      for (const path of [
        '/sms/campaign/list',
        '/otp/dashboard',
        '/customerService/chat',
        '/notification/upload',
      ]) {
        expect(guard(path, who)).toEqual(to('/subscription'));
      }
      expect(guard('/dashboard/otp', who)).toEqual(to('/subscription'));
      expect(guard('/', who)).toEqual(to('/subscription'));
    });

    it('keeps pages without a feature open when the trial has expired', () => {
      const who = subject('ADC', { subscription: expired });
      for (const path of ['/users', '/report', '/subscription', '/settings/editProfile']) {
        expect(guard(path, who)).toEqual(allow);
      }
    });

    it('keeps feature routes open for a trial that has not expired, never expires, or is no trial', () => {
      for (const subscription of [
        { isTrial: true, expiredAt: NOW + 1 },
        { isTrial: true, expiredAt: -1 },
        { isTrial: false, expiredAt: NOW - 1 },
        null,
      ]) {
        expect(guard('/sms/campaign/list', subject('ADC', { subscription }))).toEqual(allow);
      }
    });

    it('refuses a feature that is off before looking at the trial', () => {
      const who = subject('ADC', { features: only('OTP'), subscription: expired });
      expect(guard('/sms/blacklist', who)).toMatchObject({ kind: 'refuse', reason: 'feature' });
    });
  });

  describe('dashboards', () => {
    it('sends the bare /dashboard to the default dashboard of the main feature', () => {
      expect(guard('/dashboard', subject('ADC', { mainFeature: 'VOICE' }))).toEqual(to('/dashboard/voice'));
      expect(guard('/dashboard', subject('ADC', { mainFeature: null, features: only('CS', 'SMS') }))).toEqual(
        to('/dashboard/customer-service'),
      );
    });

    it('opens a dashboard whose feature is on', () => {
      for (const kind of ['voice', 'email', 'sms', 'otp', 'whatsapp', 'customer-service', 'internal']) {
        expect(guard(`/dashboard/${kind}`, subject('ADC'))).toEqual(allow);
      }
    });

    it('sends a dashboard whose feature is off to the default dashboard', () => {
      const who = subject('ADC', { features: only('OTP', 'CS', 'WHATSAPP'), mainFeature: 'CS' });
      expect(guard('/dashboard/sms', who)).toEqual(to('/dashboard/customer-service'));
      expect(guard('/dashboard/voice', who)).toEqual(to('/dashboard/customer-service'));
      expect(guard('/dashboard/whatsapp', who)).toEqual(allow);
    });

    it('ignores a trailing slash', () => {
      expect(guard('/dashboard/', subject('ADC', { mainFeature: 'SMS' }))).toEqual(to('/dashboard/sms'));
    });
  });
});
