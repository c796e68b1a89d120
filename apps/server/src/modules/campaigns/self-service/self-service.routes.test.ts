import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_SANDBOX, settleAll } from '../../../test/sandbox-channels.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

describe('self-service: a few recipients sent from the portal, and who sees the history', () => {
  let sapa: TestApp;
  let uso: LoggedIn;
  let adc: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  const as = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    sapa.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const send = (who: LoggedIn, payload: object) => as(who, 'POST', '/api/self-service/messages', payload);
  const history = (who: LoggedIn, query = '') => as(who, 'GET', `/api/self-service/history${query}`);

  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, { sandbox: QUICK_SANDBOX });
    [uso, adc, usc, adc2] = (await Promise.all(
      ['uso@demo.test', 'adc@demo.test', 'usc@demo.test', 'adc2@demo.test'].map((email) =>
        logIn(sapa.app, email),
      ),
    )) as [LoggedIn, LoggedIn, LoggedIn, LoggedIn];
  });
  afterAll(async () => sapa?.close());

  it('queues each distinct recipient once and the dispatcher sends them', async () => {
    const sent = await send(uso, {
      channel: 'SMS',
      recipients: ['0812 7100 0001', '+62 812-7100-0001', '6281271000002'],
      text: 'Toko buka jam 9',
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ status: 'running', recipients: 2 });
    await sapa.dispatcher.drain();
    await settleAll(sapa);
    const listed = await history(uso, '?channel=SMS');
    expect(listed.json().total).toBe(2);
    expect(listed.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          recipient: '6281271000001',
          preview: 'Toko buka jam 9',
          sentBy: 'uso@demo.test',
        }),
        expect.objectContaining({ recipient: '6281271000002', batchId: sent.json().batchId }),
      ]),
    );
    expect(listed.json().items.every((item: { status: string }) => item.status !== 'queued')).toBe(true);
  });

  it('refuses a recipient the channel cannot reach, naming it, and queues nothing', async () => {
    const before = (await history(uso)).json().total;
    const refused = await send(uso, {
      channel: 'SMS',
      recipients: ['6281271000003', 'not-a-number'],
      text: 'Hi',
    });
    expect([refused.statusCode, errorCode(refused)]).toEqual([422, 'invalid_recipients']);
    expect(refused.json().error.message).toContain('not-a-number');
    expect(refused.json().error.details).toEqual([expect.objectContaining({ path: 'recipients.1' })]);
    expect((await history(uso)).json().total).toBe(before);
    for (const payload of [
      { channel: 'SMS', recipients: [], text: 'Hi' },
      {
        channel: 'SMS',
        recipients: Array.from({ length: 101 }, (_, n) => `62812710${String(n).padStart(5, '0')}`),
        text: 'Hi',
      },
      { channel: 'FAX', recipients: ['6281271000004'], text: 'Hi' },
      { channel: 'SMS', recipients: ['6281271000004'], text: 'Hi\u0000' },
    ]) {
      expect((await send(uso, payload)).statusCode).toBe(400);
    }
    const noText = await send(uso, { channel: 'SMS', recipients: ['6281271000004'] });
    expect([noText.statusCode, errorCode(noText)]).toEqual([422, 'content_missing']);
  });

  it("shows a sender their own history only, the admins everyone's; refuses agents and closed channels", async () => {
    expect(
      (await send(adc, { channel: 'SMS', recipients: ['6281271000005'], text: 'Dari admin' })).statusCode,
    ).toBe(202);
    const own = await history(uso, '?channel=SMS');
    expect(own.json().items.map((item: { sentBy: string }) => item.sentBy)).not.toContain('adc@demo.test');
    const all = await history(adc, '?channel=SMS');
    expect(new Set(all.json().items.map((item: { sentBy: string }) => item.sentBy))).toEqual(
      new Set(['uso@demo.test', 'adc@demo.test']),
    );
    const agent = await send(usc, { channel: 'SMS', recipients: ['6281271000006'], text: 'Hi' });
    expect([agent.statusCode, errorCode(agent)]).toEqual([403, 'forbidden']);
    expect((await history(usc)).statusCode).toBe(403);
    const closed = await send(adc2, { channel: 'SMS', recipients: ['6281271000007'], text: 'Hi' });
    expect([closed.statusCode, errorCode(closed)]).toEqual([403, 'feature_disabled']);
    expect((await history(adc2)).json().total).toBe(0);
  });
});
