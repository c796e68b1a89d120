import {
  DEFAULT_OTP_SETTINGS,
  type OtpChannel,
  type OtpKind,
  type OtpRequestAnswer,
  type OtpRequestBody,
  type OtpSettings,
  OtpSettingsSchema,
  type OtpStatus,
  type OtpVerifyAnswer,
} from '@sapa/contracts';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { isId, newId } from '../../../lib/ids.js';
import { DEFAULT_PHONE_COUNTRY, parsePhone, phoneCountryOf } from '../../../lib/phone.js';
import { type Actor, actorLabel } from '../../../platform/actor.js';
import type { Database, Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import { seal, unseal } from '../../../platform/secrets.js';
import { clientPhoneCountry } from '../../clients/index.js';
import type {
  Messaging,
  OutboundContent,
  OutboundSourcePort,
  OutboundStatusUpdate,
} from '../../messaging/index.js';
import {
  dailyCapReached,
  invalidDestination,
  maxAttemptsReached,
  otpAlreadyApproved,
  otpRequestNotFound,
  prefixBlocked,
  prefixBlockNotFound,
  tooManySends,
} from './otp.errors.js';
import {
  bumpCounters,
  checkAttempts,
  counterSlot,
  deleteBlock,
  findCheckable,
  findRequest,
  findSettings,
  insertCheck,
  insertSend,
  insertSendAndCount,
  listActiveBlocks,
  listChecksOf,
  listRequests,
  listSendsOf,
  lockPendingOfService,
  lockRequest,
  moveSendStates,
  readSendLimits,
  readSendLimitsAndSettings,
  saveSettings,
  settlePending,
  summarise,
  updateRequest,
  updateSendState,
  upsertBlock,
} from './otp.repository.js';
import type { OtpRequestRecord, OtpSendRecord } from './otp.tables.js';
import { codeDigest, codeMatches, generateCode } from './otp-code.js';

export const OTP_SOURCE = 'otp';
export const OTP_FALLBACK_JOB = 'otp.fallback';
/** WhatsApp reaches people who never wrote first only with a template: the code is its one parameter. */
export const OTP_WHATSAPP_TEMPLATE = 'otp_code';
const PHONE_CHANNELS: readonly OtpChannel[] = ['sms', 'whatsapp', 'voice'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `of`: a bare OTP or a Verify verification; `channel` of a check: its request's, when one was found. */
export type OtpEvent =
  | {
      kind: 'request';
      clientId: string;
      of: OtpKind;
      channel: OtpChannel;
      outcome: 'sent' | 'resent' | 'fallback' | 'refused';
      reason?: string;
    }
  | {
      kind: 'check';
      clientId: string;
      of: OtpKind;
      channel?: OtpChannel;
      outcome: 'approved' | 'wrong' | 'expired' | 'refused';
    };

export type OtpDeps = {
  db: Database;
  /** The HMAC key of codes (`keys.otp`) and the sealing key of pending codes (`keys.encryption`). */
  keys: { otp: Buffer; encryption: Buffer };
  messaging: Pick<Messaging, 'queueMessage' | 'dispatch'>;
  enqueue: (name: string, data: object, options?: { startAfter?: number }) => Promise<unknown>;
  /** Now; tests move it. */
  clock?: () => Date;
  /** Told each call and check (metrics and usage); never the code. */
  observe?: (event: OtpEvent) => void;
  log: { warn(object: object, message: string): void };
};

/** What a Verify service adds to a request: its id, code length, message language and name. */
export type ServiceContext = { serviceId: string; name: string; codeLength: number; locale: 'en' | 'id' };

type Destination = { value: string; prefix: string | null };
/** What a bare OTP's check needs of its request, none of which changes after it is created. */
type Checkable = { clientId: string; id: string; channel: OtpChannel; digest: Buffer };
/** The most requests whose `Checkable` one process keeps (about 200 bytes each). */
const CHECKABLE_ENTRIES = 50_000;
/**
 * Checks counted by one statement at most, and statements of checks running at once (decision 0080):
 * checks arriving while these run wait for the next statement, so under load one round trip and one
 * commit count many checks; a quiet check still runs at once.
 */
const CHECKS_PER_STATEMENT = 200;
const CHECK_STATEMENTS = 4;
type WaitingCheck = {
  requestId: string;
  checkId: string;
  valid: boolean;
  at: Date;
  done: (counted: { attempts: number; maxAttempts: number } | null) => void;
  failed: (error: unknown) => void;
};
export type FallbackJobData = { clientId: string; requestId: string; sendId: string };

const iso = (date: Date) => date.toISOString();

/** Rolls a request's transaction back when its send trips the fraud guard (the block is written after). */
class PrefixTripped extends Error {}

/**
 * The destination as limits count it: a phone number's digits (and its prefix), an address, a chat. A
 * national number (leading 0) is read in the client's country.
 */
function normaliseDestination(channel: OtpChannel, written: string, country: CountryCode): Destination {
  if (PHONE_CHANNELS.includes(channel)) {
    const parsed = parsePhone(written, { defaultCountry: country });
    if (!parsed.ok) throw invalidDestination(channel, parsed.message.toLowerCase());
    if (!parsed.phone.valid) throw invalidDestination(channel, `${parsed.phone.e164} is not a valid number`);
    const callingCode = parsePhoneNumberFromString(parsed.phone.e164)?.countryCallingCode ?? '';
    // The fraud guard's prefix: the calling code and the next three digits (decision 0029).
    return { value: parsed.phone.digits, prefix: parsed.phone.digits.slice(0, callingCode.length + 3) };
  }
  if (channel === 'email') {
    const address = written.trim().toLowerCase();
    if (!EMAIL.test(address)) throw invalidDestination(channel, 'not an email address');
    return { value: address, prefix: null };
  }
  return { value: written.trim(), prefix: null };
}

/** Whether a fallback channel can reach the same destination (a phone number cannot become an email). */
const sameKind = (a: OtpChannel, b: OtpChannel) =>
  PHONE_CHANNELS.includes(a) === PHONE_CHANNELS.includes(b) && (PHONE_CHANNELS.includes(a) || a === b);

function messageText(
  code: string,
  minutes: number,
  request: { template: string | null; locale: string },
  service?: string | null,
) {
  if (request.template) return request.template.replaceAll('{{code}}', code);
  if (request.locale === 'id')
    return `${service ? `Kode verifikasi ${service} Anda` : 'Kode verifikasi Anda'}: ${code}. Berlaku ${minutes} menit. Jangan berikan kode ini kepada siapa pun.`;
  return `${service ? `Your ${service} verification code` : 'Your verification code'} is ${code}. It expires in ${minutes} minutes. Do not share it.`;
}

function contentFor(channel: OtpChannel, code: string, text: string, locale: string): OutboundContent {
  switch (channel) {
    case 'whatsapp':
      return { kind: 'template', templateName: OTP_WHATSAPP_TEMPLATE, language: locale, parameters: [code] };
    case 'voice':
      // Digits read one by one, twice.
      return { kind: 'voice', script: `${text} ${code.split('').join(' ')}.`, language: locale };
    case 'email':
      return {
        kind: 'email',
        subject: locale === 'id' ? 'Kode verifikasi Anda' : 'Your verification code',
        text,
        html: `<p>${text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)}</p>`,
      };
    default:
      return { kind: 'text', text };
  }
}

const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const startOfMinute = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000);
const secondsUntil = (later: Date, now: Date) =>
  Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));

