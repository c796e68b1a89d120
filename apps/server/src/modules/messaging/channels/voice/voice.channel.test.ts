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
import { createVoiceChannel } from './voice.channel.js';
import { createVoiceSandbox, scriptSeconds } from './voice.sandbox.js';

describe('voice channel on the sandbox carrier', () => {
  let sapa: TestApp;
  let clientId: string;
  const script =
    'Selamat siang. Ini pengingat dari Demo Client: tagihan Anda sebesar seratus lima puluh ribu rupiah jatuh tempo besok.';
  const call = (idempotencyKey: string, overrides: Partial<SendMessageInput> = {}): SendMessageInput => ({
    channel: 'voice',
    recipient: '0812-3333-2000',
    content: { kind: 'voice', script, language: 'id-ID' },
    source: 'test',
    idempotencyKey,
    ...overrides,
  });

  beforeAll(async () => {
    ({ sapa, clientId } = await createSandboxTestApp());
  });
  afterAll(async () => sapa?.close());

  it('calls: the carrier answers a call id, and the answered call is recorded with its duration and charge', async () => {
    const queued = await sapa.messaging.sendMessage(clientId, call('call-1'));
    expect(queued.recipient).toBe('6281233332000');
    await sapa.messaging.settle();
    expect(await sapa.messaging.getOutbound(clientId, queued.id)).toMatchObject({
      // The sandbox carrier may report the answered call before this read: the row can be past `sent`.
      status: expect.stringMatching(/^(sent|delivered)$/),
      providerMessageId: expect.stringMatching(/^CA[0-9a-f]{32}$/),
    });
    await sapa.sandbox.settle();
    const answered = await sapa.messaging.getOutbound(clientId, queued.id);
    expect(answered.status).toBe('delivered');
    const { durationSeconds, chargedSeconds, outcome } = answered.details!.call!;
    expect(outcome).toBe('answered');
    expect(durationSeconds).toBeGreaterThan(0);
    expect(durationSeconds).toBeLessThanOrEqual(scriptSeconds(script));
    // The sandbox carrier charges whole minutes (60/60).
    expect(chargedSeconds).toBe(Math.max(60, Math.ceil(durationSeconds / 60) * 60));
  });

  it('places one call per key, at messaging and at the provider', async () => {
    await expectOneRowPerKey(sapa, clientId, call('call-once'));
    const statuses = isolatedChannelDeps(sapa);
    const channel = createVoiceChannel({
      ...statuses.deps,
      provider: createVoiceSandbox(statuses.engine),
      tariff: { minimumSeconds: 30, incrementSeconds: 6 },
    });
    const message = {
      clientId,
      channel: 'voice' as const,
      to: '6281233332001',
      idempotencyKey: 'call-provider-key',
      kind: 'voice' as const,
      recordingFileId: 'file-123',
    };
    const [a, b] = [await channel.send(message), await channel.send(message)];
    expect(b.providerMessageId).toBe(a.providerMessageId);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(statuses.updates).toHaveLength(1);
    const charged = statuses.updates[0]!.details!.call!;
    expect(charged.chargedSeconds).toBe(Math.max(30, Math.ceil(charged.durationSeconds / 6) * 6));
  });

  it('is refused with SIP 503 at the client failure rate and placed on the retry; busy or unanswered at the delivery rate', async () => {
    const { refused, failed: missed } = await refusedThenFailed(sapa, clientId, call('call-congested'));
    expect(refused.errorMessage).toContain('SIP 503');
    expect(['busy', 'no_answer']).toContain(missed.errorCode);
    expect(missed.details).toEqual({
      call: { outcome: missed.errorCode, durationSeconds: 0, chargedSeconds: 0 },
    });
  });

  it('reads busy and no-answer callbacks into failed, charging nothing', async () => {
    const statuses = isolatedChannelDeps(sapa);
    const channel = createVoiceChannel({
      ...statuses.deps,
      provider: createVoiceSandbox(statuses.engine),
    });
    const callback = (CallStatus: 'busy' | 'no-answer' | 'completed', CallDuration: string) => ({
      clientId,
      CallSid: `CA${'0'.repeat(31)}1`,
      CallStatus,
      CallDuration,
      Timestamp: new Date().toUTCString(),
    });
    await channel.receiveStatusCallback(callback('busy', '0'));
    await channel.receiveStatusCallback(callback('no-answer', '0'));
    await channel.receiveStatusCallback(callback('completed', '80'));
    expect(
      statuses.updates.map(({ status, error, details }) => ({ status, error: error?.code, details })),
    ).toEqual([
      {
        status: 'failed',
        error: 'busy',
        details: { call: { outcome: 'busy', durationSeconds: 0, chargedSeconds: 0 } },
      },
      {
        status: 'failed',
        error: 'no_answer',
        details: { call: { outcome: 'no_answer', durationSeconds: 0, chargedSeconds: 0 } },
      },
      {
        status: 'delivered',
        error: undefined,
        details: { call: { outcome: 'answered', durationSeconds: 80, chargedSeconds: 120 } },
      },
    ]);
    expect((await sendAndSettle(sapa, clientId, call('call-2'))).status).toBe('delivered');
  });

  it('refuses a number it cannot call, and a call with neither or both of script and recording', async () => {
    await expect(
      sapa.messaging.sendMessage(clientId, call('call-bad', { recipient: 'budi@example.com' })),
    ).rejects.toMatchObject({
      statusCode: 422,
      code: 'invalid_recipient',
    });
    for (const content of [
      { kind: 'voice' as const },
      { kind: 'voice' as const, script: 'Halo', recordingFileId: 'file-1' },
    ]) {
      await expect(
        sapa.messaging.sendMessage(clientId, call('call-empty', { content })),
      ).rejects.toMatchObject({
        statusCode: 422,
        code: 'message_empty',
      });
    }
    await expect(
      sapa.messaging.sendMessage(clientId, call('call-text', { content: { kind: 'text', text: 'Halo' } })),
    ).rejects.toMatchObject({ statusCode: 422, code: 'content_not_supported' });
  });
});
