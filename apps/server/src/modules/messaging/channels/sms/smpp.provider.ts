import { randomInt } from 'node:crypto';
import smpp, { type Pdu, type Session } from 'smpp';
import { z } from 'zod';
import {
  checkProviderNetwork,
  openProviderSocket,
  ProviderNetworkError,
  resolveProviderHost,
} from '../../providers/provider-network.js';
import type { ConnectionStep, ProviderRuntime, ProviderType } from '../../providers/provider-types.js';
import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import { SMPP_STATUS, type SmsProvider, type SmsReceipt, type SmsSubmit } from './sms.sandbox.js';
import { smsParts } from './sms.segments.js';

/**
 * SMS over SMPP 3.4 (the `smpp` package): one transceiver session per configured provider, kept
 * bound with `enquire_link` and re-bound after a drop with a growing delay. At most `window`
 * `submit_sm` are outstanding; `ESME_RTHROTTLED` / `ESME_RMSGQFUL` pause the sender (a growing
 * back-off) and the part is submitted again, instead of failing the message. A long text goes as
 * concatenated parts with a UDH (8-bit reference), GSM-7 (data_coding 0) or UCS-2 (8) chosen on the
 * text. Delivery receipts (`deliver_sm` with `id:… stat:… err:…`) go to the SMS channel's receipt path.
 */
export const SmppSettingsSchema = z.object({
  host: z.string().trim().min(1, 'The SMSC host is required').max(253),
  port: z.number().int().min(1).max(65_535).default(2775),
  tls: z.boolean().default(false),
  systemId: z.string().min(1, 'The system id is required').max(15, 'A system id has at most 15 characters'),
  systemType: z.string().max(12).default(''),
  senderId: z
    .string()
    .trim()
    .regex(
      /^(?:\+?\d{3,15}|(?=.*[A-Za-z])[A-Za-z0-9 .-]{1,11})$/,
      'A sender id is a number (3 to 15 digits) or up to 11 letters and digits',
    ),
  /** Outstanding `submit_sm` at most: the SMSC's policy (Sinch: 10). */
  window: z.number().int().min(1).max(1000).default(10),
  registeredDelivery: z.boolean().default(true),
  enquireLinkSeconds: z.number().int().min(1).max(600).default(30),
  /**
   * How long one message may take, throttling and re-binds included, before it is retried later;
   * under messaging's two-minute hold on the row, so no other worker sends it meanwhile.
   */
  submitTimeoutSeconds: z.number().int().min(1).max(100).default(30),
  /** The longest wait between two connection attempts. */
  reconnectMaxSeconds: z.number().int().min(1).max(600).default(30),
});
export type SmppSettings = z.infer<typeof SmppSettingsSchema>;
type SmppSecret = 'password';

const THROTTLED = new Set([smpp.errors.ESME_RTHROTTLED, smpp.errors.ESME_RMSGQFUL]);
/** Command statuses a later try may pass; anything else refuses the message for good. */
const RETRYABLE = new Set([
  smpp.errors.ESME_RSYSERR,
  smpp.errors.ESME_RTHROTTLED,
  smpp.errors.ESME_RMSGQFUL,
  smpp.errors.ESME_RX_T_APPN,
  smpp.errors.ESME_RSUBMITFAIL,
]);
const STATUS_NAME = new Map(Object.entries(smpp.errors).map(([name, code]) => [code, name]));
const CONNECT_TIMEOUT_MS = 10_000;
/** Throttling back-off: from this, doubled per refusal, up to the cap; one accepted submit resets it. */
const THROTTLE_START_MS = 100;
const THROTTLE_MAX_MS = 5_000;
/** Part ids of long messages remembered to fold their receipts into the first part's (in memory). */
const PART_IDS_KEPT = 100_000;
/** After a part was lost with its connection, a short pause before it is tried on the next one. */
const LOST_PAUSE_MS = 20;

/** Without a network policy given, only public addresses are reached. */
const PUBLIC_ONLY = { allowPrivateNetworks: false } as const;

const hex = (status: number) => `0x${status.toString(16).toUpperCase().padStart(8, '0')}`;

export function smppStatusRefusal(status: number) {
  const name = STATUS_NAME.get(status) ?? 'ESME_UNKNOWN';
  const known = SMPP_STATUS[name as keyof typeof SMPP_STATUS];
  return new ProviderRefusal(
    'provider_rejected',
    `The SMSC refused the message: ${name} (${hex(status)})${known ? ` ${known.text}` : ''}.`,
    hex(status),
    RETRYABLE.has(status),
  );
}

