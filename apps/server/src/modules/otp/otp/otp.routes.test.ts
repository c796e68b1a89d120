import type { OtpSettings } from '@sapa/contracts';
import { DEFAULT_OTP_SETTINGS } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.js';
import { QUICK_SANDBOX, settleAll } from '../../../test/sandbox-channels.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import type { MessageChannel } from '../../messaging/index.js';
import { codeDigest, codeMatches } from './otp-code.js';

let now = Date.parse('2026-11-26T03:00:00Z');
const advance = (seconds: number) => {
  now += seconds * 1000;
};
const logLines: string[] = [];
let sapa: TestApp;
let adc: LoggedIn;
let adc2: LoggedIn;
let secret: string;
let secret2: string;
let whatsappFails = true;

/** A WhatsApp provider that refuses every message for good: the fallback's first step fails. */
const failingWhatsapp: MessageChannel = {
  async send() {
    if (whatsappFails) throw new AppError(400, 'invalid_recipient', 'The number is not on WhatsApp');
    return { providerMessageId: `wamid.${Math.random()}` };
  },
};

async function apiSecretOf(login: LoggedIn) {
  const response = await sapa.app.inject({
    method: 'POST',
    url: '/api/clients/apiSecret',
    headers: login.headers,
  });
  return response.json<{ apiSecret: string }>().apiSecret;
}

