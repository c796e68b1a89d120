import { z } from 'zod';
import { createOutboundHttp, type OutboundHttp } from '../../../../platform/outbound-http.js';
import type {
  ConnectionCheck,
  ProviderConfig,
  ProviderRuntime,
  ProviderType,
} from '../../providers/provider-types.js';
import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import type { VoiceCall, VoiceProvider, VoiceStatusCallback } from './voice.sandbox.js';
import { parseVoiceScript } from './voice-script.js';

/**
 * A voice gateway with the common REST shape (Twilio's Calls resource as the reference): `POST
 * {baseUrl}/calls` with basic auth answers the call's `sid`; progress comes back to the call's
 * `statusCallback` URL (see `voice-callbacks.routes.ts`).
 */
export const VoiceGatewaySettingsSchema = z.object({
  baseUrl: z.url(),
  /** The account name of basic auth (`AccountSid`); the token is the secret. */
  accountId: z.string().trim().min(1).max(128),
  /** The caller id calls are placed from (international digits). */
  callerId: z.string().regex(/^\d{6,15}$/, 'Give the caller id as international digits'),
  /** The provider's billing rule: at least this many seconds… */
  minimumSeconds: z.number().int().min(0).max(3_600).default(60),
  /** …then whole steps of this many (60/60, 30/6, 6/6, 1/1). */
  incrementSeconds: z.number().int().min(1).max(3_600).default(60),
  timeoutMs: z.number().int().min(1_000).max(60_000).default(15_000),
});
export type VoiceGatewaySettings = z.infer<typeof VoiceGatewaySettingsSchema>;

type VoiceSecret = 'authToken';
type VoiceConfig = ProviderConfig<VoiceGatewaySettings, VoiceSecret>;

type GatewayAnswer = { sid?: string; status?: string; code?: number | string; message?: string };

const MAX_ANSWER_BYTES = 256 * 1024;

