import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessChanges } from '../../platform/access-changes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';
import { type ApiKeyCache, createApiKeyCache } from './api-key-cache.js';

let sapa: TestApp;
/** A second app on the same database: another API process. */
let other: TestApp;
let adc: LoggedIn;

async function rotate(login: LoggedIn) {
  const response = await sapa.app.inject({
    method: 'POST',
    url: '/api/clients/apiSecret',
    headers: login.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ apiSecret: string }>().apiSecret;
}

/** A public API call that needs nothing but a good secret: an unknown request id answers 404 once authenticated. */
const call = (app: TestApp, secret: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/otp/verify',
    headers: { authorization: `Bearer ${secret}` },
    payload: { requestId: '01900000-0000-7000-8000-000000000000', code: '123456' },
  });
const outcome = async (app: TestApp, secret: string) => {
  const answer = await call(app, secret);
  return [answer.statusCode, errorCode(answer)];
};
const ACCEPTED = [404, 'otp_request_not_found'];
const REFUSED = [401, 'api_key_invalid'];

async function eventually(check: () => Promise<boolean>, withinMs: number) {
  const until = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

beforeAll(async () => {
  sapa = await createTestApp();
  other = await createTestApp({}, { database: sapa.database });
  adc = await logIn(sapa.app, 'adc@demo.test');
});
afterAll(async () => {
  await other?.close();
  await sapa?.close();
});

describe('API secret resolution cache', () => {
  it('refuses a rotated secret on the very next call, in this process and soon in another', async () => {
    const old = await rotate(adc);
    // Both processes have resolved (and keep) the secret.
    expect(await outcome(sapa, old)).toEqual(ACCEPTED);
    expect(await outcome(other, old)).toEqual(ACCEPTED);
    const fresh = await rotate(adc);
    expect(await outcome(sapa, old)).toEqual(REFUSED);
    expect(await outcome(sapa, fresh)).toEqual(ACCEPTED);
    // The other process hears the change through NOTIFY, well within a second.
    expect(await eventually(async () => (await call(other, old)).statusCode === 401, 1_000)).toBe(true);
    expect(await outcome(other, fresh)).toEqual(ACCEPTED);
  });

  it('refuses the secret of a client a super admin deactivates on the very next call', async () => {
    // The second demo client: the super admin's own client stays active.
    const adc2 = await logIn(sapa.app, 'adc2@demo.test');
    const secret = await rotate(adc2);
    const clientId = adc2.session.clientId;
    const sad = await logIn(sapa.app, 'sad@demo.test');
    const put = (action: string) =>
      sapa.app.inject({ method: 'PUT', url: `/api/clients/${clientId}/${action}`, headers: sad.headers });
    expect(await outcome(sapa, secret)).toEqual(ACCEPTED);
    expect((await put('deactivate')).statusCode).toBe(200);
    expect(await outcome(sapa, secret)).toEqual(REFUSED);
    expect((await put('activate')).statusCode).toBe(200);
    expect(await outcome(sapa, secret)).toEqual(ACCEPTED);
  });

  it('hears a change written by anyone else (a job, a script, another process) within a second', async () => {
    const secret = await rotate(adc);
    const clientId = adc.session.clientId;
    const db = other.database.db;
    const within = (expected: unknown[]) =>
      eventually(async () => JSON.stringify(await outcome(sapa, secret)) === JSON.stringify(expected), 1_000);
    expect(await outcome(sapa, secret)).toEqual(ACCEPTED);
    await db.execute(sql`update clients set features = features & ~2 where id = ${clientId}`);
    expect(await within([403, 'feature_disabled'])).toBe(true);
    await db.execute(sql`update clients set features = features | 2 where id = ${clientId}`);
    expect(await within(ACCEPTED)).toBe(true);

    await db.execute(
      sql`insert into subscriptions (client_id, is_trial, expired_at) values (${clientId}, true, 1000)
          on conflict (client_id) do update set is_trial = true, expired_at = 1000`,
    );
    expect(await within([403, 'trial_expired'])).toBe(true);
    await db.execute(sql`delete from subscriptions where client_id = ${clientId}`);
    expect(await within(ACCEPTED)).toBe(true);

    await db.execute(sql`update client_api_secrets set revoked_at = now() where client_id = ${clientId}`);
    expect(await within(REFUSED)).toBe(true);
  });

  describe('on its own', () => {
    let now = 1_000_000;
    let cache: ApiKeyCache;
    let secret: string;
    const changes = () => createAccessChanges(sapa.database.listen);
    let heard: ReturnType<typeof changes>;
    beforeAll(async () => {
      secret = await rotate(adc);
      heard = changes();
      cache = createApiKeyCache({ db: sapa.database.db, changes: heard, ttlMs: 5_000, now: () => now });
      await heard.start();
    });
    afterAll(async () => {
      cache.stop();
      await heard.stop();
    });

    it('answers a kept resolution for its few seconds, then looks the secret up again', async () => {
      const first = await cache.resolve(secret);
      expect(first).toMatchObject({
        kind: 'apiKey',
        clientId: adc.session.clientId,
        keyId: secret.slice(0, 12),
      });
      expect(await cache.resolve(secret)).toBe(first);
      now += 5_001;
      const second = await cache.resolve(secret);
      expect(second).toEqual(first);
      expect(second).not.toBe(first);
    });

    it('keeps no wrong secret and drops a client’s entries when told', async () => {
      expect(await cache.resolve('sapa_wrong')).toBeNull();
      expect(cache.size()).toBe(1);
      cache.invalidateClient(adc.session.clientId);
      expect(cache.size()).toBe(0);
    });

    it('does not keep a resolution that a change overtook while it was being looked up', async () => {
      const resolving = cache.resolve(secret);
      cache.invalidateClient(adc.session.clientId);
      expect(await resolving).not.toBeNull();
      expect(cache.size()).toBe(0);
    });
  });
});
