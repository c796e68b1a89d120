import { newId } from '../../../../lib/ids.js';
import type { ChannelMessage, MessageChannel, SendRequest } from '../../channel.ports.js';
import {
  contentNotSupported,
  isPermanentRefusal,
  messageEmpty,
  messageTooLong,
} from '../../sandbox/sandbox-errors.js';
import { applyReport, phoneRecipient, type ReportDeps } from '../channel-kit.js';
import type { SmsProvider, SmsReceipt } from './sms.sandbox.js';
import { smsSegments } from './sms.segments.js';

/** Longer texts are refused: ten parts at most (Twilio's own ceiling is 1,600 characters). */
export const SMS_MAX_CHARACTERS = 1_600;
/** The sender id of sandbox messages (an alphanumeric sender id, as Indonesian operators register). */
export const SMS_SANDBOX_SENDER = 'SAPA';

/** What a receipt's final `stat:` means; anything else (ENROUTE, ACCEPTD) is still on its way. */
const FAILED_STATES: Record<string, string> = {
  UNDELIV: 'Undeliverable: the number cannot receive messages',
  EXPIRED: 'Expired: the validity period ran out before the handset could be reached',
  REJECTD: 'Rejected by the operator',
  DELETED: 'Deleted by the operator',
  UNKNOWN: 'Unknown final state',
};

const RECEIPT = /^id:(\S+) .*\bstat:([A-Z]+) err:(\d{1,3})\b/;

export type SmsChannel = MessageChannel & {
  /** A delivery receipt (`deliver_sm`'s text) from the SMSC: the same path for the sandbox and a real one. */
  receiveReceipt(receipt: SmsReceipt): Promise<void>;
};

export function createSmsChannel(
  deps: ReportDeps & { provider: SmsProvider; senderId?: string },
): SmsChannel {
  const channel: SmsChannel = {
    prepare({ recipient, content }: SendRequest): SendRequest {
      if (content.kind !== 'text' && content.kind !== 'sms')
        throw contentNotSupported('sms', content.kind, 'text');
      const text = content.text;
      if (text.trim() === '') throw messageEmpty('SMS');
      if ([...text].length > SMS_MAX_CHARACTERS)
        throw messageTooLong('SMS', `${SMS_MAX_CHARACTERS} characters`);
      const { segments, encoding } = smsSegments(text);
      return {
        recipient: phoneRecipient('sms', recipient),
        content: { kind: 'sms', text, segments, encoding },
      };
    },
    async send(message: ChannelMessage) {
      // A ledger row of kind `sms` went through `prepare` when it was queued (number normalised, text
      // checked, segments counted): it is sent as it is, not parsed and counted again (decision 0057).
      const content =
        message.kind === 'sms'
          ? message
          : channel.prepare!({ recipient: message.to, content: message }).content;
      if (content.kind !== 'sms') throw contentNotSupported('sms', content.kind, 'text');
      const { messageId } = await deps.provider.submit({
        clientId: message.clientId,
        from: deps.senderId ?? SMS_SANDBOX_SENDER,
        to: message.to,
        text: content.text,
        encoding: content.encoding,
        segments: content.segments,
        idempotencyKey: message.idempotencyKey ?? newId(),
      });
      return { providerMessageId: messageId };
    },
    isPermanentFailure: isPermanentRefusal,
    async receiveReceipt({ clientId, receipt }) {
      const match = RECEIPT.exec(receipt);
      if (!match) return;
      const [, providerMessageId, stat, err] = match as unknown as [string, string, string, string];
      const failed = FAILED_STATES[stat];
      if (stat !== 'DELIVRD' && !failed) return;
      const errorHex = `0x${Number(err).toString(16).toUpperCase().padStart(8, '0')}`;
      await applyReport(deps, {
        clientId,
        channel: 'sms',
        providerMessageId,
        status: failed ? 'failed' : 'delivered',
        error: failed ? { code: stat, title: `${failed} (stat:${stat} err:${errorHex})` } : null,
        at: new Date(),
      });
    },
  };
  deps.provider.onReceipt((receipt) => channel.receiveReceipt(receipt));
  return channel;
}
