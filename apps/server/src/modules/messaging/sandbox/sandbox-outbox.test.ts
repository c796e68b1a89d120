import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxTestApp, settleAll } from '../../../test/sandbox-channels.js';
import { errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

describe('GET /api/sandbox/outbox: what each channel received, per client', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let clientId: string;
  let otherClientId: string;
  const outbox = (who: LoggedIn, query = '') =>
    sapa.app.inject({ method: 'GET', url: `/api/sandbox/outbox${query}`, headers: who.headers });

  beforeAll(async () => {
    ({ sapa, adc, adc2, clientId, otherClientId } = await createSandboxTestApp());
    const send = (client: string, key: string, input: object) =>
      sapa.messaging.sendMessage(client, { source: 'test', idempotencyKey: key, ...input } as never);
    await send(clientId, 'a-sms', {
      channel: 'sms',
      recipient: '6281244440001',
      content: { kind: 'text', text: 'SMS A' },
    });
    await send(clientId, 'a-mail', {
      channel: 'email',
      recipient: 'a@example.com',
      content: { kind: 'email', subject: 'Mail A', html: '<p>A</p>', text: 'A' },
    });
    await send(clientId, 'a-call', {
      channel: 'voice',
      recipient: '6281244440001',
      content: { kind: 'voice', script: 'Halo dari A' },
    });
    await send(otherClientId, 'b-sms', {
      channel: 'sms',
      recipient: '6281244440001',
      content: { kind: 'text', text: 'SMS B' },
    });
    await send(otherClientId, 'b-tg', {
      channel: 'telegram',
      recipient: '555000111',
      content: { kind: 'text', text: 'TG B' },
    });
    await settleAll(sapa);
  });
  afterAll(async () => sapa?.close());

  it("lists the caller's client's messages, newest first, with statuses and a call's charge", async () => {
    const response = await outbox(adc);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(page.items.map((item: { channel: string }) => item.channel)).toEqual(['voice', 'email', 'sms']);
    expect(page.items[2]).toMatchObject({
      recipient: '6281244440001',
      content: { kind: 'sms', text: 'SMS A', segments: 1, encoding: 'GSM-7' },
      status: 'delivered',
      providerMessageId: expect.any(String),
      source: 'test',
    });
    expect(page.items[0].details.call).toMatchObject({ outcome: 'answered', chargedSeconds: 60 });
  });

  it('filters by channel and recipient, and pages', async () => {
    const sms = (await outbox(adc, '?channel=sms')).json();
    expect(sms.items.map((item: { content: { text: string } }) => item.content.text)).toEqual(['SMS A']);
    const byRecipient = (await outbox(adc, '?recipient=6281244440001')).json();
    expect(byRecipient.items.map((item: { channel: string }) => item.channel)).toEqual(['voice', 'sms']);
    const second = (await outbox(adc, '?page=2&pageSize=2')).json();
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((item: { channel: string }) => item.channel)).toEqual(['sms']);
    expect((await outbox(adc, '?channel=fax')).statusCode).toBe(400);
  });

  it("never shows one client another client's messages", async () => {
    const theirs = (await outbox(adc2)).json();
    expect(theirs.total).toBe(2);
    expect(theirs.items.map((item: { content: { text: string } }) => item.content.text).sort()).toEqual([
      'SMS B',
      'TG B',
    ]);
    const mine = (await outbox(adc, '?recipient=555000111')).json();
    expect(mine).toMatchObject({ total: 0, items: [] });
    const sameNumber = (await outbox(adc2, '?channel=sms&recipient=6281244440001')).json();
    expect(sameNumber.items.map((item: { content: { text: string } }) => item.content.text)).toEqual([
      'SMS B',
    ]);
  });

  it("answers only the client's admins and the super admin", async () => {
    const sad = await logIn(sapa.app, 'sad@demo.test');
    expect((await outbox(sad)).statusCode).toBe(200);
    const agent = await logIn(sapa.app, 'usc@demo.test');
    const refused = await outbox(agent);
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBeDefined();
    expect((await sapa.app.inject({ method: 'GET', url: '/api/sandbox/outbox' })).statusCode).toBe(401);
  });
});
