import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../platform/secrets.js';
import { QUICK_SANDBOX } from '../../test/sandbox-channels.js';
import { createTestApp, logIn, openTestDatabase, TEST_SECRET, type TestApp } from '../../test/test-app.js';
import { seedDemo } from '../demo/index.js';

describe('the demo client’s campaigns', () => {
  let sapa: TestApp;

  beforeAll(async () => {
    const database = await openTestDatabase(process.env.DATABASE_URL);
    await seedDemo(database.db, { keys: deriveKeys(TEST_SECRET), campaigns: true });
    sapa = await createTestApp(
      {},
      // The sandbox fails one delivery in five, as a real month has a few undeliverable numbers.
      { database, sandbox: { ...QUICK_SANDBOX, deliveryFailureRate: 0.2 } },
    );
    const close = sapa.close;
    sapa.close = async () => {
      await close();
      await database.close();
    };
  });
  afterAll(async () => sapa?.close());

  it('has a campaign per channel whose uploads the engine sends, with refused rows and a few failures', async () => {
    const adc = await logIn(sapa.app, 'adc@demo.test');
    const get = (url: string) => sapa.app.inject({ method: 'GET', url, headers: adc.headers });
    const campaigns = (await get('/api/campaigns?pageSize=50')).json().items;
    expect(campaigns.map((campaign: { channel: string }) => campaign.channel).sort()).toEqual([
      'EMAIL',
      'SMS',
      'SMS',
      'TELEGRAM',
      'VOICE',
      'WHATSAPP',
    ]);
    expect(campaigns.every((campaign: { status: string }) => campaign.status === 'active')).toBe(true);

    await sapa.dispatcher.drain();
    await sapa.messaging.settle();
    await sapa.sandbox.settle();
    const batches = (await get('/api/campaign-batches?pageSize=50')).json().items as {
      batchId: string;
      campaignCode: string;
      type: string;
      status: string;
      validCount: number;
      invalidCount: number;
      blacklistedCount: number;
      duplicateCount: number;
    }[];
    expect(batches).toHaveLength(6);
    for (const batch of batches.filter((batch) => batch.type === 'blast')) {
      // Every upload has a bad and an empty recipient and the same person twice.
      expect(batch, batch.campaignCode).toMatchObject({
        status: 'finished',
        invalidCount: 2,
        duplicateCount: 1,
      });
      expect(batch.validCount + batch.blacklistedCount, batch.campaignCode).toBe(36);
    }
    // The customer who opted out is in every phone list, and is kept out of each.
    const phoneBlasts = batches.filter((batch) =>
      ['DEMO-SMS-PROMO', 'DEMO-VOICE-REMIND', 'DEMO-WA-ORDER'].includes(batch.campaignCode),
    );
    expect(phoneBlasts.map((batch) => batch.blacklistedCount)).toEqual([1, 1, 1]);
    // The reminder's later days keep it running.
    expect(batches.find((batch) => batch.campaignCode === 'DEMO-SMS-COLLECT')).toMatchObject({
      status: 'running',
    });

    const statuses = new Map<string, number>();
    for (const batch of batches.filter((batch) => batch.type === 'blast')) {
      const rows = (await get(`/api/campaign-batches/${batch.batchId}/notifications?pageSize=100`)).json()
        .items;
      for (const row of rows as { status: string }[])
        statuses.set(row.status, (statuses.get(row.status) ?? 0) + 1);
    }
    // Outcomes are the engine's and the sandboxes': most reached their recipient, some did not (an
    // undeliverable number, an unknown mailbox, a blocked bot, a call nobody answered), none still waits.
    const count = (...names: string[]) => names.reduce((sum, name) => sum + (statuses.get(name) ?? 0), 0);
    expect(count('sent', 'delivered', 'read', 'answered')).toBeGreaterThan(60);
    expect(count('failed', 'busy', 'no_answer')).toBeGreaterThan(0);
    expect(count('queued', 'sending')).toBe(0);
  });

  it('is seeded once', async () => {
    expect(await seedDemo(sapa.database.db, { keys: deriveKeys(TEST_SECRET), campaigns: true })).toEqual({
      seeded: false,
    });
  });
});
