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
import { createTelegramChannel } from './telegram.channel.js';
import { createTelegramSandbox } from './telegram.sandbox.js';

describe('Telegram channel on the sandbox bot', () => {
  let sapa: TestApp;
  let clientId: string;
  const telegram = (idempotencyKey: string, overrides: Partial<SendMessageInput> = {}): SendMessageInput => ({
    channel: 'telegram',
    recipient: '123456789',
    content: { kind: 'text', text: 'Pesanan Anda sudah dikirim' },
    source: 'test',
    idempotencyKey,
    ...overrides,
  });

  beforeAll(async () => {
    ({ sapa, clientId } = await createSandboxTestApp());
  });
  afterAll(async () => sapa?.close());

  it('sends: the bot answers a message id in the chat, then reports delivered and read', async () => {
    const queued = await sapa.messaging.sendMessage(clientId, telegram('tg-1'));
    expect(queued.content).toEqual({ kind: 'telegram', text: 'Pesanan Anda sudah dikirim', parseMode: null });
    await sapa.messaging.settle();
    // The sandbox reports within milliseconds, so the row may already be past `sent`; the history below
    // shows it went through `sent`.
    expect(await sapa.messaging.getOutbound(clientId, queued.id)).toMatchObject({
      status: expect.stringMatching(/^(sent|delivered|read)$/),
      providerMessageId: expect.stringMatching(/^123456789:\d+$/),
    });
    await sapa.sandbox.settle();
    const read = await sapa.messaging.getOutbound(clientId, queued.id);
    expect(read.status).toBe('read');
    expect(Object.keys(read.statusHistory).sort()).toEqual(['delivered', 'queued', 'read', 'sent']);
  });

  it('sends once per key, at messaging and at the provider', async () => {
    await expectOneRowPerKey(sapa, clientId, telegram('tg-once', { recipient: '@Budi_Santoso' }));
    expect((await sapa.messaging.findOutboundByKey(clientId, 'tg-once'))?.recipient).toBe('@budi_santoso');
    const statuses = isolatedChannelDeps(sapa);
    const channel = createTelegramChannel({
      ...statuses.deps,
      provider: createTelegramSandbox(statuses.engine),
    });
    const message = {
      clientId,
      channel: 'telegram' as const,
      to: '-1001234567890',
      idempotencyKey: 'tg-provider-key',
      kind: 'text' as const,
      text: 'Halo grup',
    };
    const [a, b] = [await channel.send(message), await channel.send(message)];
    expect(b.providerMessageId).toBe(a.providerMessageId);
    expect(a.providerMessageId).toMatch(/^-1001234567890:\d+$/);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(statuses.updates.map((u) => u.status)).toEqual(['delivered', 'read']);
  });

  it('is refused with 429 at the client failure rate and sent on the retry; blocked chats fail with 403', async () => {
    const { refused, failed } = await refusedThenFailed(sapa, clientId, telegram('tg-flood'));
    expect(refused.errorMessage).toContain('(429): Too Many Requests: retry after 3');
    expect(['403', '400']).toContain(failed.errorCode);
  });

  it('reads a "bot was blocked" report into failed with the Bot API error', async () => {
    const statuses = isolatedChannelDeps(sapa);
    const channel = createTelegramChannel({
      ...statuses.deps,
      provider: createTelegramSandbox(statuses.engine),
    });
    await channel.receiveReport({
      clientId,
      chatId: '123456789',
      messageId: 42,
      date: Math.floor(Date.now() / 1000),
      status: 'failed',
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    expect(statuses.updates).toEqual([
      expect.objectContaining({
        providerMessageId: '123456789:42',
        status: 'failed',
        error: { code: '403', title: '403 Forbidden: bot was blocked by the user' },
      }),
    ]);
    const row = await sendAndSettle(sapa, clientId, telegram('tg-read-then-blocked'));
    expect(row.status).toBe('read');
  });

  it('refuses what is not a chat id or @username, and content it cannot send, in the request', async () => {
    for (const recipient of ['budi', '@abc', '12345678901234567890123', '@budi-santoso']) {
      await expect(
        sapa.messaging.sendMessage(clientId, telegram(`tg-bad-${recipient}`, { recipient })),
      ).rejects.toMatchObject({
        statusCode: 422,
        code: 'invalid_recipient',
        message: expect.stringContaining('numeric chat id'),
      });
    }
    // A phone number is a recipient (the chat it linked); one that is not a number is refused.
    await expect(
      sapa.messaging.sendMessage(clientId, telegram('tg-bad-phone', { recipient: '+999 1' })),
    ).rejects.toMatchObject({ statusCode: 422, code: 'invalid_recipient' });
    await expect(
      sapa.messaging.sendMessage(
        clientId,
        telegram('tg-long', { content: { kind: 'text', text: 'a'.repeat(4097) } }),
      ),
    ).rejects.toMatchObject({ statusCode: 422, code: 'message_too_long' });
    await expect(
      sapa.messaging.sendMessage(
        clientId,
        telegram('tg-voice', { content: { kind: 'voice', script: 'Halo' } }),
      ),
    ).rejects.toMatchObject({ statusCode: 422, code: 'content_not_supported' });
  });
});
