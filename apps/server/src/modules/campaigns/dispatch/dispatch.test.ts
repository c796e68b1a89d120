import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptsOf,
  batchOf,
  countBy,
  insertTestBatch,
  insertTestNotifications,
  insertTestWindow,
  notificationsOf,
} from '../../../test/campaign-batches.js';
import { QUICK_SANDBOX, settleAll } from '../../../test/sandbox-channels.js';
import { createTestApp, logIn, type TestApp } from '../../../test/test-app.js';
import { addToBlacklist, isBlacklisted } from '../../contacts/index.js';
import { claimDueNotifications } from './dispatch.repository.js';
import { createDispatcher } from './dispatch.service.js';

describe('campaign dispatch: scheduler, claims, sending and outcomes', () => {
  let sapa: TestApp;
  let clientId: string;
  let otherClientId: string;
  let now = new Date();
  const db = () => sapa.database.db;
  const phone = (n: number) => `62812${String(50_000_000 + n)}`;
  const drain = async () => {
    await sapa.dispatcher.drain();
    await settleAll(sapa);
    await sapa.dispatcher.schedule();
  };

  beforeAll(async () => {
    sapa = await createTestApp(
      {},
      { sandbox: QUICK_SANDBOX, dispatch: { clock: () => now, chunkSize: 50, checkpointEveryMs: 0 } },
    );
    const [adc, adc2] = await Promise.all([
      logIn(sapa.app, 'adc@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
    ]);
    clientId = adc.session.clientId;
    otherClientId = adc2.session.clientId;
  });
  afterAll(async () => sapa?.close());

  it('starts a scheduled batch only when its time has come, and finishes it only once no row is queued or sending', async () => {
    now = new Date('2026-11-30T03:00:00Z');
    const batchId = await insertTestBatch(db(), { clientId, scheduledAt: new Date('2026-11-30T04:00:00Z') });
    await insertTestNotifications(db(), clientId, batchId, [
      { recipient: phone(1), params: { name: 'Ani', amount: '10' } },
    ]);
    await sapa.dispatcher.tick();
    expect((await batchOf(db(), clientId, batchId)).status).toBe('scheduled');
    expect(
      await sapa.messaging.listOutbox(clientId, { recipient: phone(1), page: 1, pageSize: 10 }),
    ).toMatchObject({ total: 0 });

    now = new Date('2026-11-30T04:00:00Z');
    await sapa.dispatcher.schedule();
    const running = await batchOf(db(), clientId, batchId);
    expect(running).toMatchObject({ status: 'running', startedAt: now });
    // A row still sending (a worker holds it) keeps the batch running, whatever a cursor would say.
    await sapa.dispatcher.tick();
    const [row] = await notificationsOf(db(), clientId, batchId);
    if (row!.status === 'sending') {
      await sapa.dispatcher.schedule();
      // The send may end between the read above and the scheduler's look (PostgreSQL runs them
      // apart): the batch is running, or finished only with its row no longer sending.
      const after = await batchOf(db(), clientId, batchId);
      if (after.status === 'finished')
        expect((await notificationsOf(db(), clientId, batchId))[0]!.status).not.toMatch(/^(queued|sending)$/);
      else expect(after.status).toBe('running');
    }
    await drain();
    expect((await batchOf(db(), clientId, batchId)).status).toBe('finished');
  });

  it('sends every row once, rendered with its parameters, and records the attempt and later delivery', async () => {
    now = new Date();
    const batchId = await insertTestBatch(db(), { clientId, status: 'running' });
    const ids = await insertTestNotifications(
      db(),
      clientId,
      batchId,
      Array.from({ length: 120 }, (_, i) => ({
        recipient: phone(100 + i),
        params: { name: `N${i}`, amount: 'Rp 5.000' },
      })),
    );
    await drain();
    const rows = await notificationsOf(db(), clientId, batchId);
    expect(countBy(rows)).toEqual({ delivered: 120 });
    const outbox = await sapa.messaging.listOutbox(clientId, {
      recipient: phone(105),
      page: 1,
      pageSize: 10,
    });
    expect(outbox.rows).toEqual([
      expect.objectContaining({
        source: 'campaigns',
        sourceRef: ids[5],
        idempotencyKey: `campaign:${batchId}:7`,
        content: { kind: 'sms', text: 'Halo N5, tagihan Anda Rp 5.000.', segments: 1, encoding: 'GSM-7' },
      }),
    ]);
    const attempts = await attemptsOf(db(), clientId, ids[5]!);
    expect(attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        channel: 'SMS',
        provider: 'sms',
        outboundId: outbox.rows[0]!.id,
        providerMessageId: outbox.rows[0]!.providerMessageId,
        status: 'delivered',
        endedAt: expect.any(Date),
      }),
    ]);
    expect((await batchOf(db(), clientId, batchId)).status).toBe('finished');
  });

  it('never sends outside the window: a row due early waits for the next opening', async () => {
    // Monday 07:00 in Jakarta; the window opens at 09:00 (02:00 UTC).
    now = new Date('2026-11-30T00:00:00Z');
    const windowId = await insertTestWindow(db(), clientId, {
      timeZone: 'Asia/Jakarta',
      ranges: [{ day: 'mon', start: '09:00', end: '17:00' }],
      blackoutDates: [],
    });
    const batchId = await insertTestBatch(db(), { clientId, status: 'running', windowId });
    await insertTestNotifications(db(), clientId, batchId, [
      { recipient: phone(300), params: { name: 'W' } },
    ]);
    await drain();
    const [waiting] = await notificationsOf(db(), clientId, batchId);
    expect(waiting).toMatchObject({
      status: 'queued',
      dueAt: new Date('2026-11-30T02:00:00Z'),
      attemptCount: 0,
    });
    expect(
      (await sapa.messaging.listOutbox(clientId, { recipient: phone(300), page: 1, pageSize: 5 })).total,
    ).toBe(0);
    expect((await batchOf(db(), clientId, batchId)).status).toBe('running');

    now = new Date('2026-11-30T02:00:00Z');
    await drain();
    expect((await notificationsOf(db(), clientId, batchId))[0]).toMatchObject({ status: 'delivered' });
    expect(
      (await sapa.messaging.listOutbox(clientId, { recipient: phone(300), page: 1, pageSize: 5 })).total,
    ).toBe(1);
  });

  it('ends a row whose window never opens again as expired, with the reason', async () => {
    now = new Date('2026-11-30T00:00:00Z');
    const windowId = await insertTestWindow(db(), clientId, {
      timeZone: 'Asia/Jakarta',
      ranges: [{ day: 'mon', start: '09:00', end: '17:00' }],
      blackoutDates: [],
    });
    // A window with no range left cannot be written through the API; the table allows it (data repair).
    await db().execute(
      (await import('drizzle-orm'))
        .sql`update campaign_windows set ranges = '[]'::jsonb where id = ${windowId}`,
    );
    const batchId = await insertTestBatch(db(), { clientId, status: 'running', windowId });
    await insertTestNotifications(db(), clientId, batchId, [{ recipient: phone(301) }]);
    await drain();
    expect((await notificationsOf(db(), clientId, batchId))[0]).toMatchObject({
      status: 'expired',
      errorCode: 'window_never_opens',
    });
    expect((await batchOf(db(), clientId, batchId)).status).toBe('finished');
  });

  it('reads the blacklist again at send time and skips paid reminders', async () => {
    now = new Date();
    await addToBlacklist(db(), clientId, { phone: phone(400), channel: 'sms', createdBy: 'test' });
    const batchId = await insertTestBatch(db(), { clientId, status: 'running', type: 'collection_reminder' });
    await insertTestNotifications(db(), clientId, batchId, [
      { recipient: phone(400) },
      { recipient: phone(401), paidAt: new Date() },
      { recipient: phone(402) },
    ]);
    await drain();
    const rows = await notificationsOf(db(), clientId, batchId);
    expect(rows.map((row) => [row.status, row.errorCode])).toEqual([
      ['canceled', 'blacklisted'],
      ['canceled', 'paid'],
      ['delivered', null],
    ]);
    expect(
      (await sapa.messaging.listOutbox(clientId, { recipient: phone(400), page: 1, pageSize: 5 })).total,
    ).toBe(0);
  });

  it('fails a row whose rendered message the channel refuses, with its error code', async () => {
    now = new Date();
    const batchId = await insertTestBatch(db(), { clientId, status: 'running' });
    await insertTestNotifications(db(), clientId, batchId, [{ recipient: 'not-a-number' }]);
    await drain();
    const [row] = await notificationsOf(db(), clientId, batchId);
    expect(row).toMatchObject({ status: 'failed', errorCode: expect.any(String) });
    expect(await attemptsOf(db(), clientId, row!.id)).toEqual([
      expect.objectContaining({ attempt: 1, status: 'failed', errorCode: row!.errorCode }),
    ]);
  });

  it('retries a failure on the same channel after the plan delay with a new key, then gives up with the last error', async () => {
    now = new Date();
    sapa.sandbox.setFailureRates(otherClientId, { delivery: 1 });
    try {
      const batchId = await insertTestBatch(db(), {
        clientId: otherClientId,
        status: 'running',
        retryPlan: {
          maxAttempts: 2,
          delay: { kind: 'fixed', seconds: 60 },
          retryOn: ['failed', 'expired'],
          fallbackChannels: ['EMAIL'],
        },
      });
      await insertTestNotifications(db(), otherClientId, batchId, [{ recipient: phone(500) }]);
      await drain();
      let [row] = await notificationsOf(db(), otherClientId, batchId);
      expect(row).toMatchObject({ status: 'queued', attemptCount: 1, attemptsOnChannel: 1 });
      expect(row!.dueAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
      expect((await batchOf(db(), otherClientId, batchId)).status).toBe('running');

      now = new Date(Date.now() + 120_000);
      await drain();
      [row] = await notificationsOf(db(), otherClientId, batchId);
      // The EMAIL fallback has no template in this batch: passed over, and the reason says so.
      expect(row).toMatchObject({
        status: 'failed',
        attemptCount: 2,
        errorMessage: expect.stringContaining('No EMAIL template'),
      });
      const attempts = await attemptsOf(db(), otherClientId, row!.id);
      expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed']);
      const outbox = await sapa.messaging.listOutbox(otherClientId, {
        recipient: phone(500),
        page: 1,
        pageSize: 5,
      });
      expect(outbox.rows.map((r) => r.idempotencyKey).sort()).toEqual([
        `campaign:${batchId}:2`,
        `campaign:${batchId}:2:a2`,
      ]);
      expect((await batchOf(db(), otherClientId, batchId)).status).toBe('finished');
    } finally {
      sapa.sandbox.setFailureRates(otherClientId, null);
    }
  });

  it('falls back to the next channel that has a template once the plan gives up, exactly once, as a further attempt', async () => {
    now = new Date();
    // Every SMS of this client ends undelivered (and so does every call): the plan then falls back.
    sapa.sandbox.setFailureRates(otherClientId, { delivery: 1 });
    try {
      const batchId = await insertTestBatch(db(), {
        clientId: otherClientId,
        status: 'running',
        retryPlan: {
          maxAttempts: 1,
          delay: { kind: 'fixed', seconds: 60 },
          retryOn: ['failed'],
          // EMAIL has no template in this batch: passed over for VOICE, which has one.
          fallbackChannels: ['EMAIL', 'VOICE'],
        },
        fallbackTemplates: [
          { channel: 'VOICE', script: 'Halo {{name}}, tagihan Anda {{amount}}.', language: 'id-ID' },
        ],
      });
      const ids = await insertTestNotifications(
        db(),
        otherClientId,
        batchId,
        [0, 1, 2].map((i) => ({ recipient: phone(600 + i), params: { name: `F${i}`, amount: 'Rp 7.000' } })),
      );
      await drain();
      let rows = await notificationsOf(db(), otherClientId, batchId);
      // The SMS failed; each row waits on VOICE (due when the failure was learnt, after this clock).
      expect(rows.map((row) => [row.status, row.channel, row.channelIndex, row.attemptCount])).toEqual(
        rows.map(() => ['queued', 'VOICE', 2, 1]),
      );
      now = new Date(Date.now() + 1_000);
      await drain();
      // Once more: nothing left to send, nothing sent twice.
      await drain();
      rows = await notificationsOf(db(), otherClientId, batchId);
      for (const [index, row] of rows.entries()) {
        expect(['failed', 'busy', 'no_answer']).toContain(row.status);
        expect(row).toMatchObject({ channel: 'VOICE', attemptCount: 2 });
        const attempts = await attemptsOf(db(), otherClientId, ids[index]!);
        expect(attempts.map((a) => [a.attempt, a.channel, a.provider])).toEqual([
          [1, 'SMS', 'sms'],
          [2, 'VOICE', 'voice'],
        ]);
        expect(attempts[0]!.status).toBe('failed');
        const outbox = await sapa.messaging.listOutbox(otherClientId, {
          recipient: phone(600 + index),
          page: 1,
          pageSize: 10,
        });
        // Row numbers count the file's header: the first data row is 2.
        expect(outbox.rows.map((r) => [r.channel, r.idempotencyKey]).sort()).toEqual([
          ['sms', `campaign:${batchId}:${index + 2}`],
          ['voice', `campaign:${batchId}:${index + 2}:a2`],
        ]);
        expect(outbox.rows.find((r) => r.channel === 'voice')!.content).toMatchObject({
          kind: 'voice',
          script: `Halo F${index}, tagihan Anda Rp 7.000.`,
        });
      }
      expect((await batchOf(db(), otherClientId, batchId)).status).toBe('finished');
    } finally {
      sapa.sandbox.setFailureRates(otherClientId, null);
    }
  });

  it('falls back at once when the channel refuses the rendered message, and sends the fallback', async () => {
    now = new Date();
    const batchId = await insertTestBatch(db(), {
      clientId,
      status: 'running',
      // Retries are pointless for a message the channel refuses: the fallback is not.
      retryPlan: {
        maxAttempts: 3,
        delay: { kind: 'fixed', seconds: 60 },
        retryOn: ['failed'],
        fallbackChannels: ['VOICE'],
      },
      fallbackTemplates: [{ channel: 'VOICE', script: 'Halo {{name}}.', language: 'id-ID' }],
    });
    const [id] = await insertTestNotifications(db(), clientId, batchId, [
      // 2,000 characters: more than an SMS may carry.
      { recipient: phone(700), params: { name: 'Panjang', amount: 'x'.repeat(2_000) } },
    ]);
    await drain();
    const [row] = await notificationsOf(db(), clientId, batchId);
    expect(row).toMatchObject({ channel: 'VOICE', attemptCount: 2 });
    expect(['answered', 'delivered']).toContain(row!.status);
    const attempts = await attemptsOf(db(), clientId, id!);
    expect(attempts.map((a) => [a.attempt, a.channel, a.status])).toEqual([
      [1, 'SMS', 'failed'],
      [2, 'VOICE', row!.status],
    ]);
    expect(attempts[0]!.errorCode).toEqual(expect.any(String));
  });

  it('takes back the rows of a worker that died with its lease, and sends each once', async () => {
    now = new Date();
    const batchId = await insertTestBatch(db(), { clientId, status: 'running' });
    await insertTestNotifications(db(), clientId, batchId, [
      { recipient: phone(600) },
      { recipient: phone(601) },
    ]);
    // A claim that queued the messages and died before sending them.
    await sapa.dispatcher.claimChunk({ clientId, channel: 'SMS' });
    await settleAll(sapa);
    const sentBefore = countBy(await notificationsOf(db(), clientId, batchId));
    // Whatever the dead worker managed, a lease running out hands the rest out again: still one message each.
    now = new Date(Date.now() + sapa.dispatcher.settings.leaseMs + 1000);
    await drain();
    expect(sentBefore).toBeDefined();
    expect(countBy(await notificationsOf(db(), clientId, batchId))).toEqual({ delivered: 2 });
    for (const n of [600, 601])
      expect(
        (await sapa.messaging.listOutbox(clientId, { recipient: phone(n), page: 1, pageSize: 5 })).total,
      ).toBe(1);
  });

  it('claims with HOT updates (no index entry written), and takes back a lease only once it ran out', async () => {
    now = new Date();
    const batchId = await insertTestBatch(db(), { clientId, status: 'running' });
    const ids = await insertTestNotifications(db(), clientId, batchId, [
      { recipient: phone(700) },
      { recipient: phone(701) },
    ]);
    // This backend's counts not yet flushed to the statistics (flushed only between transactions):
    // their difference within one transaction is exactly what its statements did.
    const counts = async (tx: Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0]) => {
      const { rows } = await tx.execute(sql`
        select pg_stat_get_xact_tuples_updated('campaign_notifications'::regclass)::int as updated,
          pg_stat_get_xact_tuples_hot_updated('campaign_notifications'::regclass)::int as hot`);
      return rows[0] as { updated: number; hot: number };
    };
    const claim = (at: Date) =>
      db().transaction(async (tx) => {
        const before = await counts(tx);
        const rows = await claimDueNotifications(tx, clientId, 'SMS', {
          now: at,
          leaseUntil: new Date(at.getTime() + 60_000),
          limit: 10,
          outboundIds: [crypto.randomUUID(), crypto.randomUUID()],
        });
        const after = await counts(tx);
        return {
          ids: rows.map((row) => row.id).sort(),
          counts: { updated: after.updated - before.updated, hot: after.hot - before.hot },
        };
      });
    // The claim (queued → sending, lease, attempt, ledger id) changes no indexed column (decision 0074).
    expect(await claim(now)).toEqual({ ids: [...ids].sort(), counts: { updated: 2, hot: 2 } });
    // Held: not claimed again; run out: taken back by the same claim, still HOT.
    expect((await claim(new Date(now.getTime() + 30_000))).ids).toEqual([]);
    expect(await claim(new Date(now.getTime() + 61_000))).toEqual({
      ids: [...ids].sort(),
      counts: { updated: 2, hot: 2 },
    });
    await db().execute(
      sql`update campaign_notifications set status = 'canceled' where client_id = ${clientId} and batch_id = ${batchId}`,
    );
  });

  it('serves clients in turn: a big batch does not hold back a small one', async () => {
    now = new Date();
    const big = await insertTestBatch(db(), { clientId, status: 'running' });
    await insertTestNotifications(
      db(),
      clientId,
      big,
      Array.from({ length: 400 }, (_, i) => ({ recipient: phone(1000 + i) })),
    );
    const small = await insertTestBatch(db(), { clientId: otherClientId, status: 'running' });
    await insertTestNotifications(db(), otherClientId, small, [
      { recipient: phone(2000) },
      { recipient: phone(2001) },
    ]);
    // A provider allowing one send a second after a burst of 50: the lanes share the burst, so the small client gets its turn.
    const limited = createDispatcher({
      db: db(),
      messaging: sapa.messaging,
      isBlacklisted,
      log: console,
      clock: () => now,
      settings: { chunkSize: 50, ratePerSecond: { default: 10_000, sms: 1 } },
    });
    const claimed = await limited.tick();
    await limited.settle();
    // The burst, and what a slow machine refills meanwhile (one a second).
    expect(claimed).toBeLessThan(100);
    expect(countBy(await notificationsOf(db(), otherClientId, small)).queued).toBeUndefined();
    expect(countBy(await notificationsOf(db(), clientId, big)).queued).toBeGreaterThan(300);
    await drain();
  });
});