export function createVoiceGatewayProviderType(deps: {
  outbound: OutboundHttp;
}): ProviderType<VoiceProvider, VoiceGatewaySettings, VoiceSecret> {
  const authorization = (config: VoiceConfig) =>
    `Basic ${Buffer.from(`${config.settings.accountId}:${config.secrets.authToken}`).toString('base64')}`;

  async function request(config: VoiceConfig, method: 'GET' | 'POST', path: string, body?: object) {
    const base = config.settings.baseUrl.replace(/\/+$/, '');
    try {
      const response = await deps.outbound.request(`${base}${path}`, {
        method,
        headers: {
          authorization: authorization(config),
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        timeoutMs: config.settings.timeoutMs,
        maxBytes: MAX_ANSWER_BYTES,
      });
      let answer: GatewayAnswer = {};
      try {
        answer = JSON.parse(response.body.toString('utf8')) as GatewayAnswer;
      } catch {
        // A proxy's HTML error page: the status says enough.
      }
      return { status: response.status, answer };
    } catch (error) {
      const reason = (error as { reason?: string }).reason;
      throw new ProviderRefusal(
        'provider_unavailable',
        reason === 'timeout'
          ? 'The voice gateway did not answer in time.'
          : reason === 'refused'
            ? 'The voice gateway address may not be called from this server.'
            : 'The voice gateway could not be reached.',
        reason ?? 'unreachable',
        reason !== 'refused',
      );
    }
  }

  /** A refusal as the engine reads it: the gateway's own words, retried when it may pass later. */
  function refusalOf(status: number, answer: GatewayAnswer) {
    const said = String(answer.message ?? '').slice(0, 300) || `HTTP ${status}`;
    if (status === 401 || status === 403)
      return new ProviderRefusal(
        'provider_auth_failed',
        `The voice gateway refused our credentials (${status}): ${said}`,
        String(status),
        true,
      );
    const retryable = status === 429 || status >= 500;
    return new ProviderRefusal(
      retryable ? 'provider_unavailable' : 'provider_rejected',
      `The voice gateway did not place the call (${answer.code ?? status}): ${said}`,
      String(answer.code ?? status),
      retryable,
    );
  }

  function create(config: VoiceConfig, runtime: ProviderRuntime) {
    const listeners: ((callback: VoiceStatusCallback) => Promise<void>)[] = [];
    const fail = (refusal: ProviderRefusal, seconds: number) => {
      runtime.observe(
        refusal.code === 'provider_rejected' ? 'refused' : refusal.retryable ? 'retryable' : 'error',
        seconds,
      );
      runtime.log.warn(
        {
          channel: 'voice',
          providerType: 'voice-gateway',
          providerId: runtime.providerId,
          clientId: runtime.clientId,
          code: refusal.code,
          providerCode: refusal.providerCode,
          retryable: refusal.retryable,
          reason: refusal.message,
          seconds,
        },
        'Voice call not placed',
      );
      return refusal;
    };
    return {
      onStatusCallback: (receive: (callback: VoiceStatusCallback) => Promise<void>) => {
        listeners.push(receive);
      },
      async createCall(call: VoiceCall) {
        const started = performance.now();
        const elapsed = () => (performance.now() - started) / 1000;
        let what: Record<string, unknown>;
        if (call.script) {
          const parsed = parseVoiceScript(call.script);
          what = {
            say: { text: parsed.text, ...(call.language ? { language: call.language } : {}) },
            ...(parsed.dtmfDigits ? { gather: { numDigits: parsed.dtmfDigits, timeoutSeconds: 10 } } : {}),
          };
        } else if (call.recordingUrl) what = { play: { url: call.recordingUrl } };
        else
          throw fail(
            new ProviderRefusal(
              'recording_not_reachable',
              'The recording has no address the voice gateway can fetch it from.',
              'recording',
              false,
            ),
            elapsed(),
          );
        const body = {
          to: call.to,
          from: config.settings.callerId,
          ...what,
          ...(call.statusCallbackUrlFor
            ? {
                statusCallback: call.statusCallbackUrlFor({
                  minimumSeconds: config.settings.minimumSeconds,
                  incrementSeconds: config.settings.incrementSeconds,
                }),
                statusCallbackEvents: ['ringing', 'answered', 'completed'],
              }
            : {}),
          // Gateways that take one keep a retried request from placing a second call.
          idempotencyKey: call.idempotencyKey,
        };
        let answer: { status: number; answer: GatewayAnswer };
        try {
          answer = await request(config, 'POST', '/calls', body);
        } catch (error) {
          throw fail(error as ProviderRefusal, elapsed());
        }
        if (answer.status >= 200 && answer.status < 300 && typeof answer.answer.sid === 'string') {
          runtime.observe('ok', elapsed());
          return { callSid: answer.answer.sid };
        }
        throw fail(refusalOf(answer.status, answer.answer), elapsed());
      },
      async close() {},
    };
  }

  async function testConnection(config: VoiceConfig): Promise<ConnectionCheck> {
    let result: { status: number; answer: GatewayAnswer };
    try {
      result = await request(config, 'GET', '/account');
    } catch (error) {
      return { ok: false, steps: [{ step: 'connect', ok: false, message: (error as Error).message }] };
    }
    const connected = { step: 'connect', ok: true, message: 'Reached the voice gateway.' };
    if (result.status >= 200 && result.status < 300)
      return {
        ok: true,
        steps: [connected, { step: 'login', ok: true, message: 'The account and token were accepted.' }],
      };
    return {
      ok: false,
      steps: [
        connected,
        { step: 'login', ok: false, message: refusalOf(result.status, result.answer).message },
      ],
    };
  }

  return {
    channel: 'voice',
    type: 'voice-gateway',
    settings: VoiceGatewaySettingsSchema as unknown as z.ZodType<VoiceGatewaySettings>,
    secretFields: ['authToken'],
    create,
    testConnection,
  };
}

export const voiceGatewayProviderType = createVoiceGatewayProviderType({
  outbound: createOutboundHttp({ allowPrivateNetworks: false }),
});
