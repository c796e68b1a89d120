import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingInboxPort, type RecordingInboxPort } from '../../../../test/recording-inbox-port.js';
import { createTestApp, errorCode, logIn, type TestApp } from '../../../../test/test-app.js';
import {
  envelope,
  postWebhook,
  sign,
  statusOf,
  textMessage,
  unixNow,
} from '../../../../test/whatsapp-webhook.js';
import { DEMO_WHATSAPP } from '../../../demo/index.js';
import { whatsappMessages, whatsappPendingStatuses, whatsappWebhookEvents } from './whatsapp.tables.js';

const PNID = DEMO_WHATSAPP.phoneNumberId;

describe('WhatsApp webhook', () => {
  let sapa: TestApp;
  let inbox: RecordingInboxPort;
  let demoClientId: string;
  beforeAll(async () => {
    inbox = createRecordingInboxPort();
    sapa = await createTestApp({}, { inboxPort: inbox });
    demoClientId = (await logIn(sapa.app, 'adc@demo.test')).session.clientId;
  });
  afterAll(async () => sapa?.close());

  const messageCount = async () =>
    (await sapa.database.db.select({ n: count() }).from(whatsappMessages))[0]!.n;
  const statusOfRow = async (providerMessageId: string) => {
    const [row] = await sapa.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.providerMessageId, providerMessageId));
    return row!;
  };
  /** An outbound sandbox message to a customer whose window is open. */
  const sendReply = async (customer: string) => {
    await postWebhook(
      sapa.app,
      envelope(PNID, { messages: [textMessage(customer, `wamid.in-${customer}-${Date.now()}`, 'hi')] }),
    );
    const { providerMessageId } = await sapa.channels.get('whatsapp').send({
      clientId: demoClientId,
      channel: 'whatsapp',
      kind: 'text',
      to: customer,
      text: 'Hello, how can we help?',
    });
    return providerMessageId;
  };

  it('echoes the challenge of a verification handshake with our verify token, and refuses another token', async () => {
    const ok = await sapa.app.inject({
      method: 'GET',
      url: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=demo-verify-token&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await sapa.app.inject({
      method: 'GET',
      url: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('refuses a delivery with a bad or missing signature with 401 and stores nothing', async () => {
    const before = await messageCount();
    const raw = JSON.stringify(
      envelope(PNID, { messages: [textMessage('6281200000001', 'wamid.bad-1', 'hello')] }),
    );
    const forged = await sapa.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign('not-the-secret', raw) },
      payload: raw,
    });
    const unsigned = await sapa.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    // Signed over other bytes: the same JSON re-serialised with different spacing.
    const reserialised = await sapa.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign('demo-app-secret', raw) },
      payload: JSON.stringify(JSON.parse(raw), null, 2),
    });
    for (const response of [forged, unsigned, reserialised]) {
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('invalid_signature');
    }
    expect(await messageCount()).toBe(before);
    expect(await sapa.database.db.select().from(whatsappWebhookEvents)).toHaveLength(0);
    expect(inbox.inbound.map((message) => message.providerMessageId)).not.toContain('wamid.bad-1');
  });

  it('stores a message delivered three times once and hands it to the inbox once', async () => {
    const body = envelope(PNID, {
      contacts: [{ profile: { name: 'Siti' }, wa_id: '6281200000002' }],
      messages: [textMessage('6281200000002', 'wamid.dup-1', 'Is my order shipped?')],
    });
    for (let i = 0; i < 3; i++) expect((await postWebhook(sapa.app, body)).statusCode).toBe(200);
    const rows = await sapa.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.providerMessageId, 'wamid.dup-1'));
    expect(rows).toHaveLength(1);
    expect(inbox.inbound.filter((message) => message.providerMessageId === 'wamid.dup-1')).toEqual([
      expect.objectContaining({
        clientId: demoClientId,
        customerPhone: '6281200000002',
        customerName: 'Siti',
        type: 'text',
        text: 'Is my order shipped?',
      }),
    ]);
  });

  it('processes every entry, change and message, of every type, with reply context', async () => {
    const from = '6281200000003';
    const at = unixNow();
    const base = { from, timestamp: at };
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        envelope(PNID, {
          contacts: [{ profile: { name: 'Budi' }, wa_id: from }],
          messages: [
            {
              ...base,
              id: 'wamid.t-image',
              type: 'image',
              image: { id: 'media-1', mime_type: 'image/jpeg', sha256: 'x', caption: 'the box' },
            },
            {
              ...base,
              id: 'wamid.t-document',
              type: 'document',
              document: { id: 'media-2', mime_type: 'application/pdf', filename: 'invoice.pdf' },
            },
            {
              ...base,
              id: 'wamid.t-audio',
              type: 'audio',
              audio: { id: 'media-3', mime_type: 'audio/ogg; codecs=opus' },
            },
          ],
        }).entry[0],
        envelope(PNID, {
          messages: [
            { ...base, id: 'wamid.t-video', type: 'video', video: { id: 'media-4', mime_type: 'video/mp4' } },
            {
              ...base,
              id: 'wamid.t-sticker',
              type: 'sticker',
              sticker: { id: 'media-5', mime_type: 'image/webp' },
            },
            {
              ...base,
              id: 'wamid.t-location',
              type: 'location',
              location: { latitude: -6.2, longitude: 106.8, name: 'Monas', address: 'Jakarta' },
            },
            {
              ...base,
              id: 'wamid.t-button-reply',
              type: 'interactive',
              context: { from: '622151500001', id: 'wamid.our-question' },
              interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes, please' } },
            },
            {
              ...base,
              id: 'wamid.t-list-reply',
              type: 'interactive',
              interactive: {
                type: 'list_reply',
                list_reply: { id: 'r2', title: 'Returns', description: 'Return an item' },
              },
            },
            {
              ...base,
              id: 'wamid.t-button',
              type: 'button',
              context: { id: 'wamid.our-template' },
              button: { text: 'Track my order', payload: 'TRACK' },
            },
            {
              ...base,
              id: 'wamid.t-unknown',
              // Meta's own name for a message type it cannot describe.
              type: 'unknown',
              errors: [{ code: 131051, title: 'Message type unknown' }],
            },
          ],
        }).entry[0],
      ],
    };
    expect((await postWebhook(sapa.app, body)).statusCode).toBe(200);
    const got = new Map(inbox.inbound.map((message) => [message.providerMessageId, message]));
    expect(got.get('wamid.t-image')).toMatchObject({
      type: 'image',
      text: 'the box',
      customerName: 'Budi',
      media: { providerMediaId: 'media-1', mimeType: 'image/jpeg', fileName: null },
    });
    expect(got.get('wamid.t-document')).toMatchObject({
      type: 'document',
      media: { fileName: 'invoice.pdf' },
    });
    expect(got.get('wamid.t-audio')).toMatchObject({ type: 'audio', media: { providerMediaId: 'media-3' } });
    expect(got.get('wamid.t-video')).toMatchObject({ type: 'video' });
    expect(got.get('wamid.t-sticker')).toMatchObject({ type: 'sticker' });
    expect(got.get('wamid.t-location')).toMatchObject({
      type: 'location',
      text: 'Monas',
      location: { latitude: -6.2, longitude: 106.8, name: 'Monas', address: 'Jakarta' },
    });
    expect(got.get('wamid.t-button-reply')).toMatchObject({
      type: 'interactive',
      text: 'Yes, please',
      replyToProviderMessageId: 'wamid.our-question',
    });
    expect(got.get('wamid.t-list-reply')).toMatchObject({ type: 'interactive', text: 'Returns' });
    expect(got.get('wamid.t-button')).toMatchObject({
      type: 'button',
      text: 'Track my order',
      replyToProviderMessageId: 'wamid.our-template',
    });
    expect(got.get('wamid.t-unknown')).toMatchObject({ type: 'unsupported' });
    expect(got.get('wamid.t-image')!.sentAt.getTime()).toBe(Number(at) * 1000);
  });

  it('moves statuses only forward when they arrive out of order', async () => {
    const wamid = await sendReply('6281200000004');
    for (const status of ['read', 'delivered', 'sent']) {
      expect(
        (await postWebhook(sapa.app, envelope(PNID, { statuses: [statusOf(wamid, status)] }))).statusCode,
      ).toBe(200);
    }
    const row = await statusOfRow(wamid);
    expect(row.status).toBe('read');
    expect(row.deliveredAt).not.toBeNull();
    expect(row.statusSentAt).not.toBeNull();
    expect(
      inbox.statuses.filter((update) => update.providerMessageId === wamid).map((update) => update.status),
    ).toEqual(['read']);
    await postWebhook(
      sapa.app,
      envelope(PNID, {
        statuses: [
          statusOf(wamid, 'failed', unixNow(), {
            errors: [{ code: 131026, title: 'Message undeliverable' }],
          }),
        ],
      }),
    );
    expect((await statusOfRow(wamid)).status).toBe('read');
  });

  it('keeps the error of a failed message, and lets a later delivery from another device move it forward', async () => {
    const wamid = await sendReply('6281200000005');
    const failed = statusOf(wamid, 'failed', unixNow(), {
      errors: [{ code: 131026, title: 'Message undeliverable' }],
    });
    await postWebhook(sapa.app, envelope(PNID, { statuses: [failed] }));
    await postWebhook(sapa.app, envelope(PNID, { statuses: [statusOf(wamid, 'sent')] }));
    let row = await statusOfRow(wamid);
    expect(row).toMatchObject({ status: 'failed', errorCode: '131026', errorTitle: 'Message undeliverable' });
    await postWebhook(sapa.app, envelope(PNID, { statuses: [statusOf(wamid, 'delivered')] }));
    row = await statusOfRow(wamid);
    expect(row).toMatchObject({ status: 'delivered', errorCode: '131026' });
    expect(inbox.statuses.filter((update) => update.providerMessageId === wamid)).toEqual([
      expect.objectContaining({
        status: 'failed',
        error: { code: '131026', title: 'Message undeliverable' },
      }),
      expect.objectContaining({ status: 'delivered', error: null }),
    ]);
  });

  it('refuses a free-form message outside the 24-hour window and accepts a template', async () => {
    const customer = '6281200000006';
    const attempt = () =>
      sapa.channels.get('whatsapp').send({
        clientId: demoClientId,
        channel: 'whatsapp',
        kind: 'text',
        to: customer,
        text: 'Hi',
      });
    await expect(attempt()).rejects.toMatchObject({ statusCode: 422, code: 'window_closed' });
    await expect(attempt()).rejects.toThrow(/template/);
    expect(await sapa.messaging.customerWindow(demoClientId, 'whatsapp', customer)).toEqual({
      open: false,
      closesAt: null,
    });

    // The customer last wrote 25 hours ago: still closed.
    await postWebhook(
      sapa.app,
      envelope(PNID, { messages: [textMessage(customer, 'wamid.old', 'hello', unixNow(-25 * 3600))] }),
    );
    await expect(attempt()).rejects.toMatchObject({ code: 'window_closed' });
    await expect(
      sapa.channels.get('whatsapp').send({
        clientId: demoClientId,
        channel: 'whatsapp',
        kind: 'image',
        to: customer,
        url: 'https://example.test/a.jpg',
      }),
    ).rejects.toMatchObject({ code: 'window_closed' });
    const template = await sapa.channels.get('whatsapp').send({
      clientId: demoClientId,
      channel: 'whatsapp',
      kind: 'template',
      to: customer,
      templateName: 'order_update',
      language: 'id',
      parameters: ['A-100'],
    });
    expect(template.providerMessageId).toMatch(/^wamid\./);

    // A new message opens it for 24 hours from that message.
    const sentAt = Math.floor(Date.now() / 1000) - 3600;
    await postWebhook(
      sapa.app,
      envelope(PNID, { messages: [textMessage(customer, 'wamid.new', 'again', String(sentAt))] }),
    );
    const window = await sapa.messaging.customerWindow(demoClientId, 'whatsapp', customer);
    expect(window).toEqual({ open: true, closesAt: new Date((sentAt + 24 * 3600) * 1000) });
    expect((await attempt()).providerMessageId).toMatch(/^wamid\./);
  });

  it('forgets a status whose message never appeared after Meta stopped retrying', async () => {
    await postWebhook(sapa.app, envelope(PNID, { statuses: [statusOf('wamid.never-ours', 'delivered')] }));
    expect(await sapa.whatsapp.prunePendingStatuses()).toBe(0);
    await sapa.database.db
      .update(whatsappPendingStatuses)
      .set({ receivedAt: new Date(Date.now() - 9 * 86_400_000) })
      .where(eq(whatsappPendingStatuses.providerMessageId, 'wamid.never-ours'));
    expect(await sapa.whatsapp.prunePendingStatuses()).toBe(1);
  });

  it("answers 404 for another client's channel settings", async () => {
    const demoAdmin = await logIn(sapa.app, 'adc@demo.test');
    const list = await sapa.app.inject({
      method: 'GET',
      url: '/api/channels/whatsapp',
      headers: demoAdmin.headers,
    });
    expect(list.statusCode).toBe(200);
    const [demoChannel] = list.json<{ id: string; phoneNumberId: string; hasAccessToken: boolean }[]>();
    expect(demoChannel).toMatchObject({ phoneNumberId: PNID, provider: 'sandbox' });
    expect(list.body).not.toContain('demo-app-secret');

    const otherAdmin = await logIn(sapa.app, 'adc2@demo.test');
    const read = await sapa.app.inject({
      method: 'GET',
      url: `/api/channels/whatsapp/${demoChannel!.id}`,
      headers: otherAdmin.headers,
    });
    expect(read.statusCode).toBe(404);
    expect(errorCode(read)).toBe('channel_not_found');
    const write = await sapa.app.inject({
      method: 'PUT',
      url: `/api/channels/whatsapp/${demoChannel!.id}`,
      headers: otherAdmin.headers,
      payload: {
        provider: 'sandbox',
        phoneNumberId: '100000000000009',
        displayPhoneNumber: '+6221000',
        appSecret: 's',
        verifyToken: 'verify-token',
      },
    });
    expect(write.statusCode).toBe(404);
    expect(
      (
        await sapa.app.inject({ method: 'GET', url: '/api/channels/whatsapp', headers: otherAdmin.headers })
      ).json(),
    ).toEqual([]);
  });
});
