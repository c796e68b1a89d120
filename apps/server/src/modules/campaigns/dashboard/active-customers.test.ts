import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestBatch, insertTestNotifications } from '../../../test/campaign-rows.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { clients } from '../../clients/clients.tables.js';

// Active customers (decision 0047) over fixed dates in Asia/Jakarta (UTC+7): the instants below are
// chosen on both sides of local midnights and month ends.
describe('campaign dashboards: monthly and daily active customers', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  const as = (who: LoggedIn, url: string) => sapa.app.inject({ method: 'GET', url, headers: who.headers });
  const at = (iso: string) => new Date(iso);
  const url = (query: string) => `/api/campaigns/dashboard/active-customers?${query}`;

  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    [adc, usc, adc2] = (await Promise.all(
      ['adc@demo.test', 'usc@demo.test', 'adc2@demo.test'].map((email) => logIn(sapa.app, email)),
    )) as [LoggedIn, LoggedIn, LoggedIn];
    const db = sapa.database.db;
    const clientId = adc.session.clientId;
    const sms = await insertTestBatch(db, { clientId, channel: 'SMS' });
    await insertTestNotifications(db, { clientId, batchId: sms, channel: 'SMS' }, [
      // r1 twice on 31 March: one customer.
      { recipient: '62811000001', status: 'delivered', sentAt: at('2026-03-31T03:00:00Z') },
      { recipient: '62811000001', status: 'read', sentAt: at('2026-03-31T05:00:00Z') },
      // 30 March 18:00 UTC is 31 March 01:00 in Jakarta.
      { recipient: '62811000002', status: 'sent', sentAt: at('2026-03-30T18:00:00Z') },
      // Sent, then failed: not reached.
      { recipient: '62811000003', status: 'failed', sentAt: at('2026-03-31T04:00:00Z') },
      { recipient: '62811000004', status: 'delivered', sentAt: at('2026-03-15T02:00:00Z') },
      // 28 February 17:30 UTC is 1 March 00:30 in Jakarta: March.
      { recipient: '62811000005', status: 'delivered', sentAt: at('2026-02-28T17:30:00Z') },
      { recipient: '62811000006', status: 'delivered', sentAt: at('2026-02-10T02:00:00Z') },
      { recipient: '62811000007', status: 'queued' },
      // After the day asked for.
      { recipient: '62811000008', status: 'delivered', sentAt: at('2026-04-01T01:00:00Z') },
    ]);
    const voice = await insertTestBatch(db, { clientId, channel: 'VOICE' });
    await insertTestNotifications(db, { clientId, batchId: voice, channel: 'VOICE' }, [
      { recipient: '62811000001', status: 'answered', sentAt: at('2026-03-31T06:00:00Z') },
      { recipient: '62811000010', status: 'answered', sentAt: at('2026-03-31T07:00:00Z') },
      { recipient: '62811000011', status: 'no_answer', sentAt: at('2026-03-31T07:00:00Z') },
    ]);
    // Another client reaches the same numbers on WhatsApp.
    const other = adc2.session.clientId;
    const whatsapp = await insertTestBatch(db, { clientId: other, channel: 'WHATSAPP' });
    await insertTestNotifications(db, { clientId: other, batchId: whatsapp, channel: 'WHATSAPP' }, [
      { recipient: '62811000001', status: 'read', sentAt: at('2026-03-31T03:00:00Z') },
      { recipient: '62811000009', status: 'delivered', sentAt: at('2026-03-31T03:00:00Z') },
    ]);
  });
  afterAll(async () => sapa?.close());

  it('counts distinct recipients reached on the channel per local day and month, zeros included', async () => {
    const answer = await as(adc, url('channel=SMS&date=2026-03-31&days=31&months=3'));
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      channels: ['SMS'],
      timezone: 'Asia/Jakarta',
      date: '2026-03-31',
      today: 2,
      thisMonth: 4,
      monthly: [
        { month: '2026-01', customers: 0 },
        { month: '2026-02', customers: 1 },
        { month: '2026-03', customers: 4 },
      ],
    });
    expect(body.daily).toHaveLength(31);
    expect(body.daily[0]).toEqual({ date: '2026-03-01', customers: 1 });
    expect(body.daily.filter((day: { customers: number }) => day.customers > 0)).toEqual([
      { date: '2026-03-01', customers: 1 },
      { date: '2026-03-15', customers: 1 },
      { date: '2026-03-31', customers: 2 },
    ]);
    const defaults = (await as(adc, url('channel=SMS&date=2026-03-31'))).json();
    expect([defaults.daily.length, defaults.monthly.length]).toEqual([30, 6]);
    expect(defaults.monthly.at(0)).toEqual({ month: '2025-10', customers: 0 });
  });

  it('counts a customer reached on two channels once over every channel the reader may see', async () => {
    const voice = (await as(adc, url('channel=VOICE&date=2026-03-31&days=1&months=1'))).json();
    expect([voice.today, voice.thisMonth]).toEqual([2, 2]);
    const all = (await as(adc, url('date=2026-03-31&days=1&months=1'))).json();
    expect(all.channels).toEqual(expect.arrayContaining(['SMS', 'VOICE']));
    expect([all.today, all.thisMonth]).toEqual([3, 5]);
  });

  it("follows the client's time zone", async () => {
    const setZone = (timezone: string) =>
      sapa.database.db.update(clients).set({ timezone }).where(eq(clients.id, adc.session.clientId));
    await setZone('UTC');
    try {
      const utc = (await as(adc, url('channel=SMS&date=2026-03-31&days=2&months=2'))).json();
      expect(utc.timezone).toBe('UTC');
      // In UTC r2 is on 30 March and r5 in February.
      expect(utc.daily).toEqual([
        { date: '2026-03-30', customers: 1 },
        { date: '2026-03-31', customers: 1 },
      ]);
      expect(utc.monthly).toEqual([
        { month: '2026-02', customers: 2 },
        { month: '2026-03', customers: 3 },
      ]);
    } finally {
      await setZone('Asia/Jakarta');
    }
  });

  it("never counts another client's customers, and refuses what the reader may not see", async () => {
    const mine = (await as(adc, url('channel=WHATSAPP&date=2026-03-31&days=1&months=1'))).json();
    expect([mine.today, mine.thisMonth]).toEqual([0, 0]);
    const theirs = (await as(adc2, url('channel=WHATSAPP&date=2026-03-31&days=1&months=1'))).json();
    expect([theirs.today, theirs.thisMonth]).toEqual([2, 2]);
    const closed = await as(adc2, url('channel=SMS'));
    expect([closed.statusCode, errorCode(closed)]).toEqual([403, 'feature_disabled']);
    const agent = await as(usc, url('channel=SMS'));
    expect([agent.statusCode, errorCode(agent)]).toEqual([403, 'forbidden']);
    const agentAll = (await as(usc, url('date=2026-03-31'))).json();
    expect([agentAll.channels, agentAll.today, agentAll.thisMonth]).toEqual([[], 0, 0]);
    for (const query of ['days=0', 'days=93', 'months=13', 'channel=FAX', 'date=2026-02-30', 'date=%00']) {
      expect((await as(adc, url(query))).statusCode).toBe(400);
    }
  });

  it('defaults to today in the client’s time zone', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
    const answer = (await as(adc, url('channel=SMS'))).json();
    expect(answer.date).toBe(today);
    expect(answer.daily.at(-1).date).toBe(today);
  });
});
