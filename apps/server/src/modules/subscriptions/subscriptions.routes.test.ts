import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPolicyPlugin } from '../../platform/access-policy.js';
import { errorsPlugin } from '../../platform/errors.js';
import { access } from '../../platform/request-context.js';
import { deriveKeys } from '../../platform/secrets.js';
import {
  createTestApp,
  errorCode,
  type LoggedIn,
  logIn,
  TEST_SECRET,
  type TestApp,
} from '../../test/test-app.js';
import { resolveSession } from '../identity/index.js';

const DAY = 24 * 60 * 60 * 1000;

describe('subscriptions', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  let adc2: LoggedIn;

  beforeAll(async () => {
    sapa = await createTestApp();
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
  });
  afterAll(async () => sapa?.close());

  const getMine = (who: LoggedIn, clientId?: string) =>
    sapa.app.inject({
      method: 'GET',
      url: `/api/cs/subscriptions/me${clientId ? `?clientId=${clientId}` : ''}`,
      headers: who.headers,
    });
  const write = (method: 'POST' | 'PUT', who: LoggedIn, payload: unknown) =>
    sapa.app.inject({
      method,
      url: '/api/cs/subscriptions',
      headers: who.headers,
      payload: payload as object,
    });

  it('answers a client without a subscription as not on a trial and never expiring', async () => {
    const response = await getMine(adc);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      clientId: adc.session.clientId,
      isTrial: false,
      expiredAt: -1,
      chatRole: null,
    });
  });

  it("lets a super admin create and change another client's subscription, which that client then sees", async () => {
    const expiredAt = Date.now() + 30 * DAY;
    const created = await write('POST', sad, {
      clientId: adc2.session.clientId,
      isTrial: true,
      expiredAt,
      chatRole: 'CS',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      clientId: adc2.session.clientId,
      isTrial: true,
      expiredAt,
      chatRole: 'CS',
    });

    const again = await write('POST', sad, { clientId: adc2.session.clientId, isTrial: false });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('subscription_exists');

    const changed = await write('PUT', sad, { clientId: adc2.session.clientId, expiredAt: -1 });
    expect(changed.json()).toMatchObject({ isTrial: true, expiredAt: -1, chatRole: 'CS' });

    expect((await getMine(adc2)).json()).toMatchObject({ isTrial: true, expiredAt: -1 });
    expect((await getMine(sad, adc2.session.clientId)).json()).toMatchObject({
      isTrial: true,
      expiredAt: -1,
    });
  });

  it('explains what is wrong with an invalid subscription', async () => {
    const badExpiry = await write('POST', sad, {
      clientId: adc.session.clientId,
      isTrial: true,
      expiredAt: -5,
    });
    expect(badExpiry.statusCode).toBe(400);
    expect(badExpiry.json().error.message).toBe(
      'body.expiredAt: expiredAt must be epoch milliseconds, or -1 for never',
    );

    const badClient = await write('POST', sad, { clientId: 'acme', isTrial: true });
    expect(badClient.json().error.message).toBe('body.clientId: clientId must be the id of a client');

    const nothing = await write('PUT', sad, { clientId: adc.session.clientId });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toBe(
      'body: Name at least one of isTrial, expiredAt or chatRole to change',
    );

    const missing = await write('PUT', sad, { clientId: adc.session.clientId, isTrial: true });
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing)).toBe('subscription_not_found');

    const unknownClient = await write('POST', sad, {
      clientId: '01900000-0000-7000-8000-000000000000',
      isTrial: true,
    });
    expect(unknownClient.statusCode).toBe(404);
    expect(errorCode(unknownClient)).toBe('client_not_found');
  });

  it("answers 404 to anyone but a super admin who asks for another client's subscription", async () => {
    const response = await getMine(adc, adc2.session.clientId);
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe('subscription_not_found');
    const other = await getMine(adc2, adc.session.clientId);
    expect(other.statusCode, other.body).toBe(404);
    expect((await getMine(adc, adc.session.clientId)).statusCode).toBe(200);
  });

  it('lets only a super admin create or change subscriptions', async () => {
    const created = await write('POST', adc, { clientId: adc.session.clientId, isTrial: false });
    expect(created.statusCode).toBe(403);
    const changed = await write('PUT', adc2, { clientId: adc2.session.clientId, expiredAt: -1 });
    expect(changed.statusCode).toBe(403);
    expect((await getMine(adc2)).json().expiredAt).toBe(-1);
  });
});

describe('trial expiry on feature routes', () => {
  let sapa: TestApp;
  let probe: ReturnType<typeof Fastify>;
  let sad: LoggedIn;
  let adc2: LoggedIn;

  beforeAll(async () => {
    sapa = await createTestApp();
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
    // A feature route and a plain one behind the real access policy and the real session lookup.
    const keys = deriveKeys(TEST_SECRET);
    probe = Fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    await probe.register(errorsPlugin);
    await probe.register(accessPolicyPlugin, {
      resolveSession: (token: string) => resolveSession({ db: sapa.database.db, keys }, token),
      csrfKey: keys.csrf,
    });
    probe.get('/otp', { config: { access: access.feature('OTP') } }, async () => ({ ok: true }));
    probe.get('/plain', { config: { access: access.authenticated() } }, async () => ({ ok: true }));
    await probe.ready();
  });
  afterAll(async () => {
    await probe?.close();
    await sapa?.close();
  });

  const call = (url: string) => probe.inject({ method: 'GET', url, headers: adc2.headers });
  const setSubscription = (method: 'POST' | 'PUT', payload: object) =>
    sapa.app.inject({ method, url: '/api/cs/subscriptions', headers: sad.headers, payload });

  it('opens feature routes to a client without a subscription', async () => {
    expect((await call('/otp')).statusCode).toBe(200);
  });

  it('refuses feature routes with trial_expired once the trial is over, and opens them again when renewed', async () => {
    const expiredAt = Date.UTC(2026, 0, 31, 12);
    await setSubscription('POST', { clientId: adc2.session.clientId, isTrial: true, expiredAt });

    const refused = await call('/otp');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'trial_expired',
      message:
        'The trial of this client expired on 2026-01-31. Ask your administrator to renew the subscription.',
    });
    expect((await call('/plain')).statusCode).toBe(200);
    // The trial page itself still loads.
    const own = await sapa.app.inject({
      method: 'GET',
      url: '/api/cs/subscriptions/me',
      headers: adc2.headers,
    });
    expect(own.json()).toMatchObject({ isTrial: true, expiredAt });

    await setSubscription('PUT', { clientId: adc2.session.clientId, expiredAt: Date.now() + DAY });
    expect((await call('/otp')).statusCode).toBe(200);

    await setSubscription('PUT', { clientId: adc2.session.clientId, expiredAt: -1 });
    expect((await call('/otp')).statusCode).toBe(200);

    await setSubscription('PUT', { clientId: adc2.session.clientId, isTrial: false, expiredAt });
    expect((await call('/otp')).statusCode).toBe(200);
  });
});
