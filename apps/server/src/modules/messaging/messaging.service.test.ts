import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { inboundText, RecordingChannel, RecordingRealtime } from '../../test/inbox-fakes.js';
import { createRecordingInboxPort } from '../../test/recording-inbox-port.js';
import { createTestApp, errorCode, logIn, type TestApp } from '../../test/test-app.js';
import { createInboxPort } from '../inbox/index.js';
import { createChannelRegistry, createMessaging, type SendMessageInput } from './index.js';

describe('messaging: the outbound ledger and its send job', () => {
  let sapa: TestApp;
  let clientId: string;
  let otherClientId: string;
  const sender = new RecordingChannel();
  const realtime = new RecordingRealtime();
  const sentTo = (recipient: string) => sender.sent.filter((message) => message.to === recipient);
  const input = (idempotencyKey: string, overrides: Partial<SendMessageInput> = {}): SendMessageInput => ({
    channel: 'whatsapp',
    recipient: '6281233330000',
    content: { kind: 'text', text: 'Halo dari Sapa' },
    source: 'test',
    idempotencyKey,
    ...overrides,
  });

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime, channels: { whatsapp: sender } });
    const [adc, adc2] = await Promise.all([
      logIn(sapa.app, 'adc@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
    ]);
    clientId = adc.session.clientId;
    otherClientId = adc2.session.clientId;
  });
  afterAll(async () => sapa?.close());

  it('sends once per idempotency key: a second call answers the first row and sends nothing more', async () => {
    const recipient = '6281233330001';
    const first = await sapa.messaging.sendMessage(clientId, input('order-1', { recipient }));
    const second = await sapa.messaging.sendMessage(
      { clientId },
      input('order-1', { recipient, content: { kind: 'text', text: 'a second try' } }),
    );
    expect(second.id).toBe(first.id);
    await sapa.messaging.settle();
    expect(sentTo(recipient)).toEqual([expect.objectContaining({ kind: 'text', text: 'Halo dari Sapa' })]);
    const row = await sapa.messaging.getOutbound(clientId, first.id);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerMessageId: expect.stringMatching(/^wamid\./),
      source: 'test',
      idempotencyKey: 'order-1',
    });
    expect(Object.keys(row.statusHistory).sort()).toEqual(['queued', 'sent']);
    // Sending it again after it went out changes nothing either.
    await sapa.messaging.sendMessage(clientId, input('order-1', { recipient }));
    await sapa.messaging.settle();
    expect(sentTo(recipient)).toHaveLength(1);
  });

  it('sends a queued row that was never sent in-process from the job, exactly once however often the job runs', async () => {
    const recipient = '6281233330002';
    // The process died right after the commit: the row is queued and nothing sent it.
    const row = await sapa.database.db.transaction((tx) =>
      sapa.messaging.queueMessage(tx, clientId, input('crash-1', { recipient })),
    );
    expect(row.status).toBe('queued');
    expect(sentTo(recipient)).toHaveLength(0);
    const job = { clientId, outboundId: row.id };
    await sapa.messaging.runSendJob(job);
    await sapa.messaging.runSendJob(job);
    expect(sentTo(recipient)).toHaveLength(1);
    expect(await sapa.messaging.getOutbound(clientId, row.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('lets only one of two workers running at once call the provider', async () => {
    const recipient = '6281233330003';
    const row = await sapa.database.db.transaction((tx) =>
      sapa.messaging.queueMessage(tx, clientId, input('race-1', { recipient })),
    );
    let release = () => {};
    sender.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reached = new Promise<void>((resolve) => {
      sender.onGate = resolve;
    });
    const job = { clientId, outboundId: row.id };
    const first = sapa.messaging.runSendJob(job);
    try {
      // Only once the first holds the row: two claims racing may be won by either on PostgreSQL.
      await reached;
      // The second finds the row held: it fails so pg-boss retries it later, and sends nothing.
      await expect(sapa.messaging.runSendJob(job)).rejects.toMatchObject({ code: 'send_in_progress' });
      expect(await sapa.messaging.sweepQueued({ olderThanMs: -60_000 })).toBe(0);
    } finally {
      sender.gate = null;
      sender.onGate = null;
      release();
    }
    await first;
    await sapa.messaging.runSendJob(job);
    expect(sentTo(recipient)).toHaveLength(1);
  });

  it('sends a row whose job was lost from the sweep, once', async () => {
    const recipient = '6281233330004';
    const row = await sapa.database.db.transaction((tx) =>
      sapa.messaging.queueMessage(tx, clientId, input('lost-1', { recipient })),
    );
    expect(await sapa.messaging.sweepQueued()).toBe(0);
    expect(await sapa.messaging.sweepQueued({ olderThanMs: -60_000 })).toBe(1);
    expect(await sapa.messaging.sweepQueued({ olderThanMs: -60_000 })).toBe(0);
    expect(sentTo(recipient)).toHaveLength(1);
    expect((await sapa.messaging.getOutbound(clientId, row.id)).status).toBe('sent');
  });

  it('moves a status forward only: a late sent or delivered after read is ignored, its time kept', async () => {
    const recipient = '6281233330005';
    const row = await sapa.messaging.sendMessage(clientId, input('ticks-1', { recipient }));
    await sapa.messaging.settle();
    const { providerMessageId } = await sapa.messaging.getOutbound(clientId, row.id);
    const inbox = createRecordingInboxPort();
    const port = sapa.messaging.inboundPort(inbox);
    const status = (value: 'sent' | 'delivered' | 'read' | 'failed', at: Date) =>
      port.applyStatus(sapa.database.db, {
        clientId,
        channel: 'whatsapp',
        providerMessageId: providerMessageId!,
        status: value,
        error: value === 'failed' ? { code: '131026', title: 'Message undeliverable' } : null,
        at,
      });
    const readAt = new Date(Date.now() + 2_000);
    await status('read', readAt);
    await status('sent', new Date(Date.now() + 1_000));
    await status('delivered', new Date(Date.now() + 1_500));
    await status('failed', new Date(Date.now() + 3_000));
    const after = await sapa.messaging.getOutbound(clientId, row.id);
    expect(after).toMatchObject({ status: 'read', errorCode: null });
    expect(after.statusHistory.read).toBe(readAt.toISOString());
    expect(Object.keys(after.statusHistory).sort()).toEqual([
      'delivered',
      'failed',
      'queued',
      'read',
      'sent',
    ]);
    // The inbox still hears every status; it applies its own forward-only rule.
    expect(inbox.statuses.map((update) => update.status)).toEqual(['read', 'sent', 'delivered', 'failed']);
  });

  it('moves a status forward only in a set of reports too (one statement, decision 0070); a failure only from sent', async () => {
    const [recipient, other] = ['6281233330015', '6281233330016'];
    const rows = [
      await sapa.messaging.sendMessage(clientId, input('ticks-set-1', { recipient })),
      await sapa.messaging.sendMessage(clientId, input('ticks-set-2', { recipient: other })),
    ];
    await sapa.messaging.settle();
    const [first, second] = await Promise.all(
      rows.map((row) => sapa.messaging.getOutbound(clientId, row.id)),
    );
    const report = (
      providerMessageId: string,
      value: 'sent' | 'delivered' | 'read' | 'failed',
      at: Date,
    ) => ({
      clientId,
      channel: 'whatsapp' as const,
      providerMessageId,
      status: value,
      error: value === 'failed' ? { code: '131026', title: 'Message undeliverable' } : null,
      at,
    });
    const apply = (updates: ReturnType<typeof report>[]) =>
      sapa.database.db.transaction((tx) => sapa.messaging.applyStatuses(tx, updates));
    const readAt = new Date(Date.now() + 2_000);
    // One set moves both rows: the first to read, the second to failed (it was only sent).
    expect(
      await apply([
        report(first!.providerMessageId!, 'read', readAt),
        report(second!.providerMessageId!, 'failed', new Date(Date.now() + 1_000)),
        report('no-such-message', 'delivered', new Date()),
      ]),
    ).toEqual([true, true, false]);
    expect(
      await apply([report(first!.providerMessageId!, 'delivered', new Date(Date.now() + 1_500))]),
    ).toEqual([true]);
    expect(await apply([report(first!.providerMessageId!, 'failed', new Date(Date.now() + 3_000))])).toEqual([
      true,
    ]);
    // A late `sent` does not undo the failure (the same rank as `failed`, as `nextStatus` ranks them).
    expect(await apply([report(second!.providerMessageId!, 'sent', new Date(Date.now() + 4_000))])).toEqual([
      true,
    ]);
    const after = await sapa.messaging.getOutbound(clientId, first!.id);
    expect(after).toMatchObject({ status: 'read', errorCode: null });
    expect(after.statusHistory.read).toBe(readAt.toISOString());
    expect(Object.keys(after.statusHistory).sort()).toEqual([
      'delivered',
      'failed',
      'queued',
      'read',
      'sent',
    ]);
    const failed = await sapa.messaging.getOutbound(clientId, second!.id);
    expect(failed).toMatchObject({
      status: 'failed',
      errorCode: '131026',
      errorMessage: 'Message undeliverable',
    });
    expect(Object.keys(failed.statusHistory).sort()).toEqual(['failed', 'queued', 'sent']);
  });

  it('sends rows queued already claimed for the caller (decision 0070) once, and no other sender takes them meanwhile', async () => {
    const recipient = '6281233330017';
    const [answer] = await sapa.database.db.transaction((tx) =>
      sapa.messaging.queueMessages(tx, clientId, [input('claimed-1', { recipient })], { claimForSend: true }),
    );
    if (!answer || !('row' in answer) || !answer.claimed) throw new Error('expected a row queued claimed');
    const row = await sapa.messaging.getOutbound(clientId, answer.row.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // Held for its caller: the sweep, the send job and a claim by id leave it alone.
    expect(await sapa.messaging.sweepQueued({ olderThanMs: -60_000 })).toBe(0);
    await expect(sapa.messaging.runSendJob({ clientId, outboundId: row.id })).rejects.toMatchObject({
      code: 'send_in_progress',
    });
    await sapa.messaging.sendMany(clientId, [row.id]);
    expect(sentTo(recipient)).toHaveLength(0);
    // Its caller sends it as written, without claiming it again.
    await sapa.messaging.sendMany(clientId, [], [answer.claimed]);
    expect(sentTo(recipient)).toHaveLength(1);
    expect(await sapa.messaging.getOutbound(clientId, row.id)).toMatchObject({ status: 'sent', attempts: 1 });
    // A repeated key answers the first row, not claimed for the second caller.
    const [again] = await sapa.database.db.transaction((tx) =>
      sapa.messaging.queueMessages(tx, clientId, [input('claimed-1', { recipient })], { claimForSend: true }),
    );
    expect(again).toEqual({ row: expect.objectContaining({ id: row.id, status: 'sent' }) });
  });

  it('sends a row queued claimed for its dispatch (decision 0075) without claiming it again, and holds it from others until then', async () => {
    const recipient = '6281233330018';
    const row = await sapa.database.db.transaction((tx) =>
      sapa.messaging.queueMessage(tx, clientId, input('claimed-single-1', { recipient }), {
        claimForSend: true,
      }),
    );
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // Held for its dispatch: the send job leaves it alone.
    await expect(sapa.messaging.runSendJob({ clientId, outboundId: row.id })).rejects.toMatchObject({
      code: 'send_in_progress',
    });
    sapa.messaging.dispatch(row);
    await sapa.messaging.settle();
    expect(sentTo(recipient)).toHaveLength(1);
    expect(await sapa.messaging.getOutbound(clientId, row.id)).toMatchObject({ status: 'sent', attempts: 1 });
    // A repeated key answers the first row, which a dispatch leaves alone (it is no longer queued).
    const again = await sapa.database.db.transaction((tx) =>
      sapa.messaging.queueMessage(tx, clientId, input('claimed-single-1', { recipient }), {
        claimForSend: true,
      }),
    );
    expect(again).toMatchObject({ id: row.id, status: 'sent' });
    sapa.messaging.dispatch(again);
    await sapa.messaging.settle();
    expect(sentTo(recipient)).toHaveLength(1);
  });

  it('refuses a channel of the spec that has no implementation, and stores nothing', async () => {
    // Every channel of the spec is registered in the app now; a build without one refuses it.
    const bare = createMessaging({
      db: sapa.database.db,
      channels: createChannelRegistry(),
      enqueue: async () => null,
      log: { warn: () => {} },
      sources: {},
    });
    for (const channel of ['whatsapp', 'sms', 'email', 'telegram', 'voice'] as const) {
      expect(sapa.channels.has(channel)).toBe(true);
      await expect(
        bare.sendMessage(clientId, input(`unregistered-${channel}`, { channel })),
      ).rejects.toMatchObject({
        statusCode: 422,
        code: 'channel_not_registered',
      });
      expect(await sapa.messaging.findOutboundByKey(clientId, `unregistered-${channel}`)).toBeNull();
    }
  });

  it("keeps one client's ledger from another: ids, keys and the send job", async () => {
    const recipient = '6281233330006';
    const mine = await sapa.messaging.sendMessage(clientId, input('shared-key', { recipient }));
    const theirs = await sapa.messaging.sendMessage(otherClientId, input('shared-key', { recipient }));
    expect(theirs.id).not.toBe(mine.id);
    await sapa.messaging.settle();
    await expect(sapa.messaging.getOutbound(otherClientId, mine.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'outbound_not_found',
    });
    expect((await sapa.messaging.findOutboundByKey(otherClientId, 'shared-key'))?.id).toBe(theirs.id);
    const queued = await sapa.database.db.transaction((tx) =>
      sapa.messaging.queueMessage(tx, clientId, input('cross-job', { recipient: '6281233330007' })),
    );
    await sapa.messaging.runSendJob({ clientId: otherClientId, outboundId: queued.id });
    expect(sentTo('6281233330007')).toHaveLength(0);
    expect((await sapa.messaging.getOutbound(clientId, queued.id)).status).toBe('queued');
    expect(sentTo(recipient)).toHaveLength(2);
  });

  it('fails a permanent refusal at once, with its error, and retries nothing', async () => {
    const recipient = '6281233330008';
    sender.failWith = new AppError(422, 'window_closed', "The customer's 24-hour window is closed.");
    const row = await sapa.messaging.sendMessage(clientId, input('refused-1', { recipient }));
    await sapa.messaging.settle();
    sender.failWith = null;
    const after = await sapa.messaging.getOutbound(clientId, row.id);
    expect(after).toMatchObject({
      status: 'failed',
      attempts: 1,
      errorCode: 'window_closed',
      errorMessage: "The customer's 24-hour window is closed.",
    });
    expect(Object.keys(after.statusHistory).sort()).toEqual(['failed', 'queued']);
    // The job, arriving later, finds it settled.
    await sapa.messaging.runSendJob({ clientId, outboundId: row.id });
    expect(sentTo(recipient)).toHaveLength(0);
  });

  it("answers an agent's reply before the provider is called, then shows it sent", async () => {
    const recipient = '6281233330009';
    const adc = await logIn(sapa.app, 'adc@demo.test');
    await createInboxPort({ realtime }).receiveInbound(
      sapa.database.db,
      inboundText(clientId, recipient, 'Halo'),
    );
    const room = (
      await sapa.app.inject({
        method: 'GET',
        url: `/api/cs/chatRoom?q=${recipient}&status=all`,
        headers: adc.headers,
      })
    ).json().items[0];
    let release = () => {};
    sender.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    realtime.clear();
    const reply = await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/chat',
      headers: adc.headers,
      payload: { roomId: room.id, content: 'Kami cek ya' },
    });
    // The provider has not answered (it is held): the request did not wait for it.
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ status: 'pending', providerMessageId: null });
    expect(realtime.ofType('NEW_MESSAGE')).toHaveLength(1);
    const row = await sapa.messaging.findOutboundByKey(clientId, `inbox:${reply.json().messageId}`);
    expect(row).toMatchObject({ source: 'inbox', sourceRef: reply.json().messageId, channelAccountId: null });
    sender.gate = null;
    release();
    await sapa.messaging.settle();
    expect(sentTo(recipient)).toEqual([expect.objectContaining({ kind: 'text', text: 'Kami cek ya' })]);
    const shown = await sapa.app.inject({
      method: 'GET',
      url: `/api/cs/chat/id?messageId=${reply.json().messageId}`,
      headers: adc.headers,
    });
    expect(shown.json()).toMatchObject({
      status: 'sent',
      providerMessageId: expect.stringMatching(/^wamid\./),
    });
    expect(realtime.ofType('MESSAGE_STATUS').map((event) => event.payload.chat)).toEqual([
      expect.objectContaining({ messageId: reply.json().messageId, status: 'sent' }),
    ]);
    // The window check still refuses in the request, with the inbox's own error.
    sender.closedWindows.add(recipient);
    const refused = await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/chat',
      headers: adc.headers,
      payload: { roomId: room.id, content: 'Masih di sana?' },
    });
    expect(refused.statusCode).toBe(422);
    expect(errorCode(refused)).toBe('customer_window_closed');
  });
});
