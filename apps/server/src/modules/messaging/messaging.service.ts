import { createAnalyzeSchedule } from '../../lib/analyze-schedule.js';
import { isId, newId } from '../../lib/ids.js';
import type { Database, Executor } from '../../platform/database.js';
import { AppError } from '../../platform/errors.js';
import { seal, unseal } from '../../platform/secrets.js';
import type {
  ChannelName,
  InboxPort,
  MessageChannel,
  OutboundContent,
  OutboundResult,
  OutboundSourcePort,
  OutboundStatusUpdate,
  SendRequest,
  StatusUpdate,
} from './channel.ports.js';
import type { ChannelRegistry } from './channel-registry.js';
import { outboundNotFound, sendInProgress, sensitiveContentGone } from './messaging.errors.js';
import {
  applyReportsByProviderIds,
  claimOutbound,
  claimOutboundMany,
  findOutbound,
  findOutboundByIds,
  findOutboundByKey,
  findOutboundByKeys,
  findOutboundByProviderIdForUpdate,
  insertOutboundMany,
  insertOutboundOnce,
  listOutboundPage,
  markOutboundFailed,
  markOutboundFailedMany,
  markOutboundSent,
  markOutboundSentMany,
  type QueuedOutbound,
  releaseOutbound,
  releaseOutboundMany,
  type SettledOutbound,
  unsafeAnalyzeOutbound,
  unsafeListStaleQueued,
  updateOutboundStatus,
} from './messaging.repository.js';
import type { OutboundRow, OutboundStatus } from './messaging.tables.js';
import { redactContent } from './sensitive-content.js';

export const SEND_JOB = 'messaging.send';
export const SWEEP_QUEUED_JOB = 'messaging.sweep-queued';
/** Provider calls per message before it is marked failed: the in-process one, then the job's retries. */
export const MAX_SEND_ATTEMPTS = 6;
/** How long one attempt holds its row: longer than any provider call may take. */
const HOLD_MS = 120_000;
/** The job waits this long before its first try, so the in-process send normally settles it first. */
const JOB_DELAY_SECONDS = 5;
/** Between retries of the job (doubled each time by pg-boss): 5 s, 10 s, 20 s, 40 s, 80 s … */
const JOB_RETRY_DELAY_SECONDS = 5;
/** A row still queued this long after its last attempt lost its job: the sweep sends it. */
const SWEEP_AFTER_MS = 10 * 60_000;
/** Provider calls one `sendMany` has under way at once. */
const SEND_CONCURRENCY = 256;
/** Delivery reports wait this long for others, then a set of them is applied in one transaction. */
const REPORT_FLUSH_MS = 20;
/** Reports applied in one transaction at most. */
const REPORT_FLUSH_MAX = 1_000;

const RANK: Record<OutboundStatus, number> = { queued: 0, sent: 1, failed: 1, delivered: 2, read: 3 };

export type SendMessageInput = {
  channel: ChannelName;
  /** The client's account to send from (a WhatsApp number's id); null: the channel chooses. */
  channelAccountId?: string | null;
  recipient: string;
  content: OutboundContent;
  /** The feature that sends ('inbox'); told the outcome through the port it registered. */
  source: string;
  sourceRef?: string | null;
  /** Unique per client: a repeated call answers the first row and sends nothing more. */
  idempotencyKey: string;
  /**
   * The ledger row's id when the sender chose it first (`queueMessages` only): a campaign's claim records
   * it on the notification in the claim's own statement (decision 0057). A repeated key still answers
   * the first row, whose id may differ.
   */
  id?: string;
  /**
   * The body is a secret (an OTP's code, decision 0048): the ledger keeps a redacted copy and the body
   * only sealed until the row is sent or failed; the channel is told to keep no copy either.
   */
  sensitive?: boolean;
};

/** Whoever sends: an actor (anything with its client) or the client id itself. */
export type ClientRef = string | { clientId: string };
const clientIdOf = (ref: ClientRef) => (typeof ref === 'string' ? ref : ref.clientId);

export type SendJobData = { clientId: string; outboundId: string };

