import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessChanges } from '../../platform/access-changes.js';
import { deriveKeys } from '../../platform/secrets.js';
import {
  createTestApp,
  errorCode,
  type LoggedIn,
  logIn,
  TEST_SECRET,
  type TestApp,
} from '../../test/test-app.js';
import { signAccessToken } from './access-token.js';
import { createSessionCache, type SessionCache } from './session-cache.js';

// Decision 0049: a verified session is kept for at most a second, and every revocation drops it at
// once — in the process that made it on the very next request, in another process within a second.

let sapa: TestApp;
/** A second app on the same database: another API process. */
let other: TestApp;
let adc: LoggedIn;
let sad: LoggedIn;

const call = (app: TestApp, options: InjectOptions) => app.app.inject(options);
const put = (app: TestApp, who: LoggedIn, url: string, payload: object) =>
  call(app, { method: 'PUT', url, headers: who.headers, payload });
const post = (app: TestApp, who: LoggedIn, url: string, payload: object = {}) =>
  call(app, { method: 'POST', url, headers: who.headers, payload });
const get = (app: TestApp, who: LoggedIn, url: string) =>
  call(app, { method: 'GET', url, headers: who.headers });
const meStatus = async (app: TestApp, who: LoggedIn) => (await get(app, who, '/api/users/me')).statusCode;

