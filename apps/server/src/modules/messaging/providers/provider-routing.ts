import type { EmailProvider } from '../channels/email/email.sandbox.js';
import type { SmsProvider } from '../channels/sms/sms.sandbox.js';
import type { TelegramProvider } from '../channels/telegram/telegram.sandbox.js';
import type { VoiceProvider } from '../channels/voice/voice.sandbox.js';
import { ProviderRefusal } from '../sandbox/sandbox-errors.js';
import type { ObserveProvider } from './provider-metrics.js';
import type { ProviderRuntime, ProviderType } from './provider-types.js';

/**
 * Per client, which provider a channel sends through: the client's default configured provider of
 * that channel (a live instance made by its type's `create`, kept while its configuration's version
 * stays, closed and made again when it moves), else the sandbox. Every live provider's reports (SMPP
 * receipts, callbacks) reach the listeners the channel registered, like the sandbox's.
 */
export type ProviderChannel = 'sms' | 'email' | 'telegram' | 'voice';

/** The default provider of a client's channel as it runs: settings as stored, secrets unsealed. */
export type RunningConfig = {
  id: string;
  type: string;
  version: number;
  settings: unknown;
  secrets: Record<string, string>;
};

export type ProviderRouter<P> = {
  /** Runs `call` on the client's provider; sandbox calls are counted here, live ones by the provider. */
  call<T>(clientId: string, call: (provider: P) => Promise<T>): Promise<T>;
  /** Attaches a report listener to the sandbox, every live provider, and every one made later. */
  listen(attach: (provider: P) => void): void;
  /** Forgets the client's choice so the next call reads the configuration again. */
  invalidate(clientId: string): void;
  close(): Promise<void>;
};

// biome-ignore lint/suspicious/noExplicitAny: each type validates its own settings.
type AnyType<P> = ProviderType<P, any, string>;
type Live<P> = { version: number; provider: P & { close(): Promise<void> } };

/** Configuration is read again after this long, so another process's approved change is picked up. */
const CHOICE_TTL_MS = 5_000;

export function createProviderRouter<P>(deps: {
  channel: ProviderChannel;
  types: readonly AnyType<P>[];
  sandbox: P;
  lookup(clientId: string): Promise<RunningConfig | null>;
  runtime(clientId: string, providerId: string, type: string): ProviderRuntime;
  observe: ObserveProvider;
  log: { warn(object: object, message: string): void };
  choiceTtlMs?: number;
}): ProviderRouter<P> {
  const ttl = deps.choiceTtlMs ?? CHOICE_TTL_MS;
  const listeners: ((provider: P) => void)[] = [];
  const live = new Map<string, Live<P>>();
  const chosen = new Map<string, { until: number; config: Promise<RunningConfig | null> }>();
  /** The live provider each client used last: replaced when the client's default changes. */
  const usedBy = new Map<string, string>();
  const observeSandbox = deps.observe(deps.channel, 'sandbox');

  const retire = (providerId: string) => {
    const entry = live.get(providerId);
    if (!entry) return;
    live.delete(providerId);
    void entry.provider
      .close()
      .catch((error) =>
        deps.log.warn({ channel: deps.channel, providerId, reason: String(error) }, 'provider close failed'),
      );
  };

  async function pick(clientId: string): Promise<P | null> {
    let choice = chosen.get(clientId);
    if (!choice || choice.until <= Date.now()) {
      choice = { until: Date.now() + ttl, config: deps.lookup(clientId) };
      chosen.set(clientId, choice);
      choice.config.catch(() => chosen.delete(clientId));
    }
    const config = await choice.config;
    const previous = usedBy.get(clientId);
    if (previous && previous !== config?.id) {
      usedBy.delete(clientId);
      retire(previous);
    }
    if (!config) return null;
    const running = live.get(config.id);
    if (running && running.version === config.version) return running.provider;
    if (running) retire(config.id);
    const type = deps.types.find((candidate) => candidate.type === config.type);
    if (!type)
      throw new ProviderRefusal(
        'provider_unavailable',
        `This server has no "${config.type}" provider for ${deps.channel}.`,
        'type',
        true,
      );
    const provider = type.create(
      { settings: type.settings.parse(config.settings), secrets: config.secrets },
      deps.runtime(clientId, config.id, config.type),
    );
    for (const attach of listeners) attach(provider);
    live.set(config.id, { version: config.version, provider });
    usedBy.set(clientId, config.id);
    return provider;
  }

  return {
    async call(clientId, call) {
      const provider = await pick(clientId);
      if (provider) return call(provider);
      const started = performance.now();
      try {
        const answer = await call(deps.sandbox);
        observeSandbox('ok', (performance.now() - started) / 1000);
        return answer;
      } catch (error) {
        const outcome =
          error instanceof ProviderRefusal ? (error.retryable ? 'retryable' : 'refused') : 'error';
        observeSandbox(outcome, (performance.now() - started) / 1000);
        throw error;
      }
    },
    listen(attach) {
      listeners.push(attach);
      attach(deps.sandbox);
      for (const entry of live.values()) attach(entry.provider);
    },
    invalidate(clientId) {
      chosen.delete(clientId);
    },
    async close() {
      const all = [...live.values()];
      live.clear();
      usedBy.clear();
      await Promise.allSettled(all.map((entry) => entry.provider.close()));
    },
  };
}