export type MessagingDeps = {
  db: Database;
  channels: ChannelRegistry;
  enqueue: (
    name: string,
    data: object,
    options?: { startAfter?: number; retryDelay?: number; retryLimit?: number },
  ) => Promise<unknown>;
  log: { warn(object: object, message: string): void };
  /** The features that send, by source name: each hears what became of its messages. */
  sources: Record<string, OutboundSourcePort>;
  /** How long one attempt holds its row (default 2 minutes); the crash tests shorten it. */
  holdMs?: number;
  /** Seals a sensitive message's body while it waits to be sent (`keys.encryption`). */
  sealingKey?: Buffer;
};

export type Messaging = ReturnType<typeof createMessaging>;

/** What a send needs of a ledger row it holds (claimed): the row as `claimOutboundMany` answers it, in part. */
export type OutboundToSend = Pick<
  OutboundRow,
  | 'clientId'
  | 'id'
  | 'channel'
  | 'channelAccountId'
  | 'recipient'
  | 'content'
  | 'sensitive'
  | 'contentSealed'
  | 'attempts'
>;

const errorOf = (error: unknown) => ({
  code: error instanceof AppError ? error.code : 'send_failed',
  message: error instanceof Error && error.message ? error.message : 'send failed',
});

function isPermanent(channel: MessageChannel | null, error: unknown) {
  if (channel?.isPermanentFailure) return channel.isPermanentFailure(error);
  return error instanceof AppError && error.statusCode < 500;
}

/** Where a report moves a row: forward only; a failure after delivery (another device) undoes nothing. */
function nextStatus(current: OutboundStatus, reported: StatusUpdate['status']): OutboundStatus | null {
  if (reported === 'failed') return current === 'queued' || current === 'sent' ? 'failed' : null;
  return RANK[reported] > RANK[current] ? reported : null;
}

const resultOf = (row: SettledOutbound, at: Date, permanent: boolean): OutboundResult | null => {
  if (!row.sourceRef) return null;
  const base = {
    clientId: row.clientId,
    channel: row.channel,
    sourceRef: row.sourceRef,
    outboundId: row.id,
    at,
  };
  if (row.status === 'sent' && row.providerMessageId)
    return { ...base, status: 'sent', providerMessageId: row.providerMessageId };
  if (row.status === 'failed')
    return {
      ...base,
      status: 'failed',
      error: { code: row.errorCode ?? 'send_failed', title: row.errorMessage ?? 'send failed' },
      permanent,
    };
  return null;
};

/** Runs `work` on every item with at most `limit` under way at once; answers in the items' order. */
async function mapBounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

type PendingReport = {
  update: StatusUpdate;
  resolve: (found: boolean) => void;
  reject: (error: unknown) => void;
};