/** Polls until `check` holds, at most `withinMs`: a bound, not a fixed sleep. */
async function eventually(check: () => Promise<boolean>, withinMs = 1_000) {
  const until = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

let created = 0;
/** A fresh user of the demo client, logged in on `sapa`, and their session already kept by both apps. */
async function freshUser(role = 'USC') {
  created++;
  const email = `kept${created}@example.com`;
  const response = await post(sapa, adc, '/api/users', { name: `Kept ${created}`, email, role });
  expect(response.statusCode).toBe(200);
  const { user, temporaryPassword } = response.json<{
    user: { userId: string };
    temporaryPassword: string;
  }>();
  const login = await logIn(sapa.app, email, temporaryPassword);
  expect(await meStatus(sapa, login)).toBe(200);
  expect(await meStatus(other, login)).toBe(200);
  return { userId: user.userId, email, password: temporaryPassword, login };
}

beforeAll(async () => {
  sapa = await createTestApp();
  other = await createTestApp({}, { database: sapa.database });
  adc = await logIn(sapa.app, 'adc@demo.test');
  sad = await logIn(sapa.app, 'sad@demo.test');
});
afterAll(async () => {
  await other?.close();
  await sapa?.close();
});

describe('revocation with kept sessions, in the process that made it: the very next request', () => {
  it('logout', async () => {
    const { login } = await freshUser();
    expect((await post(sapa, login, '/api/auth/logout')).statusCode).toBe(200);
    const next = await get(sapa, login, '/api/users/me');
    expect([next.statusCode, errorCode(next)]).toEqual([401, 'unauthorized']);
  });

  it('deactivation and setting pending (a lockout by an administrator)', async () => {
    const first = await freshUser();
    expect((await put(sapa, adc, '/api/users/deactivate', { userId: first.userId })).statusCode).toBe(200);
    expect(await meStatus(sapa, first.login)).toBe(401);
    const second = await freshUser();
    expect((await put(sapa, adc, '/api/users/pending', { userId: second.userId })).statusCode).toBe(200);
    expect(await meStatus(sapa, second.login)).toBe(401);
  });

  it('a password change ends the user’s other sessions', async () => {
    const user = await freshUser();
    const elsewhere = await logIn(sapa.app, user.email, user.password);
    expect(await meStatus(sapa, elsewhere)).toBe(200);
    const newPassword = 'Kept#Password-2026';
    const change = await post(sapa, user.login, '/api/users/changePassword', {
      oldPassword: user.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(change.statusCode).toBe(200);
    expect(await meStatus(sapa, elsewhere)).toBe(401);
    expect(await meStatus(sapa, user.login)).toBe(200);
  });

  it('a role change applies to the next request', async () => {
    const user = await freshUser('USC');
    expect((await get(sapa, user.login, '/api/users')).statusCode).toBe(403);
    const edit = await put(sapa, adc, `/api/users/${user.userId}`, {
      name: 'Kept Admin',
      email: user.email,
      role: 'ADU',
    });
    expect(edit.json()).toMatchObject({ outcome: 'updated' });
    expect((await get(sapa, user.login, '/api/users')).statusCode).toBe(200);
    expect((await get(sapa, user.login, '/api/users/me')).json()).toMatchObject({
      role: 'ADU',
      name: 'Kept Admin',
    });
  });

  it('a client switch: the same token now acts for the other client', async () => {
    const admin = await logIn(sapa.app, 'sad@demo.test');
    const me = (await get(sapa, admin, '/api/users/me')).json<{ clientId: string }>();
    const target = admin.session.clientIds.find((id) => id !== me.clientId)!;
    expect(target).toBeDefined();
    expect((await put(sapa, admin, '/api/users/ownClientId', { clientId: target })).statusCode).toBe(200);
    expect((await get(sapa, admin, '/api/users/me')).json()).toMatchObject({ clientId: target });
  });

  it('a client deactivated, and active again', async () => {
    const adc2 = await logIn(sapa.app, 'adc2@demo.test');
    const clientId = adc2.session.clientId;
    expect(await meStatus(sapa, adc2)).toBe(200);
    expect((await put(sapa, sad, `/api/clients/${clientId}/deactivate`, {})).statusCode).toBe(200);
    expect(await meStatus(sapa, adc2)).toBe(401);
    expect((await put(sapa, sad, `/api/clients/${clientId}/activate`, {})).statusCode).toBe(200);
    expect(await meStatus(sapa, adc2)).toBe(200);
  });
});

describe('revocation with kept sessions, from another process or writer: within a second', () => {
  it('a logout on one app is refused on the other', async () => {
    const { login } = await freshUser();
    expect((await post(sapa, login, '/api/auth/logout')).statusCode).toBe(200);
    expect(await eventually(async () => (await meStatus(other, login)) === 401)).toBe(true);
  });

  it('a deactivation on one app is refused on the other', async () => {
    const user = await freshUser();
    expect((await put(sapa, adc, '/api/users/deactivate', { userId: user.userId })).statusCode).toBe(200);
    expect(await eventually(async () => (await meStatus(other, user.login)) === 401)).toBe(true);
  });

  it('changes written straight to the database (a job, a script): lockout and features', async () => {
    const user = await freshUser();
    const db = other.database.db;
    await db.execute(sql`update users set status = 'locked' where id = ${user.userId}`);
    expect(await eventually(async () => (await meStatus(sapa, user.login)) === 401)).toBe(true);
    expect(await eventually(async () => (await meStatus(other, user.login)) === 401)).toBe(true);

    // The demo client's features, as `/me` reports them.
    const clientId = adc.session.clientId;
    const features = async () =>
      (await get(sapa, adc, '/api/users/me')).json<{ features: string[] }>().features;
    const before = await features();
    const { rows } = await db.execute<{ features: number }>(
      sql`select features from clients where id = ${clientId}`,
    );
    await db.execute(sql`update clients set features = 0 where id = ${clientId}`);
    expect(await eventually(async () => (await features()).length === 0)).toBe(true);
    await db.execute(sql`update clients set features = ${rows[0]!.features} where id = ${clientId}`);
    expect(await eventually(async () => (await features()).length === before.length)).toBe(true);
  });
});

describe('the session cache on its own', () => {
  let now = 1_000_000;
  let cache: SessionCache;
  const changes = () => createAccessChanges(sapa.database.listen);
  let heard: ReturnType<typeof changes>;
  beforeAll(async () => {
    heard = changes();
    cache = createSessionCache({
      db: sapa.database.db,
      keys: deriveKeys(TEST_SECRET),
      changes: heard,
      now: () => now,
    });
  });
  afterAll(async () => {
    cache.stop();
    await heard.stop();
  });

  it('keeps nothing until changes are heard', async () => {
    expect(await cache.resolve(adc.session.token)).toMatchObject({ userId: adc.session.userId });
    expect(cache.size()).toBe(0);
    await heard.start();
  });

  it('answers a kept session for at most a second, then verifies it again', async () => {
    const first = await cache.resolve(adc.session.token);
    expect(first).toMatchObject({ userId: adc.session.userId, clientId: adc.session.clientId });
    expect(await cache.resolve(adc.session.token)).toBe(first);
    now += 1_001;
    const second = await cache.resolve(adc.session.token);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
  });

  it('keeps no wrong token, and drops the entries a change concerns', async () => {
    expect(await cache.resolve('not.a.token')).toBeNull();
    expect(cache.size()).toBe(1);
    cache.forget({ kind: 'apiKey', id: adc.session.clientId });
    cache.forget({ kind: 'user', id: sad.session.userId });
    cache.forget({ kind: 'session', id: sad.session.userId });
    expect(cache.size()).toBe(1);
    cache.forget({ kind: 'user', id: adc.session.userId });
    expect(cache.size()).toBe(0);
    await cache.resolve(adc.session.token);
    cache.forget({ kind: 'client', id: adc.session.clientId });
    expect(cache.size()).toBe(0);
  });

  it('does not keep a session that a change overtook while it was being verified', async () => {
    const resolving = cache.resolve(adc.session.token);
    cache.forget({ kind: 'user', id: adc.session.userId });
    expect(await resolving).not.toBeNull();
    expect(cache.size()).toBe(0);
  });

  it('lets concurrent requests of one token share one lookup (decision 0066)', async () => {
    cache.forget({ kind: 'user', id: adc.session.userId });
    const first = cache.resolve(adc.session.token);
    const second = cache.resolve(adc.session.token);
    expect(second).toBe(first);
    const session = await first;
    expect(session).toMatchObject({ userId: adc.session.userId });
    expect(await cache.resolve(adc.session.token)).toBe(session);
  });

  it('never lets a request made after a change join a lookup that started before it', async () => {
    cache.forget({ kind: 'user', id: adc.session.userId });
    const before = cache.resolve(adc.session.token);
    cache.forget({ kind: 'session', id: sessionIdOf(adc) });
    const after = cache.resolve(adc.session.token);
    expect(after).not.toBe(before);
    const [old, fresh] = await Promise.all([before, after]);
    expect(fresh).not.toBe(old);
    // Only the lookup that no change overtook is kept.
    expect(await cache.resolve(adc.session.token)).toBe(fresh);
  });

  it('never answers a kept session past its token’s expiry', async () => {
    const keys = deriveKeys(TEST_SECRET);
    const long = createSessionCache({
      db: sapa.database.db,
      keys,
      changes: heard,
      ttlMs: 60_000,
      now: () => now,
    });
    const real = Date.now();
    now = real;
    const { token, expiresAt } = await signAccessToken(
      keys.jwt,
      { userId: adc.session.userId, sessionId: sessionIdOf(adc), homeClientId: adc.session.clientId },
      2,
      real,
    );
    const first = await long.resolve(token);
    expect(first).not.toBeNull();
    expect(await long.resolve(token)).toBe(first);
    now = expiresAt + 1;
    expect(await long.resolve(token)).not.toBe(first);
    long.stop();
  });
});

/** The session id an access token names. */
function sessionIdOf(login: LoggedIn): string {
  const payload = JSON.parse(Buffer.from(login.session.token.split('.')[1]!, 'base64url').toString());
  return payload.sid as string;
}
