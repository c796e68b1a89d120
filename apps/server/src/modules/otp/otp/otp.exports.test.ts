import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_SANDBOX } from '../../../test/sandbox-channels.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

let sapa: TestApp;
let adc: LoggedIn;
let adc2: LoggedIn;
let usp: LoggedIn;

const as = (login: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
  sapa.app.inject({ method, url, headers: login.headers, ...(payload ? { payload } : {}) });

async function finished(login: LoggedIn, exportId: string) {
  for (let wait = 0; wait < 100; wait++) {
    const { items } = (await as(login, 'GET', '/api/otp/exports')).json();
    const found = items.find((item: { id: string }) => item.id === exportId);
    if (found?.status === 'done' || found?.status === 'failed') return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export did not finish');
}

beforeAll(async () => {
  sapa = await createTestApp({}, { sandbox: QUICK_SANDBOX });
  await sapa.jobs.start({ work: true });
  [adc, adc2, usp] = await Promise.all([
    logIn(sapa.app, 'adc@demo.test'),
    logIn(sapa.app, 'adc2@demo.test'),
    logIn(sapa.app, 'usp@demo.test'),
  ]);
});
afterAll(async () => {
  await sapa?.close();
});

describe('OTP export', () => {
  it('exports the selected requests as CSV through a job, without any code, to its own client only', async () => {
    for (const destination of ['081270000001', '081270000002']) {
      const sent = await as(usp, 'POST', '/api/otp/request', { destination, channel: 'sms', code: '739155' });
      expect(sent.statusCode).toBe(200);
    }
    const requested = await as(adc, 'POST', '/api/otp/exports', { channel: 'sms', status: 'pending' });
    expect(requested.statusCode).toBe(202);
    const done = await finished(adc, requested.json().id);
    expect(done.status).toBe('done');
    const file = await as(adc, 'GET', `/api/otp/exports/${done.id}/file`);
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toBe(
      'requestId,kind,serviceId,destination,channel,status,attempts,sends,requestedBy,createdAt,expiresAt,approvedAt',
    );
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual(['6281270000002', '6281270000001']);
    expect(file.body).not.toContain('739155');

    // The OTP user sees their own exports only; another client finds none of them.
    expect((await as(usp, 'GET', '/api/otp/exports')).json().items).toEqual([]);
    expect((await as(adc2, 'GET', `/api/otp/exports/${done.id}/file`)).statusCode).toBe(404);
    expect((await as(adc2, 'GET', '/api/otp/exports')).json().items).toEqual([]);
  });

  it('exports bare OTPs and Verify verifications apart, each row saying which it is', async () => {
    const service = await as(adc, 'POST', '/api/verify/services', { name: 'Export test', channels: ['sms'] });
    expect(service.statusCode).toBe(201);
    const verification = await as(adc, 'POST', `/api/verify/services/${service.json().id}/verifications`, {
      to: '081270000009',
      channel: 'sms',
    });
    expect(verification.statusCode).toBe(200);
    const rowsOf = async (filters: object) => {
      const requested = await as(adc, 'POST', '/api/otp/exports', filters);
      expect(requested.statusCode).toBe(202);
      const done = await finished(adc, requested.json().id);
      const body = (await as(adc, 'GET', `/api/otp/exports/${done.id}/file`)).body;
      return body
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','))
        .map((cells) => ({ kind: cells[1], serviceId: cells[2], destination: cells[3] }));
    };
    const verifications = await rowsOf({ kind: 'verify' });
    expect(verifications).toEqual([
      { kind: 'verify', serviceId: service.json().id, destination: '6281270000009' },
    ]);
    const otps = await rowsOf({ kind: 'otp' });
    expect(otps.length).toBeGreaterThanOrEqual(2);
    expect(otps.every((row) => row.kind === 'otp' && row.serviceId === '')).toBe(true);
    const both = await rowsOf({});
    expect(both.length).toBe(otps.length + verifications.length);
    // A kind that is not one is refused, not exported.
    expect((await as(adc, 'POST', '/api/otp/exports', { kind: 'sms' })).statusCode).toBe(400);
  });
});
