import type { z } from 'zod';
import type { OutboundHttp } from '../../../platform/outbound-http.js';
import type { ChannelName } from '../channel.ports.js';

/**
 * The seam between a channel and the real providers a client configures for it (issue 16). A channel
 * keeps talking to its provider interface (`SmsProvider`, `EmailProvider`, `TelegramProvider`,
 * `VoiceProvider`); a provider type says how one kind of account (an SMSC over SMPP, an SMTP relay, a
 * bot token, a voice gateway) becomes such a provider, and how to check it before anyone relies on it.
 * Each type lives beside its channel (`channels/<name>/<type>.provider.ts`) and is listed once in
 * `provider-type-registry.ts`.
 */

/** One step of "test connection", in words an admin can act on ("Bind refused: wrong password"). */
export type ConnectionStep = { step: string; ok: boolean; message: string };
export type ConnectionCheck = { ok: boolean; steps: ConnectionStep[] };

/**
 * A configuration as the provider sees it: plain settings (host, port, sender id, rates), and the
 * secrets (passwords, tokens, keys) that are encrypted at rest and never answered by the API.
 */
export type ProviderConfig<TSettings, TSecret extends string = string> = {
  settings: TSettings;
  secrets: Record<TSecret, string>;
};

/** What a live provider is given besides its configuration. */
export type ProviderRuntime = {
  clientId: string;
  /** The stored configuration's id: callbacks and metrics name it, never the credentials. */
  providerId: string;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** Counts one provider request (`sapa_provider_requests_total`, latency histogram). */
  observe(outcome: ProviderOutcome, seconds: number): void;
  /**
   * The one way to call an HTTP provider (SSRF policy); also decides whether private addresses may be
   * reached. The routers always give it; left out (a test building a provider alone): public only.
   */
  outbound?: OutboundHttp;
  /** Where a provider's status callbacks reach us: `${publicUrl}/webhooks/<channel>/<clientId>/<providerId>`. */
  callbackUrl?: string;
};

/** What became of one provider request, as `/metrics` counts it. */
export type ProviderOutcome = 'ok' | 'retryable' | 'refused' | 'error';

/** What "test connection" may use: the same network policy as sending. */
export type ConnectionContext = { outbound: OutboundHttp };

export type ProviderType<TProvider, TSettings = unknown, TSecret extends string = string> = {
  channel: ChannelName;
  /** Stable name stored with the configuration: 'smpp', 'http-sms', 'smtp', 'telegram-bot', 'voice-gateway'. */
  type: string;
  /** Validates the plain settings an admin submits (clear messages per field). */
  settings: z.ZodType<TSettings>;
  /** The fields of the submitted form that are secrets: required on create, kept when left out on edit. */
  secretFields: readonly TSecret[];
  /** A live provider for one configuration; `close` ends its connections (SMPP session, SMTP pool). */
  create(
    config: ProviderConfig<TSettings, TSecret>,
    runtime: ProviderRuntime,
  ): TProvider & { close(): Promise<void> };
  /** Connects, authenticates and answers what worked and what did not; never throws, never sends a message. */
  testConnection(
    config: ProviderConfig<TSettings, TSecret>,
    context?: ConnectionContext,
  ): Promise<ConnectionCheck>;
};
