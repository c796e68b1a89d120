import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestBatch, insertTestNotifications } from '../../../test/campaign-rows.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { clients } from '../../clients/clients.tables.js';

describe('campaign dashboards: notification summary, call durations, daily campaign progress', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let usr: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  const as = (who: LoggedIn, url: string) =>
    sapa.app.inject({ method: 'GET' as InjectOptions['method'], url, headers: who.headers });
  const localDay = (msAgo: number) =>
    new Date(Date.now() - msAgo).toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
  const campaign = async (code: string, channel: 'SMS' | 'VOICE') => {
    const template =
      channel === 'SMS'
        ? { channel, text: 'Hi {{name}}' }
        : { channel, script: 'Halo {{name}}', language: 'id-ID' };
    const created = await sapa.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: adc.headers,
      payload: {
        code,
        channel,
        name: `Campaign ${code}`,
        template,
        paramTranslator: { recipient: 'phone', rules: [{ from: 'Phone', to: 'phone', kind: 'phone' }] },
      },
    });
    return created.json().campaignId as string;
  };

  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    [adc, usr, usc, adc2] = (await Promise.all(
      ['adc@demo.test', 'usr@demo.test', 'usc@demo.test', 'adc2@demo.test'].map((email) =>
        logIn(sapa.app, email),
      ),
    )) as [LoggedIn, LoggedIn, LoggedIn, LoggedIn];
    const clientId = adc.session.clientId;
    const db = sapa.database.db;
    const bills = await insertTestBatch(db, {
      clientId,
      channel: 'SMS',
      campaignId: await campaign('BILL-SMS', 'SMS'),
    });
    const yesterday = new Date(Date.now() - 86_400_000);
    await insertTestNotifications(db, { clientId, batchId: bills, channel: 'SMS' }, [
      { recipient: '6281200000001', status: 'delivered' },
      { recipient: '6281200000002', status: 'read' },
      { recipient: '6281200000003', status: 'failed' },
      { recipient: '6281200000004', status: 'queued' },
      { recipient: '6281200000005', status: 'sent', at: yesterday },
    ]);
    const promo = await insertTestBatch(db, {
      clientId,
      channel: 'SMS',
      campaignId: await campaign('PROMO-SMS', 'SMS'),
    });
    await insertTestNotifications(db, { clientId, batchId: promo, channel: 'SMS' }, [
      { recipient: '6281200000006', status: 'sending' },
    ]);
    const calls = await insertTestBatch(db, {
      clientId,
      channel: 'VOICE',
      campaignId: await campaign('CALL-1', 'VOICE'),
    });
    await insertTestNotifications(db, { clientId, batchId: calls, channel: 'VOICE' }, [
      // 61 s charged per started minute: 120; 5 s charged 60; a busy line, then an answer of 30 s.
      {
        recipient: '6281200000007',
        status: 'answered',
        attempts: [{ status: 'answered', durationSeconds: 61, chargedSeconds: 120 }],
      },
      {
        recipient: '6281200000008',
        status: 'answered',
        attempts: [{ status: 'answered', durationSeconds: 5, chargedSeconds: 60 }],
      },
      {
        recipient: '6281200000009',
        status: 'answered',
        attempts: [{ status: 'busy' }, { status: 'answered', durationSeconds: 30, chargedSeconds: 60 }],
      },
      { recipient: '6281200000010', status: 'no_answer', attempts: [{ status: 'no_answer' }] },
    ]);
  });
  afterAll(async () => sapa?.close());

  it("sums a channel's notifications of today by status, with the success rate of those that ended", async () => {
    const today = await as(adc, '/api/campaigns/dashboard/summary?channel=SMS');
    expect(today.statusCode).toBe(200);
    expect(today.json()).toMatchObject({
      startDate: localDay(0),
      endDate: localDay(0),
      total: 5,
      counts: { delivered: 1, read: 1, failed: 1, queued: 1, sending: 1, sent: 0 },
      // Reached 2 of the 3 that ended.
      successRate: 66.7,
      days: [{ date: localDay(0), total: 5, reached: 2, failed: 1 }],
      calls: null,
    });
    const twoDays = await as(
      adc,
      `/api/campaigns/dashboard/summary?channel=SMS&startDate=${localDay(86_400_000)}&endDate=${localDay(0)}`,
    );
    expect(twoDays.json().total).toBe(6);
    expect(twoDays.json().days).toEqual([
      { date: localDay(86_400_000), total: 1, reached: 1, failed: 0 },
      { date: localDay(0), total: 5, reached: 2, failed: 1 },
    ]);
  });

  it('adds the call durations on voice: answered calls, their seconds, the average and the charged seconds', async () => {
    const voice = await as(usr, '/api/campaigns/dashboard/summary?channel=VOICE');
    expect(voice.json()).toMatchObject({
      total: 4,
      counts: { answered: 3, no_answer: 1 },
      successRate: 75,
      calls: { answered: 3, durationSeconds: 96, averageSeconds: 32, chargedSeconds: 240 },
    });
  });

  it("shows today's progress per campaign, searched by code; an empty day is an empty list", async () => {
    const progress = await as(adc, '/api/campaigns/dashboard/daily-progress');
    expect(progress.json().date).toBe(localDay(0));
    expect(progress.json().items.map((item: { code: string }) => item.code)).toEqual([
      'BILL-SMS',
      'CALL-1',
      'PROMO-SMS',
    ]);
    expect(progress.json().items[0]).toMatchObject({
      total: 4,
      progress: 75,
      counts: { queued: 1, failed: 1 },
    });
    expect(progress.json().items[2]).toMatchObject({ total: 1, progress: 0 });
    const searched = await as(adc, '/api/campaigns/dashboard/daily-progress?code=bill');
    expect(searched.json().items.map((item: { code: string }) => item.code)).toEqual(['BILL-SMS']);
    const wildcard = await as(adc, '/api/campaigns/dashboard/daily-progress?code=%25');
    expect(wildcard.json().items).toEqual([]);
    const lastYear = await as(
      adc,
      `/api/campaigns/dashboard/daily-progress?date=${localDay(365 * 86_400_000)}`,
    );
    expect(lastYear.json().items).toEqual([]);
  });

  it("counts days in the client's own time zone", async () => {
    const zone = 'Pacific/Kiritimati';
    const setZone = (timezone: string) =>
      sapa.database.db.update(clients).set({ timezone }).where(eq(clients.id, adc.session.clientId));
    await setZone(zone);
    try {
      const summary = await as(adc, '/api/campaigns/dashboard/summary?channel=SMS');
      expect(summary.json().startDate).toBe(new Date().toLocaleDateString('en-CA', { timeZone: zone }));
    } finally {
      await setZone('Asia/Jakarta');
    }
  });

  it('refuses bad ranges, agents and closed channels; another client sees none of it', async () => {
    for (const query of [
      'channel=SMS&startDate=2026-01-10&endDate=2026-01-01',
      'channel=SMS&startDate=2025-01-01&endDate=2026-01-01',
      'channel=FAX',
    ]) {
      expect((await as(adc, `/api/campaigns/dashboard/summary?${query}`)).statusCode).toBe(400);
    }
    const agent = await as(usc, '/api/campaigns/dashboard/summary?channel=SMS');
    expect([agent.statusCode, errorCode(agent)]).toEqual([403, 'forbidden']);
    expect((await as(usc, '/api/campaigns/dashboard/daily-progress')).json().items).toEqual([]);
    const closed = await as(adc2, '/api/campaigns/dashboard/summary?channel=SMS');
    expect([closed.statusCode, errorCode(closed)]).toEqual([403, 'feature_disabled']);
    expect((await as(adc2, '/api/campaigns/dashboard/summary?channel=WHATSAPP')).json().total).toBe(0);
    expect((await as(adc2, '/api/campaigns/dashboard/daily-progress')).json().items).toEqual([]);
  });
});
