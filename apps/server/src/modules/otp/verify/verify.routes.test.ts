import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_SANDBOX, settleAll } from '../../../test/sandbox-channels.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

let now = Date.parse('2026-11-26T05:00:00Z');
let sapa: TestApp;
let adc: LoggedIn;
let adc2: LoggedIn;
let secret: string;
let secret2: string;
let serviceId: string;

const api = (key: string, url: string, payload: object) =>
  sapa.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${key}` }, payload });
const as = (login: LoggedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  sapa.app.inject({ method, url, headers: login.headers, ...(payload ? { payload } : {}) });
const start = (payload: object, key = secret, id = serviceId) =>
  api(key, `/api/v1/verify/${id}/verifications`, payload);
const check = (payload: object, key = secret, id = serviceId) =>
  api(key, `/api/v1/verify/${id}/verification-check`, payload);

async function lastSms(recipient: string) {
  await settleAll(sapa);
  // What the sandbox SMSC received: the ledger keeps the message redacted (decision 0048).
  const { rows } = sapa.sandbox.received.list(
    adc.session.clientId,
    { channel: 'sms', recipient },
    { limit: 1, offset: 0 },
  );
  return (rows[0]!.content as { text: string }).text;
}

beforeAll(async () => {
  sapa = await createTestApp({}, { sandbox: QUICK_SANDBOX, clock: () => new Date(now) });
  [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
  // The second client gets Verify too, to prove it still cannot reach the first client's services.
  await sapa.database.db.execute(
    sql`update clients set features = features | 1024 where id = ${adc2.session.clientId}`,
  );
  for (const login of [adc, adc2]) {
    const response = await as(login, 'POST', '/api/clients/apiSecret');
    if (login === adc) secret = response.json().apiSecret;
    else secret2 = response.json().apiSecret;
  }
});
afterAll(async () => {
  await sapa?.close();
});

describe('Verify services and verifications', () => {
  it('creates, lists, renames and refuses a second service of the same name', async () => {
    const created = await as(adc, 'POST', '/api/verify/services', {
      name: 'Acme',
      codeLength: 8,
      channels: ['sms', 'voice'],
    });
    expect(created.statusCode).toBe(201);
    serviceId = created.json().id;
    expect(created.json()).toMatchObject({
      name: 'Acme',
      codeLength: 8,
      channels: ['sms', 'voice'],
      locale: 'en',
    });
    const twin = await as(adc, 'POST', '/api/verify/services', { name: 'Acme', channels: ['sms'] });
    expect([twin.statusCode, errorCode(twin)]).toEqual([409, 'verify_service_name_taken']);
    const other = (
      await as(adc, 'POST', '/api/verify/services', { name: 'Other', channels: ['email'] })
    ).json();
    expect(
      (await as(adc, 'PUT', `/api/verify/services/${other.id}`, { name: 'Acme', channels: ['sms'] }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await as(adc, 'PUT', `/api/verify/services/${other.id}`, {
          name: 'Shop',
          channels: ['email'],
          locale: 'id',
        })
      ).json(),
    ).toMatchObject({ name: 'Shop', locale: 'id' });
    expect(
      (await as(adc, 'GET', '/api/verify/services')).json().items.map((s: { name: string }) => s.name),
    ).toEqual(['Acme', 'Shop']);
    expect((await as(adc, 'DELETE', `/api/verify/services/${other.id}`)).statusCode).toBe(200);
    expect((await as(adc, 'DELETE', `/api/verify/services/${other.id}`)).statusCode).toBe(404);
  });

  it("keeps each client's services apart: another client's service id answers 404", async () => {
    expect((await as(adc2, 'GET', '/api/verify/services')).json().items).toEqual([]);
    expect(
      (await as(adc2, 'PUT', `/api/verify/services/${serviceId}`, { name: 'X', channels: ['sms'] }))
        .statusCode,
    ).toBe(404);
    expect((await as(adc2, 'DELETE', `/api/verify/services/${serviceId}`)).statusCode).toBe(404);
    const foreign = await start({ to: '081260000001', channel: 'sms' }, secret2);
    expect([foreign.statusCode, errorCode(foreign)]).toEqual([404, 'verify_service_not_found']);
    expect((await start({ to: '081260000001', channel: 'sms' }, secret, 'not-a-service')).statusCode).toBe(
      404,
    );
  });

  it('sends the service’s code and message, and approves it once, checked by destination', async () => {
    const started = await start({ to: '081260000002', channel: 'sms' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      serviceId,
      to: '6281260000002',
      channel: 'sms',
      status: 'pending',
      valid: false,
      attemptsLeft: 5,
    });
    const text = await lastSms('6281260000002');
    expect(text).toMatch(/^Your Acme verification code is \d{8}\./);
    const code = /(\d{8})/.exec(text)![1]!;
    expect((await check({ to: '081260000002', code: '00000000' })).json()).toMatchObject({
      status: 'pending',
      valid: false,
      attemptsLeft: 4,
    });
    const approved = await check({ to: '+62 812 6000 0002', code });
    expect(approved.json()).toMatchObject({
      requestId: started.json().requestId,
      status: 'approved',
      valid: true,
    });
    expect((await check({ requestId: started.json().requestId, code })).statusCode).toBe(409);
    // The bare OTP API does not check a service's verification.
    expect(
      (await api(secret, '/api/v1/otp/verify', { requestId: started.json().requestId, code })).statusCode,
    ).toBe(404);
  });

  it('writes the message in the language asked, refuses a channel the service does not use, and answers its statuses', async () => {
    await start({ to: '081260000003', channel: 'sms', locale: 'id' });
    expect(await lastSms('6281260000003')).toMatch(/^Kode verifikasi Acme Anda: \d{8}\./);
    const email = await start({ to: 'a@example.com', channel: 'email' });
    expect([email.statusCode, errorCode(email)]).toEqual([400, 'channel_not_enabled']);

    const { requestId } = (await start({ to: '081260000004', channel: 'sms' })).json();
    for (let wrong = 0; wrong < 5; wrong++) await check({ requestId, code: '1' });
    const locked = await check({ requestId, code: '1' });
    expect([locked.statusCode, errorCode(locked)]).toEqual([429, 'max_attempts_reached']);

    const late = (await start({ to: '081260000005', channel: 'sms' })).json();
    const code = /(\d{8})/.exec(await lastSms('6281260000005'))![1]!;
    now += 601_000;
    expect((await check({ requestId: late.requestId, code })).json()).toMatchObject({
      status: 'expired',
      valid: false,
    });
    expect((await check({ to: '081260000009', code })).statusCode).toBe(404);
    const neither = await check({ code });
    expect(neither.statusCode).toBe(400);
  });

  it('fails a verification that no channel could deliver (a bare OTP stays pending: decision 0072)', async () => {
    const clientId = adc.session.clientId;
    // Every message of this client is accepted, then reported undelivered.
    sapa.sandbox.setFailureRates(clientId, { submit: 0, delivery: 1 });
    try {
      const { requestId } = (await start({ to: '081260000021', channel: 'sms' })).json();
      await settleAll(sapa);
      expect((await check({ requestId, code: '00000000' })).json()).toMatchObject({
        status: 'failed',
        valid: false,
      });
    } finally {
      sapa.sandbox.setFailureRates(clientId, null);
    }
  });

  it('lists and counts verifications apart from bare OTPs (the Verify screens)', async () => {
    await api(secret, '/api/v1/otp/request', { destination: '081260000020', channel: 'sms' });
    const verifications = (await as(adc, 'GET', '/api/otp/requests?kind=verify&pageSize=100')).json();
    expect(verifications.items.length).toBeGreaterThan(0);
    expect(
      verifications.items.every((item: { serviceId: string | null }) => item.serviceId === serviceId),
    ).toBe(true);
    const bare = (await as(adc, 'GET', '/api/otp/requests?kind=otp')).json();
    expect(bare.items.map((item: { destination: string }) => item.destination)).toEqual(['6281260000020']);
    const from = new Date(now - 86_400_000).toISOString();
    const to = new Date(now + 1000).toISOString();
    const summary = (await as(adc, 'GET', `/api/otp/summary?kind=otp&from=${from}&to=${to}`)).json();
    expect(summary).toMatchObject({ requested: 1, sent: 1, verified: 0 });
    const verify = (await as(adc, 'GET', `/api/otp/summary?kind=verify&from=${from}&to=${to}`)).json();
    expect(verify.requested).toBe(verifications.total);
    expect(verify.verified).toBe(1);
  });

  it('answers 403 to a client without Verify', async () => {
    await sapa.database.db.execute(
      sql`update clients set features = features & ~1024 where id = ${adc2.session.clientId}`,
    );
    // Written outside the app's routes: its API key cache hears it through NOTIFY (decision 0031).
    const until = Date.now() + 1_000;
    while (
      (await check({ code: '123456', requestId: '01900000-0000-7000-8000-000000000000' }, secret2))
        .statusCode !== 403 &&
      Date.now() < until
    )
      await new Promise((resolve) => setTimeout(resolve, 10));
    const off = await start({ to: '081260000001', channel: 'sms' }, secret2);
    expect([off.statusCode, errorCode(off)]).toEqual([403, 'feature_disabled']);
  });
});
