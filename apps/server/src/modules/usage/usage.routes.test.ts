import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';

describe('usage signals', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  let usc2: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);

  beforeAll(async () => {
    sapa = await createTestApp();
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
    usc2 = await logIn(sapa.app, 'usc2@demo.test');
  });
  afterAll(async () => sapa?.close());

  it('stores API timings under the session client, whatever clientId the batch names', async () => {
    const posted = await inject({
      method: 'POST',
      url: '/api/metrics/api',
      headers: usc2.headers,
      payload: {
        apis: [
          {
            endpoint: '/api/users/me',
            role: 'USC',
            duration: 12.5,
            status: 200,
            clientId: adc.session.clientId,
          },
          { endpoint: '/api/cs/chatRoom', role: 'USC', duration: 80, status: 500 },
        ],
      },
    });
    expect(posted.json().saved).toBe(2);
    const second = await inject({
      method: 'GET',
      url: `/api/metrics/api?clientId=${usc2.session.clientId}`,
      headers: sad.headers,
    });
    expect(second.json().total).toBe(2);
    expect(
      second
        .json()
        .items.map((item: { endpoint: string }) => item.endpoint)
        .sort(),
    ).toEqual(['/api/cs/chatRoom', '/api/users/me']);
    const demo = await inject({
      method: 'GET',
      url: `/api/metrics/api?clientId=${adc.session.clientId}`,
      headers: sad.headers,
    });
    expect(demo.json().total).toBe(0);
  });

  it('stores page visits and pages through them newest first', async () => {
    for (const pageName of ['dashboard', 'users', 'report']) {
      const response = await inject({
        method: 'POST',
        url: '/api/metrics/page',
        headers: adc.headers,
        payload: { pageName, startTime: 1_700_000_000_000, endTime: 1_700_000_004_000 },
      });
      expect(response.statusCode).toBe(200);
    }
    const page = await inject({
      method: 'GET',
      url: `/api/metrics/page?clientId=${adc.session.clientId}&pageSize=2&pageNumber=0`,
      headers: sad.headers,
    });
    expect(page.json()).toMatchObject({ total: 3, pageSize: 2, pageNumber: 0 });
    expect(page.json().items.map((item: { pageName: string }) => item.pageName)).toEqual(['report', 'users']);
  });

  it('refuses a page visit that ends before it starts', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/metrics/page',
      headers: adc.headers,
      payload: { pageName: 'x', startTime: 10, endTime: 5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('body.endTime: endTime must not be earlier than startTime');
  });

  it('stores activity logs of the spec log types only', async () => {
    const ok = await inject({
      method: 'POST',
      url: '/api/logs',
      headers: adc.headers,
      payload: { type: 'BROWSER_SETTINGS', event: 'locale', result: 'id' },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await inject({
      method: 'POST',
      url: '/api/logs',
      headers: adc.headers,
      payload: { type: 'NOPE', event: 'x', result: 'y' },
    });
    expect(bad.statusCode).toBe(400);
    const logs = await inject({
      method: 'GET',
      url: `/api/logs?type=BROWSER_SETTINGS&clientId=${adc.session.clientId}`,
      headers: sad.headers,
    });
    expect(logs.json().items[0]).toMatchObject({
      event: 'locale',
      result: 'id',
      userId: adc.session.userId,
      userName: adc.session.name,
    });
  });

  it('lets only a super admin read usage', async () => {
    for (const url of ['/api/metrics/api', '/api/metrics/page', '/api/logs']) {
      const response = await inject({ method: 'GET', url, headers: adc.headers });
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe('forbidden');
    }
  });
});
