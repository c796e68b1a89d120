import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import { createSandboxProvider, type SandboxEngine } from '../../sandbox/sandbox-provider.js';
import type { VoiceTariff } from './voice.charging.js';

/** A call to place (a programmable-voice API's `create call`): speak a script, or play a recording. */
export type VoiceCall = {
  clientId: string;
  from: string;
  /** International digits. */
  to: string;
  script: string | null;
  recordingFileId: string | null;
  language: string | null;
  /** Where a real gateway fetches the recording from (a signed link to our storage). */
  recordingUrl?: string | null | undefined;
  /**
   * Our signed per-call URL the gateway posts the call's progress to (ringing, answered, completed);
   * it carries the provider's billing rule, signed with it, so the charge needs no lookup.
   */
  statusCallbackUrlFor?: ((tariff: VoiceTariff) => string) | undefined;
  idempotencyKey: string;
};

/** The final status callback of a call (Twilio's fields): its outcome and how long it was connected. */
export type VoiceStatusCallback = {
  clientId: string;
  CallSid: string;
  CallStatus: 'completed' | 'busy' | 'no-answer' | 'failed';
  /** Seconds from answer to hang-up; "0" when never answered. */
  CallDuration: string;
  /** SIP response of the far end when the call did not connect. */
  SipResponseCode?: string;
  /** The keys pressed when the script asked for an answer. */
  Digits?: string;
  /** The billing rule of the provider that placed the call; the channel's own when left out. */
  tariff?: VoiceTariff;
  Timestamp: string;
};

export type VoiceProvider = {
  /** Answers the call id; throws `ProviderRefusal` when the carrier will not place it now. */
  createCall(call: VoiceCall): Promise<{ callSid: string }>;
  onStatusCallback(receive: (callback: VoiceStatusCallback) => Promise<void>): void;
};

export const carrierRefusal = (sipCode: number, reason: string) =>
  new ProviderRefusal(
    'provider_rejected',
    `The carrier did not place the call (SIP ${sipCode}): ${reason}`,
    String(sipCode),
    sipCode === 503 || sipCode === 429,
  );

/** Seconds a text-to-speech script takes: about 2.5 words a second, after a 2-second greeting pause. */
export function scriptSeconds(script: string) {
  const words = script.trim().split(/\s+/).filter(Boolean).length;
  return 2 + Math.ceil(words / 2.5);
}

/**
 * The embedded carrier: places a call after a short latency and answers a call id (`CA…`), refuses a
 * few with `503 Service Unavailable` (retried), rings, and reports the call: answered and connected for
 * about as long as the script takes (some people hang up early), or, for a few, busy or not answered.
 */
export function createVoiceSandbox(
  engine: SandboxEngine,
  options: {
    /**
     * How long the recording at a link plays, fetched by that link as a gateway would; null when the
     * link leads nowhere (forged, expired, not a readable recording).
     */
    recordingSeconds?: (url: string) => Promise<number | null>;
  } = {},
): VoiceProvider {
  const provider = createSandboxProvider<VoiceStatusCallback>(engine, 'voice');
  return {
    onStatusCallback: (receive) => provider.onReport(receive),
    async createCall(call) {
      const delay = engine.settings.reportDelayMs;
      // Like a gateway, the sandbox plays a recording by its link: one it cannot fetch is refused.
      let recording: number | null = null;
      if (!call.script && options.recordingSeconds) {
        recording = call.recordingUrl ? await options.recordingSeconds(call.recordingUrl) : null;
        if (recording === null)
          throw new ProviderRefusal(
            'recording_not_reachable',
            'The recording could not be fetched from its link (missing, expired or not a WAV/MP3 file).',
            'recording',
            false,
          );
      }
      const callSid = await provider.accept({
        clientId: call.clientId,
        idempotencyKey: call.idempotencyKey,
        received: {
          recipient: call.to,
          content: {
            kind: 'voice',
            script: call.script,
            recordingFileId: call.recordingFileId,
            language: call.language,
          },
        },
        newId: (digest) => `CA${digest.slice(0, 32)}`,
        refusal: () => carrierRefusal(503, 'Service Unavailable: all circuits are busy'),
        reports: (id, fails, roll) => {
          const ringing = delay * (1 + roll('ring'));
          const base = { clientId: call.clientId, CallSid: id };
          if (fails) {
            const busy = roll('busy') < 0.5;
            return [
              {
                afterMs: ringing,
                report: {
                  ...base,
                  CallStatus: busy ? 'busy' : 'no-answer',
                  CallDuration: '0',
                  SipResponseCode: busy ? '486' : '480',
                  Timestamp: new Date(Date.now() + ringing).toUTCString(),
                },
              },
            ];
          }
          const full = call.script
            ? scriptSeconds(call.script)
            : (recording ?? 15 + Math.floor(roll('recording') * 45));
          // One listener in five hangs up before the end.
          const duration = roll('hang-up') < 0.2 ? Math.max(1, Math.floor(full * roll('heard'))) : full;
          const afterMs = ringing + Math.min(duration * 1000, delay * 10);
          return [
            {
              afterMs,
              report: {
                ...base,
                CallStatus: 'completed',
                CallDuration: String(duration),
                Timestamp: new Date(Date.now() + afterMs).toUTCString(),
              },
            },
          ];
        },
      });
      return { callSid };
    },
  };
}