const unavailable = (why: string) =>
  new ProviderRefusal('provider_unavailable', `The SMSC could not be reached: ${why}`, 'connect', true);

/** TON/NPI of the sender: letters → alphanumeric (TON 5); a long number → international; else a short code. */
export function senderAddress(senderId: string) {
  if (/[A-Za-z]/.test(senderId)) return { source_addr_ton: 5, source_addr_npi: 0, source_addr: senderId };
  const digits = senderId.replace(/^\+/, '');
  return digits.length > 8
    ? { source_addr_ton: 1, source_addr_npi: 1, source_addr: digits }
    : { source_addr_ton: 3, source_addr_npi: 0, source_addr: digits };
}

/** The `short_message` bytes of each part, with its UDH (IEI 0x00, 8-bit reference) when there are several. */
export function smppParts(text: string) {
  const { encoding, parts } = smsParts(text);
  const encode = encoding === 'UCS-2' ? smpp.encodings.UCS2.encode : smpp.encodings.ASCII.encode;
  const reference = randomInt(256);
  return {
    dataCoding: encoding === 'UCS-2' ? 0x08 : 0x00,
    parts: parts.map((part, index) => {
      const body = encode(part);
      if (parts.length === 1) return { esmClass: 0, shortMessage: body };
      const udh = Buffer.from([0x05, 0x00, 0x03, reference, parts.length, index + 1]);
      return { esmClass: 0x40, shortMessage: Buffer.concat([udh, body]) };
    }),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

type Answer = { status: number; messageId: string } | 'lost';

export function createSmppProvider(
  config: { settings: SmppSettings; secrets: Record<SmppSecret, string> },
  runtime: ProviderRuntime,
): SmsProvider & { close(): Promise<void> } {
  const settings = config.settings;
  const receivers: ((receipt: SmsReceipt) => Promise<void>)[] = [];
  const partOf = new Map<string, string>();
  /** Resolvers of the `submit_sm` sent on each session, answered 'lost' when it drops. */
  const pendingOf = new WeakMap<Session, Set<(answer: Answer) => void>>();
  let session: Session | null = null;
  let binding: Promise<Session> | null = null;
  let closed = false;
  let failures = 0;
  let outstanding = 0;
  const slotWaiters: (() => void)[] = [];
  let pausedUntil = 0;
  let throttleMs = 0;
  const logFields = { channel: 'sms', provider: 'smpp', providerId: runtime.providerId };

  const reconnectDelay = () =>
    failures === 0 ? 0 : Math.min(250 * 2 ** (failures - 1), settings.reconnectMaxSeconds * 1000);

  function dropped(lost: Session, why: string) {
    if (session === lost) session = null;
    const pending = pendingOf.get(lost);
    if (pending) for (const answer of pending) answer('lost');
    pending?.clear();
    if (closed) return;
    failures++;
    runtime.log.warn({ ...logFields, reason: why, retryInMs: reconnectDelay() }, 'smpp session lost');
    // Bound again soon, so receipts keep flowing even when nothing is being sent.
    void ensureBound().catch(() => undefined);
  }

  async function bind(): Promise<Session> {
    await sleep(reconnectDelay());
    if (closed) throw unavailable('the provider was closed.');
    let socket: import('node:net').Socket;
    try {
      const address = await resolveProviderHost(settings.host, runtime.outbound?.policy ?? PUBLIC_ONLY);
      socket = await openProviderSocket({
        host: settings.host,
        address,
        port: settings.port,
        tls: settings.tls,
        timeoutMs: CONNECT_TIMEOUT_MS,
      });
    } catch (error) {
      failures++;
      throw unavailable(error instanceof Error ? error.message : String(error));
    }
    const opened = new smpp.Session({ socket });
    const status = await new Promise<number>((resolve) => {
      const timer = setTimeout(() => resolve(-1), CONNECT_TIMEOUT_MS);
      opened.once('close', () => resolve(-2));
      opened.once('error', () => resolve(-2));
      opened.bind_transceiver(
        {
          system_id: settings.systemId,
          password: config.secrets.password,
          system_type: settings.systemType,
          interface_version: 0x34,
        },
        (pdu) => {
          clearTimeout(timer);
          resolve(pdu.command_status);
        },
      );
    });
    if (status !== 0) {
      failures++;
      opened.destroy();
      throw unavailable(
        status === -1
          ? 'no answer to bind_transceiver in time.'
          : status === -2
            ? 'the connection closed during the bind.'
            : `bind refused with ${STATUS_NAME.get(status) ?? 'status'} (${hex(status)}).`,
      );
    }
    if (closed) {
      // Closed while binding (its configuration changed): this session is nobody's.
      opened.destroy();
      throw unavailable('the provider was closed.');
    }
    failures = 0;
    pendingOf.set(opened, new Set());
    opened.on('error', (error: Error) =>
      runtime.log.warn({ ...logFields, reason: error.message }, 'smpp error'),
    );
    const enquire = setInterval(() => opened.enquire_link(), settings.enquireLinkSeconds * 1000);
    enquire.unref();
    opened.once('close', () => {
      clearInterval(enquire);
      dropped(opened, 'connection closed');
    });
    opened.on('deliver_sm', (pdu: Pdu) => void receive(opened, pdu));
    opened.on('enquire_link', (pdu: Pdu) => opened.send(pdu.response()));
    opened.on('unbind', (pdu: Pdu) => {
      opened.send(pdu.response());
      opened.close();
    });
    session = opened;
    return opened;
  }

  function ensureBound(): Promise<Session> {
    if (closed) return Promise.reject(unavailable('the provider was closed.'));
    if (session) return Promise.resolve(session);
    binding ??= bind().finally(() => {
      binding = null;
    });
    return binding;
  }

  async function receive(from: Session, pdu: Pdu) {
    const esmClass = Number(pdu.esm_class ?? 0);
    const message = (pdu.short_message as { message?: unknown } | undefined)?.message;
    let text =
      typeof message === 'string' ? message : Buffer.isBuffer(message) ? message.toString('latin1') : '';
    // Only SMSC delivery receipts (esm_class bits 2–5 = 0001) are handled; a mobile-originated text is acknowledged.
    if ((esmClass & 0x3c) !== 0x04 || !text.startsWith('id:')) return from.send(pdu.response());
    const id = /^id:(\S+)/.exec(text)![1]!;
    const first = partOf.get(id);
    if (first) {
      // A later part: its delivery adds nothing; its failure fails the message.
      if (/\bstat:DELIVRD\b/.test(text)) return from.send(pdu.response());
      text = text.replace(`id:${id}`, `id:${first}`);
    }
    try {
      for (const deliver of receivers) await deliver({ clientId: runtime.clientId, receipt: text });
      from.send(pdu.response());
    } catch {
      // Not recorded yet (the receipt overtook the send's commit): the SMSC delivers it again later.
      from.send(pdu.response({ command_status: smpp.errors.ESME_RX_T_APPN }));
    }
  }

  async function takeSlot() {
    if (outstanding < settings.window) {
      outstanding++;
      return;
    }
    await new Promise<void>((resolve) => slotWaiters.push(resolve));
  }
  function releaseSlot() {
    const next = slotWaiters.shift();
    if (next) next();
    else outstanding--;
  }

  function sendPdu(on: Session, fields: Record<string, unknown>, deadline: number): Promise<Answer> {
    return new Promise((resolve) => {
      const pending = pendingOf.get(on) ?? new Set();
      const timer = setTimeout(() => settle('lost'), Math.max(1, deadline - Date.now()));
      const settle = (answer: Answer) => {
        clearTimeout(timer);
        pending.delete(settle);
        resolve(answer);
      };
      pending.add(settle);
      const written = on.submit_sm(fields, (pdu) =>
        settle({ status: pdu.command_status, messageId: String(pdu.message_id ?? '') }),
      );
      if (!written) {
        // The socket is gone though its close event has not run yet: stop using it now.
        if (session === on) session = null;
        on.destroy();
        settle('lost');
      }
    });
  }

  async function submitPart(fields: Record<string, unknown>, deadline: number): Promise<string> {
    for (;;) {
      if (Date.now() >= deadline)
        throw new ProviderRefusal(
          'provider_timeout',
          `The SMSC did not accept the message within ${settings.submitTimeoutSeconds} s.`,
          'timeout',
          true,
        );
      await takeSlot();
      try {
        if (pausedUntil > Date.now()) await sleep(pausedUntil - Date.now());
        const bound = await Promise.race([ensureBound(), sleep(deadline - Date.now()).then(() => null)]);
        if (!bound) continue;
        const answer = await sendPdu(bound, fields, deadline);
        if (answer === 'lost') {
          // Yield to the event loop (the close event, the re-bind) before trying again.
          await sleep(LOST_PAUSE_MS);
          continue;
        }
        if (answer.status === 0) {
          throttleMs = 0;
          return answer.messageId;
        }
        if (THROTTLED.has(answer.status)) {
          // The other parts of the window were sent before the pause: one pause grows the back-off once.
          if (pausedUntil <= Date.now()) {
            throttleMs = Math.min(Math.max(THROTTLE_START_MS, throttleMs * 2), THROTTLE_MAX_MS);
            pausedUntil = Date.now() + throttleMs;
          }
          continue;
        }
        throw smppStatusRefusal(answer.status);
      } finally {
        releaseSlot();
      }
    }
  }

  async function submit(message: SmsSubmit): Promise<{ messageId: string }> {
    const deadline = Date.now() + settings.submitTimeoutSeconds * 1000;
    const { dataCoding, parts } = smppParts(message.text);
    const common = {
      // The sender id is registered with the SMSC account: the provider's, whatever the channel proposes.
      ...senderAddress(settings.senderId),
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      destination_addr: message.to,
      registered_delivery: settings.registeredDelivery ? 1 : 0,
      data_coding: dataCoding,
    };
    const ids = await Promise.all(
      parts.map((part) =>
        submitPart({ ...common, esm_class: part.esmClass, short_message: part.shortMessage }, deadline),
      ),
    );
    const [first, ...rest] = ids as [string, ...string[]];
    for (const id of rest) {
      if (partOf.size >= PART_IDS_KEPT) partOf.delete(partOf.keys().next().value!);
      partOf.set(id, first);
    }
    return { messageId: first };
  }

  return {
    async submit(message) {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const answer = await submit(message);
        runtime.observe('ok', seconds());
        return answer;
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
    onReceipt(receive) {
      receivers.push(receive);
    },
    async close() {
      closed = true;
      const open = session;
      session = null;
      if (!open) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          open.destroy();
          resolve();
        }, 1000);
        open.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        const unbound = open.unbind({}, () => open.close());
        if (!unbound) open.destroy();
      });
    },
  };
}

