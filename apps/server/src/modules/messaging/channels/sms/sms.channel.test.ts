import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandboxTestApp,
  expectOneRowPerKey,
  isolatedChannelDeps,
  QUICK_SANDBOX,
  refusedThenFailed,
  sendAndSettle,
} from '../../../../test/sandbox-channels.js';
import type { TestApp } from '../../../../test/test-app.js';
import { createSandboxEngine, type SendMessageInput } from '../../index.js';
import { createSmsChannel } from './sms.channel.js';
import { createSmsSandbox } from './sms.sandbox.js';

describe('SMS channel on the sandbox SMSC', () => {
  let sapa: TestApp;
  let clientId: string;
  const sms = (idempotencyKey: string, overrides: Partial<SendMessageInput> = {}): SendMessageInput => ({
    channel: 'sms',
    recipient: '+62 812-3333-1000',
    content: { kind: 'text', text: 'Tagihan Anda jatuh tempo besok' },
    source: 'test',
    idempotencyKey,
    ...overrides,
  });

  beforeAll(async () => {
    ({ sapa, clientId } = await createSandboxTestApp());
  });
  afterAll(async () => sapa?.close());

  it('sends: the SMSC answers a message id, and its receipt later marks the row delivered', async () => {
    const queued = await sapa.messaging.sendMessage(clientId, sms('sms-1'));
    // Normalised in the request: international digits, segments counted on the text.
    expect(queued).toMatchObject({
      status: 'queued',
      recipient: '6281233331000',
      content: { kind: 'sms', text: 'Tagihan Anda jatuh tempo besok', segments: 1, encoding: 'GSM-7' },
    });
    await sapa.messaging.settle();
    const sent = await sapa.messaging.getOutbound(clientId, queued.id);
    expect(sent).toMatchObject({
      // The sandbox reports within milliseconds: the row may already be past `sent`.
      status: expect.stringMatching(/^(sent|delivered|read)$/),
      attempts: 1,
      providerMessageId: expect.stringMatching(/^[0-9A-F]{16}$/),
    });
    await sapa.sandbox.settle();
    const delivered = await sapa.messaging.getOutbound(clientId, queued.id);
    expect(delivered).toMatchObject({ status: 'delivered', errorCode: null });
    expect(Object.keys(delivered.statusHistory).sort()).toEqual(['delivered', 'queued', 'sent']);
  });

  it('counts UCS-2 parts for a text with an emoji', async () => {
    const text = `${'Halo '.repeat(14)}😀`; // 70 + 2 units
    const row = await sendAndSettle(sapa, clientId, sms('sms-emoji', { content: { kind: 'text', text } }));
    expect(row.content).toEqual({ kind: 'sms', text, segments: 2, encoding: 'UCS-2' });
  });

  it('sends once per key: through messaging, and at the provider itself', async () => {
    await expectOneRowPerKey(sapa, clientId, sms('sms-once', { recipient: '081233331001' }));
    // The provider: the same key twice answers the same id, and one receipt only.
    const statuses = isolatedChannelDeps(sapa);
    const channel = createSmsChannel({ ...statuses.deps, provider: createSmsSandbox(statuses.engine) });
    const message = {
      clientId,
      channel: 'sms' as const,
      to: '6281233331002',
      idempotencyKey: 'provider-key-1',
      kind: 'text' as const,
      text: 'Halo',
    };
    const a = await channel.send(message);
    const b = await channel.send(message);
    expect(b.providerMessageId).toBe(a.providerMessageId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statuses.updates.filter((u) => u.providerMessageId === a.providerMessageId)).toHaveLength(1);
  });

  it('is refused with ESME_RTHROTTLED at the client failure rate, sent on the retry, and can end undelivered', async () => {
    const { refused, failed } = await refusedThenFailed(sapa, clientId, sms('sms-throttled'));
    expect(refused.errorMessage).toContain('ESME_RTHROTTLED (0x00000058)');
    expect(['UNDELIV', 'EXPIRED', 'REJECTD']).toContain(failed.errorCode);
    expect(failed.errorMessage).toMatch(/\(stat:[A-Z]+ err:0x[0-9A-F]{8}\)$/);
    // Back at the default rates (none in tests), the next one goes through.
    expect((await sendAndSettle(sapa, clientId, sms('sms-after'))).status).toBe('delivered');
  });

  it('reads an UNDELIV receipt into failed with error 0x0000000B; after delivery a late one changes nothing', async () => {
    const statuses = isolatedChannelDeps(sapa);
    const channel = createSmsChannel({ ...statuses.deps, provider: createSmsSandbox(statuses.engine) });
    const receipt = (id: string, stat: string, err: string) =>
      `id:${id} sub:001 dlvrd:000 submit date:2611252130 done date:2611252131 stat:${stat} err:${err} text:Tagihan`;
    await channel.receiveReceipt({ clientId, receipt: receipt('0A1B2C3D4E5F6071', 'UNDELIV', '011') });
    await channel.receiveReceipt({ clientId, receipt: receipt('0A1B2C3D4E5F6071', 'ENROUTE', '000') });
    await channel.receiveReceipt({ clientId, receipt: 'not a receipt' });
    expect(statuses.updates).toEqual([
      expect.objectContaining({
        clientId,
        channel: 'sms',
        providerMessageId: '0A1B2C3D4E5F6071',
        status: 'failed',
        error: {
          code: 'UNDELIV',
          title: 'Undeliverable: the number cannot receive messages (stat:UNDELIV err:0x0000000B)',
        },
      }),
    ]);
    const row = await sendAndSettle(sapa, clientId, sms('sms-receipt'));
    expect(row.status).toBe('delivered');
    await sapa.sandbox.sms.receiveReceipt({
      clientId,
      receipt: receipt(row.providerMessageId!, 'UNDELIV', '011'),
    });
    const after = await sapa.messaging.getOutbound(clientId, row.id);
    expect(after).toMatchObject({ status: 'delivered', errorCode: null });
    expect(after.statusHistory.failed).toBeDefined();
  });

  it('refuses a receipt that overtook the send, and the provider delivers it again until it is taken', async () => {
    await expect(
      sapa.sandbox.sms.receiveReceipt({
        clientId,
        receipt:
          'id:FFFFFFFFFFFFFFFF sub:001 dlvrd:001 submit date:2611252130 done date:2611252131 stat:DELIVRD err:000 text:x',
      }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'outbound_not_found' });
    const engine = createSandboxEngine(QUICK_SANDBOX, console);
    let tries = 0;
    engine.schedule(1, async () => {
      tries++;
      if (tries < 3) throw new Error('not recorded yet');
    });
    await engine.settle();
    expect(tries).toBe(3);
  });

  it('refuses a recipient that is not a phone number, or content it cannot send, in the request', async () => {
    for (const [recipient, reason] of [
      ['halo', /only digits/],
      ['+62 812', /at least 8 digits/],
      ['+999 1234 5678', /no country has this calling code/],
      ['+62 1234 5678 9012', /numbering plan/],
    ] as const) {
      const refused = sapa.messaging.sendMessage(clientId, sms(`sms-bad-${recipient}`, { recipient }));
      await expect(refused).rejects.toMatchObject({ statusCode: 422, code: 'invalid_recipient' });
      await expect(refused).rejects.toThrow(reason);
      expect(await sapa.messaging.findOutboundByKey(clientId, `sms-bad-${recipient}`)).toBeNull();
    }
    await expect(
      sapa.messaging.sendMessage(
        clientId,
        sms('sms-bad-kind', { content: { kind: 'image', url: 'https://x.test/a.png' } }),
      ),
    ).rejects.toMatchObject({ statusCode: 422, code: 'content_not_supported' });
    await expect(
      sapa.messaging.sendMessage(clientId, sms('sms-empty', { content: { kind: 'text', text: '  ' } })),
    ).rejects.toMatchObject({ statusCode: 422, code: 'message_empty' });
    await expect(
      sapa.messaging.sendMessage(
        clientId,
        sms('sms-long', { content: { kind: 'text', text: 'a'.repeat(1601) } }),
      ),
    ).rejects.toMatchObject({ statusCode: 422, code: 'message_too_long' });
  });
});
