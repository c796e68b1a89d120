import type { CampaignChannel } from '@sapa/contracts';
import { createAnalyzeSchedule } from '../../../lib/analyze-schedule.js';
import { newId } from '../../../lib/ids.js';
import type { Database, Transaction } from '../../../platform/database.js';
import type { ChannelName, Messaging, OutboundContent, OutboundToSend } from '../../messaging/index.js';
import { findWindow } from '../campaigns.repository.js';
import type { CampaignWindowRow } from '../campaigns.tables.js';
import type { CampaignPdfs } from '../pdf/pdf.service.js';
import { PDF_ATTACHMENT_REF } from '../pdf/pdf.service.js';
import { pdfFileName } from '../pdf/render-pdf.js';
import { isOpen, nextOpening } from '../windows/window-schedule.js';
import {
  type ClaimedRow,
  claimDueNotifications,
  deferNotifications,
  endNotifications,
  fallBackNotifications,
  findBatchesByIds,
  insertAttempts,
  markHandedOver,
  type NewAttempt,
  unsafeAnalyzeDispatchTables,
  unsafeFinishDoneBatches,
  unsafeListRunningLanes,
  unsafeStartDueBatches,
  upsertCheckpoint,
} from './dispatch.repository.js';
import { stepAfterFailure, templateFor } from './fallback.js';
import { messagingChannelOf, renderMessage } from './render-message.js';
import { TokenBucket } from './token-bucket.js';

export const DISPATCH_JOB = 'campaigns.dispatch';

export type DispatchSettings = {
  /** Rows one claim takes (one transaction). */
  chunkSize: number;
  /** How long a claim holds its rows; a worker that dies lets them go after it. */
  leaseMs: number;
  /** Sends per second per channel's provider (token bucket); the sandbox's are generous. */
  ratePerSecond: Partial<Record<ChannelName, number>> & { default: number };
  /** In-process sends not yet settled before the dispatcher waits for some to finish. */
  maxInFlight: number;
  /** A batch's checkpoint is written at most this often while it runs (and always when it ends). */
  checkpointEveryMs: number;
};

export const DEFAULT_DISPATCH_SETTINGS: DispatchSettings = {
  chunkSize: 500,
  // Longer than messaging holds a row it sends (2 minutes): a lease never runs out under a live send.
  leaseMs: 180_000,
  ratePerSecond: { default: 10_000 },
  maxInFlight: 2_000,
  checkpointEveryMs: 1_000,
};

/**
 * The idempotency key of one attempt (decision 0028): the same on every claim of that attempt (a row
 * taken back after a crash queues no second message), a new one for each retry or fallback.
 */
/** Phone digits in the stored form (international, no '+', no leading 0): what `parsePhone` answers as `digits`. */
const STORED_DIGITS = /^[1-9]\d{7,14}$/;

export function attemptKey(row: Pick<ClaimedRow, 'batchId' | 'rowNo' | 'step'>, attempt: number) {
  return `campaign:${row.batchId}:${row.rowNo}${row.step > 0 ? `:s${row.step}` : ''}${attempt > 1 ? `:a${attempt}` : ''}`;
}

export type DispatchDeps = {
  db: Database;
  messaging: Pick<Messaging, 'queueMessages' | 'sendMany'>;
  /** The contacts module's blacklist, read again at send time. */
  isBlacklisted: (
    db: Transaction,
    clientId: string,
    channel: string,
    phones: string[],
  ) => Promise<Set<string>>;
  /**
   * The same for numbers already in the stored form (international digits), read without parsing each
   * again: the form ingest writes recipients in. Without it every recipient goes to `isBlacklisted`.
   */
  blacklistedAmong?: (
    db: Transaction,
    clientId: string,
    channel: string,
    digits: string[],
  ) => Promise<Set<string>>;
  /**
   * The recipients' PDFs (decision 0046): a batch with a PDF script gives its rows a `{{pdfUrl}}` link
   * and its emails the PDF as an attachment, rendered after the claim commits and before the sends.
   */
  pdfs?: Pick<CampaignPdfs, 'paramsWithLink' | 'prepare'>;
  /** Where progress goes (the live socket); called at most once per `checkpointEveryMs` per batch. */
  onProgress?: (progress: BatchProgressEvent) => void;
  log: { warn(object: object, message: string): void };
  clock?: () => Date;
  settings?: Partial<DispatchSettings>;
};

