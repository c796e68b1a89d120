import type { SmsEncoding } from '@sapa/contracts';
import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import { createSandboxProvider, type SandboxEngine } from '../../sandbox/sandbox-provider.js';

/**
 * What an SMS provider takes (an SMPP `submit_sm`, or an HTTP gateway's send) and what it answers
 * later: a delivery receipt, the `short_message` of a `deliver_sm` (SMPP 3.4 appendix B).
 */
export type SmsSubmit = {
  clientId: string;
  /** Sender id (alphanumeric) or number. */
  from: string;
  /** International digits. */
  to: string;
  text: string;
  encoding: SmsEncoding;
  segments: number;
  idempotencyKey: string;
};

export type SmsReceipt = { clientId: string; receipt: string };

export type SmsProvider = {
  /** Answers the SMSC's `message_id`; throws `ProviderRefusal` with the SMPP command status. */
  submit(message: SmsSubmit): Promise<{ messageId: string }>;
  onReceipt(receive: (receipt: SmsReceipt) => Promise<void>): void;
};

/** SMPP command statuses of `submit_sm_resp` the sandbox answers, and whether a retry may pass. */
export const SMPP_STATUS = {
  ESME_RTHROTTLED: {
    code: '0x00000058',
    text: 'Throttling error (ESME has exceeded allowed message limits)',
    retryable: true,
  },
  ESME_RMSGQFUL: { code: '0x00000014', text: 'Message queue full', retryable: true },
  ESME_RSYSERR: { code: '0x00000008', text: 'System error', retryable: true },
  ESME_RINVDSTADR: { code: '0x0000000B', text: 'Invalid destination address', retryable: false },
  ESME_RINVMSGLEN: { code: '0x00000001', text: 'Message length is invalid', retryable: false },
} as const;

export const smppRefusal = (status: keyof typeof SMPP_STATUS) => {
  const { code, text, retryable } = SMPP_STATUS[status];
  return new ProviderRefusal(
    'provider_rejected',
    `The SMSC refused the message: ${status} (${code}) ${text}.`,
    code,
    retryable,
  );
};

/** `YYMMDDhhmm`, the receipt's date form. */
function receiptDate(at: Date) {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCFullYear() % 100)}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}${two(at.getUTCHours())}${two(at.getUTCMinutes())}`;
}

/** Final states a receipt's `stat:` takes in the sandbox, with their `err:` (network error, 3 digits). */
const FAILURES = [
  { stat: 'UNDELIV', err: '011' }, // 0x0000000B: the handset or number cannot take it
  { stat: 'EXPIRED', err: '000' }, // the validity period ran out (handset off for days)
  { stat: 'REJECTD', err: '069' }, // refused by the operator (0x45, submit failed)
] as const;

/**
 * The embedded SMSC: takes a submit after a short latency, answers a hex message id, refuses a few
 * submits with `ESME_RTHROTTLED` (retried), and a little later sends the delivery receipt: DELIVRD, or
 * for a few messages UNDELIV / EXPIRED / REJECTD.
 */
export function createSmsSandbox(engine: SandboxEngine): SmsProvider {
  const provider = createSandboxProvider<SmsReceipt>(engine, 'sms');
  return {
    onReceipt: (receive) => provider.onReport(receive),
    async submit(message) {
      const delay = engine.settings.reportDelayMs;
      const messageId = await provider.accept({
        clientId: message.clientId,
        idempotencyKey: message.idempotencyKey,
        received: {
          recipient: message.to,
          content: {
            kind: 'sms',
            text: message.text,
            segments: message.segments,
            encoding: message.encoding,
          },
        },
        newId: (digest) => digest.slice(0, 16).toUpperCase(),
        refusal: () => smppRefusal('ESME_RTHROTTLED'),
        reports: (id, fails, roll) => {
          const submitted = new Date();
          const done = new Date(submitted.getTime() + delay);
          const final = fails
            ? FAILURES[Math.floor(roll('failure') * FAILURES.length)]!
            : { stat: 'DELIVRD', err: '000' };
          const count = String(Math.min(message.segments, 999)).padStart(3, '0');
          const receipt = [
            `id:${id}`,
            `sub:${count}`,
            `dlvrd:${final.stat === 'DELIVRD' ? count : '000'}`,
            `submit date:${receiptDate(submitted)}`,
            `done date:${receiptDate(done)}`,
            `stat:${final.stat}`,
            `err:${final.err}`,
            `text:${message.text.slice(0, 20)}`,
          ].join(' ');
          return [{ afterMs: delay * (1 + roll('delay')), report: { clientId: message.clientId, receipt } }];
        },
      });
      return { messageId };
    },
  };
}
