import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandboxTestApp,
  expectOneRowPerKey,
  isolatedChannelDeps,
  refusedThenFailed,
  sendAndSettle,
} from '../../../../test/sandbox-channels.js';
import type { TestApp } from '../../../../test/test-app.js';
import type { SendMessageInput } from '../../index.js';
import { createEmailChannel } from './email.channel.js';
import { createEmailSandbox } from './email.sandbox.js';

describe('email channel on the sandbox mail provider', () => {
  let sapa: TestApp;
  let clientId: string;
  const email = (idempotencyKey: string, overrides: Partial<SendMessageInput> = {}): SendMessageInput => ({
    channel: 'email',
    recipient: 'Budi@Example.CO.ID',
    content: {
      kind: 'email',
      subject: 'Tagihan November',
      html: '<p>Tagihan Anda: <b>Rp 150.000</b></p>',
      text: 'Tagihan Anda: Rp 150.000',
      fromName: 'Demo Client',
    },
    source: 'test',
    idempotencyKey,
    ...overrides,
  });

  beforeAll(async () => {
    ({ sapa, clientId } = await createSandboxTestApp());
  });
  afterAll(async () => sapa?.close());

  it('sends: the provider answers a Message-ID, and its event later marks the row delivered', async () => {
    const queued = await sapa.messaging.sendMessage(clientId, email('mail-1'));
    expect(queued.recipient).toBe('Budi@example.co.id');
    await sapa.messaging.settle();
    expect(await sapa.messaging.getOutbound(clientId, queued.id)).toMatchObject({
      // The sandbox reports within milliseconds: the row may already be past `sent`.
      status: expect.stringMatching(/^(sent|delivered|read)$/),
      providerMessageId: expect.stringMatching(/^<[0-9a-f]{32}@sandbox\.sapa\.local>$/),
    });
    await sapa.sandbox.settle();
    expect(await sapa.messaging.getOutbound(clientId, queued.id)).toMatchObject({ status: 'delivered' });
  });

  it('sends once per key, at messaging and at the provider', async () => {
    await expectOneRowPerKey(sapa, clientId, email('mail-once'));
    const statuses = isolatedChannelDeps(sapa);
    const channel = createEmailChannel({
      ...statuses.deps,
      provider: createEmailSandbox(statuses.engine),
    });
    const message = {
      clientId,
      channel: 'email' as const,
      to: 'siti@example.com',
      idempotencyKey: 'mail-provider-key',
      kind: 'email' as const,
      subject: 'Halo',
      html: '<p>Halo</p>',
      text: 'Halo',
    };
    const [a, b] = [await channel.send(message), await channel.send(message)];
    expect(b.providerMessageId).toBe(a.providerMessageId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statuses.updates).toHaveLength(1);
  });

  it('is refused with 421 4.7.0 at the client failure rate and sent on the retry; bounces at the delivery rate', async () => {
    const { refused, failed: bounced } = await refusedThenFailed(sapa, clientId, email('mail-busy'));
    expect(refused.errorMessage).toContain('421 4.7.0 Try again later');
    expect(['5.1.1', '5.2.2', '5.1.2']).toContain(bounced.errorCode);
    expect(bounced.errorMessage).toMatch(/^55\d 5\.\d\.\d <Budi@example\.co\.id>: /);
  });

  it('reads a permanent 5.1.1 bounce into failed, and leaves a transient one for the provider to retry', async () => {
    const row = await sendAndSettle(
      sapa,
      clientId,
      email('mail-bounce', { recipient: 'nobody@example.com' }),
    );
    // The row was delivered already: a bounce after it is recorded, not applied.
    expect(row.status).toBe('delivered');
    const statuses = isolatedChannelDeps(sapa);
    const channel = createEmailChannel({
      ...statuses.deps,
      provider: createEmailSandbox(statuses.engine),
    });
    const bounce = (bounceType: 'Permanent' | 'Transient') => ({
      clientId,
      messageId: '<abc@sandbox.sapa.local>',
      recipient: 'nobody@example.com',
      timestamp: new Date().toISOString(),
      event: 'bounce' as const,
      bounceType,
      status: '5.1.1',
      diagnosticCode: 'smtp; 550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown',
    });
    await channel.receiveEvent(bounce('Transient'));
    await channel.receiveEvent(bounce('Permanent'));
    expect(statuses.updates).toEqual([
      expect.objectContaining({
        status: 'failed',
        error: {
          code: '5.1.1',
          title: '550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown',
        },
      }),
    ]);
  });

  it('refuses what is not an email address, and content or fields it cannot send, in the request', async () => {
    for (const recipient of ['budi', 'budi@', '@example.com', 'budi @example.com', '6281233330000']) {
      await expect(
        sapa.messaging.sendMessage(clientId, email(`mail-bad-${recipient}`, { recipient })),
      ).rejects.toMatchObject({
        statusCode: 422,
        code: 'invalid_recipient',
        message: expect.stringContaining('not an email address'),
      });
    }
    await expect(
      sapa.messaging.sendMessage(clientId, email('mail-text', { content: { kind: 'text', text: 'Halo' } })),
    ).rejects.toMatchObject({ statusCode: 422, code: 'content_not_supported' });
    await expect(
      sapa.messaging.sendMessage(
        clientId,
        email('mail-no-subject', { content: { kind: 'email', subject: ' ', html: '<p>x</p>', text: 'x' } }),
      ),
    ).rejects.toMatchObject({ statusCode: 422, code: 'message_empty' });
  });
});
