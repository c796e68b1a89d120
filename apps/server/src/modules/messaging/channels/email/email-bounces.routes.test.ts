import { ALL_FEATURES_MASK } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_SANDBOX } from '../../../../test/sandbox-channels.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../../test/test-app.js';
import { clients } from '../../../clients/clients.tables.js';
import { isBlacklisted } from '../../../contacts/index.js';

describe('the email bounce webhook', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let secret = '';
  let otherSecret = '';

  const apiSecretOf = async (login: LoggedIn) => {
    const response = await sapa.app.inject({
      method: 'POST',
      url: '/api/clients/apiSecret',
      headers: login.headers,
    });
    return response.json<{ apiSecret: string }>().apiSecret;
  };
  const bounce = (payload: object, key: string | null = secret) =>
    sapa.app.inject({
      method: 'POST',
      url: '/api/v1/email/bounces',
      headers: key ? { authorization: `Bearer ${key}` } : {},
      payload,
    });
  const sendEmail = async (to: string, key: string) => {
    const queued = await sapa.messaging.sendMessage(adc.session.clientId, {
      channel: 'email',
      recipient: to,
      content: { kind: 'email', subject: 'Statement', html: '<p>Hi</p>', text: 'Hi' },
      source: 'test',
      idempotencyKey: key,
    });
    await sapa.messaging.settle();
    return sapa.messaging.getOutbound(adc.session.clientId, queued.id);
  };

  beforeAll(async () => {
    // The sandbox's own delivery reports come far later than this test: only the webhook moves the rows.
    sapa = await createTestApp(
      { LOGIN_RATE_LIMIT_PER_MINUTE: '1000' },
      { sandbox: { ...QUICK_SANDBOX, reportDelayMs: 600_000 } },
    );
    adc = await logIn(sapa.app, 'adc@demo.test');
    // The other demo client sends email too, so its secret passes the feature check and meets the 404.
    const adc2Session = await logIn(sapa.app, 'adc2@demo.test');
    await sapa.database.db
      .update(clients)
      .set({ features: ALL_FEATURES_MASK })
      .where(eq(clients.id, adc2Session.session.clientId));
    const adc2 = await logIn(sapa.app, 'adc2@demo.test');
    [secret, otherSecret] = await Promise.all([apiSecretOf(adc), apiSecretOf(adc2)]);
  });
  afterAll(async () => {
    sapa?.sandbox.stop();
    await sapa?.close();
  });

  it('fails a hard-bounced message and blacklists the address; a soft bounce fails the attempt only', async () => {
    const db = sapa.database.db;
    const clientId = adc.session.clientId;
    const hardSent = await sendEmail('gone@example.com', 'bounce-hard');
    expect(hardSent.status).toBe('sent');
    const hard = await bounce({
      messageId: hardSent.providerMessageId,
      recipient: 'Gone@Example.com',
      type: 'hard',
      status: '5.1.1',
      diagnostic: 'smtp; 550 5.1.1 <gone@example.com>: Recipient address rejected: User unknown',
    });
    expect(hard.statusCode).toBe(200);
    expect(hard.json()).toMatchObject({ received: true, blacklisted: true });
    expect(await sapa.messaging.getOutbound(clientId, hardSent.id)).toMatchObject({
      status: 'failed',
      errorCode: 'hard_bounce',
    });
    expect(await isBlacklisted(db, clientId, 'email', ['gone@example.com'])).toEqual(
      new Set(['gone@example.com']),
    );

    const softSent = await sendEmail('full@example.com', 'bounce-soft');
    const soft = await bounce({
      messageId: softSent.providerMessageId,
      recipient: 'full@example.com',
      type: 'soft',
      status: '4.2.2',
      diagnostic: '452 4.2.2 Mailbox full',
    });
    expect(soft.json()).toMatchObject({ received: true, blacklisted: false });
    const failedSoft = await sapa.messaging.getOutbound(clientId, softSent.id);
    expect(failedSoft).toMatchObject({ status: 'failed', errorCode: 'soft_bounce' });
    expect(await isBlacklisted(db, clientId, 'email', ['full@example.com'])).toEqual(new Set());
  });

  it('answers 404 for a message of another client or none, 401 without the secret, 400 for a malformed report', async () => {
    const sent = await sendEmail('ana@example.com', 'bounce-other');
    const report = { messageId: sent.providerMessageId, recipient: 'ana@example.com', type: 'hard' };
    const other = await bounce(report, otherSecret);
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('outbound_not_found');
    expect((await bounce({ ...report, messageId: '<nope@sandbox.sapa.local>' })).statusCode).toBe(404);
    expect((await bounce(report, null)).statusCode).toBe(401);
    expect((await bounce({ ...report, type: 'bouncy' })).statusCode).toBe(400);
    expect((await bounce({ ...report, recipient: 'a\u0000@example.com' })).statusCode).toBe(400);
    expect(await sapa.messaging.getOutbound(sent.clientId ?? adc.session.clientId, sent.id)).toMatchObject({
      status: 'sent',
    });
    expect(await isBlacklisted(sapa.database.db, adc.session.clientId, 'email', ['ana@example.com'])).toEqual(
      new Set(),
    );
  });
});
