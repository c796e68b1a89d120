import { constants, createHmac, createPublicKey, publicEncrypt } from 'node:crypto';
import { integrityPayload, type Session } from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../platform/secrets.js';
import { createTestApp, errorCode, logIn, TEST_SECRET, type TestApp } from '../../test/test-app.js';
import { signAccessToken } from './access-token.js';
import { authSessions, users } from './identity.tables.js';

function verifyHash(body: Record<string, unknown>, integrityKey: string): boolean {
  const expected = createHmac('sha256', integrityKey).update(integrityPayload(body)).digest('hex');
  return body.hash === expected;
}

describe('identity', () => {
  let sapa: TestApp;
  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(async () => sapa?.close());

  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const setUserStatus = (email: string, status: 'active' | 'deactivated' | 'pending' | 'locked') =>
    sapa.database.db.update(users).set({ status, failedLoginCount: 0 }).where(eq(users.email, email));

  describe('login', () => {
    it('answers the session state of the spec with a CSRF token and a verifiable hash', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'adc@demo.test', password: 'Demo#2026' },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<Session & { hash: string }>();
      expect(body).toMatchObject({
        role: 'ADC',
        email: 'adc@demo.test',
        name: 'Demo ADC',
        mainFeature: 'CS',
        chatRole: null,
        csId: null,
        status: 'offline',
        package: null,
      });
      expect(body.features).toHaveLength(12);
      expect(body.clientIds).toEqual([body.clientId]);
      expect(body.clientInfo).toMatchObject({
        clientName: 'Demo Client',
        timezone: 'Asia/Jakarta',
        countryCode: 'ID',
        countryPhone: '62',
        chatbotDashboard: true,
      });
      expect(JSON.parse(body.clientInfo.logTypes)).toContain('LOGIN');
      expect(body.token.split('.')).toHaveLength(3);
      expect(body.refreshToken.length).toBeGreaterThanOrEqual(43);
      expect(body.expiryTime).toBeGreaterThan(Date.now());
      expect(body.sessionExpiryTime - Date.now()).toBeGreaterThan(179 * 86_400_000);
      expect(body.sessionExpiryTime - Date.now()).toBeLessThanOrEqual(180 * 86_400_000);
      expect(response.headers['x-csrf-token']).toEqual(expect.any(String));
      expect(verifyHash(body, body.integrityKey)).toBe(true);
    });

    it('accepts a password encrypted with the published RSA-OAEP-256 key', async () => {
      const key = await inject({ method: 'GET', url: '/api/auth/publicKey' });
      expect(key.json().algorithm).toBe('RSA-OAEP-256');
      const encryptedPassword = publicEncrypt(
        {
          key: createPublicKey({
            key: Buffer.from(key.json().publicKey, 'base64'),
            format: 'der',
            type: 'spki',
          }),
          padding: constants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: 'sha256',
        },
        Buffer.from('Demo#2026'),
      ).toString('base64');
      const response = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'USR@demo.test', encryptedPassword },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().role).toBe('USR');
    });

    it('refuses an encrypted password that is not a ciphertext of the key', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {
          username: 'usr@demo.test',
          encryptedPassword: Buffer.from('Demo#2026').toString('base64'),
        },
      });
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('invalid_encrypted_password');
    });

    it('gives one generic message for an unknown user and for a wrong password', async () => {
      const unknown = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'ghost@demo.test', password: 'Demo#2026' },
      });
      const wrong = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'usp@demo.test', password: 'nope' },
      });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json().error.message).toBe('Invalid username or password');
      await setUserStatus('usp@demo.test', 'active');
    });

    it('asks for a password when none is sent', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'adc@demo.test' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('body.password: Enter your password');
    });

    it('pauses a user after five failed logins, answering like any wrong password (decision 0016)', async () => {
      const victim = await logIn(sapa.app, 'usv@demo.test');
      const attempts = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        attempts.push(
          await inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { username: 'usv@demo.test', password: 'bad' },
          }),
        );
      }
      expect(attempts.map(errorCode)).toEqual(Array(5).fill('invalid_credentials'));

      const correct = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'usv@demo.test', password: 'Demo#2026' },
      });
      expect(errorCode(correct)).toBe('invalid_credentials');
      // A pause does not end the sessions the user already had: a stranger cannot log them out.
      const me = await inject({ method: 'GET', url: '/api/users/me', headers: victim.headers });
      expect(me.statusCode).toBe(200);

      await sapa.database.db
        .update(users)
        .set({ lockedUntil: null, failedLoginCount: 0 })
        .where(eq(users.email, 'usv@demo.test'));
      await expect(logIn(sapa.app, 'usv@demo.test')).resolves.toBeDefined();
    });

    it('counts failures from zero again after a successful login', async () => {
      for (let attempt = 0; attempt < 4; attempt++) {
        await inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'adb@demo.test', password: 'bad' },
        });
      }
      await logIn(sapa.app, 'adb@demo.test');
      const next = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'adb@demo.test', password: 'bad' },
      });
      expect(errorCode(next)).toBe('invalid_credentials');
      await setUserStatus('adb@demo.test', 'active');
    });

    it('tells deactivated and pending users why they cannot log in', async () => {
      await setUserStatus('use@demo.test', 'deactivated');
      const deactivated = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'use@demo.test', password: 'Demo#2026' },
      });
      expect(errorCode(deactivated)).toBe('account_deactivated');
      await setUserStatus('use@demo.test', 'pending');
      const pending = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'use@demo.test', password: 'Demo#2026' },
      });
      expect(errorCode(pending)).toBe('account_pending');
      await setUserStatus('use@demo.test', 'active');
    });

    it('records successful and failed logins in the LOGIN log', async () => {
      const sad = await logIn(sapa.app, 'sad@demo.test');
      const logs = await inject({
        method: 'GET',
        url: '/api/logs?type=LOGIN&pageSize=100',
        headers: sad.headers,
      });
      const results = logs.json().items.map((item: { result: string }) => item.result);
      expect(results).toContain('success');
      expect(results).toContain('failed');
      expect(results).toContain('paused');
    });
  });

  describe('session', () => {
    it('answers the logged-in user on /api/users/me with the integrity hash', async () => {
      const { session, headers } = await logIn(sapa.app, 'usc@demo.test');
      const response = await inject({ method: 'GET', url: '/api/users/me', headers });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ email: 'usc@demo.test', role: 'USC', chatRole: 'CS', status: 'active' });
      expect(body.clientInfo.clientName).toBe('Demo Client');
      expect(verifyHash(body, session.integrityKey)).toBe(true);
      // A hash made with any other key does not match.
      expect(verifyHash(body, `${session.integrityKey}x`)).toBe(false);
      expect(verifyHash({ ...body, name: 'Someone else' }, session.integrityKey)).toBe(false);
    });

    it('answers /me again and again to two sessions of one user, each signed with its own key (decision 0066)', async () => {
      const first = await logIn(sapa.app, 'usc@demo.test');
      const second = await logIn(sapa.app, 'usc@demo.test');
      const bodies: string[] = [];
      for (let round = 0; round < 3; round++) {
        for (const { session, headers, csrfToken } of [first, second]) {
          const response = await inject({ method: 'GET', url: '/api/users/me', headers });
          expect(response.statusCode).toBe(200);
          expect(response.headers['x-csrf-token']).toBe(csrfToken);
          const body = response.json();
          expect(body).toMatchObject({ email: 'usc@demo.test', role: 'USC' });
          expect(verifyHash(body, session.integrityKey)).toBe(true);
          bodies.push(JSON.stringify({ ...body, hash: undefined }));
        }
      }
      // The same person: the same answer, apart from its hash.
      expect(new Set(bodies).size).toBe(1);
    });

    it('refuses calls without a token, with a forged token and with an expired token', async () => {
      const none = await inject({ method: 'GET', url: '/api/users/me' });
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('unauthorized');

      const { session } = await logIn(sapa.app, 'adc@demo.test');
      const [header, payload] = session.token.split('.');
      const forged = await inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${header}.${payload}.c2lnbmF0dXJl` },
      });
      expect(forged.statusCode).toBe(401);

      const me = await inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${session.token}` },
      });
      const expired = await signAccessToken(
        deriveKeys(TEST_SECRET).jwt,
        { userId: session.userId, sessionId: 'unused', homeClientId: me.json().homeClientId },
        60,
        Date.now() - 3_600_000,
      );
      const late = await inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${expired.token}` },
      });
      expect(late.statusCode).toBe(401);
    });

    it('requires the CSRF token on unsafe calls', async () => {
      const { session, csrfToken } = await logIn(sapa.app, 'adu@demo.test');
      const bearer = { authorization: `Bearer ${session.token}` };
      const without = await inject({ method: 'POST', url: '/api/auth/logout', headers: bearer });
      expect(without.statusCode).toBe(403);
      expect(errorCode(without)).toBe('csrf_invalid');
      const wrong = await inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...bearer, 'x-csrf-token': `${csrfToken.slice(0, -2)}xx` },
      });
      expect(errorCode(wrong)).toBe('csrf_invalid');
      const me = await inject({ method: 'GET', url: '/api/users/me', headers: bearer });
      expect(me.headers['x-csrf-token']).toBe(csrfToken);
      const right = await inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...bearer, 'x-csrf-token': csrfToken },
      });
      expect(right.statusCode).toBe(200);
    });

    it('ends the session at logout: its access and refresh tokens stop working', async () => {
      const { session, headers } = await logIn(sapa.app, 'uso@demo.test');
      expect((await inject({ method: 'POST', url: '/api/auth/logout', headers })).json().loggedOut).toBe(
        true,
      );
      expect((await inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(401);
      const refresh = await inject({
        method: 'POST',
        url: '/api/auth/refreshAccessToken',
        payload: { refreshToken: session.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
    });
  });

  describe('refresh tokens', () => {
    const refresh = (refreshToken: string) =>
      inject({ method: 'POST', url: '/api/auth/refreshAccessToken', payload: { refreshToken } });

    it('rotate on every use and keep the same session keys', async () => {
      const first = await logIn(sapa.app, 'usp@demo.test');
      const response = await refresh(first.session.refreshToken);
      expect(response.statusCode).toBe(200);
      const second = response.json<Session & { hash: string }>();
      expect(second.refreshToken).not.toBe(first.session.refreshToken);
      expect(second.token).not.toBe(first.session.token);
      expect(second.integrityKey).toBe(first.session.integrityKey);
      expect(response.headers['x-csrf-token']).toBe(first.csrfToken);
      expect(verifyHash(second, second.integrityKey)).toBe(true);
      const me = await inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${second.token}` },
      });
      expect(me.statusCode).toBe(200);
      expect((await refresh(second.refreshToken)).statusCode).toBe(200);
    });

    it('revoke the whole family when a rotated token is used again', async () => {
      const first = await logIn(sapa.app, 'usr@demo.test');
      const rotated = (await refresh(first.session.refreshToken)).json<Session>();
      const replay = await refresh(first.session.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(errorCode(replay)).toBe('refresh_token_reused');
      // The thief's and the owner's tokens are both dead now.
      expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
      const me = await inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${rotated.token}` },
      });
      expect(me.statusCode).toBe(401);
    });

    it('let only one of two concurrent refreshes with the same token win', async () => {
      const first = await logIn(sapa.app, 'adc2@demo.test');
      const results = await Promise.all([
        refresh(first.session.refreshToken),
        refresh(first.session.refreshToken),
      ]);
      expect(results.map((result) => result.statusCode).sort()).toEqual([200, 401]);
    });

    it('stop working once the session passes its 180-day limit', async () => {
      const first = await logIn(sapa.app, 'usc2@demo.test');
      await sapa.database.db
        .update(authSessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(and(eq(authSessions.userId, first.session.userId)));
      const response = await refresh(first.session.refreshToken);
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('session_expired');
      const me = await inject({ method: 'GET', url: '/api/users/me', headers: first.headers });
      expect(me.statusCode).toBe(401);
    });

    it('refuse an unknown token', async () => {
      const response = await refresh('not-a-token');
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('session_expired');
    });
  });
});
