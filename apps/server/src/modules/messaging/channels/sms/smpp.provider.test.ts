import { afterEach, describe, expect, it } from 'vitest';
import { createOutboundHttp } from '../../../../platform/outbound-http.js';
import { type LocalSmsc, startLocalSmsc } from '../../../../test/local-smsc.js';
import type { ProviderOutcome, ProviderRuntime } from '../../providers/provider-types.js';
import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import { createSmppProvider, SmppSettingsSchema, smppProviderType } from './smpp.provider.js';
import type { SmsReceipt, SmsSubmit } from './sms.sandbox.js';

const outbound = createOutboundHttp({ allowPrivateNetworks: true });

function runtime() {
  const logged: { level: string; object: object; message: string }[] = [];
  const observed: ProviderOutcome[] = [];
  const log = (level: string) => (object: object, message: string) => logged.push({ level, object, message });
  const value: ProviderRuntime = {
    clientId: '0190f000-0000-7000-8000-000000000001',
    providerId: '0190f000-0000-7000-8000-0000000000aa',
    log: { info: log('info'), warn: log('warn'), error: log('error') },
    observe: (outcome) => observed.push(outcome),
    outbound,
    callbackUrl: 'http://localhost/webhooks/sms/x/y',
  };
  return { value, logged, observed };
}

const message = (to: string, text: string): SmsSubmit => ({
  clientId: '0190f000-0000-7000-8000-000000000001',
  from: 'SAPA',
  to,
  text,
  encoding: 'GSM-7',
  segments: 1,
  idempotencyKey: to,
});

