import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';
import { users } from './identity.tables.js';

// Counts every argon2 verification, so the tests can see that each login path spends one (issue 11, defect 10).
const argon = vi.hoisted(() => ({ verifies: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verifies++;
      return real.verify(...args);
    },
  };
});

/** Issue 11, defect 10: brute force and enumeration of logins, second factors and reset mails. */
describe('brute force and enumeration', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const as = (who: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
    inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const login = (username: string, password: string) =>
    inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const userRow = async (email: string) =>
    (await sapa.database.db.select().from(users).where(eq(users.email, email)))[0]!;
  /** Lets the pause run out without waiting for it. */
  const endPause = (email: string) =>
    sapa.database.db
      .update(users)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.email, email));
  const secondsLeft = (until: Date | null) => Math.round(((until?.getTime() ?? 0) - Date.now()) / 1000);

  async function newUser(email: string) {
    const created = (
      await as(adc, 'POST', '/api/users', { name: 'Brute Force Target', email, role: 'USC' })
    ).json();
    return { email, password: created.temporaryPassword as string, userId: created.user.userId as string };
  }

  beforeAll(async () => {
    sapa = await createTestApp({
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      PASSWORD_RESET_REQUESTS_PER_HOUR: '1000',
    });
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
  });
  afterAll(async () => sapa?.close());

  describe('login pause', () => {
    it('pauses the account for a minute after five failures, keeping its sessions, and never locks it', async () => {
      const user = await newUser('paused@example.com');
      const own = await logIn(sapa.app, user.email, user.password);
      const attempts = [];
      for (let attempt = 0; attempt < 5; attempt++) attempts.push(await login(user.email, 'wrong'));
      expect(attempts.map((response) => response.statusCode)).toEqual(Array(5).fill(401));
      expect(attempts.map(errorCode)).toEqual(Array(5).fill('invalid_credentials'));

      const row = await userRow(user.email);
      expect(row.status).toBe('active');
      expect(secondsLeft(row.lockedUntil)).toBeGreaterThan(55);
      expect(secondsLeft(row.lockedUntil)).toBeLessThanOrEqual(60);
      // During the pause even the right password is refused, with the same answer.
      const right = await login(user.email, user.password);
      expect(right.statusCode).toBe(401);
      expect(errorCode(right)).toBe('invalid_credentials');
      // A stranger guessing does not log the owner out.
      expect((await as(own, 'GET', '/api/users/me')).statusCode).toBe(200);

      await endPause(user.email);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
      const reset = await userRow(user.email);
      expect(reset.failedLoginCount).toBe(0);
      expect(reset.lockedUntil).toBeNull();
    });

    it('doubles the pause with each further round of failures, up to an hour', async () => {
      const user = await newUser('doubling@example.com');
      const pauses = [];
      for (let round = 0; round < 8; round++) {
        for (let attempt = 0; attempt < 5; attempt++) await login(user.email, 'wrong');
        pauses.push(secondsLeft((await userRow(user.email)).lockedUntil));
        await endPause(user.email);
      }
      expect(pauses.map((seconds) => Math.round(seconds / 60))).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    });

    it('does not count guesses made during the pause', async () => {
      const user = await newUser('during@example.com');
      for (let attempt = 0; attempt < 25; attempt++) await login(user.email, 'wrong');
      const row = await userRow(user.email);
      expect(row.failedLoginCount).toBe(5);
      expect(secondsLeft(row.lockedUntil)).toBeLessThanOrEqual(60);
    });
  });

  describe('no enumeration', () => {
    it('answers an unknown user, a wrong password and a paused account alike, each after one hash check', async () => {
      const user = await newUser('alike@example.com');
      const verifiesOf = async (username: string, password: string) => {
        const before = argon.verifies;
        const response = await login(username, password);
        return { response, verifies: argon.verifies - before };
      };
      const unknown = await verifiesOf('nobody.here@example.com', 'wrong');
      const wrong = await verifiesOf(user.email, 'wrong');
      for (let attempt = 0; attempt < 4; attempt++) await login(user.email, 'wrong');
      const paused = await verifiesOf(user.email, 'wrong');
      const pausedRight = await verifiesOf(user.email, user.password);
      for (const each of [unknown, wrong, paused, pausedRight]) {
        expect(each.response.statusCode).toBe(401);
        expect(each.response.json()).toEqual(unknown.response.json());
        expect(each.verifies).toBe(1);
      }
      expect(unknown.response.json()).toEqual({
        error: { code: 'invalid_credentials', message: 'Invalid username or password' },
      });
    });
  });

  describe('second factor and password change', () => {
    const nextStepCode = (secret: string, steps = 1) =>
      generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

    async function withMfa(email: string) {
      const user = await newUser(email);
      const me = await logIn(sapa.app, user.email, user.password);
      const { secret } = (await as(me, 'GET', '/api/users/mfa/activate')).json();
      await as(me, 'POST', '/api/users/mfa/verify', { token: await generate({ secret }) });
      return { ...user, me, secret: secret as string };
    }

    it('refuses the right code to turn MFA off after 25 wrong ones', async () => {
      const user = await withMfa('mfa.off.brute@example.com');
      const codes = [];
      for (let attempt = 0; attempt < 25; attempt++)
        codes.push(await as(user.me, 'POST', '/api/users/mfa/deactivate', { token: '000000' }));
      expect(codes.slice(0, 4).map(errorCode)).toEqual(Array(4).fill('mfa_code_invalid'));
      expect(codes.slice(4).map((response) => response.statusCode)).toEqual(Array(21).fill(429));
      expect(errorCode(codes[24]!)).toBe('too_many_attempts');
      const right = await as(user.me, 'POST', '/api/users/mfa/deactivate', {
        token: await nextStepCode(user.secret),
      });
      expect(right.statusCode).toBe(429);
      expect(errorCode(right)).toBe('too_many_attempts');
      expect((await userRow(user.email)).mfaEnabled).toBe(true);
    });

    it('refuses the right code at the MFA login step after 25 wrong ones', async () => {
      const user = await withMfa('mfa.step.brute@example.com');
      const { challenge } = (await login(user.email, user.password)).json();
      const step = (token: string) =>
        inject({ method: 'POST', url: '/api/auth/login/mfa', payload: { challenge, token } });
      const codes = [];
      for (let attempt = 0; attempt < 25; attempt++) codes.push(await step('000000'));
      expect(codes.slice(0, 4).map(errorCode)).toEqual(Array(4).fill('mfa_code_invalid'));
      expect(codes.slice(4).map(errorCode)).toEqual(Array(21).fill('too_many_attempts'));
      const right = await step(await nextStepCode(user.secret));
      expect(right.statusCode).toBe(429);
      expect((await userRow(user.email)).status).toBe('active');
    });

    it('refuses the right old password to change it after 25 wrong ones', async () => {
      const user = await newUser('change.brute@example.com');
      const me = await logIn(sapa.app, user.email, user.password);
      const change = (oldPassword: string) =>
        as(me, 'POST', '/api/users/changePassword', {
          oldPassword,
          newPassword: 'a-brand-new-password',
          confirmPassword: 'a-brand-new-password',
        });
      const answers = [];
      for (let attempt = 0; attempt < 25; attempt++) answers.push(await change('not-it'));
      expect(answers.slice(0, 4).map(errorCode)).toEqual(Array(4).fill('wrong_password'));
      expect(answers.slice(4).map(errorCode)).toEqual(Array(21).fill('too_many_attempts'));
      const right = await change(user.password);
      expect(right.statusCode).toBe(429);
      await endPause(user.email);
      expect((await change(user.password)).statusCode).toBe(200);
    });
  });

  describe('forgot password', () => {
    const outbox = async (to: string) =>
      (await as(sad, 'GET', `/api/mail/outbox?to=${to}&pageSize=100`)).json().items as unknown[];

    it('sends at most three mails an hour to one address, answering every request alike', async () => {
      const user = await newUser('flooded@example.com');
      const answers = await Promise.all(
        Array.from({ length: 60 }, () =>
          inject({ method: 'GET', url: `/api/auth/forgotPassword?email=${user.email}` }),
        ),
      );
      expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(await outbox(user.email)).toHaveLength(3);
    });
  });
});

describe('forgot password from one source', () => {
  let sapa: TestApp;
  beforeAll(async () => {
    sapa = await createTestApp({ PASSWORD_RESET_REQUESTS_PER_HOUR: '20' });
  });
  afterAll(async () => sapa?.close());

  it('answers 429 after 20 requests an hour from one address, and not to another address', async () => {
    const ask = (email: string, remoteAddress: string) =>
      sapa.app.inject({ method: 'GET', url: `/api/auth/forgotPassword?email=${email}`, remoteAddress });
    const answers = [];
    for (let attempt = 0; attempt < 21; attempt++)
      answers.push(await ask(`someone${attempt}@example.com`, '203.0.113.7'));
    expect(answers.slice(0, 20).map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(answers[20]!.statusCode).toBe(429);
    expect((await ask('someone@example.com', '203.0.113.8')).statusCode).toBe(200);
  });
});
