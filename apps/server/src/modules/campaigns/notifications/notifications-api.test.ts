import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_SANDBOX, settleAll } from '../../../test/sandbox-channels.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

describe('public API: POST and GET /api/v1/notifications', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let secret: string;
  let otherSecret: string;
  const send = (payload: object, key?: string, apiSecret = secret) =>
    sapa.app.inject({
      method: 'POST',
      url: '/api/v1/notifications',
      headers: { authorization: `Bearer ${apiSecret}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const read = (id: string, apiSecret = secret) =>
    sapa.app.inject({
      method: 'GET',
      url: `/api/v1/notifications/${id}`,
      headers: { authorization: `Bearer ${apiSecret}` },
    });
  const drain = async () => {
    await sapa.dispatcher.drain();
    await settleAll(sapa);
  };

  beforeAll(async () => {
    sapa = await createTestApp({}, { sandbox: QUICK_SANDBOX });
    const [first, second] = await Promise.all([
      logIn(sapa.app, 'adc@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
    ]);
    adc = first;
    const issue = async (who: LoggedIn) =>
      (await sapa.app.inject({ method: 'POST', url: '/api/clients/apiSecret', headers: who.headers })).json()
        .apiSecret as string;
    secret = await issue(adc);
    otherSecret = await issue(second);
  });
  afterAll(async () => sapa?.close());

  it('accepts an SMS with 202, sends it once, and shows every attempt', async () => {
    const accepted = await send({ channel: 'SMS', to: '+62 812-7000-0001', text: 'Kode Anda 123456' });
    expect(accepted.statusCode).toBe(202);
    const { id, status } = accepted.json();
    expect(status).toBe('queued');
    await drain();
    const answer = await read(id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id,
      channel: 'SMS',
      to: '6281270000001',
      status: 'delivered',
      createdAt: expect.any(String),
      attempts: [
        {
          attempt: 1,
          provider: 'sms',
          providerMessageId: expect.any(String),
          status: 'delivered',
          error: null,
          startedAt: expect.any(String),
          endedAt: expect.any(String),
        },
      ],
    });
    expect(answer.json().attempts[0]).not.toHaveProperty('durationSeconds');
  });

  it('honours the Idempotency-Key: the same key answers the same notification and sends nothing more', async () => {
    const payload = { channel: 'SMS', to: '6281270000002', text: 'Sekali saja' };
    const first = (await send(payload, 'order-77')).json();
    const second = await send({ ...payload, text: 'a second try' }, 'order-77');
    expect(second.statusCode).toBe(202);
    expect(second.json().id).toBe(first.id);
    await drain();
    expect((await send(payload, 'order-77')).json()).toMatchObject({ id: first.id, status: 'delivered' });
    const outbox = await sapa.messaging.listOutbox(adc.session.clientId, {
      recipient: '6281270000002',
      page: 1,
      pageSize: 5,
    });
    expect(outbox.rows.map((row) => row.content)).toEqual([expect.objectContaining({ text: 'Sekali saja' })]);
    // Another client's system may use the same key for its own notification.
    const theirs = await send(
      {
        channel: 'WHATSAPP',
        to: '6281270000002',
        template: { name: 'hello', language: 'id', parameters: [] },
      },
      'order-77',
      otherSecret,
    );
    expect(theirs.statusCode).toBe(202);
    expect(theirs.json().id).not.toBe(first.id);
  });

  it('records a call with its duration and charged seconds', async () => {
    const { id } = (
      await send({ channel: 'VOICE', to: '6281270000003', text: 'Tagihan Anda jatuh tempo besok.' })
    ).json();
    await drain();
    const answer = (await read(id)).json();
    expect(['answered', 'busy', 'no_answer', 'failed']).toContain(answer.status);
    if (answer.status === 'answered')
      expect(answer.attempts[0]).toMatchObject({
        durationSeconds: expect.any(Number),
        chargedSeconds: expect.any(Number),
      });
  });

  it('waits for scheduledTime before sending', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const { id } = (
      await send({ channel: 'SMS', to: '6281270000004', text: 'Nanti', scheduledTime: later })
    ).json();
    await drain();
    expect((await read(id)).json()).toMatchObject({ status: 'queued', attempts: [] });
  });

  it('refuses what the channel cannot send with 422, a missing secret with 401, a channel the client lacks with 403', async () => {
    const bad = await send({ channel: 'SMS', to: 'not a number', text: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(errorCode(bad)).toBe('invalid_recipient');
    const empty = await send({ channel: 'EMAIL', to: 'a@example.com' });
    expect(empty.statusCode).toBe(422);
    expect(errorCode(empty)).toBe('content_missing');
    expect((await send({ channel: 'FAX', to: '1', text: 'x' })).statusCode).toBe(400);
    const wrong = await send(
      { channel: 'SMS', to: '6281270000005', text: 'x' },
      undefined,
      'sapa_wrong-secret',
    );
    expect(wrong.statusCode).toBe(401);
    const noFeature = await send({ channel: 'SMS', to: '6281270000005', text: 'x' }, undefined, otherSecret);
    expect(noFeature.statusCode).toBe(403);
    expect(errorCode(noFeature)).toBe('feature_disabled');
    const unknownCampaign = await send({
      channel: 'SMS',
      to: '6281270000005',
      text: 'x',
      campaignCode: 'NOPE',
    });
    expect(unknownCampaign.statusCode).toBe(404);
  });

  it("answers 404 for another client's notification and for ids that are not ids", async () => {
    const { id } = (await send({ channel: 'SMS', to: '6281270000006', text: 'Milik kami' })).json();
    expect((await read(id, otherSecret)).statusCode).toBe(404);
    expect((await read('../etc')).statusCode).toBe(404);
  });

  it('sends with an active campaign: its template, with the request text over it', async () => {
    const created = await sapa.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: adc.headers,
      payload: {
        code: 'API-SMS',
        channel: 'SMS',
        name: 'API',
        template: { channel: 'SMS', text: 'Dari kampanye' },
        paramTranslator: { recipient: 'phone', rules: [{ from: 'phone', to: 'phone', kind: 'phone' }] },
      },
    });
    const { campaignId } = created.json();
    const draft = await send({ channel: 'SMS', to: '6281270000007', campaignCode: 'API-SMS' });
    expect(draft.statusCode).toBe(409);
    await sapa.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/submit`,
      headers: adc.headers,
    });
    const accepted = await send({ channel: 'SMS', to: '6281270000007', campaignCode: 'API-SMS' });
    expect(accepted.statusCode).toBe(202);
    await drain();
    const outbox = await sapa.messaging.listOutbox(adc.session.clientId, {
      recipient: '6281270000007',
      page: 1,
      pageSize: 5,
    });
    expect(outbox.rows.map((row) => row.content)).toEqual([
      expect.objectContaining({ text: 'Dari kampanye' }),
    ]);
  });
});
