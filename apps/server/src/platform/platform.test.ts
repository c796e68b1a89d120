import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logIn, type TestApp } from '../test/test-app.js';
import { accessPolicyPlugin } from './access-policy.js';

describe('platform', () => {
  let sapa: TestApp;
  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '8' });
  });
  afterAll(async () => sapa?.close());

  it('answers health, readiness and Prometheus metrics without a login', async () => {
    const health = await sapa.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await sapa.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
    const metrics = await sapa.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('sapa_http_requests_total{method="GET",route="/healthz",status="200"}');
    expect(metrics.body).toContain('process_cpu_user_seconds_total');
  });

  it('sends security headers and a request id on every response', async () => {
    const response = await sapa.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with the error shape', async () => {
    const response = await sapa.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'route_not_found', message: 'No route GET /api/nothing-here' },
    });
  });

  it('answers malformed JSON with a clear 400 and keeps serving', async () => {
    const response = await sapa.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "adc@demo.test", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'malformed_json',
      message: 'The request body is not valid JSON',
    });
  });

  it('answers fields of the wrong type with the field and the reason', async () => {
    const response = await sapa.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 42, password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(/^body\.username: /);
    expect(error.details[0].path).toBe('body.username');
  });

  it('refuses to start when a route declares no access rule', async () => {
    const bare = Fastify();
    await bare.register(accessPolicyPlugin, {
      resolveSession: async () => null,
      hasRight: async () => false,
      csrfKey: Buffer.alloc(32),
    });
    bare.get('/api/ruled', { config: { access: { kind: 'public' } } }, async () => ({ ok: true }));
    bare.get('/api/forgotten', async () => ({ ok: true }));
    await expect(bare.ready()).rejects.toThrow('Routes without an access rule: GET /api/forgotten');
  });

  it("sets the caller as the request's actor, and none on a public route", async () => {
    const session = {
      userId: 'u-1',
      sessionId: 's-1',
      homeClientId: 'c-home',
      clientId: 'c-1',
      role: 'USV',
      name: 'Sup',
      email: 'sup@example.com',
      chatRole: 'SPV',
      csId: 'cs-1',
      features: 4,
      mainFeature: 'CS',
    } as const;
    const bare = Fastify();
    await bare.register(accessPolicyPlugin, {
      resolveSession: async (token) => (token === 'good' ? session : null),
      hasRight: async () => true,
      csrfKey: Buffer.alloc(32),
    });
    bare.get('/api/me', { config: { access: { kind: 'authenticated' } } }, async (request) => request.ctx);
    bare.get('/api/open', { config: { access: { kind: 'public' } } }, async (request) => request.ctx);
    const me = await bare.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: 'Bearer good' },
    });
    expect(me.json().session).toBeUndefined();
    expect(me.json().actor).toEqual({
      kind: 'user',
      clientId: 'c-1',
      homeClientId: 'c-home',
      sessionId: 's-1',
      userId: 'u-1',
      role: 'USV',
      chatRole: 'SPV',
      csId: 'cs-1',
      email: 'sup@example.com',
      name: 'Sup',
      features: 4,
    });
    const open = await bare.inject({ method: 'GET', url: '/api/open' });
    expect(open.json()).toMatchObject({ actor: null });
    await bare.close();
  });

  it("admits the public API's caller by API secret only: no session, no CSRF, the rule's feature", async () => {
    const key = {
      kind: 'apiKey',
      clientId: 'c-1',
      keyId: 'sapa_abc',
      features: 16,
      subscription: null,
    } as const;
    const session = {
      userId: 'u-1',
      sessionId: 's-1',
      homeClientId: 'c-1',
      clientId: 'c-1',
      role: 'ADC',
      name: 'Admin',
      email: 'adc@example.com',
      chatRole: null,
      csId: null,
      features: -1,
      mainFeature: null,
    } as const;
    const bare = Fastify();
    bare.setErrorHandler((error: { statusCode?: number; code?: string }, _request, reply) =>
      reply.status(error.statusCode ?? 500).send({ code: error.code }),
    );
    await bare.register(accessPolicyPlugin, {
      resolveSession: async (token) => (token === 'session' ? session : null),
      resolveApiKey: async (secret) => (secret === 'sapa_secret' ? key : null),
      hasRight: async () => true,
      csrfKey: Buffer.alloc(32),
    });
    bare.post('/api/v1/things', { config: { access: { kind: 'apiKey' } } }, async (request) => request.ctx);
    bare.post('/api/v1/sms', { config: { access: { kind: 'apiKey', feature: 'SMS' } } }, async () => ({}));
    bare.post('/api/v1/otp', { config: { access: { kind: 'apiKey', feature: 'OTP' } } }, async () => ({}));
    const call = (url: string, authorization?: string) =>
      bare.inject({ method: 'POST', url, ...(authorization ? { headers: { authorization } } : {}) });
    const admitted = await call('/api/v1/things', 'Bearer sapa_secret');
    expect(admitted.statusCode).toBe(200);
    expect(admitted.json()).toMatchObject({ actor: null, apiKey: key });
    for (const authorization of [undefined, 'Bearer wrong', 'Bearer session', 'Basic sapa_secret']) {
      const refused = await call('/api/v1/things', authorization);
      expect([refused.statusCode, refused.json().code]).toEqual([401, 'api_key_invalid']);
    }
    expect((await call('/api/v1/sms', 'Bearer sapa_secret')).statusCode).toBe(200);
    const off = await call('/api/v1/otp', 'Bearer sapa_secret');
    expect([off.statusCode, off.json().code]).toEqual([403, 'feature_disabled']);
    await bare.close();
  });

  it('rate-limits login attempts per address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await sapa.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.9',
        payload: { username: 'nobody@demo.test', password: 'wrong' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(8);
    expect(statuses.slice(8)).toEqual([429, 429]);
    // Another address is not affected.
    await expect(logIn(sapa.app, 'adc@demo.test')).resolves.toBeDefined();
  });
});