/** A client's stored settings over the defaults; the defaults when there are none or the schema refuses them. */
function parseSettings(stored: unknown | null): OtpSettings {
  if (!stored) return DEFAULT_OTP_SETTINGS;
  const parsed = OtpSettingsSchema.safeParse({ ...DEFAULT_OTP_SETTINGS, ...(stored as object) });
  return parsed.success ? parsed.data : DEFAULT_OTP_SETTINGS;
}

export function createOtp(deps: OtpDeps) {
  const { db, keys } = deps;
  const clock = deps.clock ?? (() => new Date());
  const observe = deps.observe ?? (() => {});

  /**
   * What a check of a bare OTP compares against, kept per process (decision 0063): the keyed hash, the
   * channel and the limit never change once a request exists, so a warm check needs no read. Filled by
   * the requests this process creates and by the first check of any other; dropped when a check settles
   * the request or finds it no longer checkable; the oldest entry goes first beyond `CHECKABLE_ENTRIES`.
   * Whether the request may still be checked is decided by the database in the check's one statement.
   */
  const checkables = new Map<string, Checkable>();
  const checkableKey = (clientId: string, id: string) => `${clientId}:${id}`;
  function remember(entry: Checkable) {
    if (checkables.size >= CHECKABLE_ENTRIES) {
      const oldest = checkables.keys().next();
      if (!oldest.done) checkables.delete(oldest.value);
    }
    checkables.set(checkableKey(entry.clientId, entry.id), entry);
  }

  /**
   * The country a national number is read in: the client's (only phone channels need it). An API key
   * carries it from the client row it was resolved with (kept and dropped with the key, decision 0071);
   * a person's call reads it.
   */
  async function countryFor(channel: OtpChannel, actor: Actor): Promise<CountryCode> {
    if (!PHONE_CHANNELS.includes(channel)) return DEFAULT_PHONE_COUNTRY;
    if (actor.kind === 'apiKey' && actor.phoneCountry) return phoneCountryOf(actor.phoneCountry);
    return clientPhoneCountry(db, actor.clientId);
  }

  async function settingsOf(executor: Executor, clientId: string): Promise<OtpSettings> {
    return parseSettings(await findSettings(executor, clientId));
  }

  /**
   * Queues one message for a request (in the caller's transaction); answers what `dispatch` needs. With
   * `counters`, the send row and the client's counters are written in one statement, and their new
   * counts answered (a request's send, decision 0071).
   */
  async function queueSend(
    tx: Executor,
    request: OtpRequestRecord,
    code: string,
    channel: OtpChannel,
    step: number,
    now: Date,
    serviceName: string | null,
    counters?: Parameters<typeof insertSendAndCount>[3],
    newRequest?: Parameters<typeof insertSendAndCount>[4],
  ) {
    const sendId = newId(now.getTime());
    const minutes = Math.max(
      1,
      Math.round((request.expiresAt.getTime() - request.createdAt.getTime()) / 60_000),
    );
    const text = messageText(code, minutes, request, serviceName);
    const outbound = await deps.messaging.queueMessage(
      tx,
      request.clientId,
      {
        channel,
        recipient: request.destination,
        content: contentFor(channel, code, text, request.locale),
        source: OTP_SOURCE,
        sourceRef: sendId,
        idempotencyKey: `otp:${sendId}`,
        // The text carries the code: the ledger keeps it redacted, the channel keeps no copy (0048).
        sensitive: true,
      },
      // Dispatched right after the commit: written claimed for that attempt (decision 0075).
      { claimForSend: true },
    );
    // The send row is written once, with its ledger row's id (the two are in one transaction).
    const send = {
      clientId: request.clientId,
      id: sendId,
      requestId: request.id,
      destination: request.destination,
      channel,
      step,
      outboundId: outbound.id,
      createdAt: now,
      updatedAt: now,
    };
    if (counters)
      return {
        sendId,
        outbound,
        counts: await insertSendAndCount(tx, request.clientId, send, counters, newRequest),
      };
    await insertSend(tx, send);
    return { sendId, outbound, counts: null };
  }

  /**
   * The client's settings and the limits a send must pass that only read: a blocked prefix, the sends
   * to this destination. Read in one statement with the settings and the pending request for the same
   * destination (locked), which it answers with the settings.
   */
  async function checkLimits(
    tx: Executor,
    clientId: string,
    destination: Destination,
    pendingKey: { channel: OtpChannel; serviceId: string | null },
    now: Date,
  ) {
    const key = { prefix: destination.prefix, destination: destination.value, ...pendingKey };
    const read = await readSendLimitsAndSettings(tx, clientId, key, now);
    const settings = parseSettings(read.settings);
    // Stored settings the schema refuses read as the defaults: the limits again, with their window.
    const { blockedUntil, recent, pending } =
      read.windowSeconds === settings.windowSeconds && read.limit === settings.sendsPerWindow
        ? read
        : await readSendLimits(
            tx,
            clientId,
            {
              ...key,
              since: new Date(now.getTime() - settings.windowSeconds * 1000),
              limit: settings.sendsPerWindow,
            },
            now,
          );
    if (destination.prefix && blockedUntil) {
      throw prefixBlocked(destination.prefix, blockedUntil, secondsUntil(blockedUntil, now));
    }
    if (recent.length >= settings.sendsPerWindow) {
      // The oldest of the last `limit` sends must leave the window before another may go.
      const leaves = new Date(recent[recent.length - 1]!.getTime() + settings.windowSeconds * 1000);
      throw tooManySends(
        settings.sendsPerWindow,
        Math.round(settings.windowSeconds / 60),
        secondsUntil(leaves, now),
      );
    }
    return { settings, pending };
  }

  /**
   * Counts a refused send on the client's daily and per-prefix counters (slot 0, all slots summed,
   * decision 0080), in one statement its transaction runs last (decision 0063), so the rows are held for
   * this statement and the commit only. Over the daily cap it throws (the transaction rolls back); a
   * tripped fraud guard is returned.
   */
  async function countSend(
    tx: Executor,
    clientId: string,
    settings: OtpSettings,
    destination: Destination,
    now: Date,
  ) {
    const { day, prefix } = countersOf(destination, now);
    const counts = await bumpCounters(tx, clientId, [
      { key: 'day', windowStart: day },
      ...(prefix ? [{ key: prefix.key, windowStart: prefix.minute }] : []),
    ]);
    return judgeCounts(counts, settings, destination, now);
  }

  /** The counters a send to `destination` bumps: the client's day, and its prefix's minute. */
  function countersOf(destination: Destination, now: Date) {
    return {
      day: startOfUtcDay(now),
      prefix: destination.prefix ? { key: `prefix:${destination.prefix}`, minute: startOfMinute(now) } : null,
      // One slot of each counter (decision 0080): sends at once bump different rows.
      slot: counterSlot(),
    };
  }

  /** Over the daily cap: throws. Answers a tripped fraud guard (the block to record), or null. */
  function judgeCounts(
    counts: Map<string, number>,
    settings: OtpSettings,
    destination: Destination,
    now: Date,
  ) {
    const today = startOfUtcDay(now);
    const prefixKey = destination.prefix ? `prefix:${destination.prefix}` : null;
    if ((counts.get('day') ?? 0) > settings.dailyCap) {
      throw dailyCapReached(settings.dailyCap, secondsUntil(new Date(today.getTime() + 86_400_000), now));
    }
    if (destination.prefix && prefixKey) {
      const sends = counts.get(prefixKey) ?? 0;
      if (sends > settings.prefixBurstPerMinute) {
        const blockedUntil = new Date(now.getTime() + settings.prefixBlockSeconds * 1000);
        return { prefix: destination.prefix, blockedUntil, sends };
      }
    }
    return null;
  }

  /**
   * Sends a code (decision 0029): checks the limits, resends the pending code for the same destination
   * and channel, or creates a request with a new (or the tenant's) code; the message goes through
   * messaging after commit. A tripped fraud guard records the block, then refuses.
   */
  async function sendCode(
    actor: Actor,
    input: OtpRequestBody & { locale?: 'en' | 'id' },
    service?: ServiceContext,
  ) {
    const clientId = actor.clientId;
    const country = await countryFor(input.channel, actor);
    const destination = normaliseDestination(input.channel, input.destination, country);
    const now = clock();
    const outcome = await db
      .transaction(async (tx) => {
        const serviceId = service?.serviceId ?? null;
        const limits = await checkLimits(
          tx,
          clientId,
          destination,
          { channel: input.channel, serviceId },
          now,
        );
        const { settings } = limits;
        let request = limits.pending;
        let code: string | null = null;
        if (request?.codeSealed) {
          const pendingCode = unseal(keys.encryption, request.codeSealed);
          if (input.code === undefined || input.code === pendingCode) code = pendingCode;
          else await settlePending(tx, clientId, request.id, 'canceled', now);
        }
        const resent = code !== null;
        // A new request's row is written by the send's statement (decision 0075).
        let newRequest: Parameters<typeof queueSend>[8];
        if (request && resent) {
          await updateRequest(tx, clientId, request.id, { sends: request.sends + 1, updatedAt: now });
        } else {
          const id = newId(now.getTime());
          code = input.code ?? generateCode(service?.codeLength ?? input.codeLength ?? 6);
          const row = {
            clientId,
            id,
            serviceId,
            destination: destination.value,
            channel: input.channel,
            codeHash: codeDigest(keys.otp, id, code).toString('base64url'),
            codeSealed: seal(keys.encryption, code),
            codeLength: code.length,
            // The client's default message applies to bare OTPs only: a service speaks its own.
            template: input.template ?? (service ? null : settings.defaultTemplate),
            locale: service?.locale ?? input.locale ?? 'en',
            status: 'pending' as const,
            attempts: 0,
            maxAttempts: settings.maxChecks,
            sends: 1,
            requestedBy: actorLabel(actor),
            expiresAt: new Date(now.getTime() + (input.validitySeconds ?? 600) * 1000),
            approvedAt: null,
            createdAt: now,
            updatedAt: now,
          };
          newRequest = row;
          request = row;
        }
        // The send row with the counters, last, so the client's counter rows are locked only until the
        // commit that follows.
        const { sendId, outbound, counts } = await queueSend(
          tx,
          request!,
          code!,
          input.channel,
          0,
          now,
          service?.name ?? null,
          countersOf(destination, now),
          newRequest,
        );
        if (judgeCounts(counts!, settings, destination, now)) throw new PrefixTripped();
        return { kind: 'queued', request: request!, sendId, outbound, resent, settings } as const;
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof PrefixTripped)) throw error;
        // The send was rolled back; the refused send is counted and the block recorded on their own.
        return db.transaction(async (tx) => {
          const settings = await settingsOf(tx, clientId);
          const tripped = await countSend(tx, clientId, settings, destination, now);
          // An admin lifted the block and its counts in between: the refusal stands, no block is kept.
          if (tripped) await upsertBlock(tx, clientId, { ...tripped, createdAt: now });
          return {
            kind: 'tripped',
            tripped: tripped ?? { prefix: destination.prefix!, blockedUntil: now, sends: 0 },
          } as const;
        });
      });
    if (outcome.kind === 'tripped') {
      const { tripped } = outcome;
      observe({
        kind: 'request',
        clientId,
        of: service ? 'verify' : 'otp',
        channel: input.channel,
        outcome: 'refused',
        reason: 'prefix_blocked',
      });
      throw prefixBlocked(tripped.prefix, tripped.blockedUntil, secondsUntil(tripped.blockedUntil, now));
    }
    deps.messaging.dispatch(outcome.outbound);
    if (!outcome.resent && !service)
      remember({
        clientId,
        id: outcome.request.id,
        channel: outcome.request.channel,
        digest: Buffer.from(outcome.request.codeHash, 'base64url'),
      });
    await scheduleFallback(outcome.settings, {
      clientId,
      requestId: outcome.request.id,
      sendId: outcome.sendId,
    });
    observe({
      kind: 'request',
      clientId,
      of: service ? 'verify' : 'otp',
      channel: input.channel,
      outcome: outcome.resent ? 'resent' : 'sent',
    });
    return outcome.request;
  }

  async function scheduleFallback(settings: OtpSettings, data: FallbackJobData) {
    if (settings.fallbackChannels.length === 0) return;
    await deps
      .enqueue(OTP_FALLBACK_JOB, data, { startAfter: settings.fallbackAfterSeconds })
      .catch((error: unknown) =>
        deps.log.warn({ err: error, ...data }, 'could not schedule the OTP fallback'),
      );
  }

  /** `sendCode`, with every refusal (a limit, the fraud guard, a bad destination) counted by its reason. */
  async function requestCode(
    actor: Actor,
    input: OtpRequestBody & { locale?: 'en' | 'id' },
    service?: ServiceContext,
  ) {
    try {
      return await sendCode(actor, input, service);
    } catch (error) {
      const reason = error instanceof AppError ? error.code : 'error';
      observe({
        kind: 'request',
        clientId: actor.clientId,
        of: service ? 'verify' : 'otp',
        channel: input.channel,
        outcome: 'refused',
        reason,
      });
      throw error;
    }
  }

  async function requestOtp(actor: Actor, input: OtpRequestBody): Promise<OtpRequestAnswer> {
    const request = await requestCode(actor, input);
    return { requestId: request.id, status: 'pending', expiresAt: iso(request.expiresAt) };
  }

  /**
   * Checks a code against a locked request: expired, exhausted and used requests are settled first;
   * every check of a pending one counts, is recorded (never the code given) and compared in constant time.
   */
  async function checkLocked(tx: Executor, request: OtpRequestRecord | null, candidate: string, now: Date) {
    if (!request) throw otpRequestNotFound();
    const left = (attempts: number) => Math.max(0, request.maxAttempts - attempts);
    const answer = (status: OtpStatus, valid: boolean, attempts = request.attempts) => ({
      request: { ...request, status },
      channel: request.channel,
      status,
      valid,
      attemptsLeft: left(attempts),
    });
    if (request.status === 'max_attempts_reached') throw maxAttemptsReached();
    if (request.status === 'approved') throw otpAlreadyApproved();
    if (request.status !== 'pending') return answer(request.status, false);
    if (request.expiresAt.getTime() <= now.getTime()) {
      await settlePending(tx, request.clientId, request.id, 'expired', now);
      return answer('expired', false);
    }
    const attempts = request.attempts + 1;
    const valid = codeMatches(keys.otp, request.id, candidate, request.codeHash);
    await insertCheck(tx, {
      clientId: request.clientId,
      id: newId(now.getTime()),
      requestId: request.id,
      valid,
      createdAt: now,
    });
    if (valid) {
      await updateRequest(tx, request.clientId, request.id, {
        status: 'approved',
        attempts,
        approvedAt: now,
        codeSealed: null,
        updatedAt: now,
      });
      return answer('approved', true, attempts);
    }
    const exhausted = attempts >= request.maxAttempts;
    await updateRequest(tx, request.clientId, request.id, {
      attempts,
      updatedAt: now,
      ...(exhausted ? { status: 'max_attempts_reached' as const, codeSealed: null } : {}),
    });
    return answer(exhausted ? 'max_attempts_reached' : 'pending', false, attempts);
  }

  async function observed<T extends { status: OtpStatus; valid: boolean; channel?: OtpChannel }>(
    clientId: string,
    of: OtpKind,
    work: () => Promise<T>,
  ) {
    try {
      const result = await work();
      observe({
        kind: 'check',
        clientId,
        of,
        ...(result.channel ? { channel: result.channel } : {}),
        outcome: result.valid ? 'approved' : result.status === 'expired' ? 'expired' : 'wrong',
      });
      return result;
    } catch (error) {
      observe({ kind: 'check', clientId, of, outcome: 'refused' });
      throw error;
    }
  }

  /**
   * Checks waiting for their statement, by client (a statement counts one client's checks), and the
   * statements running (decision 0080).
   */
  const waitingChecks = new Map<string, WaitingCheck[]>();
  let checkStatements = 0;
  let checksScheduled = false;

  /** Counts one check's attempt with the others waiting: the counted attempts, or null (not checkable). */
  function countAttempt(clientId: string, check: Omit<WaitingCheck, 'done' | 'failed'>) {
    return new Promise<{ attempts: number; maxAttempts: number } | null>((done, failed) => {
      let waiting = waitingChecks.get(clientId);
      if (!waiting) {
        waiting = [];
        waitingChecks.set(clientId, waiting);
      }
      waiting.push({ ...check, done, failed });
      scheduleChecks();
    });
  }

  // After the current turn of the event loop, so the checks read in one turn share a statement.
  function scheduleChecks() {
    if (checksScheduled || checkStatements >= CHECK_STATEMENTS || waitingChecks.size === 0) return;
    checksScheduled = true;
    setImmediate(runChecks);
  }

  function runChecks() {
    checksScheduled = false;
    while (checkStatements < CHECK_STATEMENTS && waitingChecks.size > 0) {
      const [clientId, waiting] = waitingChecks.entries().next().value!;
      const batch = waiting.splice(0, CHECKS_PER_STATEMENT);
      // A client with more waiting goes behind the others.
      waitingChecks.delete(clientId);
      if (waiting.length > 0) waitingChecks.set(clientId, waiting);
      checkStatements++;
      checkAttempts(db, clientId, batch)
        .then(
          (counted) => {
            for (const check of batch) check.done(counted.get(check.checkId) ?? null);
          },
          (error: unknown) => {
            for (const check of batch) check.failed(error);
          },
        )
        .finally(() => {
          checkStatements--;
          scheduleChecks();
        });
    }
  }

  /**
   * The common case in one statement (decision 0063; shared by the checks waiting together, decision
   * 0080): the code compared in constant time with the request's hash (kept, or read once), then the
   * attempt counted, the check recorded and what the code decides (approval, or exhaustion by the last
   * allowed wrong one) settled together, only on a request still pending, unexpired and with attempts
   * left, so a code approves once however many checks race. Anything else (unknown, another client's,
   * expired, settled, exhausted) goes through the locked path, which says which.
   */
  async function fastCheck(actor: Actor, requestId: string, candidate: string, now: Date) {
    const key = checkableKey(actor.clientId, requestId);
    let target = checkables.get(key);
    if (!target) {
      const found = await findCheckable(db, actor.clientId, requestId);
      // A Verify verification is checked through its service, never as a bare OTP.
      if (!found || found.serviceId) return null;
      target = {
        clientId: found.clientId,
        id: found.id,
        channel: found.channel,
        digest: Buffer.from(found.codeHash, 'base64url'),
      };
      remember(target);
    }
    const valid = codeMatches(keys.otp, target.id, candidate, target.digest);
    const counted = await countAttempt(target.clientId, {
      requestId: target.id,
      checkId: newId(now.getTime()),
      valid,
      at: now,
    });
    if (!counted) {
      checkables.delete(key);
      return null;
    }
    const attemptsLeft = Math.max(0, counted.maxAttempts - counted.attempts);
    if (valid) {
      checkables.delete(key);
      return { status: 'approved' as const, valid: true, attemptsLeft, channel: target.channel };
    }
    if (counted.attempts >= counted.maxAttempts) {
      checkables.delete(key);
      return {
        status: 'max_attempts_reached' as const,
        valid: false,
        attemptsLeft: 0,
        channel: target.channel,
      };
    }
    return { status: 'pending' as const, valid: false, attemptsLeft, channel: target.channel };
  }

  async function verifyOtp(
    actor: Actor,
    input: { requestId: string; code: string },
  ): Promise<OtpVerifyAnswer> {
    const now = clock();
    const result = await observed(actor.clientId, 'otp', async () => {
      if (!isId(input.requestId)) throw otpRequestNotFound();
      const fast = await fastCheck(actor, input.requestId, input.code, now);
      if (fast) return fast;
      return db.transaction(async (tx) => {
        const request = await lockRequest(tx, actor.clientId, input.requestId);
        // A Verify verification is checked through its service, never as a bare OTP.
        return checkLocked(tx, request?.serviceId ? null : request, input.code, now);
      });
    });
    return {
      requestId: input.requestId,
      // An OTP settled `failed` before decision 0072 can no longer be used: the nearest pinned word.
      status: result.status === 'failed' ? 'expired' : result.status,
      valid: result.valid,
      attemptsLeft: result.attemptsLeft,
    };
  }

  /** Verify's check: by the verification's id, or the destination's newest verification of the service. */
  async function checkServiceCode(
    actor: Actor,
    serviceId: string,
    input: { code: string; requestId?: string | undefined; to?: string | undefined },
    channels: readonly OtpChannel[],
  ) {
    const now = clock();
    return observed(actor.clientId, 'verify', () =>
      db.transaction(async (tx) => {
        let request: OtpRequestRecord | null = null;
        if (input.requestId !== undefined) {
          request = isId(input.requestId) ? await lockRequest(tx, actor.clientId, input.requestId) : null;
        } else if (input.to !== undefined) {
          const country = await clientPhoneCountry(tx, actor.clientId);
          for (const channel of new Set(channels.map((c) => (PHONE_CHANNELS.includes(c) ? 'sms' : c)))) {
            let destination: Destination;
            try {
              destination = normaliseDestination(channel as OtpChannel, input.to, country);
            } catch {
              continue;
            }
            request = await lockPendingOfService(tx, actor.clientId, serviceId, destination.value);
            if (request) break;
          }
        }
        return checkLocked(tx, request?.serviceId === serviceId ? request : null, input.code, now);
      }),
    );
  }

  /**
   * The fallback step: at once when a send fails (`sendFailed`), and as job `otp.fallback` at the
   * client's timeout after each send. When the request is still pending and that send was not delivered,
   * the next channel of the chain that reaches the same destination gets the same code. A second run
   * finds the step already taken and does nothing.
   */
  async function runFallback(data: FallbackJobData) {
    const now = clock();
    const next = await db.transaction(async (tx) => {
      const request = await lockRequest(tx, data.clientId, data.requestId);
      if (request?.status !== 'pending' || !request.codeSealed) return null;
      if (request.expiresAt.getTime() <= now.getTime()) return null;
      const sends = await listSendsOf(tx, data.clientId, request.id);
      const send = sends.find((row) => row.id === data.sendId);
      const latest = sends[sends.length - 1];
      // Delivered, or overtaken by a resend or a later step: nothing to do. Still queued, only sent
      // (no delivery report by the timeout) or failed: the next channel.
      if (!send || send.state === 'delivered' || latest?.id !== send.id) return null;
      const settings = await settingsOf(tx, data.clientId);
      const chain = [
        request.channel,
        ...settings.fallbackChannels.filter((channel) => channel !== request.channel),
      ];
      const channel = chain.slice(send.step + 1).find((candidate) => sameKind(candidate, request.channel));
      if (!channel) return null;
      const code = unseal(keys.encryption, request.codeSealed);
      await updateRequest(tx, data.clientId, request.id, { sends: request.sends + 1, updatedAt: now });
      const queued = await queueSend(tx, request, code, channel, chain.indexOf(channel), now, null);
      return { ...queued, settings, channel, of: request.serviceId ? ('verify' as const) : ('otp' as const) };
    });
    if (!next) return null;
    deps.messaging.dispatch(next.outbound);
    await scheduleFallback(next.settings, {
      clientId: data.clientId,
      requestId: data.requestId,
      sendId: next.sendId,
    });
    observe({
      kind: 'request',
      clientId: data.clientId,
      of: next.of,
      channel: next.channel,
      outcome: 'fallback',
    });
    return next.channel;
  }

  // Fallback steps started in this process by a failure report, so tests and shutdown can wait for them.
  const running = new Set<Promise<unknown>>();

  /**
   * A send failed (refused for good, or reported undelivered): the next channel goes at once, after
   * the report's transaction (the step is idempotent and the timed job still follows as a backstop);
   * with no channel left, the request fails.
   */
  async function sendFailed(executor: Executor, send: OtpSendRecord, at: Date) {
    const { clientId, requestId } = send;
    const request = await findRequest(executor, clientId, requestId);
    if (request?.status !== 'pending') return;
    const settings = await settingsOf(executor, clientId);
    const chain = [
      request.channel,
      ...settings.fallbackChannels.filter((channel) => channel !== request.channel),
    ];
    const more = chain.slice(send.step + 1).some((candidate) => sameKind(candidate, request.channel));
    if (!more) {
      // A Verify verification that no channel could deliver has failed. An OTP stays pending until it
      // expires (decision 0072): its check answers only issue 15's five words, and a report of
      // non-delivery can be wrong while the person has the code in hand.
      if (request.serviceId) await settlePending(executor, clientId, request.id, 'failed', at);
      return;
    }
    const sendId = send.id;
    // After the report's transaction (PGlite has one connection); counted from now, so `settle` waits.
    const step = new Promise((resolve) => setImmediate(resolve))
      .then(() => runFallback({ clientId, requestId, sendId }))
      .catch((error: unknown) =>
        deps.log.warn(
          { err: error, clientId, requestId, sendId },
          'the OTP fallback after a failure did not run; its job will',
        ),
      );
    running.add(step);
    void step.finally(() => running.delete(step));
  }

  /** Messaging's port: what became of each message (accepted, refused, delivered, failed later). */
  const sourcePort: OutboundSourcePort = {
    async applyOutboundResult(executor, result) {
      const send = await updateSendState(
        executor,
        result.clientId,
        result.sourceRef,
        result.status === 'sent' ? 'sent' : 'failed',
        result.status === 'failed' ? `${result.error.code}: ${result.error.title}` : null,
        result.at,
      );
      if (send && result.status === 'failed') await sendFailed(executor, send, result.at);
    },
    async applyOutboundStatus(executor, update) {
      if (update.status === 'sent') return;
      const failed = update.status === 'failed';
      const send = await updateSendState(
        executor,
        update.clientId,
        update.sourceRef,
        failed ? 'failed' : 'delivered',
        failed
          ? `${update.error?.code ?? 'delivery_failed'}: ${update.error?.title ?? 'not delivered'}`
          : null,
        update.at,
      );
      if (send && failed) await sendFailed(executor, send, update.at);
    },
    /** A set of reports in one statement per client (decision 0075); failures then as one by one. */
    async applyOutboundStatuses(executor, updates) {
      const byClient = new Map<string, OutboundStatusUpdate[]>();
      for (const update of updates) {
        // A report of `sent` changes nothing; a ledger row's reference is always a send's id.
        if (update.status === 'sent' || !isId(update.sourceRef)) continue;
        const list = byClient.get(update.clientId) ?? [];
        if (list.length === 0) byClient.set(update.clientId, list);
        list.push(update);
      }
      for (const [clientId, list] of byClient) {
        const at = new Map(list.map((update) => [update.sourceRef, update.at]));
        const moved = await moveSendStates(
          executor,
          clientId,
          list.map((update) => {
            const failed = update.status === 'failed';
            return {
              id: update.sourceRef,
              state: failed ? ('failed' as const) : ('delivered' as const),
              error: failed
                ? `${update.error?.code ?? 'delivery_failed'}: ${update.error?.title ?? 'not delivered'}`
                : null,
              at: update.at,
            };
          }),
        );
        for (const send of moved)
          if (send.state === 'failed') await sendFailed(executor, send, at.get(send.id) ?? send.updatedAt);
      }
    },
  };

  return {
    requestOtp,
    verifyOtp,
    requestCode,
    checkServiceCode,
    runFallback,
    sourcePort,
    /** Waits for the fallback steps failures started in this process (tests, shutdown). */
    async settle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async getSettings(actor: Actor) {
      return settingsOf(db, actor.clientId);
    },
    async updateSettings(actor: Actor, settings: OtpSettings) {
      await saveSettings(db, actor.clientId, settings);
      return settingsOf(db, actor.clientId);
    },
    async listPrefixBlocks(actor: Actor) {
      const rows = await listActiveBlocks(db, actor.clientId, clock());
      return {
        items: rows.map((row) => ({
          prefix: row.prefix,
          blockedUntil: iso(row.blockedUntil),
          sends: row.sends,
          createdAt: iso(row.createdAt),
        })),
      };
    },
    async unblockPrefix(actor: Actor, prefix: string) {
      if (!(await deleteBlock(db, actor.clientId, prefix, clock()))) throw prefixBlockNotFound();
      return { unblocked: true };
    },
    async listRequests(
      actor: Actor,
      query: {
        pageSize: number;
        pageNumber: number;
        kind?: OtpKind | undefined;
        status?: OtpStatus | undefined;
        channel?: OtpChannel | undefined;
        destination?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ) {
      const { items, total } = await listRequests(
        db,
        actor.clientId,
        {
          ...(query.kind ? { kind: query.kind } : {}),
          ...(query.status ? { status: query.status } : {}),
          ...(query.channel ? { channel: query.channel } : {}),
          ...(query.destination ? { destination: query.destination.replace(/^\+/, '') } : {}),
          ...(query.from ? { from: new Date(query.from) } : {}),
          ...(query.to ? { to: new Date(query.to) } : {}),
        },
        query,
      );
      return {
        items: items.map((item) => requestView(item, clock())),
        total,
        pageSize: query.pageSize,
        pageNumber: query.pageNumber,
      };
    },
    async getRequest(actor: Actor, requestId: string) {
      const request = isId(requestId) ? await findRequest(db, actor.clientId, requestId) : null;
      if (!request) throw otpRequestNotFound();
      const [sends, checks] = await Promise.all([
        listSendsOf(db, actor.clientId, request.id),
        listChecksOf(db, actor.clientId, request.id),
      ]);
      return {
        ...requestView(request, clock()),
        sendLog: sends.map((send) => ({
          id: send.id,
          channel: send.channel,
          state: send.state,
          outboundId: send.outboundId,
          error: send.error,
          createdAt: iso(send.createdAt),
        })),
        checks: checks.map((check) => ({
          id: check.id,
          valid: check.valid,
          createdAt: iso(check.createdAt),
        })),
      };
    },
    async getSummary(
      actor: Actor,
      query: { kind?: OtpKind | undefined; from?: string | undefined; to?: string | undefined },
    ) {
      const to = query.to ? new Date(query.to) : clock();
      const from = query.from ? new Date(query.from) : new Date(to.getTime() - 86_400_000);
      const figures = await summarise(db, actor.clientId, from, to, query.kind);
      const channels = new Map<OtpChannel, { channel: OtpChannel; sent: number; verified: number }>();
      const channel = (name: OtpChannel) => {
        const found = channels.get(name) ?? { channel: name, sent: 0, verified: 0 };
        channels.set(name, found);
        return found;
      };
      for (const row of figures.sentByChannel) channel(row.channel).sent = row.n;
      for (const row of figures.verifiedByChannel) channel(row.channel).verified = row.n;
      const hours = new Map<string, { hour: string; sent: number; verified: number }>();
      const hour = (name: string) => {
        const found = hours.get(name) ?? { hour: name, sent: 0, verified: 0 };
        hours.set(name, found);
        return found;
      };
      for (const row of figures.sentByHour) hour(row.hour).sent = row.n;
      for (const row of figures.verifiedByHour) if (row.hour) hour(row.hour).verified = row.n;
      const sent = figures.sentByChannel.reduce((sum, row) => sum + row.n, 0);
      const verified = figures.verifiedByChannel.reduce((sum, row) => sum + row.n, 0);
      return {
        requested: figures.requested,
        sent,
        verified,
        failedChecks: figures.failedChecks,
        successRate: figures.requested === 0 ? 0 : Math.round((verified / figures.requested) * 1000) / 10,
        byChannel: [...channels.values()],
        byHour: [...hours.values()].sort((a, b) => a.hour.localeCompare(b.hour)),
      };
    },
  };
}

export type Otp = ReturnType<typeof createOtp>;

/** A pending request past its expiry reads as expired before any check settles it. */
function requestView(request: OtpRequestRecord, now: Date) {
  const expired = request.status === 'pending' && request.expiresAt.getTime() <= now.getTime();
  return {
    requestId: request.id,
    serviceId: request.serviceId,
    destination: request.destination,
    channel: request.channel,
    status: expired ? ('expired' as const) : request.status,
    attempts: request.attempts,
    sends: request.sends,
    requestedBy: request.requestedBy,
    expiresAt: iso(request.expiresAt),
    approvedAt: request.approvedAt ? iso(request.approvedAt) : null,
    createdAt: iso(request.createdAt),
  };
}