/** The SMS provider the channel talks to: the client's SMSC or gateway, else the sandbox. */
export const routedSmsProvider = (router: ProviderRouter<SmsProvider>): SmsProvider => ({
  submit: (message) => router.call(message.clientId, (provider) => provider.submit(message)),
  onReceipt: (receive) => router.listen((provider) => provider.onReceipt(receive)),
});

export const routedEmailProvider = (router: ProviderRouter<EmailProvider>): EmailProvider => ({
  submit: (message) => router.call(message.clientId, (provider) => provider.submit(message)),
  onEvent: (receive) => router.listen((provider) => provider.onEvent(receive)),
});

export const routedTelegramProvider = (router: ProviderRouter<TelegramProvider>): TelegramProvider => ({
  sendMessage: (message) => router.call(message.clientId, (provider) => provider.sendMessage(message)),
  onReport: (receive) => router.listen((provider) => provider.onReport(receive)),
});

export const routedVoiceProvider = (router: ProviderRouter<VoiceProvider>): VoiceProvider => ({
  createCall: (call) => router.call(call.clientId, (provider) => provider.createCall(call)),
  onStatusCallback: (receive) => router.listen((provider) => provider.onStatusCallback(receive)),
});

type Log = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

/**
 * The routers of every channel, sharing the configuration reader, the metrics, the network policy and
 * the public URL callbacks are built on. `changed` (after an applied change) makes the next send of
 * that client read its configuration again.
 */
export function createProviderRouting(deps: {
  lookup(clientId: string, channel: ProviderChannel): Promise<RunningConfig | null>;
  observe: ObserveProvider;
  log: Log;
  outbound: import('../../../platform/outbound-http.js').OutboundHttp;
  publicUrl: string;
}) {
  const routers = new Map<ProviderChannel, ProviderRouter<unknown>>();
  return {
    router<P>(channel: ProviderChannel, sandbox: P, types: readonly AnyType<P>[]): ProviderRouter<P> {
      const router = createProviderRouter<P>({
        channel,
        types,
        sandbox,
        lookup: (clientId) => deps.lookup(clientId, channel),
        observe: deps.observe,
        log: deps.log,
        runtime: (clientId, providerId, type) => ({
          clientId,
          providerId,
          log: deps.log,
          observe: deps.observe(channel, type),
          outbound: deps.outbound,
          callbackUrl: `${deps.publicUrl}/webhooks/${channel}/${clientId}/${providerId}`,
        }),
      });
      routers.set(channel, router as ProviderRouter<unknown>);
      return router;
    },
    changed(clientId: string, channel: ProviderChannel) {
      routers.get(channel)?.invalidate(clientId);
    },
    async close() {
      await Promise.all([...routers.values()].map((router) => router.close()));
    },
  };
}

export type ProviderRouting = ReturnType<typeof createProviderRouting>;