export function createMessaging(deps: MessagingDeps) {
  const { db, channels } = deps;

  /** What the ledger stores of a message: all of it, or (sensitive) a redacted copy and the body sealed. */
  function ledgerContent(content: OutboundContent, sensitive: boolean | undefined) {
    if (!sensitive) return { content, sensitive: false, contentSealed: null };
    if (!deps.sealingKey) throw new Error('messaging needs a sealing key to queue a sensitive message');
    return {
      content: redactContent(content),
      sensitive: true,
      contentSealed: seal(deps.sealingKey, JSON.stringify(content)),
    };
  }

  /** What a sender hands the channel: the row's content, or a sensitive row's sealed body opened. */
  function contentToSend(row: Pick<OutboundRow, 'content' | 'sensitive' | 'contentSealed'>): OutboundContent {
    if (!row.sensitive) return row.content;
    if (!row.contentSealed || !deps.sealingKey) throw sensitiveContentGone();
    try {
      return JSON.parse(unseal(deps.sealingKey, row.contentSealed)) as OutboundContent;
    } catch {
      throw sensitiveContentGone();
    }
  }

  /** In-process sends not yet settled; `settle()` waits for them (tests, shutdown). */
  const inFlight = new Set<Promise<unknown>>();
  /** Rows `queueMessage` wrote claimed for their `dispatch` (by identity: only that caller holds them). */
  const claimedAtInsert = new WeakSet<object>();
  // A batched sender's set statements need the ledger's statistics (decision 0070).
  const statistics = createAnalyzeSchedule(() => unsafeAnalyzeOutbound(db), deps.log);
  const track = (work: Promise<unknown>) => {
    const tracked = work.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  /**
   * Writes the ledger row in the caller's transaction, once per idempotency key (a repeated key
   * answers the first row). A channel without an implementation is refused here, in the request.
   * After commit the caller hands the row to `dispatch`; a row never dispatched is sent by the sweep.
   * `claimForSend` (decision 0075): a new row is written already claimed for `dispatch`'s attempt (as
   * `claimOutbound` would claim it), so that attempt needs no claim of its own; a repeated key answers
   * the older row, which `dispatch` claims as before.
   */
  async function queueMessage(
    executor: Executor,
    sender: ClientRef,
    input: SendMessageInput,
    options: { claimForSend?: boolean } = {},
  ) {
    const channel = channels.get(input.channel);
    const { recipient, content } = channel.prepare
      ? channel.prepare({ recipient: input.recipient, content: input.content })
      : input;
    const clientId = clientIdOf(sender);
    const inserted = await insertOutboundOnce(executor, {
      clientId,
      id: newId(),
      channel: input.channel,
      channelAccountId: input.channelAccountId ?? null,
      recipient,
      ...ledgerContent(content, input.sensitive),
      source: input.source,
      sourceRef: input.sourceRef ?? null,
      idempotencyKey: input.idempotencyKey,
      status: 'queued',
      statusHistory: { queued: new Date().toISOString() },
      ...(options.claimForSend
        ? { attempts: 1, lockedUntil: new Date(Date.now() + (deps.holdMs ?? HOLD_MS)) }
        : {}),
    });
    if (inserted && options.claimForSend) claimedAtInsert.add(inserted);
    return inserted ?? (await findOutboundByKey(executor, clientId, input.idempotencyKey))!;
  }

  /**
   * After commit: sends at once in this process (agents expect replies to leave now; the worker polls
   * every 2 s) and queues the `messaging.send` job only when that attempt leaves the row queued (a
   * retryable failure, a row held elsewhere, an error), so a message sent at once costs no job
   * (decision 0058). A process that ends before the attempt settles leaves the row queued for the sweep.
   */
  function dispatch(row: Pick<OutboundRow, 'clientId' | 'id' | 'status'>) {
    if (row.status !== 'queued') return;
    const claimed = claimedAtInsert.has(row) ? (row as OutboundRow) : undefined;
    if (claimed) claimedAtInsert.delete(row);
    const data: SendJobData = { clientId: row.clientId, outboundId: row.id };
    const queueJob = () =>
      deps
        .enqueue(SEND_JOB, data, {
          startAfter: JOB_DELAY_SECONDS,
          retryDelay: JOB_RETRY_DELAY_SECONDS,
          retryLimit: MAX_SEND_ATTEMPTS,
        })
        .catch((error: unknown) =>
          deps.log.warn({ err: error, ...data }, 'could not queue a send; the sweep sends it'),
        );
    track(
      runSend(data, 'inline', claimed).then(
        (settled) => (settled ? undefined : queueJob()),
        (error: unknown) => {
          deps.log.warn({ err: error, ...data }, 'in-process send failed; the job retries it');
          return queueJob();
        },
      ),
    );
  }

  /**
   * After commit, for a sender that keeps its own lease on what it queued (campaigns: a row whose
   * claim expires is handed out again and queues the same key): sends in this process now, with no
   * job per message. Settles when the attempt is recorded; the sweep still takes a row left queued.
   */
  function sendNow(row: Pick<OutboundRow, 'clientId' | 'id' | 'status'>): Promise<void> {
    if (row.status !== 'queued') return Promise.resolve();
    const work = runSend({ clientId: row.clientId, outboundId: row.id }, 'inline').then(() => undefined);
    track(work.catch(() => undefined));
    return work;
  }

  /** Queues one message in its own transaction and dispatches it; answers the ledger row. */
  async function sendMessage(sender: ClientRef, input: SendMessageInput) {
    const row = await db.transaction((tx) => queueMessage(tx, sender, input));
    dispatch(row);
    return row;
  }

  async function tellSource(executor: Executor, row: OutboundRow, permanent = false) {
    const source = deps.sources[row.source];
    if (!source || !row.sourceRef) return;
    const at = new Date();
    if (row.status === 'sent' && row.providerMessageId) {
      await source.applyOutboundResult(executor, {
        clientId: row.clientId,
        channel: row.channel,
        sourceRef: row.sourceRef,
        outboundId: row.id,
        at,
        status: 'sent',
        providerMessageId: row.providerMessageId,
      });
    } else if (row.status === 'failed') {
      await source.applyOutboundResult(executor, {
        clientId: row.clientId,
        channel: row.channel,
        sourceRef: row.sourceRef,
        outboundId: row.id,
        at,
        status: 'failed',
        error: { code: row.errorCode ?? 'send_failed', title: row.errorMessage ?? 'send failed' },
        permanent,
      });
    }
  }

  async function fail(row: OutboundRow, error: { code: string; message: string }, permanent: boolean) {
    await db.transaction(async (tx) => {
      const failed = await markOutboundFailed(tx, row.clientId, row.id, { ...error, at: new Date() });
      if (failed) await tellSource(tx, failed, permanent);
    });
  }

  /**
   * One attempt at one row. The row is claimed from `queued` first (a conditional update), so it is
   * sent at most once however many workers try. A permanent refusal, or a retryable one on the last
   * attempt, marks it failed; a retryable one lets it go for the job's next try (in the job: by
   * throwing, so pg-boss retries with backoff).
   */
  /** Answers whether the row was settled (sent, or failed for good); false leaves it queued. */
  async function runSend(
    data: SendJobData,
    mode: 'inline' | 'job' | 'sweep',
    /** The row as `queueMessage` wrote it, already claimed for this attempt. */
    preclaimed?: OutboundRow,
  ): Promise<boolean> {
    const claimed =
      preclaimed ?? (await claimOutbound(db, data.clientId, data.outboundId, deps.holdMs ?? HOLD_MS));
    if (!claimed) {
      // Held by another worker: try again later in case that one dies; settled or gone: done.
      const current = mode === 'job' ? await findOutbound(db, data.clientId, data.outboundId) : null;
      if (current?.status === 'queued') throw sendInProgress();
      return false;
    }
    let content: OutboundContent;
    try {
      content = contentToSend(claimed);
    } catch (error) {
      await fail(claimed, errorOf(error), true);
      return true;
    }
    let channel: MessageChannel | null = null;
    let result: Awaited<ReturnType<MessageChannel['send']>>;
    try {
      channel = channels.get(claimed.channel);
      result = await channel.send({
        clientId: claimed.clientId,
        channel: claimed.channel,
        to: claimed.recipient,
        channelId: claimed.channelAccountId,
        idempotencyKey: claimed.id,
        ...(claimed.sensitive ? { sensitive: true } : {}),
        ...content,
      });
    } catch (error) {
      const recorded = errorOf(error);
      const permanent = !channel || isPermanent(channel, error);
      if (permanent || claimed.attempts >= MAX_SEND_ATTEMPTS) {
        await fail(claimed, recorded, permanent);
        return true;
      }
      await releaseOutbound(db, claimed.clientId, claimed.id, recorded);
      if (mode === 'job') throw error;
      deps.log.warn(
        { ...data, code: recorded.code, attempt: claimed.attempts },
        'send failed; it is retried',
      );
      return false;
    }
    await db.transaction(async (tx) => {
      const sent = await markOutboundSent(tx, claimed.clientId, claimed.id, {
        providerMessageId: result.providerMessageId,
        channelAccountId: result.channelAccountId ?? null,
        at: new Date(),
      });
      if (sent) await tellSource(tx, sent);
    });
    return true;
  }

  /** Tells each row's sender what became of it: one call per sender with a batched port. */
  async function tellSources(
    executor: Executor,
    rows: SettledOutbound[],
    at: Date,
    permanent: ReadonlySet<string>,
  ) {
    const bySource = new Map<string, OutboundResult[]>();
    for (const row of rows) {
      const result = resultOf(row, at, permanent.has(row.id));
      if (!result || !deps.sources[row.source]) continue;
      const list = bySource.get(row.source) ?? [];
      if (list.length === 0) bySource.set(row.source, list);
      list.push(result);
    }
    for (const [name, results] of bySource) {
      const source = deps.sources[name]!;
      if (source.applyOutboundResults) await source.applyOutboundResults(executor, results);
      else for (const result of results) await source.applyOutboundResult(executor, result);
    }
  }

  /**
   * `queueMessage` for many messages of one client in one statement (and one more for keys already
   * taken). Answers, in the inputs' order, the ledger row or the channel's refusal of that message (a
   * 4xx `AppError` from `prepare`: bad recipient, too long), which writes nothing.
   */
  async function queueMessages(
    executor: Executor,
    sender: ClientRef,
    inputs: SendMessageInput[],
    options: {
      /**
       * The caller sends the rows it queues right after its commit, with `sendMany(…, claimed)`
       * (campaigns, decision 0070): each new row is written already claimed for that attempt (as
       * `claimOutboundMany` would claim it) and answered with what the send needs (`claimed`). A
       * repeated key answers the older row without it: that one is claimed by `sendMany` as before.
       */
      claimForSend?: boolean;
    } = {},
  ): Promise<({ row: QueuedOutbound; claimed?: OutboundToSend } | { error: AppError })[]> {
    const clientId = clientIdOf(sender);
    const prepared = inputs.map((input) => {
      try {
        const channel = channels.get(input.channel);
        const { recipient, content } = channel.prepare
          ? channel.prepare({ recipient: input.recipient, content: input.content })
          : input;
        return { input, recipient, content };
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) return { input, error };
        throw error;
      }
    });
    const values = prepared.flatMap((item) =>
      'error' in item
        ? []
        : [
            {
              id: item.input.id ?? newId(),
              channel: item.input.channel,
              channelAccountId: item.input.channelAccountId ?? null,
              recipient: item.recipient,
              ...ledgerContent(item.content, item.input.sensitive),
              source: item.input.source,
              sourceRef: item.input.sourceRef ?? null,
              idempotencyKey: item.input.idempotencyKey,
            },
          ],
    );
    const holdMs = options.claimForSend ? (deps.holdMs ?? HOLD_MS) : null;
    const inserted = await insertOutboundMany(executor, clientId, values, new Date(), holdMs);
    const byKey = new Map(inserted.map((row) => [row.idempotencyKey, row]));
    const fresh = new Set(holdMs === null ? [] : inserted.map((row) => row.id));
    const missing = values.map((value) => value.idempotencyKey).filter((key) => !byKey.has(key));
    if (missing.length > 0)
      for (const row of await findOutboundByKeys(executor, clientId, missing))
        byKey.set(row.idempotencyKey, row);
    const valueByKey = new Map(values.map((value) => [value.idempotencyKey, value]));
    return prepared.map((item) => {
      if ('error' in item) return { error: item.error as AppError };
      const row = byKey.get(item.input.idempotencyKey)!;
      if (!fresh.has(row.id)) return { row };
      const value = valueByKey.get(item.input.idempotencyKey)!;
      const claimed: OutboundToSend = {
        clientId,
        id: row.id,
        channel: value.channel,
        channelAccountId: value.channelAccountId,
        recipient: value.recipient,
        content: value.content,
        sensitive: value.sensitive,
        contentSealed: value.contentSealed,
        attempts: 1,
      };
      return { row, claimed };
    });
  }

  /**
   * `sendNow` for many rows of one client (a campaign's chunk): claims them in one statement, calls the
   * provider for each (at most `SEND_CONCURRENCY` at once, each with its row id as idempotency key),
   * then records every outcome and tells the senders in one transaction, one statement per kind. Same
   * guarantees as one at a time: a row is claimed from `queued` before its provider call, and a crash
   * before the record leaves it queued for its sender's lease (or the sweep) under the same key.
   */
  async function sendMany(
    clientId: string,
    ids: string[],
    alreadyClaimed: OutboundToSend[] = [],
  ): Promise<void> {
    const claimed: OutboundToSend[] = [
      ...alreadyClaimed,
      ...(ids.length > 0 ? await claimOutboundMany(db, clientId, ids, deps.holdMs ?? HOLD_MS) : []),
    ];
    if (claimed.length === 0) return;
    const outcomes = await mapBounded(claimed, SEND_CONCURRENCY, async (row) => {
      let channel: MessageChannel | null = null;
      try {
        // A sensitive row with no body to open fails for good (no channel: permanent).
        const content = contentToSend(row);
        channel = channels.get(row.channel);
        const result = await channel.send({
          clientId: row.clientId,
          channel: row.channel,
          to: row.recipient,
          channelId: row.channelAccountId,
          idempotencyKey: row.id,
          ...(row.sensitive ? { sensitive: true } : {}),
          ...content,
        });
        return { ok: true, row, result } as const;
      } catch (error) {
        const recorded = errorOf(error);
        const permanent = !channel || isPermanent(channel, error);
        return {
          ok: false,
          row,
          error: recorded,
          permanent,
          final: permanent || row.attempts >= MAX_SEND_ATTEMPTS,
        } as const;
      }
    });
    const sent: Parameters<typeof markOutboundSentMany>[2] = [];
    const failed: Parameters<typeof markOutboundFailedMany>[2] = [];
    const released: Parameters<typeof releaseOutboundMany>[2] = [];
    const permanent = new Set<string>();
    for (const outcome of outcomes) {
      if (!outcome.ok && outcome.permanent) permanent.add(outcome.row.id);
      if (outcome.ok)
        sent.push({
          id: outcome.row.id,
          providerMessageId: outcome.result.providerMessageId,
          channelAccountId: outcome.result.channelAccountId ?? null,
        });
      else (outcome.final ? failed : released).push({ id: outcome.row.id, ...outcome.error });
    }
    const at = new Date();
    await db.transaction(async (tx) => {
      const settled = [
        ...(await markOutboundSentMany(tx, clientId, sent, at)),
        ...(await markOutboundFailedMany(tx, clientId, failed, at)),
      ];
      await releaseOutboundMany(tx, clientId, released);
      await tellSources(tx, settled, at, permanent);
    });
    statistics.wrote(claimed.length);
    if (released.length > 0)
      deps.log.warn(
        { clientId, count: released.length, code: released[0]!.code },
        'sends refused for now; their sender hands them out again',
      );
  }

  /**
   * Delivery reports applied as a set, in the caller's transaction, at most one per ledger row: per
   * client and channel, the rows are read and locked in one statement, moved forward only in one, and
   * their senders told in one call. Answers, per report, whether a row matched (a report can overtake
   * the send's own record of the provider id; its provider then delivers it again).
   */
  async function applyDeliveryStatuses(executor: Executor, updates: StatusUpdate[]): Promise<boolean[]> {
    const found = new Array<boolean>(updates.length).fill(false);
    const groups = new Map<string, number[]>();
    updates.forEach((update, index) => {
      const key = `${update.clientId}:${update.channel}`;
      const group = groups.get(key) ?? [];
      if (group.length === 0) groups.set(key, group);
      group.push(index);
    });
    for (const indexes of groups.values()) {
      const { clientId, channel } = updates[indexes[0]!]!;
      // One statement moves the rows and answers them (decision 0070): no locking read before it.
      const rows = await applyReportsByProviderIds(
        executor,
        clientId,
        channel,
        indexes.map((index) => {
          const update = updates[index]!;
          return {
            providerMessageId: update.providerMessageId,
            reported: update.status,
            at: update.at,
            error: update.error ? { code: update.error.code, message: update.error.title } : null,
            details: update.details ?? null,
          };
        }),
      );
      const byProviderId = new Map(rows.map((row) => [row.providerMessageId, row]));
      const told = new Map<string, OutboundStatusUpdate[]>();
      for (const index of indexes) {
        const update = updates[index]!;
        const row = byProviderId.get(update.providerMessageId);
        if (!row) continue;
        found[index] = true;
        if (!deps.sources[row.source]?.applyOutboundStatus || !row.sourceRef) continue;
        const list = told.get(row.source) ?? [];
        if (list.length === 0) told.set(row.source, list);
        list.push({
          clientId: row.clientId,
          channel: row.channel,
          sourceRef: row.sourceRef,
          outboundId: row.id,
          status: update.status,
          error: update.error,
          details: update.details ?? null,
          at: update.at,
        });
      }
      for (const [name, told_] of told) {
        const source = deps.sources[name]!;
        if (source.applyOutboundStatuses) await source.applyOutboundStatuses(executor, told_);
        else for (const update of told_) await source.applyOutboundStatus!(executor, update);
      }
    }
    return found;
  }

  const pendingReports: PendingReport[] = [];
  let reportTimer: NodeJS.Timeout | null = null;
  let reportFlush: Promise<void> | null = null;

  /**
   * Applies what the buffer holds, one transaction per set (one flush at a time). A set takes the first
   * report of each row; a second one for the same row (delivered, then read) waits for the next set,
   * so order is kept and each statement moves a row once. A failed set fails each of its reports: their
   * providers deliver them again.
   */
  async function flushReports() {
    while (pendingReports.length > 0) {
      const taken: PendingReport[] = [];
      const left: PendingReport[] = [];
      const rows = new Set<string>();
      // One pass (a splice per report taken made a long buffer quadratic); the order of what is left stays.
      for (const pending of pendingReports) {
        const key = `${pending.update.clientId}:${pending.update.channel}:${pending.update.providerMessageId}`;
        if (taken.length >= REPORT_FLUSH_MAX || rows.has(key)) {
          left.push(pending);
          continue;
        }
        rows.add(key);
        taken.push(pending);
      }
      pendingReports.length = 0;
      for (const pending of left) pendingReports.push(pending);
      try {
        const found = await db.transaction((tx) =>
          applyDeliveryStatuses(
            tx,
            taken.map((pending) => pending.update),
          ),
        );
        for (const [index, pending] of taken.entries()) pending.resolve(found[index]!);
      } catch (error) {
        for (const pending of taken) pending.reject(error);
      }
    }
  }

  function scheduleFlush() {
    if (reportTimer || reportFlush) return;
    reportTimer = setTimeout(() => {
      reportTimer = null;
      reportFlush = flushReports().finally(() => {
        reportFlush = null;
        if (pendingReports.length > 0) scheduleFlush();
      });
    }, REPORT_FLUSH_MS);
  }

  /** A delivery report, buffered a few milliseconds and applied with the others that came meanwhile. */
  function reportStatus(update: StatusUpdate): Promise<boolean> {
    const result = new Promise<boolean>((resolve, reject) => {
      pendingReports.push({ update, resolve, reject });
    });
    scheduleFlush();
    track(result.catch(() => undefined));
    return result;
  }

  /**
   * A delivery status for a row of the ledger: forward only, with the time kept either way. Answers
   * whether the row was found (a report can overtake the send's own record of the provider id).
   */
  async function applyDeliveryStatus(executor: Executor, update: StatusUpdate): Promise<boolean> {
    const row = await findOutboundByProviderIdForUpdate(
      executor,
      update.clientId,
      update.channel,
      update.providerMessageId,
    );
    if (!row) return false;
    const status = nextStatus(row.status, update.status);
    await updateOutboundStatus(executor, row.clientId, row.id, {
      status,
      reached: update.status,
      at: update.at,
      error: update.error ? { code: update.error.code, message: update.error.title } : null,
      details: update.details ?? null,
    });
    const source = deps.sources[row.source];
    if (source?.applyOutboundStatus && row.sourceRef) {
      await source.applyOutboundStatus(executor, {
        clientId: row.clientId,
        channel: row.channel,
        sourceRef: row.sourceRef,
        outboundId: row.id,
        status: update.status,
        error: update.error,
        details: update.details ?? null,
        at: update.at,
      });
    }
    return true;
  }

  return {
    queueMessage,
    queueMessages,
    dispatch,
    sendNow,
    /**
     * `sendNow` for many rows of one client; settles when every outcome is recorded. `claimed`: rows
     * `queueMessages(…, { claimForSend: true })` wrote already claimed for this send (not claimed again).
     */
    sendMany(clientId: string, ids: string[], claimed: OutboundToSend[] = []): Promise<void> {
      const work = sendMany(clientId, ids, claimed);
      track(work.catch(() => undefined));
      return work;
    },
    reportStatus,
    applyStatuses: applyDeliveryStatuses,
    sendMessage,
    /** The `messaging.send` job's handler. */
    runSendJob: async (data: SendJobData) => {
      await runSend(data, 'job');
    },
    /** Rows whose job was lost: sent now, oldest first. */
    async sweepQueued(options: { olderThanMs?: number; limit?: number } = {}) {
      const before = new Date(Date.now() - (options.olderThanMs ?? SWEEP_AFTER_MS));
      const rows = await unsafeListStaleQueued(db, before, options.limit ?? 50);
      for (const row of rows) {
        await runSend({ clientId: row.clientId, outboundId: row.id }, 'sweep').catch((error: unknown) => {
          deps.log.warn({ err: error, ...row }, 'queued send could not be swept');
        });
      }
      return rows.length;
    },
    /** Waits until every in-process send started so far has settled. */
    async settle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await statistics.settle();
    },
    async getOutbound(sender: ClientRef, id: string) {
      const row = isId(id) ? await findOutbound(db, clientIdOf(sender), id) : null;
      if (!row) throw outboundNotFound();
      return row;
    },
    /** One client's ledger rows with these ids (unknown or malformed ids are left out). */
    async findOutboundByIds(sender: ClientRef, ids: string[]) {
      return findOutboundByIds(db, clientIdOf(sender), ids.filter(isId));
    },
    async findOutboundByKey(sender: ClientRef, idempotencyKey: string) {
      return findOutboundByKey(db, clientIdOf(sender), idempotencyKey);
    },
    /**
     * A request's check of what it will queue (no provider call): the channel's `prepare` normalises the
     * recipient and refuses content it cannot send (a 4xx `AppError` the caller answers).
     */
    prepareMessage(channel: ChannelName, request: SendRequest): SendRequest {
      const implementation = channels.get(channel);
      return implementation.prepare ? implementation.prepare(request) : request;
    },
    /** A local check a request may make (no provider call): the channel's free-form window. */
    async customerWindow(
      clientId: string,
      channel: ChannelName,
      recipient: string,
      channelAccountId?: string | null,
    ) {
      const implementation = channels.get(channel);
      if (!implementation.customerWindow) return { open: true, closesAt: null };
      return implementation.customerWindow(clientId, recipient, channelAccountId);
    },
    /**
     * A delivery report of a channel without an inbox (SMS, email, Telegram, voice): moves the ledger's
     * row forward only, in the caller's transaction (the one that read the report).
     */
    applyStatus: applyDeliveryStatus,
    /**
     * One client's ledger, newest first (a sensitive row shows its redacted copy). What a sandbox
     * received is the sandbox's own record (`SandboxReceived`), read by the sandbox outbox.
     */
    async listOutbox(
      sender: ClientRef,
      query: {
        channel?: ChannelName | undefined;
        recipient?: string | undefined;
        page: number;
        pageSize: number;
      },
    ) {
      const { rows, total } = await listOutboundPage(
        db,
        clientIdOf(sender),
        { channel: query.channel, recipient: query.recipient },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { rows, total, page: query.page, pageSize: query.pageSize };
    },
    /**
     * The inbox as channels see it: a delivery status also moves the outbound ledger's row, in the
     * same transaction, before the inbox hears it.
     */
    inboundPort(inbox: InboxPort): InboxPort {
      return {
        receiveInbound: (executor, message, afterCommit, options) =>
          inbox.receiveInbound(executor, message, afterCommit, options),
        applyReaction: (executor, input) => inbox.applyReaction(executor, input),
        mediaStored: (executor, input) => inbox.mediaStored(executor, input),
        applyOutboundResult: (executor, result) => inbox.applyOutboundResult(executor, result),
        applyGroupUpdate: async (executor, update) => inbox.applyGroupUpdate?.(executor, update),
        async applyStatus(executor, update) {
          await applyDeliveryStatus(executor, update);
          await inbox.applyStatus(executor, update);
        },
      };
    },
  };
}
