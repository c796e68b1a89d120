import { describe, expect, it } from 'vitest';
import { ALL_FEATURES_MASK, type FeatureFlag, featureMaskFromFlags } from './features.js';
import { getDefaultDashboard, getLoginRedirect } from './login-redirect.js';
import type { RoleCode } from './roles.js';

const all = ALL_FEATURES_MASK;
const only = (...flags: FeatureFlag[]) => featureMaskFromFlags(flags);

describe('login redirect (spec §6)', () => {
  it('sends USR to the report', () => {
    expect(getLoginRedirect({ role: 'USR', features: all, mainFeature: 'OTP' })).toBe('/report');
  });

  it.each(['USE', 'USC'] as const)('sends %s to the customer-service chat', (role) => {
    expect(getLoginRedirect({ role, features: all, mainFeature: 'SMS' })).toBe('/customerService/chat');
  });

  it('sends ADU to users', () => {
    expect(getLoginRedirect({ role: 'ADU', features: all, mainFeature: 'OTP' })).toBe('/users');
  });

  it.each([
    [only('VOICE', 'SMS', 'EMAIL', 'WHATSAPP', 'TELEGRAM'), '/voice/self-service/send'],
    [only('SMS', 'EMAIL', 'WHATSAPP', 'TELEGRAM'), '/sms/self-service/send'],
    [only('EMAIL', 'WHATSAPP', 'TELEGRAM'), '/email/self-service/send'],
    [only('WHATSAPP', 'TELEGRAM'), '/whatsapp/self-service/send'],
    [only('TELEGRAM', 'OTP'), '/telegram/self-service/send'],
  ])('sends USO to the first active self-service sender (mask %i → %s)', (features, path) => {
    expect(getLoginRedirect({ role: 'USO', features, mainFeature: 'OTP' })).toBe(path);
  });

  it('sends USO without any sender to the default dashboard', () => {
    expect(getLoginRedirect({ role: 'USO', features: only('OTP'), mainFeature: null })).toBe(
      '/dashboard/otp',
    );
  });

  it.each([
    ['OTP', '/dashboard/otp'],
    ['VOICE', '/dashboard/voice'],
    ['SMS', '/dashboard/sms'],
    ['EMAIL', '/dashboard/email'],
    ['CS', '/dashboard/customer-service'],
    ['CATALOG', '/catalogues/reports'],
    ['WHATSAPP', '/dashboard/whatsapp'],
    ['VALIDATION', '/validations/history'],
    ['VERIFY', '/verify/dashboard'],
  ])('sends other roles to the main feature %s dashboard', (mainFeature, path) => {
    for (const role of ['SAD', 'ADC', 'ADB', 'USV'] as RoleCode[]) {
      expect(getLoginRedirect({ role, features: all, mainFeature })).toBe(path);
    }
  });

  it('sends USP to the OTP dashboard whatever the main feature, and to the default one without OTP', () => {
    expect(getLoginRedirect({ role: 'USP', features: all, mainFeature: 'CS' })).toBe('/dashboard/otp');
    expect(getLoginRedirect({ role: 'USP', features: only('CS', 'VOICE'), mainFeature: 'CS' })).toBe(
      '/dashboard/customer-service',
    );
  });

  it.each([
    [only('KAN', 'OTP'), '/notification/dashboard'],
    [only('OTP', 'CS'), '/dashboard/otp'],
    [only('CS', 'VOICE'), '/dashboard/customer-service'],
    [only('VOICE', 'SMS'), '/dashboard/voice'],
    [only('SMS', 'EMAIL'), '/dashboard/sms'],
    [only('EMAIL', 'WHATSAPP'), '/dashboard/email'],
    [only('WHATSAPP', 'VALIDATION'), '/dashboard/whatsapp'],
    [only('VALIDATION', 'CATALOG'), '/validations/history'],
    [only('CATALOG', 'VERIFY'), '/catalogues/reports'],
    [only('VERIFY', 'TELEGRAM'), '/verify/dashboard'],
  ])('falls back to the first active feature in the spec order (mask %i → %s)', (features, path) => {
    expect(getLoginRedirect({ role: 'ADC', features, mainFeature: null })).toBe(path);
  });

  it('falls back when the main feature is switched off', () => {
    expect(getLoginRedirect({ role: 'ADC', features: only('SMS', 'OTP'), mainFeature: 'CS' })).toBe(
      '/dashboard/otp',
    );
  });

  it('ignores a main feature that has no dashboard', () => {
    expect(getDefaultDashboard({ features: only('TELEGRAM', 'SMS'), mainFeature: 'TELEGRAM' })).toBe(
      '/dashboard/sms',
    );
  });

  it('sends everyone else to users when no dashboard feature is active', () => {
    expect(
      getLoginRedirect({ role: 'SAD', features: only('TELEGRAM', 'CALL_CENTER'), mainFeature: null }),
    ).toBe('/users');
    expect(getLoginRedirect({ role: 'USV', features: 0, mainFeature: 'OTP' })).toBe('/users');
  });

  it('accepts features as a flag list as well as a mask', () => {
    expect(getLoginRedirect({ role: 'ADB', features: ['SMS', 'EMAIL'], mainFeature: 'EMAIL' })).toBe(
      '/dashboard/email',
    );
  });
});
