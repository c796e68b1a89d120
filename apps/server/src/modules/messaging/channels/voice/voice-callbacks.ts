import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChannelMessage, MessageChannel } from '../../channel.ports.js';
import type { VoiceTariff } from './voice.charging.js';

/**
 * The per-call status callback URL a voice gateway posts to:
 * `/webhooks/voice/status/<client>/<call key>?min=&inc=&sig=`, signed (HMAC-SHA256) over the client,
 * the call (its ledger key) and the provider's billing rule, so a callback can only move that call of
 * that client, charged by that rule, and nothing is stored to check it.
 */
type CallbackTarget = { clientId: string; callKey: string; tariff: VoiceTariff };

const payloadOf = ({ clientId, callKey, tariff }: CallbackTarget) =>
  `voice-status\n${clientId}\n${callKey}\n${tariff.minimumSeconds}\n${tariff.incrementSeconds}`;

export function voiceCallbackSignature(key: Buffer, target: CallbackTarget): string {
  return createHmac('sha256', key).update(payloadOf(target)).digest('base64url');
}

export function voiceCallbackUrl(key: Buffer, publicUrl: string, target: CallbackTarget): string {
  const query = new URLSearchParams({
    min: String(target.tariff.minimumSeconds),
    inc: String(target.tariff.incrementSeconds),
    sig: voiceCallbackSignature(key, target),
  });
  return `${publicUrl.replace(/\/+$/, '')}/webhooks/voice/status/${encodeURIComponent(target.clientId)}/${encodeURIComponent(target.callKey)}?${query}`;
}

export function isVoiceCallbackSigned(key: Buffer, target: CallbackTarget, signature: string): boolean {
  const expected = Buffer.from(voiceCallbackSignature(key, target));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A call on its way out, with the way to build its signed status URL once the provider's tariff is known. */
export type VoiceMessageWithCallback = ChannelMessage & {
  statusCallbackUrlFor?: (tariff: VoiceTariff) => string;
};

/**
 * The voice channel with signed status callbacks: each call (keyed by its ledger row) tells its
 * gateway where to report, whichever provider places it.
 */
export function withVoiceCallbacks<C extends MessageChannel>(
  channel: C,
  urlFor: (clientId: string, callKey: string, tariff: VoiceTariff) => string,
): C {
  return {
    ...channel,
    send: (message: ChannelMessage) => {
      const callKey = message.idempotencyKey;
      if (message.kind !== 'voice' || !callKey) return channel.send(message);
      const linked: VoiceMessageWithCallback = {
        ...message,
        statusCallbackUrlFor: (tariff) => urlFor(message.clientId, callKey, tariff),
      };
      return channel.send(linked);
    },
  };
}
