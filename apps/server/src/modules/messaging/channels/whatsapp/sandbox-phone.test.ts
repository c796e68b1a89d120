import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingInboxPort, type RecordingInboxPort } from '../../../../test/recording-inbox-port.js';
import { createTestApp, errorCode, logIn, type TestApp } from '../../../../test/test-app.js';
import { DEMO_WHATSAPP } from '../../../demo/index.js';

const PNID = DEMO_WHATSAPP.phoneNumberId;
const CUSTOMER = '6281277770001';

type Conversation = {
  messages: { id: string; direction: string; text: string | null; status: string | null }[];
};

describe('sandbox WhatsApp provider and customer phone', () => {
  let sapa: TestApp;
  let inbox: RecordingInboxPort;
  beforeAll(async () => {
    inbox = createRecordingInboxPort();
    sapa = await createTestApp({}, { inboxPort: inbox });
    await sapa.jobs.start({ work: true });
  });
  afterAll(async () => sapa?.close());

  const conversation = async () => {
    const response = await sapa.app.inject({
      method: 'GET',
      url: `/api/sandbox/whatsapp/${PNID}/conversations/${CUSTOMER}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Conversation>().messages;
  };

  it('names the business the sandbox phone writes to, without a login', async () => {
    const response = await sapa.app.inject({ method: 'GET', url: `/api/sandbox/whatsapp/${PNID}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      phoneNumberId: PNID,
      displayPhoneNumber: DEMO_WHATSAPP.displayPhoneNumber,
    });
  });

  it('delivers what a sandbox customer types through the webhook path, and shows the reply with its ticks moving to read', async () => {
    const typed = await sapa.app.inject({
      method: 'POST',
      url: `/api/sandbox/whatsapp/${PNID}/messages`,
      payload: { from: `+${CUSTOMER}`, name: 'Dewi', text: 'Halo, pesanan saya belum sampai' },
    });
    expect(typed.statusCode).toBe(200);
    const { id } = typed.json<{ id: string }>();
    expect(inbox.inbound).toEqual([
      expect.objectContaining({
        providerMessageId: id,
        customerPhone: CUSTOMER,
        customerName: 'Dewi',
        text: 'Halo, pesanan saya belum sampai',
      }),
    ]);

    const admin = await logIn(sapa.app, 'adc@demo.test');
    const reply = await sapa.channels.get('whatsapp').send({
      clientId: admin.session.clientId,
      channel: 'whatsapp',
      kind: 'text',
      to: CUSTOMER,
      text: 'Mohon maaf, kami cek dulu ya',
      replyToProviderMessageId: id,
    });
    const first = await conversation();
    expect(first.map((message) => [message.direction, message.text])).toEqual([
      ['in', 'Halo, pesanan saya belum sampai'],
      ['out', 'Mohon maaf, kami cek dulu ya'],
    ]);
    // Shown on the phone means accepted: at least one tick, never "waiting to be sent".
    expect(first[1]?.status).toMatch(/^(sent|delivered|read)$/);

    const seen: string[] = [];
    const started = Date.now();
    while (Date.now() - started < 30_000) {
      const status = (await conversation()).find((message) => message.id === reply.providerMessageId)?.status;
      if (status && seen.at(-1) !== status) seen.push(status);
      if (status === 'read') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seen.at(-1)).toBe('read');
    // Jobs may run in one batch, so 'sent' can be overtaken; the inbox only ever hears forward moves.
    const handed = inbox.statuses.filter((update) => update.providerMessageId === reply.providerMessageId);
    expect(handed.at(-1)?.status).toBe('read');
    const rank = { sent: 1, failed: 1, delivered: 2, read: 3 };
    expect(handed.map((update) => rank[update.status])).toEqual(
      [...handed.map((update) => rank[update.status])].sort(),
    );
  });

  it('answers 404 for a number whose provider is not the sandbox', async () => {
    const response = await sapa.app.inject({
      method: 'POST',
      url: '/api/sandbox/whatsapp/999999999999/messages',
      payload: { from: CUSTOMER, name: 'Dewi', text: 'hello' },
    });
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe('sandbox_not_in_use');
  });
});