/** "Test connection": DNS, TCP, TLS, then a bind with the credentials, unbound at once. Sends nothing. */
async function testSmppConnection(
  config: { settings: SmppSettings; secrets: Record<SmppSecret, string> },
  policy: { allowPrivateNetworks: boolean },
) {
  const { settings } = config;
  const { steps, socket } = await checkProviderNetwork(
    { host: settings.host, port: settings.port, tls: settings.tls, timeoutMs: CONNECT_TIMEOUT_MS },
    policy,
  );
  if (!socket) return { ok: false, steps };
  const session = new smpp.Session({ socket });
  const status = await new Promise<number>((resolve) => {
    const timer = setTimeout(() => resolve(-1), CONNECT_TIMEOUT_MS);
    session.once('close', () => resolve(-2));
    session.once('error', () => resolve(-2));
    session.bind_transceiver(
      {
        system_id: settings.systemId,
        password: config.secrets.password,
        system_type: settings.systemType,
        interface_version: 0x34,
      },
      (pdu) => {
        clearTimeout(timer);
        resolve(pdu.command_status);
      },
    );
  });
  const bindStep: ConnectionStep =
    status === 0
      ? { step: 'Bind', ok: true, message: `Bound as transceiver with system id ${settings.systemId}.` }
      : {
          step: 'Bind',
          ok: false,
          message:
            status === -1
              ? 'The SMSC did not answer bind_transceiver in time.'
              : status === -2
                ? 'The SMSC closed the connection during the bind.'
                : bindRefusal(status),
        };
  steps.push(bindStep);
  if (status === 0) session.unbind({}, () => session.close());
  setTimeout(() => session.destroy(), 500).unref();
  return { ok: status === 0, steps };
}

function bindRefusal(status: number) {
  const name = STATUS_NAME.get(status) ?? 'status';
  const why =
    status === smpp.errors.ESME_RINVPASWD
      ? 'wrong password'
      : status === smpp.errors.ESME_RINVSYSID
        ? 'unknown system id'
        : status === smpp.errors.ESME_RALYBND
          ? 'already bound (too many sessions)'
          : 'the SMSC refused the bind';
  return `Bind refused: ${why} (${name}, ${hex(status)}).`;
}

export const smppProviderType: ProviderType<SmsProvider, SmppSettings, SmppSecret> = {
  channel: 'sms',
  type: 'smpp',
  settings: SmppSettingsSchema as z.ZodType<SmppSettings>,
  secretFields: ['password'],
  create: createSmppProvider,
  async testConnection(config, context) {
    try {
      return await testSmppConnection(config, context?.outbound.policy ?? PUBLIC_ONLY);
    } catch (error) {
      const step = error instanceof ProviderNetworkError ? error.step : 'Connection';
      return { ok: false, steps: [{ step, ok: false, message: (error as Error).message }] };
    }
  },
};
