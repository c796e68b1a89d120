import { and, count, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeEvents } from '../../../../platform/realtime/realtime.tables.js';
import { createRecordingInboxPort, type RecordingInboxPort } from '../../../../test/recording-inbox-port.js';
import { createTestApp, logIn, type TestApp } from '../../../../test/test-app.js';
import { envelope, postWebhook, statusOf, textMessage, unixNow } from '../../../../test/whatsapp-webhook.js';
import { DEMO_WHATSAPP } from '../../../demo/index.js';
import { csMessages } from '../../../inbox/chat/chat.tables.js';
import { whatsappMessages, whatsappWebhookEvents } from './whatsapp.tables.js';
import { outboundBody } from './whatsapp.wire.js';

const PNID = DEMO_WHATSAPP.phoneNumberId;

/** Real-world payloads (issue 11, defects 7 and 9): every kind stored and shown, nothing lost, no 5xx. */
describe('WhatsApp payload kinds and hostile deliveries', () => {
  let sapa: TestApp;
  let demoClientId: string;
  beforeAll(async () => {
    sapa = await createTestApp();
    demoClientId = (await logIn(sapa.app, 'adc@demo.test')).session.clientId;
  });
  afterAll(async () => sapa?.close());

  const chatRow = async (providerMessageId: string) => {
    const [row] = await sapa.database.db
      .select()
      .from(csMessages)
      .where(eq(csMessages.providerMessageId, providerMessageId));
    return row;
  };
  const ledgerRow = async (providerMessageId: string) => {
    const [row] = await sapa.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.providerMessageId, providerMessageId));
    return row;
  };

  it('stores a contact card, a system notice and a Flow response with their content', async () => {
    const from = '6281300000001';
    const base = { from, timestamp: unixNow() };
    const response = await postWebhook(
      sapa.app,
      envelope(PNID, {
        contacts: [{ profile: { name: 'Rina' }, wa_id: from }],
        messages: [
          {
            ...base,
            id: 'wamid.p-contacts',
            type: 'contacts',
            contacts: [
              {
                name: { formatted_name: 'Budi Santoso', first_name: 'Budi' },
                phones: [{ phone: '+62 812-3456-7890', type: 'CELL', wa_id: '6281234567890' }],
                emails: [{ email: 'budi@example.com', type: 'WORK' }],
              },
            ],
          },
          {
            ...base,
            id: 'wamid.p-system',
            type: 'system',
            system: { body: 'Rina changed their phone number', type: 'user_changed_number' },
          },
          {
            ...base,
            id: 'wamid.p-flow',
            type: 'interactive',
            interactive: {
              type: 'nfm_reply',
              nfm_reply: {
                name: 'flow',
                body: 'Sent',
                response_json: JSON.stringify({
                  flow_token: 'tok-1',
                  full_name: 'Rina Wijaya',
                  size: 'M',
                  agree: true,
                }),
              },
            },
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    const contact = await chatRow('wamid.p-contacts');
    expect(contact).toMatchObject({ type: 'contacts' });
    expect(contact!.content).toContain('Budi Santoso');
    expect(contact!.content).toContain('+62 812-3456-7890');
    expect(contact!.content).toContain('budi@example.com');
    expect(await chatRow('wamid.p-system')).toMatchObject({
      type: 'system',
      content: 'Rina changed their phone number',
    });
    const flow = await chatRow('wamid.p-flow');
    expect(flow).toMatchObject({ type: 'flow' });
    expect(flow!.content).toBe('full_name: Rina Wijaya\nsize: M\nagree: true');
  });

  it('shows a reaction on the message it reacts to, and removes it when the emoji is empty', async () => {
    const from = '6281300000002';
    await postWebhook(
      sapa.app,
      envelope(PNID, { messages: [textMessage(from, 'wamid.p-target', 'Order?')] }),
    );
    const react = (id: string, emoji: string) =>
      postWebhook(
        sapa.app,
        envelope(PNID, {
          messages: [
            {
              from,
              id,
              timestamp: unixNow(),
              type: 'reaction',
              reaction: { message_id: 'wamid.p-target', emoji },
            },
          ],
        }),
      );
    expect((await react('wamid.p-react-1', '👍')).statusCode).toBe(200);
    expect(await chatRow('wamid.p-target')).toMatchObject({ reaction: '👍' });
    // Not a bubble of its own.
    expect(await chatRow('wamid.p-react-1')).toBeUndefined();
    const events = await sapa.database.db.select().from(realtimeEvents);
    const reactionEvent = events.find((event) => event.payload.typeNotif === 'MESSAGE_REACTION');
    expect(reactionEvent?.payload.chat).toMatchObject({ reaction: '👍' });

    expect((await react('wamid.p-react-2', '')).statusCode).toBe(200);
    expect(await chatRow('wamid.p-target')).toMatchObject({ reaction: null });
  });

  it('accepts a correctly signed message that carries only a business-scoped user id, and replies to it by recipient', async () => {
    const bsuid = 'ID.1502346789012345';
    const response = await postWebhook(
      sapa.app,
      envelope(PNID, {
        contacts: [{ profile: { name: 'Username only' }, user_id: bsuid }],
        messages: [
          {
            from_user_id: bsuid,
            user_id: bsuid,
            id: 'wamid.p-bsuid',
            timestamp: unixNow(),
            type: 'text',
            text: { body: 'Hi from a username' },
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(await ledgerRow('wamid.p-bsuid')).toMatchObject({
      customerPhone: bsuid,
      customerName: 'Username only',
    });
    expect(await chatRow('wamid.p-bsuid')).toMatchObject({ content: 'Hi from a username' });
    // The window is open on the BSUID: a reply goes out addressed by `recipient`.
    const sent = await sapa.channels.get('whatsapp').send({
      clientId: demoClientId,
      channel: 'whatsapp',
      kind: 'text',
      to: bsuid,
      text: 'Hello!',
    });
    expect(sent.providerMessageId).toBeTruthy();
    const body = outboundBody({
      clientId: demoClientId,
      channel: 'whatsapp',
      kind: 'text',
      to: bsuid,
      text: 'x',
    });
    expect(body).toMatchObject({ recipient: bsuid });
    expect(body).not.toHaveProperty('to');
    expect(
      outboundBody({ clientId: demoClientId, channel: 'whatsapp', kind: 'text', to: '+62 812', text: 'x' }),
    ).toMatchObject({ to: '62812' });
  });

  it('applies a failed status whose timestamp is a number', async () => {
    const customer = '6281300000003';
    await postWebhook(sapa.app, envelope(PNID, { messages: [textMessage(customer, 'wamid.p-in-3', 'hi')] }));
    const { providerMessageId } = await sapa.channels.get('whatsapp').send({
      clientId: demoClientId,
      channel: 'whatsapp',
      kind: 'text',
      to: customer,
      text: 'Hello',
    });
    const failed = statusOf(providerMessageId, 'failed', unixNow() as never, {
      errors: [{ code: 131026, title: 'Message undeliverable' }],
    });
    failed.timestamp = Number(failed.timestamp) as never;
    expect((await postWebhook(sapa.app, envelope(PNID, { statuses: [failed] }))).statusCode).toBe(200);
    expect(await ledgerRow(providerMessageId)).toMatchObject({ status: 'failed', errorCode: '131026' });
  });

  it('answers 200 to hostile content and stores it sanitised', async () => {
    const from = '6281300000004';
    // Built as text: JSON.stringify itself cannot go 5,000 levels deep.
    const deep = `${'{"d":'.repeat(5000)}"bottom"${'}'.repeat(5000)}`;
    const raw = JSON.stringify(
      envelope(PNID, {
        messages: [
          textMessage(from, 'wamid.p-nul', 'a\u0000b'),
          textMessage(from, 'wamid.p-surrogate', 'x\ud800y'),
          { ...textMessage(from, 'wamid.p-huge-ts', 'late'), timestamp: '99999999999999999999' },
          { ...textMessage(from, 'wamid.p-deep', 'deep'), extra: 'DEEP' },
        ],
      }),
    ).replace('"DEEP"', deep);
    const before = Date.now();
    const response = await postWebhook(sapa.app, raw);
    expect(response.statusCode).toBe(200);
    expect(await chatRow('wamid.p-nul')).toMatchObject({ content: 'ab' });
    expect(await chatRow('wamid.p-surrogate')).toMatchObject({ content: 'x\ufffdy' });
    const late = await ledgerRow('wamid.p-huge-ts');
    expect(late!.sentAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(late!.sentAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await chatRow('wamid.p-deep')).toMatchObject({ content: 'deep' });
  });
});

/** The inbox's own speed is measured in bench/; here the channel's batching is what is tested. */
describe('a webhook of 10,000 messages', () => {
  let sapa: TestApp;
  let inbox: RecordingInboxPort;
  let demoClientId: string;
  beforeAll(async () => {
    inbox = createRecordingInboxPort();
    sapa = await createTestApp({}, { inboxPort: inbox });
    demoClientId = (await logIn(sapa.app, 'adc@demo.test')).session.clientId;
  });
  afterAll(async () => sapa?.close());

  it('is answered before its messages are processed, then each is stored and handed over exactly once, in batches', async () => {
    const messages = Array.from({ length: 10_000 }, (_, i) =>
      textMessage(`62813100000${String(i % 10).padStart(2, '0')}`, `wamid.p-bulk-${i}`, `bulk ${i}`),
    );
    const response = await postWebhook(sapa.app, envelope(PNID, { messages }));
    expect(response.statusCode).toBe(200);
    const stored = async () =>
      (
        await sapa.database.db
          .select({ n: count() })
          .from(whatsappMessages)
          .where(like(whatsappMessages.providerMessageId, 'wamid.p-bulk-%'))
      )[0]!.n;
    const unprocessed = () =>
      sapa.database.db
        .select({ id: whatsappWebhookEvents.id, processedItems: whatsappWebhookEvents.processedItems })
        .from(whatsappWebhookEvents)
        .where(
          and(eq(whatsappWebhookEvents.clientId, demoClientId), isNull(whatsappWebhookEvents.processedAt)),
        );
    // The delivery is in the ledger, unprocessed: the answer did not wait for its 10,000 messages.
    expect(await unprocessed()).toHaveLength(1);
    expect(await stored()).toBe(0);
    expect(inbox.inbound).toHaveLength(0);

    // No job ran (as after a crash): the sweep takes the delivery; sweeping or processing again changes nothing.
    const [event] = await unprocessed();
    await sapa.whatsapp.sweepWebhookEvents({ olderThanMs: 0 });
    await sapa.whatsapp.sweepWebhookEvents({ olderThanMs: 0 });
    await sapa.whatsapp.processWebhookEvent(demoClientId, event!.id);
    expect(await stored()).toBe(10_000);
    const handed = inbox.inbound.map((message) => message.providerMessageId);
    expect(handed).toHaveLength(10_000);
    expect(new Set(handed).size).toBe(10_000);
    expect(handed[0]).toBe('wamid.p-bulk-0');
    expect(handed.at(-1)).toBe('wamid.p-bulk-9999');
    expect(await unprocessed()).toHaveLength(0);
  }, 180_000);
});

/** A small delivery is stored in the transaction that processes it (decision 0067): never lost, never twice. */
describe('a small delivery stored as it is processed', () => {
  let sapa: TestApp;
  let inbox: RecordingInboxPort;
  let demoClientId: string;
  beforeAll(async () => {
    const recording = createRecordingInboxPort();
    // An inbox that fails on one message, as a database error or a bug would.
    inbox = {
      ...recording,
      async receiveInbound(executor, message, afterCommit) {
        if (message.text === 'boom') throw new Error('the inbox failed on this message');
        await recording.receiveInbound(executor, message, afterCommit);
      },
    };
    sapa = await createTestApp({}, { inboxPort: inbox });
    demoClientId = (await logIn(sapa.app, 'adc@demo.test')).session.clientId;
  });
  afterAll(async () => sapa?.close());

  const deliveries = (text: string) =>
    sapa.database.db
      .select({
        processedItems: whatsappWebhookEvents.processedItems,
        processedAt: whatsappWebhookEvents.processedAt,
        body: whatsappWebhookEvents.body,
      })
      .from(whatsappWebhookEvents)
      .where(
        and(
          eq(whatsappWebhookEvents.clientId, demoClientId),
          like(sql`${whatsappWebhookEvents.body}::text`, `%${text}%`),
        ),
      );
  const ledgered = async (providerMessageId: string) =>
    (
      await sapa.database.db
        .select({ n: count() })
        .from(whatsappMessages)
        .where(eq(whatsappMessages.providerMessageId, providerMessageId))
    )[0]!.n;

  it('is in the ledger, processed, once its 200 is answered, and its message handed over once', async () => {
    const response = await postWebhook(
      sapa.app,
      envelope(PNID, { messages: [textMessage('6281310000101', 'wamid.p-small-1', 'small one')] }),
    );
    expect(response.statusCode).toBe(200);
    const rows = await deliveries('wamid.p-small-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.processedItems).toBe(1);
    expect(rows[0]!.processedAt).not.toBeNull();
    expect(await ledgered('wamid.p-small-1')).toBe(1);
    expect(inbox.inbound.filter((m) => m.providerMessageId === 'wamid.p-small-1')).toHaveLength(1);
    // Nothing is left for the sweep: sweeping hands nothing over again.
    await sapa.whatsapp.sweepWebhookEvents({ olderThanMs: 0 });
    expect(inbox.inbound.filter((m) => m.providerMessageId === 'wamid.p-small-1')).toHaveLength(1);
  });

  it('is still stored when its processing fails: the good messages go through once, the failing one stays in the raw event', async () => {
    const response = await postWebhook(
      sapa.app,
      envelope(PNID, {
        messages: [
          textMessage('6281310000102', 'wamid.p-small-good', 'fine'),
          textMessage('6281310000103', 'wamid.p-small-bad', 'boom'),
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    // One delivery row (the failed transaction kept nothing), processed item by item.
    const rows = await deliveries('wamid.p-small-bad');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.processedAt).not.toBeNull();
    expect(JSON.stringify(rows[0]!.body)).toContain('boom');
    // Stored once (the attempts that rolled back kept nothing); the failing one only in the raw event.
    expect(await ledgered('wamid.p-small-good')).toBe(1);
    expect(await ledgered('wamid.p-small-bad')).toBe(0);
    // Nothing is left for the sweep: the good message is not handed over again.
    const handed = inbox.inbound.filter((m) => m.providerMessageId === 'wamid.p-small-good').length;
    await sapa.whatsapp.sweepWebhookEvents({ olderThanMs: 0 });
    expect(inbox.inbound.filter((m) => m.providerMessageId === 'wamid.p-small-good')).toHaveLength(handed);
  });
});
