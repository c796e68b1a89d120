import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestBatch, insertTestNotifications } from '../../../test/campaign-rows.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

describe('status messages: what each notification of a channel became, listed and exported', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let usr: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  let campaignId: string;
  let batchId: string;
  const ids: string[] = [];
  const as = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    sapa.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });

  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    // The queue exists (the request queues a job); the test runs the job itself.
    await sapa.jobs.start({ work: false });
    [adc, usr, usc, adc2] = (await Promise.all(
      ['adc@demo.test', 'usr@demo.test', 'usc@demo.test', 'adc2@demo.test'].map((email) =>
        logIn(sapa.app, email),
      ),
    )) as [LoggedIn, LoggedIn, LoggedIn, LoggedIn];
    const created = await as(adc, 'POST', '/api/campaigns', {
      code: 'STATUS-1',
      channel: 'SMS',
      name: 'Due reminder',
      template: { channel: 'SMS', text: 'Hi {{name}}' },
      paramTranslator: { recipient: 'phone', rules: [{ from: 'Phone', to: 'phone', kind: 'phone' }] },
    });
    campaignId = created.json().campaignId;
    const clientId = adc.session.clientId;
    batchId = await insertTestBatch(sapa.database.db, { clientId, channel: 'SMS', campaignId });
    // Three of today a second apart, and one of last week.
    const now = Date.now();
    ids.push(
      ...(await insertTestNotifications(sapa.database.db, { clientId, batchId, channel: 'SMS' }, [
        { recipient: '6281200000001', status: 'delivered', at: new Date(now - 3000) },
        {
          recipient: '6281200000002',
          status: 'failed',
          at: new Date(now - 2000),
          errorCode: 'invalid_number',
        },
        { recipient: '6281200000003', status: 'queued', at: new Date(now - 1000) },
        { recipient: '6281200000004', status: 'sent', at: new Date(now - 7 * 86_400_000) },
      ])),
    );
  });
  afterAll(async () => sapa?.close());

  it("lists today's by default, newest first, with the campaign; filters by status, recipient and days", async () => {
    const listed = await as(adc, 'GET', '/api/campaigns/status-messages?channel=SMS');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ total: 3, pageNumber: 0, pageSize: 10 });
    expect(listed.json().items.map((item: { notificationId: string }) => item.notificationId)).toEqual([
      ids[2],
      ids[1],
      ids[0],
    ]);
    expect(listed.json().items[1]).toMatchObject({
      campaignCode: 'STATUS-1',
      campaignName: 'Due reminder',
      batchId,
      status: 'failed',
      errorCode: 'invalid_number',
      attempts: 1,
    });
    const oldest = await as(adc, 'GET', '/api/campaigns/status-messages?channel=SMS&sort=oldest&pageSize=1');
    expect(oldest.json()).toMatchObject({ total: 3, items: [{ notificationId: ids[0] }] });
    const failed = await as(adc, 'GET', '/api/campaigns/status-messages?channel=SMS&status=failed');
    expect(failed.json().items.map((item: { recipient: string }) => item.recipient)).toEqual([
      '6281200000002',
    ]);
    const byNumber = await as(adc, 'GET', '/api/campaigns/status-messages?channel=SMS&recipient=0000003');
    expect(byNumber.json().total).toBe(1);
    const week = new Date(Date.now() - 8 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Asia/Jakarta',
    });
    const wide = await as(
      adc,
      'GET',
      `/api/campaigns/status-messages?channel=SMS&startDate=${week}&endDate=${today()}`,
    );
    expect(wide.json().total).toBe(4);
    const ofCampaign = await as(
      adc,
      'GET',
      `/api/campaigns/status-messages?channel=SMS&campaignId=${campaignId}&startDate=${week}&endDate=${today()}`,
    );
    expect(ofCampaign.json().total).toBe(4);
    const email = await as(adc, 'GET', '/api/campaigns/status-messages?channel=EMAIL');
    expect(email.json().total).toBe(0);
  });

  it('refuses bad filters with a 400 and hostile ones with nothing found, never a 5xx', async () => {
    for (const query of [
      'channel=FAX',
      'channel=SMS&startDate=2026-02-30',
      `channel=SMS&startDate=${today()}&endDate=2020-01-01`,
      'channel=SMS&startDate=2020-01-01&endDate=2026-01-01',
      'channel=SMS&status=lost',
      'channel=SMS&pageSize=100000',
    ]) {
      const refused = await as(adc, 'GET', `/api/campaigns/status-messages?${query}`);
      expect([query, refused.statusCode]).toEqual([query, 400]);
    }
    for (const query of ['campaignId=not-an-id', 'batchId=%27%3B--', 'recipient=%25_%5C']) {
      const none = await as(adc, 'GET', `/api/campaigns/status-messages?channel=SMS&${query}`);
      expect([query, none.statusCode, none.json().total]).toEqual([query, 200, 0]);
    }
    const nul = await as(adc, 'GET', '/api/campaigns/status-messages?channel=SMS&recipient=%00');
    expect(nul.statusCode).toBe(400);
  });

  it('is read by the report roles and campaign users; not by an agent; another client sees none of it', async () => {
    expect((await as(usr, 'GET', '/api/campaigns/status-messages?channel=SMS')).json().total).toBe(3);
    const agent = await as(usc, 'GET', '/api/campaigns/status-messages?channel=SMS');
    expect([agent.statusCode, errorCode(agent)]).toEqual([403, 'forbidden']);
    // The Second Client has no SMS at all; on its own WhatsApp it sees only its own (none).
    const other = await as(adc2, 'GET', '/api/campaigns/status-messages?channel=SMS');
    expect([other.statusCode, errorCode(other)]).toEqual([403, 'feature_disabled']);
    const theirs = await as(
      adc2,
      'GET',
      `/api/campaigns/status-messages?channel=WHATSAPP&batchId=${batchId}`,
    );
    expect(theirs.json().total).toBe(0);
  });

  it('exports the selection as CSV through a job; only the requester and admins see it', async () => {
    const requested = await as(usr, 'POST', '/api/campaigns/status-messages/exports', { channel: 'SMS' });
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toMatchObject({
      kind: 'campaignStatusMessages',
      status: 'queued',
      requestedBy: 'usr@demo.test',
    });
    await sapa.exports.run({ clientId: adc.session.clientId, exportId: requested.json().id });
    const listed = await as(usr, 'GET', '/api/campaigns/status-messages/exports');
    expect(listed.json().items[0]).toMatchObject({ id: requested.json().id, status: 'done', processed: 3 });
    const file = await as(usr, 'GET', `/api/campaigns/status-messages/exports/${requested.json().id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toBe(
      'notificationId,batchId,campaignCode,campaignName,channel,recipient,status,attempts,providerMessageId,errorCode,errorMessage,createdAt,dueAt,sentAt,deliveredAt,readAt,updatedAt',
    );
    expect(lines).toHaveLength(4);
    expect(
      (await as(adc, 'GET', `/api/campaigns/status-messages/exports/${requested.json().id}/file`)).statusCode,
    ).toBe(200);
    const outsider = await as(
      adc2,
      'GET',
      `/api/campaigns/status-messages/exports/${requested.json().id}/file`,
    );
    expect(outsider.statusCode).toBe(404);
    const agent = await as(usc, 'POST', '/api/campaigns/status-messages/exports', { channel: 'SMS' });
    expect(agent.statusCode).toBe(403);
  });
});
