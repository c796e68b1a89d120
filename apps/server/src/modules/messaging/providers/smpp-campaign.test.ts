import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchOf,
  countBy,
  insertTestBatch,
  insertTestNotifications,
  notificationsOf,
} from '../../../test/campaign-batches.js';
import { type LocalSmsc, startLocalSmsc } from '../../../test/local-smsc.js';
import { QUICK_SANDBOX, settleAll } from '../../../test/sandbox-channels.js';
import { createTestApp, logIn, type TestApp } from '../../../test/test-app.js';

const COUNT = 1_000;

describe('a campaign of 1,000 SMS over SMPP', () => {
  let sapa: TestApp;
  let smsc: LocalSmsc;
  let clientId: string;

  beforeAll(async () => {
    smsc = await startLocalSmsc({ receiptDelayMs: 200 });
    sapa = await createTestApp(
      { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' },
      { sandbox: QUICK_SANDBOX, dispatch: { chunkSize: 200, checkpointEveryMs: 0 } },
    );
    const adc = await logIn(sapa.app, 'adc@demo.test');
    clientId = adc.session.clientId;
    const created = await sapa.app.inject({
      method: 'POST',
      url: '/api/channels/sms/providers',
      headers: adc.headers,
      payload: {
        type: 'smpp',
        name: 'Local SMSC',
        settings: {
          host: '127.0.0.1',
          port: smsc.port,
          systemId: 'sapa',
          senderId: 'SAPA',
          window: 20,
          // The whole app shares one process (and PGlite's one connection) with the test: no hurry.
          submitTimeoutSeconds: 100,
        },
        secrets: { password: 'secret12' },
      },
    });
    expect(created.statusCode).toBe(201);
  });
  afterAll(async () => {
    await sapa?.close();
    await smsc?.close();
  });

  it('sends every row once through throttling and a dropped connection, and matches every receipt', async () => {
    const batchId = await insertTestBatch(sapa.database.db, { clientId, status: 'running' });
    await insertTestNotifications(
      sapa.database.db,
      clientId,
      batchId,
      Array.from({ length: COUNT }, (_, i) => ({
        recipient: `62812${String(60_000_000 + i)}`,
        params: { name: `N${i}`, amount: 'Rp 5.000' },
      })),
    );
    // The SMSC throttles the first submits, and drops the line once after 400 were accepted.
    smsc.throttleNext(40);
    smsc.dropAfter(400);
    for (let round = 0; round < 20; round++) {
      await sapa.dispatcher.drain();
      await settleAll(sapa);
      await sapa.dispatcher.schedule();
      if ((await batchOf(sapa.database.db, clientId, batchId)).status === 'finished') break;
    }
    await expect
      .poll(async () => countBy(await notificationsOf(sapa.database.db, clientId, batchId)), {
        timeout: 60_000,
        interval: 250,
      })
      .toEqual({ delivered: COUNT });
    expect(smsc.throttled()).toBe(40);
    expect(smsc.binds()).toBeGreaterThanOrEqual(2);
    // Each recipient acknowledged once by the SMSC, and each receipt taken once.
    const destinations = new Set(smsc.submits.map((submit) => submit.destination));
    expect([smsc.submits.length, destinations.size]).toEqual([COUNT, COUNT]);
    // A receipt answered late (the process is busy) is delivered again: wait for the SMSC to hear every answer.
    await expect.poll(() => smsc.receiptsTaken.size, { timeout: 30_000 }).toBe(COUNT);
    expect([...smsc.receiptsTaken.values()].every((taken) => taken === 1)).toBe(true);
    expect((await batchOf(sapa.database.db, clientId, batchId)).status).toBe('finished');
  }, 180_000);
});
