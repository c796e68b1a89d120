import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchOf,
  countBy,
  insertTestBatch,
  insertTestNotifications,
  notificationsOf,
} from '../../../test/campaign-batches.js';
import { QUICK_SANDBOX, settleAll } from '../../../test/sandbox-channels.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

describe('campaign batches: pause, resume, cancel, retry failed, progress and attempts', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let clientId: string;
  const db = () => sapa.database.db;
  const phone = (n: number) => `62813${String(60_000_000 + n)}`;
  const post = (who: LoggedIn, url: string) => sapa.app.inject({ method: 'POST', url, headers: who.headers });
  const get = (who: LoggedIn, url: string) => sapa.app.inject({ method: 'GET', url, headers: who.headers });
  const drain = async () => {
    await sapa.dispatcher.drain();
    await settleAll(sapa);
    await sapa.dispatcher.schedule();
  };

  beforeAll(async () => {
    sapa = await createTestApp({}, { sandbox: QUICK_SANDBOX, dispatch: { chunkSize: 20 } });
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    clientId = adc.session.clientId;
  });
  afterAll(async () => sapa?.close());

  it('pauses a running batch so nothing more is claimed, and resumes it to the end', async () => {
    const batchId = await insertTestBatch(db(), { clientId, status: 'running' });
    await insertTestNotifications(db(), clientId, batchId, [
      { recipient: phone(1) },
      { recipient: phone(2) },
    ]);
    const paused = await post(adc, `/api/campaign-batches/${batchId}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ batch: { status: 'paused', counts: { queued: 2 } }, changed: 0 });
    await drain();
    expect(countBy(await notificationsOf(db(), clientId, batchId))).toEqual({ queued: 2 });
    const again = await post(adc, `/api/campaign-batches/${batchId}/pause`);
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('batch_status_conflict');

    expect((await post(adc, `/api/campaign-batches/${batchId}/resume`)).json()).toMatchObject({
      batch: { status: 'scheduled' },
    });
    await drain();
    const progress = await get(adc, `/api/campaign-batches/${batchId}/progress`);
    expect(progress.json()).toMatchObject({
      status: 'finished',
      counts: { delivered: 2 },
      checkpoint: { lastRowNo: 3 },
    });
  });

  it('cancels the queued rows of a batch in one go; a canceled batch cannot be resumed', async () => {
    const batchId = await insertTestBatch(db(), { clientId, status: 'running' });
    await insertTestNotifications(
      db(),
      clientId,
      batchId,
      Array.from({ length: 30 }, (_, i) => ({ recipient: phone(100 + i) })),
    );
    const canceled = await post(adc, `/api/campaign-batches/${batchId}/cancel`);
    expect(canceled.json()).toMatchObject({
      batch: { status: 'canceled', counts: { canceled: 30 } },
      changed: 30,
    });
    await drain();
    expect(
      (await sapa.messaging.listOutbox(clientId, { recipient: phone(100), page: 1, pageSize: 5 })).total,
    ).toBe(0);
    expect((await post(adc, `/api/campaign-batches/${batchId}/resume`)).statusCode).toBe(409);
  });

  it('pauses and cancels every batch of a campaign', async () => {
    const created = await sapa.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: adc.headers,
      payload: {
        code: 'DISPATCH-1',
        channel: 'SMS',
        name: 'Dispatch',
        template: { channel: 'SMS', text: 'Hi {{name}}' },
        paramTranslator: { recipient: 'phone', rules: [{ from: 'phone', to: 'phone', kind: 'phone' }] },
      },
    });
    const { campaignId } = created.json();
    const first = await insertTestBatch(db(), { clientId, campaignId, status: 'running' });
    const second = await insertTestBatch(db(), {
      clientId,
      campaignId,
      status: 'scheduled',
      scheduledAt: new Date(Date.now() + 3_600_000),
    });
    await insertTestNotifications(db(), clientId, first, [{ recipient: phone(200) }]);
    expect((await post(adc, `/api/campaigns/${campaignId}/batches/pause`)).json()).toMatchObject({
      batches: 2,
    });
    expect((await batchOf(db(), clientId, second)).status).toBe('paused');
    expect((await post(adc, `/api/campaigns/${campaignId}/batches/cancel`)).json()).toMatchObject({
      batches: 2,
    });
    expect(countBy(await notificationsOf(db(), clientId, first))).toEqual({ canceled: 1 });
    expect((await post(adc2, `/api/campaigns/${campaignId}/batches/cancel`)).statusCode).toBe(404);
  });

  it('retries only the failed rows of a finished batch, each with a new attempt and key', async () => {
    sapa.sandbox.setFailureRates(clientId, { delivery: 1 });
    const batchId = await insertTestBatch(db(), { clientId, status: 'running' });
    await insertTestNotifications(db(), clientId, batchId, [{ recipient: phone(300) }]);
    await drain();
    sapa.sandbox.setFailureRates(clientId, null);
    expect((await batchOf(db(), clientId, batchId)).status).toBe('finished');
    const [failed] = await notificationsOf(db(), clientId, batchId);
    expect(failed).toMatchObject({ status: 'failed', attemptCount: 1 });

    const retried = await post(adc, `/api/campaign-batches/${batchId}/retry-failed`);
    expect(retried.json()).toMatchObject({ batch: { status: 'running', counts: { queued: 1 } }, changed: 1 });
    await drain();
    const attempts = await get(adc, `/api/campaign-notifications/${failed!.id}/attempts`);
    expect(attempts.statusCode).toBe(200);
    expect(attempts.json()).toMatchObject({
      status: 'delivered',
      attempts: [
        { attempt: 1, status: 'failed', provider: 'sms', error: { code: expect.any(String) } },
        { attempt: 2, status: 'delivered', providerMessageId: expect.any(String), error: null },
      ],
    });
    const keys = (
      await sapa.messaging.listOutbox(clientId, { recipient: phone(300), page: 1, pageSize: 5 })
    ).rows
      .map((row) => row.idempotencyKey)
      .sort();
    expect(keys).toEqual([`campaign:${batchId}:2`, `campaign:${batchId}:2:a2`]);
    expect((await post(adc, `/api/campaign-batches/${batchId}/retry-failed`)).statusCode).toBe(200);
  });

  it("answers 404 for another client's batch and notification ids, and for ids that are not ids", async () => {
    const batchId = await insertTestBatch(db(), { clientId, status: 'running' });
    const [notificationId] = await insertTestNotifications(db(), clientId, batchId, [
      { recipient: phone(400) },
    ]);
    for (const url of [
      `/api/campaign-batches/${batchId}/progress`,
      `/api/campaign-notifications/${notificationId}/attempts`,
      '/api/campaign-batches/not-an-id/progress',
    ]) {
      const response = await get(adc2, url);
      expect(response.statusCode).toBe(404);
    }
    expect((await post(adc2, `/api/campaign-batches/${batchId}/cancel`)).statusCode).toBe(404);
    expect((await batchOf(db(), clientId, batchId)).status).toBe('running');
  });

  it('lets only admins and the channel makers change a batch', async () => {
    const batchId = await insertTestBatch(db(), { clientId, status: 'running' });
    const reporter = await logIn(sapa.app, 'usr@demo.test');
    const refused = await post(reporter, `/api/campaign-batches/${batchId}/pause`);
    expect(refused.statusCode).toBe(403);
    expect((await batchOf(db(), clientId, batchId)).status).toBe('running');
    await post(adc, `/api/campaign-batches/${batchId}/cancel`);
  });
});
