import { newId } from '../../../../lib/ids.js';
import type { ChannelMessage, MessageChannel, SendRequest } from '../../channel.ports.js';
import {
  contentNotSupported,
  isPermanentRefusal,
  messageEmpty,
  messageTooLong,
} from '../../sandbox/sandbox-errors.js';
import { applyReport, phoneRecipient, type ReportDeps } from '../channel-kit.js';
import { chargedSeconds, DEFAULT_VOICE_TARIFF, type VoiceTariff } from './voice.charging.js';
import type { VoiceProvider, VoiceStatusCallback } from './voice.sandbox.js';
import type { VoiceMessageWithCallback } from './voice-callbacks.js';
import type { VoiceMessageWithRecording } from './voice-recordings.js';

/** The caller id of sandbox calls (a Jakarta number). */
export const VOICE_SANDBOX_CALLER_ID = '622150000000';
/** Longer scripts are refused: about 20 minutes of speech. */
const MAX_SCRIPT = 3_000;

const NOT_CONNECTED = {
  busy: { code: 'busy', title: 'The line was busy (SIP 486 Busy Here)' },
  'no-answer': { code: 'no_answer', title: 'Nobody answered the call (SIP 480 Temporarily Unavailable)' },
  failed: { code: 'call_failed', title: 'The call could not be connected' },
} as const;

const OUTCOMES = { completed: 'answered', busy: 'busy', 'no-answer': 'no_answer', failed: 'failed' } as const;

export type VoiceChannel = MessageChannel & {
  /** A call's final status callback: the same path for the sandbox and a real carrier. */
  receiveStatusCallback(callback: VoiceStatusCallback): Promise<void>;
};

export function createVoiceChannel(
  deps: ReportDeps & { provider: VoiceProvider; tariff?: VoiceTariff; callerId?: string },
): VoiceChannel {
  const tariff = deps.tariff ?? DEFAULT_VOICE_TARIFF;
  const channel: VoiceChannel = {
    prepare({ recipient, content }: SendRequest): SendRequest {
      if (content.kind !== 'voice')
        throw contentNotSupported('voice', content.kind, 'a text-to-speech script or a recording');
      const script = content.script?.trim() ? content.script : null;
      const recordingFileId = content.recordingFileId?.trim() ? content.recordingFileId : null;
      if (!script === !recordingFileId)
        throw messageEmpty('voice', 'text-to-speech script or its recording file id (exactly one)');
      if (script && script.length > MAX_SCRIPT)
        throw messageTooLong('voice script', `${MAX_SCRIPT} characters`);
      return {
        recipient: phoneRecipient('voice', recipient),
        content: { kind: 'voice', script, recordingFileId, language: content.language ?? null },
      };
    },
    async send(message: ChannelMessage) {
      if (message.kind !== 'voice')
        throw contentNotSupported('voice', message.kind, 'a text-to-speech script or a recording');
      const { callSid } = await deps.provider.createCall({
        clientId: message.clientId,
        from: deps.callerId ?? VOICE_SANDBOX_CALLER_ID,
        to: message.to,
        script: message.script ?? null,
        recordingFileId: message.recordingFileId ?? null,
        recordingUrl: (message as VoiceMessageWithRecording).recordingUrl ?? null,
        language: message.language ?? null,
        statusCallbackUrlFor: (message as VoiceMessageWithCallback).statusCallbackUrlFor,
        idempotencyKey: message.idempotencyKey ?? newId(),
      });
      return { providerMessageId: callSid };
    },
    isPermanentFailure: isPermanentRefusal,
    async receiveStatusCallback(callback) {
      const answered = callback.CallStatus === 'completed';
      const durationSeconds = answered ? Math.max(0, Number.parseInt(callback.CallDuration, 10) || 0) : 0;
      const at = new Date(callback.Timestamp);
      await applyReport(deps, {
        clientId: callback.clientId,
        channel: 'voice',
        providerMessageId: callback.CallSid,
        status: answered ? 'delivered' : 'failed',
        error: callback.CallStatus === 'completed' ? null : NOT_CONNECTED[callback.CallStatus],
        details: {
          call: {
            outcome: OUTCOMES[callback.CallStatus],
            durationSeconds,
            chargedSeconds: chargedSeconds(durationSeconds, answered, callback.tariff ?? tariff),
            ...(callback.Digits ? { dtmf: callback.Digits } : {}),
          },
        },
        at: Number.isNaN(at.getTime()) ? new Date() : at,
      });
    },
  };
  deps.provider.onStatusCallback((callback) => channel.receiveStatusCallback(callback));
  return channel;
}
