import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { createOutboundHttp, OutboundError } from '../../../../platform/outbound-http.js';
import { ProviderNetworkError, resolveProviderHost } from '../../providers/provider-network.js';
import type { ConnectionStep, ProviderRuntime, ProviderType } from '../../providers/provider-types.js';
import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import type { SmsProvider, SmsReceipt } from './sms.sandbox.js';

/**
 * An HTTP SMS gateway of the common shape: a JSON POST per message with a bearer API key, answering
 * the gateway's message id; delivery statuses come back as a signed JSON POST to our status callback
 * (`/webhooks/sms/:clientId/:providerId`, `X-Sapa-Signature: sha256=<HMAC of the body with the
 * callback secret>`), read into the same receipt the SMS channel takes from an SMSC.
 */
export const HttpSmsSettingsSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'The gateway URL is an http(s) URL' }).max(2000),
  senderId: z
    .string()
    .trim()
    .regex(
      /^(?:\+?\d{3,15}|(?=.*[A-Za-z])[A-Za-z0-9 .-]{1,11})$/,
      'A sender id is a number (3 to 15 digits) or up to 11 letters and digits',
    ),
  timeoutSeconds: z.number().int().min(1).max(120).default(10),
});
export type HttpSmsSettings = z.infer<typeof HttpSmsSettingsSchema>;
type HttpSmsSecret = 'apiKey' | 'callbackSecret';

/** The status callback's body. */
export const HttpSmsStatusSchema = z.object({
  messageId: z.string().min(1).max(100),
  status: z.string().max(40),
  errorCode: z.string().max(40).nullish(),
});

const STATS: Record<string, string> = {
  delivered: 'DELIVRD',
  failed: 'UNDELIV',
  undelivered: 'UNDELIV',
  expired: 'EXPIRED',
  rejected: 'REJECTD',
};

const MAX_ANSWER_BYTES = 64 * 1024;

/** The callback body as an SMSC receipt; null for a status that is not final (queued, sent). */
export function receiptOfStatus(status: z.infer<typeof HttpSmsStatusSchema>): string | null {
  const stat = STATS[status.status.toLowerCase()];
  if (!stat) return null;
  const err =
    stat === 'DELIVRD' ? '000' : String(Number.parseInt(status.errorCode ?? '', 10) || 0).padStart(3, '0');
  return `id:${status.messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} stat:${stat} err:${err.slice(-3)}`;
}

