import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOutboundHttp } from '../../../platform/outbound-http.js';
import { createProviderRouter, type RunningConfig } from './provider-routing.js';
import type { ProviderType } from './provider-types.js';

type Echo = { send(text: string): Promise<string>; onReport(receive: (report: string) => void): void };

/** A provider type whose instances answer with their settings' label; records what was made and closed. */
function echoType() {
  const made: { label: string; closed: boolean; listeners: number }[] = [];
  const type: ProviderType<Echo, { label: string }, 'token'> = {
    channel: 'sms',
    type: 'echo',
    settings: z.object({ label: z.string() }),
    secretFields: ['token'],
    create({ settings }) {
      const entry = { label: settings.label, closed: false, listeners: 0 };
      made.push(entry);
      return {
        send: async (text) => `${settings.label}:${text}`,
        onReport: () => {
          entry.listeners++;
        },
        close: async () => {
          entry.closed = true;
        },
      };
    },
    testConnection: async () => ({ ok: true, steps: [] }),
  };
  return { type, made };
}

describe('provider router: the client’s default provider, else the sandbox', () => {
  it('creates one live provider per configuration version, replaces it when the version moves, and falls back to the sandbox', async () => {
    const { type, made } = echoType();
    let config: RunningConfig | null = null;
    const observed: string[] = [];
    const sandbox: Echo = { send: async (text) => `sandbox:${text}`, onReport: () => undefined };
    const router = createProviderRouter<Echo>({
      channel: 'sms',
      types: [type],
      sandbox,
      lookup: async () => config,
      runtime: (clientId, providerId) => ({
        clientId,
        providerId,
        log: console,
        observe: () => undefined,
        outbound: createOutboundHttp({ allowPrivateNetworks: false }),
        callbackUrl: '',
      }),
      observe: (channel, provider) => (outcome) => observed.push(`${channel}/${provider}/${outcome}`),
      log: console,
      choiceTtlMs: 0,
    });
    router.listen((provider) => provider.onReport(() => undefined));
    expect(await router.call('c1', (p) => p.send('a'))).toBe('sandbox:a');
    expect(observed).toEqual(['sms/sandbox/ok']);

    config = { id: 'p1', type: 'echo', version: 1, settings: { label: 'v1' }, secrets: { token: 't' } };
    expect(await router.call('c1', (p) => p.send('b'))).toBe('v1:b');
    expect(await router.call('c1', (p) => p.send('c'))).toBe('v1:c');
    expect(made).toEqual([{ label: 'v1', closed: false, listeners: 1 }]);

    config = { ...config, version: 2, settings: { label: 'v2' } };
    expect(await router.call('c1', (p) => p.send('d'))).toBe('v2:d');
    expect(made).toEqual([
      { label: 'v1', closed: true, listeners: 1 },
      { label: 'v2', closed: false, listeners: 1 },
    ]);

    config = null;
    expect(await router.call('c1', (p) => p.send('e'))).toBe('sandbox:e');
    expect(made[1]!.closed).toBe(true);
  });

  it('refuses, as retryable, a configuration whose type this server does not have', async () => {
    const router = createProviderRouter<Echo>({
      channel: 'sms',
      types: [],
      sandbox: { send: async () => 'sandbox', onReport: () => undefined },
      lookup: async () => ({ id: 'p1', type: 'gone', version: 1, settings: {}, secrets: {} }),
      runtime: () => {
        throw new Error('not made');
      },
      observe: () => () => undefined,
      log: console,
    });
    await expect(router.call('c1', (p) => p.send('x'))).rejects.toMatchObject({
      code: 'provider_unavailable',
      retryable: true,
    });
  });
});
