import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordPolicyProblems, RELAY_STATE_PATTERN } from './account.schemas.js';

describe('password policy', () => {
  const problems = (newPassword: string, confirmPassword = newPassword, oldPassword?: string) =>
    passwordPolicyProblems({ newPassword, confirmPassword, email: 'Ana@Example.com', oldPassword }).map(
      (problem) => problem.message,
    );

  it('accepts ten characters or more that are not the email nor the old password', () => {
    expect(problems('ten chars!')).toEqual([]);
    expect(problems('a much longer passphrase', 'a much longer passphrase', 'old password')).toEqual([]);
  });

  it('names every problem at once, in the words the form shows', () => {
    expect(problems('short', 'shorter')).toEqual([PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.mismatch]);
    expect(problems(' ana@example.COM ')).toEqual([PASSWORD_MESSAGES.isEmail]);
    expect(problems('same old password', 'same old password', 'same old password')).toEqual([
      PASSWORD_MESSAGES.sameAsOld,
    ]);
    expect(problems('x'.repeat(257))).toEqual([PASSWORD_MESSAGES.tooLong]);
  });
});

describe('SSO relay state', () => {
  it('is a path of the portal, never another site', () => {
    for (const good of ['/', '/dashboard', '/users/user/019?tab=rights'])
      expect(RELAY_STATE_PATTERN.test(good)).toBe(true);
    for (const bad of [
      '',
      'dashboard',
      '//evil.example',
      'https://evil.example',
      '/a b',
      `/${'x'.repeat(80)}`,
    ]) {
      expect(RELAY_STATE_PATTERN.test(bad)).toBe(false);
    }
  });
});
