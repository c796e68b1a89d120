import type { RealtimeServerMessage } from '@sapa/contracts';
import { readCampaignEvent } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestBatch, insertTestNotifications } from '../../../test/campaign-batches.js';
import { QUICK_SANDBOX, settleAll } from '../../../test/sandbox-channels.js';
import { listenOnFreePort, openSocket } from '../../../test/socket-client.js';
import { createTestApp, logIn, type TestApp } from '../../../test/test-app.js';
import { createBatchProgressPublisher } from './batch-progress.js';
import type { BatchProgressEvent } from './dispatch.service.js';

const progressOf = (messages: RealtimeServerMessage[], batchId: string) =>
  messages.flatMap((message) => {
    if (message.type !== 'event') return [];
    const event = readCampaignEvent(message);
    return event && event.data.batchId === batchId ? [event.data] : [];
  });

describe('batch progress on the live socket', () => {
  let sapa: TestApp;
  let url: string;
  beforeAll(async () => {
    // Every chunk reports progress (no checkpoint pause): the publisher's own throttle is what is tested.
    sapa = await createTestApp(
      {},
      { sandbox: QUICK_SANDBOX, dispatch: { chunkSize: 20, checkpointEveryMs: 0 } },
    );
    url = await listenOnFreePort(sapa.app);
  });
  afterAll(async () => sapa?.close());

  it("reaches the client's campaign users, ends with every row counted, and never another client's socket", async () => {
    const admin = await logIn(sapa.app, 'adc@demo.test');
    const agent = await logIn(sapa.app, 'usc@demo.test');
    const otherAdmin = await logIn(sapa.app, 'adc2@demo.test');
    const clientId = admin.session.clientId;
    const sockets = await Promise.all(
      [admin, agent, otherAdmin].map((user) => openSocket(url, { token: user.session.token, lastSeq: null })),
    );
    for (const socket of sockets) await socket.waitFor((messages) => messages[0]?.type === 'ready');
    const [adminSocket, agentSocket, otherSocket] = sockets as [
      (typeof sockets)[0],
      (typeof sockets)[0],
      (typeof sockets)[0],
    ];

    const batchId = await insertTestBatch(sapa.database.db, { clientId, status: 'running' });
    await insertTestNotifications(
      sapa.database.db,
      clientId,
      batchId,
      Array.from({ length: 100 }, (_, i) => ({
        recipient: `62812${70_000_000 + i}`,
        params: { name: `P${i}` },
      })),
    );
    await sapa.dispatcher.drain();
    await settleAll(sapa);
    await sapa.dispatcher.schedule();

    await adminSocket.waitFor(
      (messages) => progressOf(messages, batchId).some((data) => data.status === 'finished'),
      10_000,
    );
    const seen = progressOf(adminSocket.messages, batchId);
    expect(seen.at(-1)).toMatchObject({
      batchId,
      channel: 'SMS',
      status: 'finished',
      done: 100,
      total: 100,
    });
    // Finished once nothing is queued or sending: each row sent, or already delivered by then.
    expect(Object.keys(seen.at(-1)!.counts).every((status) => ['sent', 'delivered'].includes(status))).toBe(
      true,
    );
    // Five chunks, each with its progress, within a second or so: the throttle lets few through.
    expect(seen.length).toBeLessThan(5);
    for (const [index, data] of seen.entries())
      if (index > 0) expect(data.done).toBeGreaterThanOrEqual(seen[index - 1]!.done);

    // A CS agent works on no campaign channel; the other client's admin is another client.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(progressOf(agentSocket.messages, batchId)).toEqual([]);
    expect(progressOf(otherSocket.messages, batchId)).toEqual([]);
    for (const socket of sockets) await socket.close();
  });

  it('sends at most one event per batch per interval, the latest state of the meantime, and the end at once after it', async () => {
    let now = 0;
    const published: { userIds: readonly string[] | undefined; data: unknown }[] = [];
    const admin = await logIn(sapa.app, 'adc@demo.test');
    const clientId = admin.session.clientId;
    const batchId = await insertTestBatch(sapa.database.db, { clientId, status: 'running' });
    const publisher = createBatchProgressPublisher({
      db: sapa.database.db,
      realtime: {
        async publish(input) {
          published.push({
            userIds: 'userIds' in input.audience ? input.audience.userIds : undefined,
            data: input.payload.data,
          });
          return published.length;
        },
      },
      log: { warn: () => undefined },
      everyMs: 60_000,
      clock: () => now,
    });
    const event = (queued: number, sent: number, status: string | null = null): BatchProgressEvent => ({
      clientId,
      batchId,
      status,
      counts: { queued, sent },
      lastRowNo: sent,
    });
    publisher.onProgress(event(10, 0));
    publisher.onProgress(event(8, 2));
    publisher.onProgress(event(5, 5));
    now = 1_000;
    publisher.onProgress(event(0, 10, 'finished'));
    await publisher.flush();
    expect(published.map((p) => p.data)).toEqual([
      expect.objectContaining({ done: 0, total: 10 }),
      // The pause was cut short by flush: the latest state, not each one in between.
      expect.objectContaining({ done: 10, total: 10, status: 'finished' }),
    ]);
    expect(published[0]!.userIds).toContain(admin.session.userId);
  });
});