describe('SMPP provider against a local SMSC', () => {
  let smsc: LocalSmsc;
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
    await smsc?.close();
  });

  const connect = (settings: Record<string, unknown> = {}, password = 'secret12') => {
    const run = runtime();
    const provider = createSmppProvider(
      {
        settings: SmppSettingsSchema.parse({
          host: '127.0.0.1',
          port: smsc.port,
          systemId: 'sapa',
          senderId: 'SAPA Bank',
          ...settings,
        }),
        secrets: { password },
      },
      run.value,
    );
    close = provider.close;
    const receipts: SmsReceipt[] = [];
    provider.onReceipt(async (receipt) => {
      receipts.push(receipt);
    });
    return { provider, receipts, ...run };
  };

  it('submits a GSM-7 text from an alphanumeric sender (TON 5) with registered delivery, and hands on its receipt', async () => {
    smsc = await startLocalSmsc();
    const { provider, receipts, observed } = connect();
    const { messageId } = await provider.submit(message('6281233331000', 'Tagihan Anda jatuh tempo'));
    expect(smsc.submits).toEqual([
      expect.objectContaining({
        messageId,
        destination: '6281233331000',
        source: 'SAPA Bank',
        sourceTon: 5,
        dataCoding: 0,
        esmClass: 0,
        registeredDelivery: 1,
        udh: null,
        text: 'Tagihan Anda jatuh tempo',
      }),
    ]);
    await expect.poll(() => receipts.length).toBe(1);
    expect(receipts[0]!.receipt).toMatch(new RegExp(`^id:${messageId} .*stat:DELIVRD err:000`));
    expect(observed).toEqual(['ok']);
  });

  it('sends a long UCS-2 text as concatenated parts with the right UDH, and one receipt for the message', async () => {
    smsc = await startLocalSmsc();
    const { provider, receipts } = connect({ senderId: '6281100001111' });
    const text = `Halo 😀 ${'ç'.repeat(120)}`;
    const { messageId } = await provider.submit(message('6281233331001', text));
    expect(smsc.submits).toHaveLength(2);
    const parts = [...smsc.submits].sort((a, b) => a.udh![5]! - b.udh![5]!);
    const reference = parts[0]!.udh![3];
    parts.forEach((part, index) => {
      expect(part).toMatchObject({ dataCoding: 8, esmClass: 0x40, sourceTon: 1, source: '6281100001111' });
      expect([...part.udh!]).toEqual([0x05, 0x00, 0x03, reference, 2, index + 1]);
    });
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.every((p) => p.text.length <= 67)).toBe(true);
    expect([parts[0]!.messageId, parts[1]!.messageId]).toContain(messageId);
    // Both parts' receipts arrive; the later part's delivery adds nothing.
    await expect.poll(() => smsc.receiptsTaken.size).toBe(2);
    expect(receipts.map((r) => r.receipt.split(' ')[0])).toEqual([`id:${messageId}`]);
  });

  it('slows down on ESME_RTHROTTLED instead of failing: every message acknowledged once', async () => {
    smsc = await startLocalSmsc();
    const { provider, observed } = connect({ window: 5 });
    await provider.submit(message('6281233332000', 'warm up'));
    smsc.throttleFor(300);
    const sends = Array.from({ length: 20 }, (_, i) =>
      provider.submit(message(`62812333320${10 + i}`, `n${i}`)),
    );
    const ids = await Promise.all(sends);
    expect(smsc.throttled()).toBeGreaterThan(0);
    expect(new Set(ids.map((i) => i.messageId)).size).toBe(20);
    const perDestination = new Map<string, number>();
    for (const s of smsc.submits)
      perDestination.set(s.destination, (perDestination.get(s.destination) ?? 0) + 1);
    expect([...perDestination.values()].every((n) => n === 1)).toBe(true);
    expect(perDestination.size).toBe(21);
    expect(observed.every((o) => o === 'ok')).toBe(true);
  });

  it('binds again after the SMSC drops the connection, and resubmits what was not acknowledged', async () => {
    smsc = await startLocalSmsc();
    const { provider, logged } = connect({ window: 10 });
    await provider.submit(message('6281233333000', 'first'));
    smsc.dropOnNextSubmit();
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) => provider.submit(message(`62812333330${10 + i}`, `m${i}`))),
    );
    expect(smsc.binds()).toBeGreaterThanOrEqual(2);
    expect(new Set(ids.map((i) => i.messageId)).size).toBe(30);
    expect(smsc.submits).toHaveLength(31);
    expect(logged.some((l) => l.message === 'smpp session lost')).toBe(true);
  });

  it('fails a message the SMSC cannot reach as retryable, with one log line without the password', async () => {
    smsc = await startLocalSmsc();
    const { provider, logged, observed } = connect({ submitTimeoutSeconds: 1 }, 'wrong-password-xyz');
    const refused = provider.submit(message('6281233334000', 'halo'));
    await expect(refused).rejects.toBeInstanceOf(ProviderRefusal);
    await expect(refused).rejects.toMatchObject({ retryable: true });
    expect(observed).toEqual(['retryable']);
    const failures = logged.filter((l) => l.message === 'sms provider request failed');
    expect(failures).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('wrong-password-xyz');
  });

  it('tests a connection in plain words: DNS, TCP, bind; a wrong password, a closed port, a private address', async () => {
    smsc = await startLocalSmsc();
    const settings = SmppSettingsSchema.parse({
      host: '127.0.0.1',
      port: smsc.port,
      systemId: 'sapa',
      senderId: 'SAPA',
    });
    const ok = await smppProviderType.testConnection(
      { settings, secrets: { password: 'secret12' } },
      { outbound },
    );
    expect(ok).toEqual({
      ok: true,
      steps: [
        { step: 'DNS', ok: true, message: '127.0.0.1 is an address: nothing to resolve.' },
        { step: 'TCP', ok: true, message: `Connected to 127.0.0.1:${smsc.port}.` },
        { step: 'Bind', ok: true, message: 'Bound as transceiver with system id sapa.' },
      ],
    });
    const wrong = await smppProviderType.testConnection(
      { settings, secrets: { password: 'nope' } },
      { outbound },
    );
    expect(wrong.ok).toBe(false);
    expect(wrong.steps.at(-1)).toEqual({
      step: 'Bind',
      ok: false,
      message: 'Bind refused: wrong password (ESME_RINVPASWD, 0x0000000E).',
    });
    const closedPort = await smppProviderType.testConnection(
      { settings: { ...settings, port: 1 }, secrets: { password: 'x' } },
      { outbound },
    );
    expect(closedPort.steps.at(-1)).toEqual({
      step: 'TCP',
      ok: false,
      message: 'Connection refused: nothing listens on 127.0.0.1:1.',
    });
    const unknown = await smppProviderType.testConnection(
      { settings: { ...settings, host: 'no-such-host.invalid' }, secrets: { password: 'x' } },
      { outbound },
    );
    expect(unknown.steps).toEqual([
      {
        step: 'DNS',
        ok: false,
        message: expect.stringMatching(/^The name no-such-host.invalid could not be resolved/),
      },
    ]);
    const guarded = await smppProviderType.testConnection(
      { settings, secrets: { password: 'secret12' } },
      { outbound: createOutboundHttp({ allowPrivateNetworks: false }) },
    );
    expect(guarded.steps).toEqual([
      {
        step: 'DNS',
        ok: false,
        message: '127.0.0.1 resolves to a private or reserved address, which this server may not reach.',
      },
    ]);
  });
});
