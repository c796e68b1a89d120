import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const TOKEN = 'metrics-scrape-token-0123456789abcdef';

describe('/metrics without a metrics token', () => {
  let sapa: TestApp;
  beforeAll(async () => {
    sapa = await createTestApp();
  });
  afterAll(async () => sapa?.close());

  it('answers a scraper on this machine', async () => {
    const response = await sapa.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('process_cpu_user_seconds_total');
    const v6 = await sapa.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(v6.statusCode).toBe(200);
  });

  it('refuses anyone else, and a request forwarded by a proxy on this machine', async () => {
    const outside = await sapa.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.code).toBe('metrics_local_only');
    expect(outside.body).not.toContain('process_cpu_user_seconds_total');
    const lan = await sapa.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(lan.statusCode).toBe(403);
    const proxied = await sapa.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
  });
});

describe('/metrics with METRICS_TOKEN set', () => {
  let sapa: TestApp;
  beforeAll(async () => {
    sapa = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => sapa?.close());

  it('answers a scraper with the bearer token from anywhere', async () => {
    const response = await sapa.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('refuses a missing or wrong token, even from this machine', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: 'Bearer nope' }]) {
      const response = await sapa.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('metrics_token_invalid');
    }
  });
});