export type BatchProgressEvent = {
  clientId: string;
  batchId: string;
  status: string | null;
  counts: Record<string, number>;
  lastRowNo: number | null;
};

export type Dispatcher = ReturnType<typeof createDispatcher>;

type Lane = { clientId: string; channel: CampaignChannel };
type Queued = Pick<Awaited<ReturnType<Messaging['queueMessage']>>, 'clientId' | 'id' | 'status'> & {
  /** Written already claimed for this chunk's send (decision 0070); absent: an older row, claimed by the send. */
  claimed?: OutboundToSend;
};

export function createDispatcher(deps: DispatchDeps) {
  const settings: DispatchSettings = {
    ...DEFAULT_DISPATCH_SETTINGS,
    ...deps.settings,
    ratePerSecond: { ...DEFAULT_DISPATCH_SETTINGS.ratePerSecond, ...deps.settings?.ratePerSecond },
  };
  const clock = deps.clock ?? (() => new Date());
  const buckets = new Map<ChannelName, TokenBucket>();
  const bucketOf = (channel: ChannelName) => {
    let bucket = buckets.get(channel);
    if (!bucket) {
      const rate = settings.ratePerSecond[channel] ?? settings.ratePerSecond.default;
      bucket = new TokenBucket(rate, Math.max(rate, settings.chunkSize));
      buckets.set(channel, bucket);
    }
    return bucket;
  };
  /** Chunks being sent after their claim's commit, and how many messages they hold together. */
  const inFlight = new Set<Promise<unknown>>();
  let inFlightMessages = 0;
  // The claim's and the outcomes' set statements need the tables' statistics (decision 0070).
  const statistics = createAnalyzeSchedule(() => unsafeAnalyzeDispatchTables(deps.db), deps.log);
  const lastCheckpoint = new Map<string, number>();
  const touched = new Map<string, string>();
  let rotation = 0;

  async function checkpoint(clientId: string, batchId: string, force: boolean, status: string | null = null) {
    const key = `${clientId}:${batchId}`;
    const at = clock();
    if (!force && at.getTime() - (lastCheckpoint.get(key) ?? 0) < settings.checkpointEveryMs) {
      touched.set(key, clientId);
      return;
    }
    lastCheckpoint.set(key, at.getTime());
    touched.delete(key);
    const saved = await upsertCheckpoint(deps.db, clientId, batchId, at);
    deps.onProgress?.({
      clientId,
      batchId,
      status,
      counts: saved.counts as Record<string, number>,
      lastRowNo: saved.lastRowNo,
    });
  }

  /** Scheduled batches whose time came start; running ones with nothing left queued or sending finish. */
  /**
   * The recipients the blacklist holds for this channel. A recipient already in the stored form (as ingest
   * writes phone numbers) is looked up as it is: parsing every number of a chunk again was about a tenth
   * of the dispatcher's Node time (decision 0074). Anything else (an email, a number written otherwise)
   * is parsed by `isBlacklisted`, as before.
   */
  async function blacklisted(tx: Transaction, clientId: string, channel: string, recipients: string[]) {
    if (recipients.length === 0) return new Set<string>();
    if (!deps.blacklistedAmong) return deps.isBlacklisted(tx, clientId, channel, recipients);
    const stored: string[] = [];
    const written: string[] = [];
    for (const recipient of recipients) (STORED_DIGITS.test(recipient) ? stored : written).push(recipient);
    const blocked =
      stored.length > 0 ? await deps.blacklistedAmong(tx, clientId, channel, stored) : new Set<string>();
    if (written.length > 0)
      for (const recipient of await deps.isBlacklisted(tx, clientId, channel, written))
        blocked.add(recipient);
    return blocked;
  }

  async function schedule() {
    const now = clock();
    const started = await unsafeStartDueBatches(deps.db, now);
    const finished = await unsafeFinishDoneBatches(deps.db, now);
    for (const batch of finished) await checkpoint(batch.client_id, batch.id, true, 'finished');
    return { started: started.length, finished: finished.length };
  }

  /**
   * One chunk of one client's channel, in one transaction: claim, check window, blacklist and paid
   * reminders, queue each message in messaging's ledger, write the attempts. The sends run after commit.
   */
  async function claimChunk(lane: Lane, sharing = 1): Promise<number> {
    const channelName = messagingChannelOf(lane.channel);
    const bucket = bucketOf(channelName);
    // Lanes on one provider share its tokens: each takes its part, so the first never takes them all.
    const share = sharing > 1 ? Math.max(1, Math.floor(bucket.available() / sharing)) : settings.chunkSize;
    const limit = bucket.take(Math.min(settings.chunkSize, share));
    if (limit === 0) return 0;
    const now = clock();
    const windows = new Map<string, CampaignWindowRow | null>();
    const result = await deps.db.transaction(async (tx) => {
      const rows = await claimDueNotifications(tx, lane.clientId, lane.channel, {
        now,
        leaseUntil: new Date(now.getTime() + settings.leaseMs),
        limit,
        // The ledger ids the claimed attempts will be queued under, recorded by the claim (decision 0057).
        outboundIds: Array.from({ length: limit }, () => newId()),
      });
      if (rows.length === 0) return { rows, outbound: [] as Queued[], withPdf: [] as string[] };
      const batches = new Map(
        (await findBatchesByIds(tx, lane.clientId, [...new Set(rows.map((row) => row.batchId))])).map((b) => [
          b.id,
          b,
        ]),
      );
      const deferred: Parameters<typeof deferNotifications>[2] = [];
      const ended: Parameters<typeof endNotifications>[2] = [];
      const live: ClaimedRow[] = [];
      for (const row of rows) {
        const batch = batches.get(row.batchId)!;
        if (row.paidAt) {
          ended.push({
            id: row.id,
            status: 'canceled',
            code: 'paid',
            message: 'The reminder was paid before it was sent.',
            previous: row.previous,
          });
          continue;
        }
        if (batch.windowId) {
          if (!windows.has(batch.windowId))
            windows.set(batch.windowId, await findWindow(tx, lane.clientId, batch.windowId));
          const window = windows.get(batch.windowId);
          if (window && !isOpen(window, now)) {
            const opening = nextOpening(window, now);
            if (opening) deferred.push({ id: row.id, dueAt: opening, previous: row.previous });
            else
              ended.push({
                id: row.id,
                status: 'expired',
                code: 'window_never_opens',
                message: 'The sending window has no opening left, so the message was never sent.',
                previous: row.previous,
              });
            continue;
          }
        }
        live.push(row);
      }
      const blocked = await blacklisted(
        tx,
        lane.clientId,
        channelName,
        live.map((row) => row.recipient),
      );
      const handed: Parameters<typeof markHandedOver>[2] = [];
      const pdfRows = new Set<string>();
      /** Rows handed over whose PDF must exist before their message goes. */
      const withPdf: string[] = [];
      const attempts: NewAttempt[] = [];
      const outbound: Queued[] = [];
      const fallingBack: Parameters<typeof fallBackNotifications>[2] = [];
      const toQueue: {
        row: ClaimedRow;
        attempt: number;
        attemptsOnChannel: number;
        content: OutboundContent;
      }[] = [];
      for (const row of live) {
        if (blocked.has(row.recipient)) {
          ended.push({
            id: row.id,
            status: 'canceled',
            code: 'blacklisted',
            message: 'The recipient is on the blacklist.',
            previous: row.previous,
          });
          continue;
        }
        const batch = batches.get(row.batchId)!;
        const template = templateFor(batch, row.channel);
        // The claim started the attempt: a lease taken back continues the one it held, a queued row the next.
        const attempt = row.attemptCount;
        const attemptsOnChannel = row.attemptsOnChannel;
        if (!template) {
          ended.push({
            id: row.id,
            status: 'failed',
            code: 'template_missing',
            message: `The batch has no ${row.channel} template.`,
            previous: row.previous,
          });
          continue;
        }
        const script = deps.pdfs ? batch.pdfScript : null;
        const params = script
          ? deps.pdfs!.paramsWithLink(lane.clientId, row.id, script, row.params, now)
          : row.params;
        if (script) pdfRows.add(row.id);
        let content = renderMessage(template, params);
        if (script && content.kind === 'email')
          content = {
            ...content,
            attachments: [
              {
                ref: `${PDF_ATTACHMENT_REF}${row.id}`,
                fileName: pdfFileName(script, row.params),
                contentType: 'application/pdf',
              },
            ],
          };
        toQueue.push({ row, attempt, attemptsOnChannel, content });
      }
      // Every message of the chunk in one statement (a taken-back attempt answers the ledger row it queued).
      const queued = await deps.messaging.queueMessages(
        tx,
        lane.clientId,
        toQueue.map(({ row, attempt, content }) => ({
          id: row.outboundId,
          channel: channelName,
          recipient: row.recipient,
          content,
          source: 'campaigns',
          sourceRef: row.id,
          idempotencyKey: attemptKey(row, attempt),
        })),
        // The chunk is sent right after this commit: its new ledger rows are written claimed for it.
        { claimForSend: true },
      );
      toQueue.forEach(({ row, attempt, attemptsOnChannel }, index) => {
        const answer = queued[index]!;
        if ('row' in answer) {
          const message = answer.row;
          // The claim recorded the ledger id it chose; only a key that answered an older row differs.
          if (message.id !== row.outboundId)
            handed.push({ id: row.id, attemptCount: attempt, attemptsOnChannel, outboundId: message.id });
          // The attempt's row is written with its outcome (decision 0070); the claim recorded its number.
          outbound.push({
            clientId: lane.clientId,
            id: message.id,
            status: message.status,
            ...(answer.claimed ? { claimed: answer.claimed } : {}),
          });
          if (pdfRows.has(row.id)) withPdf.push(row.id);
          return;
        }
        // The channel refuses the rendered message (bad recipient, too long): no try on it can succeed,
        // but the plan's next fallback channel may (decision 0028).
        const { error } = answer;
        const { next, skipped } = stepAfterFailure(
          batches.get(row.batchId)!,
          { channelIndex: row.channelIndex, attemptsOnChannel },
          'failed',
          true,
          now,
        );
        if (next.action === 'fallback')
          fallingBack.push({
            id: row.id,
            channel: next.channel,
            channelIndex: next.channelIndex,
            attemptCount: attempt,
            dueAt: next.at,
            code: error.code,
            message: error.message,
            previousOutboundId: row.previous.outboundId,
          });
        else
          ended.push({
            id: row.id,
            status: 'failed',
            code: error.code,
            message: skipped ? `${error.message} No ${skipped} template for the fallback.` : error.message,
            previous: row.previous,
          });
        attempts.push({
          clientId: lane.clientId,
          notificationId: row.id,
          attempt,
          channel: row.channel,
          provider: channelName,
          status: 'failed',
          errorCode: error.code,
          errorMessage: error.message,
          startedAt: now,
          endedAt: now,
        });
      });
      await deferNotifications(tx, lane.clientId, deferred, now);
      await endNotifications(tx, lane.clientId, ended, now);
      await fallBackNotifications(tx, lane.clientId, fallingBack, now);
      await markHandedOver(tx, lane.clientId, handed, now);
      await insertAttempts(tx, lane.clientId, attempts);
      return { rows, outbound, withPdf };
    });
    // The chunk's PDFs exist before its messages go: their links open and their attachments are read.
    if (deps.pdfs && result.withPdf.length > 0) await deps.pdfs.prepare(lane.clientId, result.withPdf);
    bucket.giveBack(limit - result.outbound.length);
    // The sends run after commit, the chunk's together (messaging claims, sends and records them as a set).
    // New rows go as written (claimed by the insert); an older row still queued (a lease taken back) is
    // claimed by the send from `queued`, as before.
    const claimed: OutboundToSend[] = [];
    const ids: string[] = [];
    for (const message of result.outbound) {
      if (message.claimed) claimed.push(message.claimed);
      else if (message.status === 'queued') ids.push(message.id);
    }
    const count = claimed.length + ids.length;
    if (count > 0) {
      const send = deps.messaging.sendMany(lane.clientId, ids, claimed).catch((error: unknown) => {
        deps.log.warn(
          { err: error, clientId: lane.clientId, count },
          'campaign sends failed; their lease hands them out again',
        );
      });
      const tracked = send.finally(() => {
        inFlight.delete(tracked);
        inFlightMessages -= count;
      });
      inFlight.add(tracked);
      inFlightMessages += count;
    }
    for (const batchId of new Set(result.rows.map((row) => row.batchId)))
      await checkpoint(lane.clientId, batchId, false);
    statistics.wrote(result.rows.length);
    return result.rows.length;
  }

  /** Set by `stop`: the running job ends after its round. */
  let stopping = false;
  /** Cuts the job's rest between idle rounds short. */
  let wakeRest: (() => void) | null = null;

  async function waitForRoom() {
    while (inFlightMessages >= settings.maxInFlight && inFlight.size > 0) await Promise.race(inFlight);
  }

  /**
   * One round: the scheduler, then chunks taken in turn from each client's channels (round-robin: a big
   * client's batch never starves a small one) until no lane has due rows. Answers the rows claimed.
   */
  async function tick(): Promise<number> {
    await schedule();
    const listed = await unsafeListRunningLanes(deps.db);
    // Each tick starts the round one lane further, so no client is always served first.
    rotation = (rotation + 1) % Math.max(1, listed.length);
    let lanes: Lane[] = [...listed.slice(rotation), ...listed.slice(0, rotation)];
    let claimed = 0;
    while (lanes.length > 0 && !stopping) {
      const busy: Lane[] = [];
      const perChannel = new Map<CampaignChannel, number>();
      for (const lane of lanes) perChannel.set(lane.channel, (perChannel.get(lane.channel) ?? 0) + 1);
      for (const lane of lanes) {
        await waitForRoom();
        const count = await claimChunk(lane, perChannel.get(lane.channel));
        claimed += count;
        if (count > 0) busy.push(lane);
      }
      lanes = busy;
    }
    for (const [key, clientId] of touched) await checkpoint(clientId, key.slice(clientId.length + 1), true);
    return claimed;
  }

  return {
    settings,
    schedule,
    claimChunk,
    tick,
    /** Ticks until nothing is claimed, all sends have settled and no batch is left to finish (tests). */
    async drain() {
      for (;;) {
        const claimed = await tick();
        await this.settle();
        if (claimed === 0) {
          await schedule();
          return;
        }
      }
    },
    /** The job: ticks for `forMs`, resting a little whenever a round found nothing due, until stopped. */
    async run(forMs: number, idleMs = 500) {
      const until = Date.now() + forMs;
      while (!stopping && Date.now() < until) {
        const claimed = await tick();
        if (claimed === 0 && !stopping) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, idleMs);
            wakeRest = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wakeRest = null;
        }
      }
      await this.settle();
    },
    /**
     * Ends a running job's loop after its current round, so a shutdown need not wait out the job's
     * minute (the queue's graceful stop gave up after 20 s and the loop went on against a closed
     * database, keeping the process alive after "Sapa stopped").
     */
    stop() {
      stopping = true;
      wakeRest?.();
    },
    async settle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await statistics.settle();
    },
  };
}