const api = (key: string, url: string, payload: object) =>
  sapa.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${key}` }, payload });
const requestOtp = (payload: object, key = secret) => api(key, '/api/v1/otp/request', payload);
const verifyOtp = (payload: object, key = secret) => api(key, '/api/v1/otp/verify', payload);
const as = (login: LoggedIn, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  sapa.app.inject({ method, url, headers: login.headers, ...(payload ? { payload } : {}) });

async function setSettings(login: LoggedIn, settings: Partial<OtpSettings>) {
  const response = await as(login, 'PUT', '/api/otp/settings', { ...DEFAULT_OTP_SETTINGS, ...settings });
  expect(response.statusCode).toBe(200);
}

/** The code as the provider received it (the sandbox's own record, not the ledger): the newest message to that recipient. */
async function receivedCode(
  clientId: string,
  recipient: string,
  channel: 'sms' | 'whatsapp' | 'voice' = 'sms',
) {
  await settleAll(sapa);
  const { rows } = sapa.sandbox.received.list(clientId, { channel, recipient }, { limit: 1, offset: 0 });
  const content = rows[0]!.content as { text?: string; parameters?: string[]; script?: string };
  return content.parameters?.[0] ?? /(\d{4,10})/.exec(content.text ?? content.script ?? '')![1]!;
}

/** Calls until the answer has the status (a change heard through NOTIFY), for at most a second. */
async function heard(call: () => Promise<LightMyRequestResponse>, status: number) {
  const until = Date.now() + 1_000;
  let answer = await call();
  while (answer.statusCode !== status && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    answer = await call();
  }
  return answer;
}

/** Every send, report and the fallback steps they started, until nothing more happens. */
async function settleOtp() {
  for (let round = 0; round < 4; round++) {
    await settleAll(sapa);
    await sapa.otp.settle();
  }
}

const retryAfter = (response: LightMyRequestResponse) => ({
  header: Number(response.headers['retry-after']),
  body: response.json<{ error: { retryAfterSeconds: number } }>().error.retryAfterSeconds,
});

beforeAll(async () => {
  sapa = await createTestApp(
    { LOG_LEVEL: 'trace' },
    { sandbox: QUICK_SANDBOX, clock: () => new Date(now), channels: { whatsapp: failingWhatsapp } },
  );
  // Every log line of the app and its requests, to prove no code is ever written there.
  (sapa.app.log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write: (line: string) => logLines.push(line),
  };
  [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
  [secret, secret2] = await Promise.all([apiSecretOf(adc), apiSecretOf(adc2)]);
});
afterAll(async () => {
  await sapa?.close();
});

describe('OTP public API', () => {
  it('sends a code through the channel and approves it once: a second check of the same code is refused', async () => {
    const requested = await requestOtp({ destination: '0812 1000 0001', channel: 'sms' });
    expect(requested.statusCode).toBe(200);
    const { requestId, status, expiresAt } = requested.json();
    expect(status).toBe('pending');
    expect(Date.parse(expiresAt) - now).toBe(600_000);
    const code = await receivedCode(adc.session.clientId, '6281210000001');
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await verifyOtp({ requestId, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.json()).toEqual({ requestId, status: 'pending', valid: false, attemptsLeft: 4 });
    const right = await verifyOtp({ requestId, code });
    expect(right.json()).toEqual({ requestId, status: 'approved', valid: true, attemptsLeft: 3 });
    const again = await verifyOtp({ requestId, code });
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'otp_already_approved']);
  });

  it('approves a code once when several checks of it arrive at the same time', async () => {
    const { requestId } = (
      await requestOtp({ destination: '081210000009', channel: 'sms', code: '662211' })
    ).json();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => verifyOtp({ requestId, code: '662211' })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 200)!.json()).toMatchObject({
      status: 'approved',
      valid: true,
    });
  });

  it('uses the tenant’s template and code, and ends the request after five wrong checks (429 on the next)', async () => {
    const requested = await requestOtp({
      destination: '+62 812 1000 0002',
      channel: 'sms',
      code: '4729',
      template: 'Acme: {{code}} is your login code',
    });
    const { requestId } = requested.json();
    await settleAll(sapa);
    const { rows } = sapa.sandbox.received.list(
      adc.session.clientId,
      { channel: 'sms', recipient: '6281210000002' },
      { limit: 1, offset: 0 },
    );
    expect((rows[0]!.content as { text: string }).text).toBe('Acme: 4729 is your login code');
    const answers = [];
    for (let check = 0; check < 5; check++)
      answers.push((await verifyOtp({ requestId, code: '0000' })).json());
    expect(answers.map((answer) => [answer.status, answer.attemptsLeft])).toEqual([
      ['pending', 4],
      ['pending', 3],
      ['pending', 2],
      ['pending', 1],
      ['max_attempts_reached', 0],
    ]);
    const after = await verifyOtp({ requestId, code: '4729' });
    expect([after.statusCode, errorCode(after)]).toEqual([429, 'max_attempts_reached']);
  });

  it('resends the same code while it is valid, and refuses a sixth send in ten minutes with when to retry', async () => {
    const destination = '081210000003';
    const first = (await requestOtp({ destination, channel: 'sms' })).json();
    const code = await receivedCode(adc.session.clientId, '6281210000003');
    for (let send = 2; send <= 5; send++) {
      advance(30);
      const again = (await requestOtp({ destination, channel: 'sms' })).json();
      expect(again.requestId).toBe(first.requestId);
      expect(await receivedCode(adc.session.clientId, '6281210000003')).toBe(code);
    }
    const refused = await requestOtp({ destination, channel: 'sms' });
    expect([refused.statusCode, errorCode(refused)]).toEqual([429, 'too_many_sends']);
    // The first send (120 s ago) leaves the 10-minute window in 480 s.
    expect(retryAfter(refused)).toEqual({ header: 480, body: 480 });
    expect((await verifyOtp({ requestId: first.requestId, code })).json().status).toBe('approved');
    advance(481);
    const next = (await requestOtp({ destination, channel: 'sms' })).json();
    expect(next.requestId).not.toBe(first.requestId);
  });

  it('reads the send limit and window from the stored settings, and the defaults when the schema refuses them', async () => {
    const clientId = adc2.session.clientId;
    const sendTo = (destination: string) => requestOtp({ destination, channel: 'sms' }, secret2);
    await setSettings(adc2, { sendsPerWindow: 2, windowSeconds: 120 });
    expect((await sendTo('081230000001')).statusCode).toBe(200);
    advance(30);
    expect((await sendTo('081230000001')).statusCode).toBe(200);
    const refused = await sendTo('081230000001');
    expect([refused.statusCode, errorCode(refused)]).toEqual([429, 'too_many_sends']);
    // The first send (30 s ago) leaves the 2-minute window in 90 s.
    expect(retryAfter(refused)).toEqual({ header: 90, body: 90 });
    // A stored window over the schema's maximum (written outside the portal) is refused: the default
    // 10 minutes applies, so sends 200 s apart never reach the limit.
    const stored = JSON.stringify({ ...DEFAULT_OTP_SETTINGS, windowSeconds: 100_000 });
    await sapa.database.db.execute(
      sql`update otp_settings set settings = ${stored}::jsonb where client_id = ${clientId}`,
    );
    try {
      for (let send = 1; send <= DEFAULT_OTP_SETTINGS.sendsPerWindow + 1; send++) {
        expect((await sendTo('081230000002')).statusCode).toBe(200);
        advance(200);
      }
    } finally {
      await setSettings(adc2, {});
    }
  });

  it('expires a code after its validity (a fake clock moves past it)', async () => {
    const { requestId } = (
      await requestOtp({ destination: '081210000004', channel: 'sms', validitySeconds: 60 })
    ).json();
    const code = await receivedCode(adc.session.clientId, '6281210000004');
    advance(61);
    expect((await verifyOtp({ requestId, code })).json()).toMatchObject({ status: 'expired', valid: false });
    const detail = await as(adc, 'GET', `/api/otp/requests/${requestId}`);
    expect(detail.json()).toMatchObject({ status: 'expired', checks: [] });
  });

  it('reads a national number in the client’s country, not Indonesia’s, as soon as the country changes', async () => {
    const clientId = adc2.session.clientId;
    // Not a number in Indonesia: refused, while the API key (and the country it carries) is kept.
    const malaysian = () => requestOtp({ destination: '012-345 6789', channel: 'sms' }, secret2);
    expect(errorCode(await malaysian())).toBe('invalid_destination');
    await sapa.database.db.execute(sql`update clients set country_code = 'MY' where id = ${clientId}`);
    try {
      // The kept key is dropped when the change is heard (NOTIFY, decision 0071): then read in Malaysia.
      const requested = await heard(malaysian, 200);
      expect(requested.statusCode).toBe(200);
      const code = await receivedCode(clientId, '60123456789');
      expect(code).toMatch(/^\d{6}$/);
      const { requestId } = requested.json();
      expect((await verifyOtp({ requestId, code }, secret2)).json()).toMatchObject({ status: 'approved' });
    } finally {
      await sapa.database.db.execute(sql`update clients set country_code = 'ID' where id = ${clientId}`);
      expect((await heard(malaysian, 400)).statusCode).toBe(400);
    }
  });

  it("answers 404 for another client's request id, an unknown one and a malformed one; 400 for a NUL byte", async () => {
    const { requestId } = (await requestOtp({ destination: '081210000005', channel: 'sms' })).json();
    const code = await receivedCode(adc.session.clientId, '6281210000005');
    for (const [key, id] of [
      [secret2, requestId],
      [secret, '01900000-0000-7000-8000-000000000000'],
      [secret, 'not-an-id'],
    ] as const) {
      const answer = await verifyOtp({ requestId: id, code }, key);
      expect([answer.statusCode, errorCode(answer)]).toEqual([404, 'otp_request_not_found']);
    }
    expect((await verifyOtp({ requestId: 'x\u0000', code })).statusCode).toBe(400);
    expect((await as(adc2, 'GET', `/api/otp/requests/${requestId}`)).statusCode).toBe(404);
    // The owner still can.
    expect((await verifyOtp({ requestId, code })).json().status).toBe('approved');
  });

  it('refuses a wrong API secret (401), a client without OTP (403) and a destination that is not a number (400)', async () => {
    expect((await requestOtp({ destination: '081210000006', channel: 'sms' }, 'sapa_wrong')).statusCode).toBe(
      401,
    );
    expect((await requestOtp({ destination: '12', channel: 'sms' })).statusCode).toBe(400);
    expect((await requestOtp({ destination: '081210000006', channel: 'fax' })).statusCode).toBe(400);
    expect(
      (await requestOtp({ destination: '081210000006', channel: 'sms', codeLength: 11 })).statusCode,
    ).toBe(400);
    const clientId = adc2.session.clientId;
    await sapa.database.db.execute(sql`update clients set features = features & ~2 where id = ${clientId}`);
    // A change written outside the app's routes reaches its API key cache through NOTIFY (decision 0031).
    const unknownRequest = { requestId: '01900000-0000-7000-8000-000000000000', code: '1' };
    await heard(() => verifyOtp(unknownRequest, secret2), 403);
    const off = await requestOtp({ destination: '081210000006', channel: 'sms' }, secret2);
    expect([off.statusCode, errorCode(off)]).toEqual([403, 'feature_disabled']);
    await sapa.database.db.execute(sql`update clients set features = features | 2 where id = ${clientId}`);
    await heard(() => verifyOtp(unknownRequest, secret2), 404);
  });

  it('stops at the client’s daily cap and says when the next UTC day starts', async () => {
    await setSettings(adc2, { dailyCap: 2 });
    advance(86_400);
    const day = Math.floor(now / 86_400_000) * 86_400_000;
    now = day + 23 * 3600_000; // 23:00 UTC
    expect((await requestOtp({ destination: '081220000001', channel: 'sms' }, secret2)).statusCode).toBe(200);
    expect((await requestOtp({ destination: '081220000002', channel: 'sms' }, secret2)).statusCode).toBe(200);
    const capped = await requestOtp({ destination: '081220000003', channel: 'sms' }, secret2);
    expect([capped.statusCode, errorCode(capped)]).toEqual([429, 'daily_cap_reached']);
    expect(retryAfter(capped).body).toBe(3600);
    // The other client is not affected.
    expect((await requestOtp({ destination: '081220000003', channel: 'sms' })).statusCode).toBe(200);
    advance(3600);
    expect((await requestOtp({ destination: '081220000003', channel: 'sms' }, secret2)).statusCode).toBe(200);
    await setSettings(adc2, {});
  });

  it('blocks a prefix after a burst, says so until when, and sends again once an admin lifts the block', async () => {
    await setSettings(adc, { prefixBurstPerMinute: 3, prefixBlockSeconds: 1800 });
    now = Math.floor(now / 60_000) * 60_000 + 60_000;
    for (let n = 1; n <= 3; n++) {
      expect((await requestOtp({ destination: `+44 7911 12345${n}`, channel: 'sms' })).statusCode).toBe(200);
    }
    const tripped = await requestOtp({ destination: '+44 7911 123454', channel: 'sms' });
    expect([tripped.statusCode, errorCode(tripped)]).toEqual([429, 'prefix_blocked']);
    expect(tripped.json().error.message).toContain('+44791');
    expect(retryAfter(tripped).body).toBe(1800);
    advance(120);
    const still = await requestOtp({ destination: '+44 7911 123455', channel: 'sms' });
    expect([errorCode(still), retryAfter(still).body]).toEqual(['prefix_blocked', 1680]);
    // Another prefix still goes.
    expect((await requestOtp({ destination: '081230000001', channel: 'sms' })).statusCode).toBe(200);

    const blocks = (await as(adc, 'GET', '/api/otp/prefixBlocks')).json();
    expect(blocks.items).toMatchObject([{ prefix: '44791', sends: 4 }]);
    expect((await as(adc2, 'DELETE', '/api/otp/prefixBlocks/44791')).statusCode).toBe(404);
    const usp = await logIn(sapa.app, 'usp@demo.test');
    expect((await as(usp, 'DELETE', '/api/otp/prefixBlocks/44791')).statusCode).toBe(403);
    expect((await as(adc, 'DELETE', '/api/otp/prefixBlocks/44791')).json()).toMatchObject({
      unblocked: true,
    });
    expect((await requestOtp({ destination: '+44 7911 123455', channel: 'sms' })).statusCode).toBe(200);
    await setSettings(adc, {});
  });

  it('holds the daily cap when requests arrive at once: at most the pool’s other connections over it (decision 0080), and refuses after', async () => {
    await setSettings(adc2, { dailyCap: 3 });
    advance(86_400);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        requestOtp({ destination: `08126${String(1_000_000 + n)}`, channel: 'sms' }, secret2),
      ),
    );
    const sent = answers.filter((answer) => answer.statusCode === 200).length;
    expect(
      answers.every((answer) => answer.statusCode === 200 || errorCode(answer) === 'daily_cap_reached'),
    ).toBe(true);
    // Slots are bumped without locking the others: a send in flight on another slot is not seen, so
    // at most one per other connection of the pool (10) gets past the cap; one connection is exact.
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThanOrEqual(sapa.database.kind === 'postgres' ? 3 + 9 : 3);
    // The counter holds every send that went, over its slots; once seen, the cap refuses.
    const { rows: counted } = await sapa.database.db.execute<{ total: number }>(
      sql`select sum(count)::int as total from otp_counters where client_id = ${adc2.session.clientId} and split_part(key, '#', 1) = 'day' and window_start = ${new Date(Math.floor(now / 86_400_000) * 86_400_000).toISOString()}::timestamptz`,
    );
    expect(counted[0]!.total).toBe(sent);
    const after = await requestOtp({ destination: '081269999999', channel: 'sms' }, secret2);
    expect([after.statusCode, errorCode(after)]).toEqual([429, 'daily_cap_reached']);
    await setSettings(adc2, {});
  });

  it('counts checks arriving at once in one statement each as its own: right, wrong, unknown and another client’s', async () => {
    const ids = await Promise.all(
      ['081270000001', '081270000002', '081270000003'].map(
        async (destination) =>
          (await requestOtp({ destination, channel: 'sms', code: '771100' })).json().requestId as string,
      ),
    );
    const answers = await Promise.all([
      verifyOtp({ requestId: ids[0], code: '771100' }),
      verifyOtp({ requestId: ids[1], code: '771101' }),
      verifyOtp({ requestId: ids[2], code: '771100' }),
      verifyOtp({ requestId: '01900000-0000-7000-8000-0000000000aa', code: '771100' }),
      verifyOtp({ requestId: ids[2], code: '771100' }, secret2),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 404, 404]);
    expect(answers.slice(0, 3).map((answer) => answer.json())).toEqual([
      { requestId: ids[0], status: 'approved', valid: true, attemptsLeft: 4 },
      { requestId: ids[1], status: 'pending', valid: false, attemptsLeft: 4 },
      { requestId: ids[2], status: 'approved', valid: true, attemptsLeft: 4 },
    ]);
    const { rows: checked } = await sapa.database.db.execute<{ checks: number }>(
      sql`select count(*)::int as checks from otp_checks where client_id = ${adc.session.clientId} and request_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(checked[0]!.checks).toBe(3);
  });

  it('falls back to SMS with the same code at once when WhatsApp refuses, and keeps the request pending when no channel is left', async () => {
    await setSettings(adc, { fallbackChannels: ['sms'], fallbackAfterSeconds: 30 });
    const { requestId } = (await requestOtp({ destination: '081240000001', channel: 'whatsapp' })).json();
    await settleOtp();
    // No time has passed: the refusal itself started the next channel.
    let detail = (await as(adc, 'GET', `/api/otp/requests/${requestId}`)).json();
    expect(detail.sendLog).toMatchObject([
      { channel: 'whatsapp', state: 'failed' },
      { channel: 'sms', state: 'delivered' },
    ]);
    expect(detail.status).toBe('pending');
    // The timed job of the first send finds the step taken.
    advance(30);
    expect(
      await sapa.otp.runFallback({ clientId: adc.session.clientId, requestId, sendId: detail.sendLog[0].id }),
    ).toBe(null);
    const code = await receivedCode(adc.session.clientId, '6281240000001');
    detail = (await as(adc, 'GET', `/api/otp/requests/${requestId}`)).json();
    expect(detail.sendLog).toHaveLength(2);
    expect((await verifyOtp({ requestId, code })).json().status).toBe('approved');

    // A WhatsApp message the provider accepted but never reported delivered gets an SMS at the timeout.
    whatsappFails = false;
    const sent = (await requestOtp({ destination: '081240000002', channel: 'whatsapp' })).json();
    await settleOtp();
    const sentDetail = (await as(adc, 'GET', `/api/otp/requests/${sent.requestId}`)).json();
    expect(sentDetail.sendLog).toMatchObject([{ channel: 'whatsapp', state: 'sent' }]);
    advance(30);
    expect(
      await sapa.otp.runFallback({
        clientId: adc.session.clientId,
        requestId: sent.requestId,
        sendId: sentDetail.sendLog[0].id,
      }),
    ).toBe('sms');
    whatsappFails = true;

    await setSettings(adc, {});
    const lone = (
      await requestOtp({ destination: '081240000003', channel: 'whatsapp', code: '480213' })
    ).json();
    await settleOtp();
    // No channel left: the OTP stays pending until it expires (decision 0072), and its code still works,
    // as a report of non-delivery can be wrong; the check answers only the five pinned statuses.
    const loneDetail = (await as(adc, 'GET', `/api/otp/requests/${lone.requestId}`)).json();
    expect(loneDetail.sendLog).toMatchObject([{ channel: 'whatsapp', state: 'failed' }]);
    expect(loneDetail.status).toBe('pending');
    expect((await verifyOtp({ requestId: lone.requestId, code: '480213' })).json()).toMatchObject({
      status: 'approved',
      valid: true,
    });
  });

  it('takes the next channel as soon as the provider reports a message undelivered, and none after a delivery', async () => {
    const clientId = adc.session.clientId;
    await setSettings(adc, { fallbackChannels: ['voice'], fallbackAfterSeconds: 300 });
    // Every message of this client is accepted, then reported failed.
    sapa.sandbox.setFailureRates(clientId, { submit: 0, delivery: 1 });
    try {
      const { requestId } = (await requestOtp({ destination: '081240000011', channel: 'sms' })).json();
      await settleOtp();
      const detail = (await as(adc, 'GET', `/api/otp/requests/${requestId}`)).json();
      // Long before the 300 s timeout: the SMS's failure report sent the call; its failure left no channel.
      expect(detail.sendLog).toMatchObject([
        { channel: 'sms', state: 'failed' },
        { channel: 'voice', state: 'failed' },
      ]);
      expect(detail.status).toBe('pending');
    } finally {
      sapa.sandbox.setFailureRates(clientId, { submit: 0, delivery: 0 });
    }
    const { requestId } = (await requestOtp({ destination: '081240000012', channel: 'sms' })).json();
    await settleOtp();
    const detail = (await as(adc, 'GET', `/api/otp/requests/${requestId}`)).json();
    expect(detail.sendLog).toMatchObject([{ channel: 'sms', state: 'delivered' }]);
    advance(300);
    expect(await sapa.otp.runFallback({ clientId, requestId, sendId: detail.sendLog[0].id })).toBe(null);
    sapa.sandbox.setFailureRates(clientId, null);
    await setSettings(adc, {});
  });

  it('sends the client’s default message when a request brings none, and refuses one without {{code}}', async () => {
    const refused = await as(adc, 'PUT', '/api/otp/settings', {
      ...DEFAULT_OTP_SETTINGS,
      defaultTemplate: 'Your code is below',
    });
    expect(refused.statusCode).toBe(400);
    await setSettings(adc, { defaultTemplate: 'Acme login: {{code}}' });
    expect((await as(adc, 'GET', '/api/otp/settings')).json().defaultTemplate).toBe('Acme login: {{code}}');
    await requestOtp({ destination: '081250000010', channel: 'sms', code: '5150' });
    await requestOtp({ destination: '081250000011', channel: 'sms', code: '5151', template: 'Own {{code}}' });
    await settleAll(sapa);
    const textTo = async (recipient: string) => {
      const { rows } = sapa.sandbox.received.list(
        adc.session.clientId,
        { channel: 'sms', recipient },
        { limit: 1, offset: 0 },
      );
      return (rows[0]!.content as { text: string }).text;
    };
    expect(await textTo('6281250000010')).toBe('Acme login: 5150');
    expect(await textTo('6281250000011')).toBe('Own 5151');
    await setSettings(adc, {});
    expect((await as(adc, 'GET', '/api/otp/settings')).json().defaultTemplate).toBeNull();
  });

  it('never stores or logs the code in clear', async () => {
    const code = '90817263';
    const { requestId } = (
      await requestOtp({ destination: '081250000001', channel: 'sms', code, template: 'Code {{code}}' })
    ).json();
    await settleAll(sapa);
    await verifyOtp({ requestId, code: '90817264' });
    expect((await verifyOtp({ requestId, code })).json().valid).toBe(true);
    for (const table of ['otp_requests', 'otp_sends', 'otp_checks', 'otp_counters', 'otp_prefix_blocks']) {
      const rows = await sapa.database.db.execute(sql.raw(`select * from ${table}`));
      expect(JSON.stringify(rows)).not.toContain(code);
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(code);
    expect(logLines.join('\n')).not.toContain('90817264');
  });
});

