import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { unsafeFindClientByApiSecret } from '../../clients/index.js';
import { passwordResetTokens, users } from '../identity.tables.js';

describe('account security', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const as = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const login = (username: string, password: string) =>
    inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

  /** A user of the demo client with a known password, so tests can change it freely. */
  async function newUser(email: string) {
    const created = (
      await as(adc, 'POST', '/api/users', { name: 'Account Tester', email, role: 'USC' })
    ).json();
    return { email, password: created.temporaryPassword as string, userId: created.user.userId as string };
  }

  beforeAll(async () => {
    sapa = await createTestApp({
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      PUBLIC_URL: 'https://portal.example.com/',
    });
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
  });
  afterAll(async () => sapa?.close());

  describe('change password', () => {
    it('explains the policy word for word', async () => {
      const user = await newUser('policy@example.com');
      const me = await logIn(sapa.app, user.email, user.password);
      const attempt = (oldPassword: string, newPassword: string, confirmPassword = newPassword) =>
        as(me, 'POST', '/api/users/changePassword', { oldPassword, newPassword, confirmPassword });

      const wrongOld = await attempt('not-my-password', 'a-good-new-password');
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json().error.message).toBe('Your current password is not correct.');
      expect((await attempt(user.password, 'short')).json().error.message).toBe(
        'The new password must have at least 10 characters.',
      );
      expect((await attempt(user.password, 'Policy@Example.com')).json().error.message).toBe(
        'The new password must not be your email address.',
      );
      expect((await attempt(user.password, user.password)).json().error.message).toBe(
        'The new password must be different from your current password.',
      );
      expect(
        (await attempt(user.password, 'a-good-new-password', 'a-good-new-passwore')).json().error.message,
      ).toBe('The new password and its confirmation do not match.');
      const check = await as(me, 'POST', '/api/users/validatePassword', {
        newPassword: 'short',
        confirmPassword: 'x',
      });
      expect(check.json()).toMatchObject({
        valid: false,
        errors: [
          { field: 'newPassword', message: 'The new password must have at least 10 characters.' },
          { field: 'confirmPassword', message: 'The new password and its confirmation do not match.' },
        ],
      });
    });

    it('changes the password and ends the user’s other sessions, keeping this one', async () => {
      const user = await newUser('changer@example.com');
      const here = await logIn(sapa.app, user.email, user.password);
      const elsewhere = await logIn(sapa.app, user.email, user.password);
      const response = await as(here, 'POST', '/api/users/changePassword', {
        oldPassword: user.password,
        newPassword: 'correct horse battery',
        confirmPassword: 'correct horse battery',
      });
      expect(response.json()).toMatchObject({ changed: true });
      expect((await as(here, 'GET', '/api/users/me')).statusCode).toBe(200);
      expect((await as(elsewhere, 'GET', '/api/users/me')).statusCode).toBe(401);
      expect((await login(user.email, user.password)).statusCode).toBe(401);
      expect((await login(user.email, 'correct horse battery')).statusCode).toBe(200);
    });
  });

  describe('forgot and reset password', () => {
    const outbox = async (to: string) => (await as(sad, 'GET', `/api/mail/outbox?to=${to}`)).json();
    const tokenOf = (text: string) => /reset-password\?token=([\w-]+)/.exec(text)?.[1] ?? '';

    it('answers the same whether or not the email has an account, and mails a link only to a real one', async () => {
      const known = await inject({ method: 'GET', url: '/api/auth/forgotPassword?email=USR@demo.test' });
      const unknown = await inject({
        method: 'GET',
        url: '/api/auth/forgotPassword?email=nobody@example.com',
      });
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      const mail = await outbox('usr@demo.test');
      expect(mail.items).toHaveLength(1);
      expect(mail.items[0].subject).toBe('Reset your Sapa password');
      expect(mail.items[0].text).toContain('https://portal.example.com/#/reset-password?token=');
      expect((await outbox('nobody@example.com')).items).toHaveLength(0);
      // The sandbox outbox is the super admin's to read.
      expect((await as(adc, 'GET', '/api/mail/outbox')).statusCode).toBe(403);
    });

    it('resets the password once with the mailed link; a reused link fails clearly', async () => {
      const user = await newUser('forgetful@example.com');
      const before = await logIn(sapa.app, user.email, user.password);
      await inject({ method: 'GET', url: `/api/auth/forgotPassword?email=${user.email}` });
      const token = tokenOf((await outbox(user.email)).items[0].text);
      const reset = (newPassword: string) =>
        inject({
          method: 'POST',
          url: '/api/auth/resetPassword',
          payload: { token, newPassword, confirmPassword: newPassword },
        });
      const weak = await reset('forgetful@example.com');
      expect(weak.json().error.message).toBe('The new password must not be your email address.');
      expect((await reset('a brand new secret')).json()).toMatchObject({ reset: true });
      expect((await login(user.email, 'a brand new secret')).statusCode).toBe(200);
      expect((await as(before, 'GET', '/api/users/me')).statusCode).toBe(401);

      const again = await reset('another new secret');
      expect(again.statusCode).toBe(410);
      expect(again.json().error.message).toBe('This reset link was already used. Ask for a new one.');
      const bogus = await inject({
        method: 'POST',
        url: '/api/auth/resetPassword',
        payload: { token: 'made-up', newPassword: 'whatever12345', confirmPassword: 'whatever12345' },
      });
      expect(bogus.json().error.message).toBe('This reset link is not valid. Ask for a new one.');
    });

    it('refuses an expired link clearly', async () => {
      const user = await newUser('late@example.com');
      await inject({ method: 'GET', url: `/api/auth/forgotPassword?email=${user.email}` });
      const token = tokenOf((await outbox(user.email)).items[0].text);
      // 31 minutes later.
      await sapa.database.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(passwordResetTokens.userId, user.userId));
      const response = await inject({
        method: 'POST',
        url: '/api/auth/resetPassword',
        payload: { token, newPassword: 'too late now!', confirmPassword: 'too late now!' },
      });
      expect(response.statusCode).toBe(410);
      expect(response.json().error.message).toBe('This reset link has expired. Ask for a new one.');
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });
  });

  describe('TOTP MFA', () => {
    const nextStepCode = (secret: string, steps = 1) =>
      generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

    it('turns on with a code from the QR secret, then blocks login until a valid code is given', async () => {
      const user = await newUser('mfa@example.com');
      const me = await logIn(sapa.app, user.email, user.password);
      const activation = (await as(me, 'GET', '/api/users/mfa/activate')).json();
      expect(activation.otpauthUri).toBe(
        `otpauth://totp/Sapa:mfa%40example.com?secret=${activation.secret}&issuer=Sapa`,
      );
      const wrong = await as(me, 'POST', '/api/users/mfa/verify', { token: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(errorCode(wrong)).toBe('mfa_code_invalid');
      const badShape = await as(me, 'POST', '/api/users/mfa/verify', { token: '12ab' });
      expect(badShape.json().error.message).toContain('Enter the 6-digit code from your authenticator app');
      const on = await as(me, 'POST', '/api/users/mfa/verify', {
        token: await generate({ secret: activation.secret }),
      });
      expect(on.json()).toMatchObject({ mfaEnabled: true });
      expect((await as(me, 'GET', '/api/users/mfa')).json()).toMatchObject({ mfaEnabled: true });

      const first = await login(user.email, user.password);
      expect(first.statusCode).toBe(200);
      const challenge = first.json();
      expect(challenge).toMatchObject({ mfaRequired: true });
      expect(challenge.token).toBeUndefined();
      expect(challenge.refreshToken).toBeUndefined();

      const second = (token: string, with_ = challenge.challenge) =>
        inject({ method: 'POST', url: '/api/auth/login/mfa', payload: { challenge: with_, token } });
      const badCode = await second('123456');
      expect(badCode.statusCode).toBe(401);
      expect(badCode.json().error.message).toBe(
        'The code is not valid. Enter the current code from your authenticator app.',
      );
      expect(errorCode(await second(await nextStepCode(activation.secret), 'not-a-challenge'))).toBe(
        'mfa_challenge_invalid',
      );
      // The code of the next time step (one step of clock drift is allowed); the one used to verify is spent.
      const code = await nextStepCode(activation.secret);
      const session = await second(code);
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({ email: 'mfa@example.com', role: 'USC' });
      expect(session.json().token).toEqual(expect.any(String));
      expect(session.headers['x-csrf-token']).toEqual(expect.any(String));
      const replay = await second(code);
      expect(replay.statusCode).toBe(401);
    });

    it('pauses the account after repeated wrong codes, like wrong passwords', async () => {
      const user = await newUser('mfa.lock@example.com');
      const me = await logIn(sapa.app, user.email, user.password);
      const { secret } = (await as(me, 'GET', '/api/users/mfa/activate')).json();
      await as(me, 'POST', '/api/users/mfa/verify', { token: await generate({ secret }) });
      const { challenge } = (await login(user.email, user.password)).json();
      const codes = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await inject({
          method: 'POST',
          url: '/api/auth/login/mfa',
          payload: { challenge, token: '000000' },
        });
        codes.push(errorCode(response));
      }
      expect(codes.at(-1)).toBe('too_many_attempts');
      // Shown as locked to administrators (who may unlock), while the pause lasts.
      expect((await as(adc, 'GET', `/api/users/${user.userId}`)).json().status).toBe('locked');
    });

    it('turns off with a current code', async () => {
      const user = await newUser('mfa.off@example.com');
      const me = await logIn(sapa.app, user.email, user.password);
      const { secret } = (await as(me, 'GET', '/api/users/mfa/activate')).json();
      await as(me, 'POST', '/api/users/mfa/verify', { token: await generate({ secret }) });
      expect(errorCode(await as(me, 'GET', '/api/users/mfa/activate'))).toBe('mfa_already_on');
      expect((await as(me, 'POST', '/api/users/mfa/deactivate', { token: '000000' })).statusCode).toBe(400);
      const off = await as(me, 'POST', '/api/users/mfa/deactivate', { token: await nextStepCode(secret) });
      expect(off.json()).toMatchObject({ mfaEnabled: false });
      const plain = await login(user.email, user.password);
      expect(plain.json().token).toEqual(expect.any(String));
      const stored = await sapa.database.db.select().from(users).where(eq(users.id, user.userId));
      expect(stored[0]?.mfaSecret).toBeNull();
    });
  });

  describe('MFA reset by an admin', () => {
    it('lets an admin turn off MFA for a user who lost their authenticator', async () => {
      const user = await newUser('lost.phone@example.com');
      const me = await logIn(sapa.app, user.email, user.password);
      const { secret } = (await as(me, 'GET', '/api/users/mfa/activate')).json();
      await as(me, 'POST', '/api/users/mfa/verify', { token: await generate({ secret }) });
      expect((await as(adc, 'GET', `/api/users/${user.userId}`)).json().mfaEnabled).toBe(true);
      expect((await login(user.email, user.password)).json().mfaRequired).toBe(true);

      const reset = await as(adc, 'PUT', '/api/users/resetMfa', { userId: user.userId });
      expect(reset.json()).toMatchObject({ mfaEnabled: false });
      expect((await login(user.email, user.password)).json().token).toEqual(expect.any(String));
      expect(errorCode(await as(adc, 'PUT', '/api/users/resetMfa', { userId: user.userId }))).toBe(
        'mfa_not_on',
      );
    });
  });

  describe('API secret', () => {
    it('is shown once, kept hashed, and rotating it stops the old one', async () => {
      expect((await as(adc, 'GET', '/api/clients/apiSecret')).json()).toMatchObject({ exists: false });
      const first = (await as(adc, 'POST', '/api/clients/apiSecret')).json();
      expect(first.apiSecret).toMatch(/^sapa_[\w-]{43}$/);
      const status = (await as(adc, 'GET', '/api/clients/apiSecret')).json();
      expect(status).toMatchObject({ exists: true, prefix: first.apiSecret.slice(0, 12) });
      expect(JSON.stringify(status)).not.toContain(first.apiSecret);
      expect((await unsafeFindClientByApiSecret(sapa.database.db, first.apiSecret))?.client.id).toBe(
        adc.session.clientId,
      );

      const second = (await as(adc, 'POST', '/api/clients/apiSecret')).json();
      expect(second.apiSecret).not.toBe(first.apiSecret);
      expect(await unsafeFindClientByApiSecret(sapa.database.db, first.apiSecret)).toBeNull();
      expect((await unsafeFindClientByApiSecret(sapa.database.db, second.apiSecret))?.client.id).toBe(
        adc.session.clientId,
      );

      const adc2 = await logIn(sapa.app, 'adc2@demo.test');
      expect((await as(adc2, 'GET', '/api/clients/apiSecret')).json()).toMatchObject({ exists: false });
      const usc = await logIn(sapa.app, 'usc@demo.test');
      expect((await as(usc, 'POST', '/api/clients/apiSecret')).statusCode).toBe(403);
    });
  });

  describe('profile and consent', () => {
    it('updates my name and records consent with its version', async () => {
      const user = await newUser('profile@example.com');
      const me = await logIn(sapa.app, user.email, user.password);
      const renamed = await as(me, 'PUT', '/api/users/profile', { name: 'Putri Ayu' });
      expect(renamed.json()).toMatchObject({
        name: 'Putri Ayu',
        email: 'profile@example.com',
        mfaEnabled: false,
      });
      expect((await as(me, 'PUT', '/api/users/profile', { name: '' })).json().error.message).toContain(
        'Enter a name',
      );
      const consent = (
        await as(me, 'PUT', '/api/users/consent', { accepted: true, consentVersion: '2026-01' })
      ).json();
      expect(consent.consentVersion).toBe('2026-01');
      expect(Date.parse(consent.consentAcceptedAt)).not.toBeNaN();
      const withdrawn = (await as(me, 'PUT', '/api/users/consent', { accepted: false })).json();
      expect(withdrawn).toMatchObject({ consentAcceptedAt: null, consentVersion: null });
      const audit = (
        await as(adc, 'GET', `/api/audit-trail?entityId=${user.userId}&action=user.consent_withdrawn`)
      ).json();
      expect(audit.total).toBe(1);
    });
  });
});