export function signStatusBody(secret: string, body: Buffer) {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function statusSignatureMatches(secret: string, body: Buffer, signature: string | undefined) {
  if (!signature) return false;
  const expected = Buffer.from(signStatusBody(secret, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether a refused HTTP answer may pass later: throttled, the gateway's own trouble, or its sign-in. */
const retryableStatus = (status: number) =>
  status === 408 || status === 429 || status >= 500 || status === 401 || status === 403;

export function createHttpSmsProvider(
  config: { settings: HttpSmsSettings; secrets: Record<HttpSmsSecret, string> },
  runtime: ProviderRuntime,
): SmsProvider & { close(): Promise<void> } {
  const { settings } = config;
  const outbound = runtime.outbound ?? createOutboundHttp({ allowPrivateNetworks: false });
  const logFields = { channel: 'sms', provider: 'http-sms', providerId: runtime.providerId };
  return {
    async submit(message) {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        let answer: Awaited<ReturnType<typeof outbound.request>>;
        try {
          answer = await outbound.request(settings.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${config.secrets.apiKey}`,
              'idempotency-key': message.idempotencyKey,
            },
            body: JSON.stringify({
              from: settings.senderId,
              to: message.to,
              text: message.text,
              encoding: message.encoding,
              reference: message.idempotencyKey,
              statusCallback: runtime.callbackUrl ?? null,
            }),
            timeoutMs: settings.timeoutSeconds * 1000,
            maxBytes: MAX_ANSWER_BYTES,
          });
        } catch (error) {
          const reason = error instanceof OutboundError ? error.reason : 'unreachable';
          throw new ProviderRefusal(
            reason === 'timeout' ? 'provider_timeout' : 'provider_unavailable',
            `The SMS gateway could not be reached: ${error instanceof Error ? error.message : reason}.`,
            reason,
            reason !== 'refused',
          );
        }
        if (answer.status < 200 || answer.status >= 300)
          throw new ProviderRefusal(
            'provider_rejected',
            `The SMS gateway refused the message (HTTP ${answer.status} ${answer.statusText}).`,
            String(answer.status),
            retryableStatus(answer.status),
          );
        let messageId: unknown;
        try {
          const body = JSON.parse(answer.body.toString('utf8')) as { messageId?: unknown; id?: unknown };
          messageId = body.messageId ?? body.id;
        } catch {
          messageId = undefined;
        }
        if (typeof messageId !== 'string' && typeof messageId !== 'number')
          throw new ProviderRefusal(
            'provider_rejected',
            'The SMS gateway answered without a message id.',
            'no_message_id',
            true,
          );
        runtime.observe('ok', seconds());
        return { messageId: String(messageId) };
      } catch (error) {
        const refusal = error instanceof ProviderRefusal ? error : null;
        const outcome = refusal ? (refusal.retryable ? 'retryable' : 'refused') : 'error';
        runtime.observe(outcome, seconds());
        runtime.log.warn(
          {
            ...logFields,
            outcome,
            code: refusal?.providerCode ?? 'error',
            reason: error instanceof Error ? error.message : String(error),
          },
          'sms provider request failed',
        );
        throw error;
      }
    },
    // Statuses arrive on the webhook route, which hands them to the SMS channel itself.
    onReceipt(_receive: (receipt: SmsReceipt) => Promise<void>) {},
    async close() {},
  };
}

export const httpSmsProviderType: ProviderType<SmsProvider, HttpSmsSettings, HttpSmsSecret> = {
  channel: 'sms',
  type: 'http-sms',
  settings: HttpSmsSettingsSchema as z.ZodType<HttpSmsSettings>,
  secretFields: ['apiKey', 'callbackSecret'],
  create: createHttpSmsProvider,
  /** DNS, then a GET with the API key: reachable, TLS accepted, the key not refused. Sends nothing. */
  async testConnection(config, context) {
    const outbound = context?.outbound ?? createOutboundHttp({ allowPrivateNetworks: false });
    const url = new URL(config.settings.url);
    const steps: ConnectionStep[] = [];
    try {
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      const address = await resolveProviderHost(host, outbound.policy);
      steps.push({
        step: 'DNS',
        ok: true,
        message: isIP(host)
          ? `${host} is an address: nothing to resolve.`
          : `${host} resolves to ${address}.`,
      });
    } catch (error) {
      const step = error instanceof ProviderNetworkError ? error.step : 'DNS';
      steps.push({ step, ok: false, message: (error as Error).message });
      return { ok: false, steps };
    }
    try {
      const answer = await outbound.request(url.toString(), {
        method: 'GET',
        headers: { authorization: `Bearer ${config.secrets.apiKey}` },
        timeoutMs: config.settings.timeoutSeconds * 1000,
        maxBytes: MAX_ANSWER_BYTES,
      });
      if (url.protocol === 'https:')
        steps.push({ step: 'TLS', ok: true, message: 'TLS handshake done, certificate accepted.' });
      if (answer.status === 401 || answer.status === 403) {
        steps.push({
          step: 'Sign-in',
          ok: false,
          message: `The gateway refused the API key (HTTP ${answer.status}).`,
        });
        return { ok: false, steps };
      }
      if (answer.status >= 500) {
        steps.push({
          step: 'HTTP',
          ok: false,
          message: `The gateway answered HTTP ${answer.status}: it has trouble of its own.`,
        });
        return { ok: false, steps };
      }
      steps.push({
        step: 'HTTP',
        ok: true,
        message: `The gateway answered HTTP ${answer.status} and took the API key.`,
      });
      return { ok: true, steps };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const tls = url.protocol === 'https:' && /certificate|tls|ssl|self.signed/i.test(message);
      steps.push({
        step: tls ? 'TLS' : 'HTTP',
        ok: false,
        message: tls ? `TLS handshake failed: ${message}.` : `The gateway could not be reached: ${message}.`,
      });
      return { ok: false, steps };
    }
  },
};