describe('OTP observability', () => {
  it('counts sends and checks in Prometheus, by channel and outcome', async () => {
    const metrics = (await sapa.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/sapa_otp_requests_total\{channel="sms",outcome="sent",reason=""\} \d+/);
    // One refusal in the resend test, one in the stored settings' test.
    expect(metrics).toMatch(
      /sapa_otp_requests_total\{channel="sms",outcome="refused",reason="too_many_sends"\} 2/,
    );
    expect(metrics).toMatch(
      /sapa_otp_requests_total\{channel="sms",outcome="refused",reason="prefix_blocked"\} \d+/,
    );
    expect(metrics).toMatch(/sapa_otp_checks_total\{outcome="approved"\} \d+/);
    expect(metrics).toMatch(/sapa_otp_checks_total\{outcome="wrong"\} \d+/);
  });
});

describe('OTP code comparison', () => {
  const key = Buffer.alloc(32, 7);
  const id = '01900000-0000-7000-8000-000000000001';
  const stored = codeDigest(key, id, '123456').toString('base64url');

  it('compares digests of equal length, so a near miss is as far as any other code', () => {
    const near = codeDigest(key, id, '123457');
    const far = codeDigest(key, id, '987654');
    const real = Buffer.from(stored, 'base64url');
    const sharedPrefix = (a: Buffer) => {
      let at = 0;
      while (at < a.length && a[at] === real[at]) at++;
      return at;
    };
    // What is compared for a one-digit miss shares nothing with the stored digest, like a far miss.
    expect([near.length, far.length]).toEqual([32, 32]);
    expect(sharedPrefix(near)).toBe(0);
    expect(sharedPrefix(far)).toBe(0);
    expect(codeMatches(key, id, '123457', stored)).toBe(false);
    expect(codeMatches(key, id, '1', stored)).toBe(false);
    expect(codeMatches(key, id, '1234567890123', stored)).toBe(false);
    expect(codeMatches(key, id, '123456', stored)).toBe(true);
    // Bound to its request: the same code of another request does not match.
    expect(codeMatches(key, '01900000-0000-7000-8000-000000000002', '123456', stored)).toBe(false);
  });
});
