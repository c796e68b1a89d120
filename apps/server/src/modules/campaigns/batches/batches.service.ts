import { Readable } from 'node:stream';
import {
  type Batch,
  type BatchAccepted,
  type BatchRejectKind,
  type BatchSource,
  type BatchStatus,
  type CampaignChannel,
  type CampaignContent,
  type NotificationStatus,
  type ParamTranslator,
  REMINDER_AMOUNT_PARAM,
  REMINDER_DUE_DATE_PARAM,
} from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import { type CountryCode, parsePhone } from '../../../lib/phone.js';
import {
  type Actor,
  actorLabel,
  isSuperAdmin,
  type Principal,
  principalOf,
  requireFeatureOpen,
  systemActor,
} from '../../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../../platform/audit/index.js';
import { csvStream, readCsvStream } from '../../../platform/csv.js';
import type { Database, Executor, Transaction } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import type { Jobs } from '../../../platform/jobs.js';
import { withLeanHeap } from '../../../platform/lean-heap.js';
import type { Storage } from '../../../platform/storage/index.js';
import { readXlsxRows } from '../../../platform/xlsx.js';
import { type ApprovalRegistry, type ApprovalTaskRow, proposeChange } from '../../approvals/index.js';
import { getClient } from '../../clients/index.js';
import { blacklistedAmong } from '../../contacts/index.js';
import { requireCampaignAccess, visibleChannels } from '../campaigns.access.js';
import { campaignNotFound, notCampaignUser } from '../campaigns.errors.js';
import {
  findCampaign,
  findCampaignsByCodeOrName,
  findCampaignVersion,
  findRetryPlan,
  findWindow,
} from '../campaigns.repository.js';
import type { CampaignBatchRow, CampaignNotificationRow, CampaignRow } from '../campaigns.tables.js';
import { addDays, localDateOf, localDayStart } from '../windows/window-schedule.js';
import {
  batchChanged,
  batchDateRange,
  batchNotFound,
  campaignNameAmbiguous,
  campaignNotActive,
  fileEmpty,
  fileNotTable,
  scheduledTimePast,
} from './batches.errors.js';
import {
  addBatchCounts,
  type BatchCounts,
  cancelQueuedNotifications,
  clearBatchRows,
  countMatchingRows,
  findBatch,
  findCampaignCode,
  insertBatch,
  insertNotifications,
  insertRejects,
  listBatches,
  listBatchNotifications,
  listBatchRejects,
  listNotificationsAfter,
  listRejectsAfter,
  lockBatch,
  markRowsPaid,
  type NewNotification,
  type NewReject,
  type PaidMatch,
  transitionBatch,
} from './batches.repository.js';
import { type Cell, compileTranslator, localeOfCountry, type RowCells } from './param-translator.js';

/** What batches need beyond the database: where uploads are kept, and the queue that reads them. */
export type BatchDeps = {
  db: Database;
  storage: Storage;
  /** Without a queue (the demo seed, some tests) an upload is read in the request. */
  jobs?: Jobs | undefined;
};

export const BATCH_INGEST_JOB = 'campaigns.batch-ingest';
/** The approval task of a batch (spec §4 "notification batches are approved or rejected with a note"). */
export const BATCH_APPROVE_TASK = 'campaign.batch';

/** Rows written per statement and transaction: large enough to be set-based, small enough to stay lean. */
const CHUNK_ROWS = 5000;
/** What a rejected row keeps of each cell, and how many cells: enough to correct it, bounded for hostile rows. */
const RAW_CELL_CHARS = 500;
const RAW_CELLS = 50;
/** A scheduled time this far behind the clock is a mistake, not "now". */
const PAST_TOLERANCE_MS = 5 * 60_000;
/** Days of the upload history are the client's local days; Sapa's clients are on Jakarta time. */
const CLIENT_UTC_OFFSET = '+07:00';
const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

// ---- the batch as the API shows it ----

export function toBatch(row: CampaignBatchRow, campaignCode: string | null): Batch {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    batchId: row.id,
    campaignId: row.campaignId,
    campaignCode,
    campaignVersion: row.campaignVersion,
    source: row.source,
    channel: row.channel,
    type: row.type,
    status: row.status,
    fileName: row.fileName,
    scheduledAt: iso(row.scheduledAt),
    rowsRead: row.rowsRead,
    validCount: row.validCount,
    invalidCount: row.invalidCount,
    blacklistedCount: row.blacklistedCount,
    duplicateCount: row.duplicateCount,
    pendingTaskId: row.pendingTaskId,
    statusNote: row.statusNote,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

function toNotification(row: CampaignNotificationRow) {
  return {
    notificationId: row.id,
    rowNo: row.rowNo,
    step: row.step,
    channel: row.channel,
    recipient: row.recipient,
    params: row.params,
    status: row.status,
    dueAt: row.dueAt.toISOString(),
    attemptCount: row.attemptCount,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    dueDate: row.dueDate,
    amount: row.amount,
    paidAt: row.paidAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

// ---- who may ----

/**
 * A person works on the channel (decision 0028: the client's admins and the channel's makers and
 * checkers); the public API's key stands for the client's system and needs the channel's feature only.
 */
async function requireChannel(db: Executor, actor: Actor, channel: CampaignChannel, need: 'view' | 'make') {
  if (actor.kind === 'apiKey') requireFeatureOpen(actor, channel);
  else await requireCampaignAccess(db, actor, channel, need);
}

async function loadBatch(db: Executor, actor: Actor, batchId: string, need: 'view' | 'make') {
  const row = isId(batchId) ? await findBatch(db, actor.clientId, batchId) : null;
  if (!row) throw batchNotFound();
  await requireChannel(db, actor, row.channel, need);
  return row;
}

/** A person's upload waits for a checker when the client requires approval (a super admin's never does). */
async function approvalMaker(db: Executor, actor: Actor): Promise<Principal | null> {
  const person = principalOf(actor);
  if (!person || isSuperAdmin(actor)) return null;
  return (await getClient(db, actor.clientId)).approvalRequired ? person : null;
}

// ---- creating a batch ----

/** What a batch sends: a campaign's running version, or (API and self-service) an inline message. */
export type BatchSpec =
  | { campaign: CampaignRow }
  | {
      campaign?: undefined;
      channel: CampaignChannel;
      template: CampaignContent['template'];
      paramTranslator: ParamTranslator;
      sender?: string | null;
    };

export type BatchOptions = {
  source: BatchSource;
  scheduledAt?: Date | undefined;
  fileName?: string | null;
};

function checkedSchedule(scheduledTime: string | undefined, now = new Date()): Date {
  if (!scheduledTime) return now;
  const at = new Date(scheduledTime);
  if (at.getTime() < now.getTime() - PAST_TOLERANCE_MS) throw scheduledTimePast();
  return at.getTime() < now.getTime() ? now : at;
}

/** The campaign an upload names, of the caller's client, active (409 otherwise). */
async function activeCampaign(db: Executor, actor: Actor, lookup: { code: string } | { codeOrName: string }) {
  const found =
    'code' in lookup
      ? await findCampaignsByCodeOrName(db, actor.clientId, lookup.code).then((rows) =>
          rows.filter((row) => row.code === lookup.code),
        )
      : await findCampaignsByCodeOrName(db, actor.clientId, lookup.codeOrName);
  if (found.length === 0) throw campaignNotFound();
  if (found.length > 1) throw campaignNameAmbiguous('codeOrName' in lookup ? lookup.codeOrName : '');
  const campaign = found[0]!;
  await requireChannel(db, actor, campaign.channel, 'make');
  if (campaign.status !== 'active') throw campaignNotActive(campaign.status);
  return campaign;
}

/** The batch row, `ingesting`, with a snapshot of what it sends (decision 0028). */
async function openBatch(db: Executor, caller: AuditActor, spec: BatchSpec, options: BatchOptions) {
  const { actor } = caller;
  const campaign = spec.campaign;
  const plan = campaign?.retryPlanId ? await findRetryPlan(db, actor.clientId, campaign.retryPlanId) : null;
  const row = await insertBatch(db, {
    clientId: actor.clientId,
    id: newId(),
    campaignId: campaign?.id ?? null,
    campaignVersion: campaign?.version ?? null,
    source: options.source,
    channel: campaign ? campaign.channel : spec.channel,
    type: campaign?.type ?? 'blast',
    template: campaign ? campaign.template : spec.template,
    fallbackTemplates: campaign?.fallbackTemplates ?? [],
    pdfScript: campaign?.pdfScript ?? null,
    sender: campaign ? campaign.sender : (spec.sender ?? null),
    retryPlan: plan && {
      maxAttempts: plan.maxAttempts,
      delay: plan.delay,
      retryOn: plan.retryOn,
      fallbackChannels: plan.fallbackChannels,
    },
    windowId: campaign?.windowId ?? null,
    status: 'ingesting',
    fileName: options.fileName ?? null,
    scheduledAt: options.scheduledAt ?? new Date(),
    createdBy: actorLabel(actor),
  });
  await recordAudit(db, caller, {
    clientId: actor.clientId,
    action: 'campaign_batch.create',
    entityType: 'campaign_batch',
    entityId: row.id,
    after: {
      campaignId: row.campaignId,
      source: row.source,
      fileName: row.fileName,
      scheduledAt: row.scheduledAt,
    },
  });
  return row;
}

/** How a batch reads its rows: the translator (and reminder offsets) of the campaign version it snapshot. */
type ReadPlan = { translator: ParamTranslator; reminderOffsets: number[] | null };

async function readPlanOf(db: Executor, batch: CampaignBatchRow): Promise<ReadPlan> {
  if (!batch.campaignId) throw new Error(`batch ${batch.id} has no campaign and no translator`);
  const version = batch.campaignVersion
    ? await findCampaignVersion(db, batch.clientId, batch.campaignId, batch.campaignVersion)
    : null;
  const content = version?.content ?? (await findCampaign(db, batch.clientId, batch.campaignId));
  if (!content) throw campaignNotFound();
  return { translator: content.paramTranslator, reminderOffsets: content.reminderOffsets ?? null };
}

/** The zone a batch's local days are read in: its window's, else the client's (Jakarta). */
async function timeZoneOf(db: Executor, batch: CampaignBatchRow) {
  const window = batch.windowId ? await findWindow(db, batch.clientId, batch.windowId) : null;
  return window?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * A collection reminder's steps for one row (issue 14 item 11): one per offset from the due date, due at
 * the start of that local day (the dispatcher's window check picks the hour). Days before the batch's
 * scheduled day are past and skipped; the scheduled day itself goes from the scheduled time.
 */
export function reminderSteps(
  dueDate: string,
  offsets: readonly number[],
  timeZone: string,
  scheduledAt: Date,
): { step: number; dueAt: Date }[] {
  const firstDay = localDateOf(scheduledAt, timeZone);
  const steps: { step: number; dueAt: Date }[] = [];
  [...offsets]
    .sort((a, b) => a - b)
    .forEach((offset, step) => {
      const day = addDays(dueDate, offset);
      if (day < firstDay) return;
      const start = localDayStart(day, timeZone);
      steps.push({ step, dueAt: start < scheduledAt ? scheduledAt : start });
    });
  return steps;
}

type SourceRow = { row: number; record: RowCells };

/** The cells of a refused row as text, bounded, with what PostgreSQL cannot store replaced. */
function rawOf(record: RowCells): Record<string, string> {
  const raw: Record<string, string> = {};
  let cells = 0;
  for (const [column, cell] of Object.entries(record)) {
    if (++cells > RAW_CELLS) break;
    const text =
      cell instanceof Date ? cell.toISOString() : cell === null || cell === undefined ? '' : String(cell);
    raw[safeText(column.slice(0, 100))] = safeText(text.slice(0, RAW_CELL_CHARS));
  }
  return raw;
}

// A NUL byte and lone surrogates cannot be stored in jsonb; the reject keeps a visible stand-in.
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const safeText = (value: string) => value.replace(UNSTORABLE, '\uFFFD');

/**
 * A recipient already seen in this batch, and on which row. Phone numbers (at most 15 digits, never a
 * leading 0) are exact as doubles, so they go to an open-addressing table of two typed arrays: a million
 * recipients cost about 24 MB, where a Map of them cost several times that. Other recipients (email
 * addresses, chat ids) use a Map.
 */
class SeenRecipients {
  private keys = new Float64Array(1 << 16);
  private rows = new Int32Array(1 << 16);
  private count = 0;
  private texts = new Map<string, number>();

  firstRow(recipient: string, row: number): number | null {
    if (/^[1-9]\d{0,14}$/.test(recipient)) return this.numberRow(Number(recipient), row);
    const first = this.texts.get(recipient);
    if (first === undefined) this.texts.set(recipient, row);
    return first ?? null;
  }

  private slotOf(key: number, keys: Float64Array) {
    const mask = keys.length - 1;
    const low = (key % 0x1_0000_0000) | 0;
    const high = (key / 0x1_0000_0000) | 0;
    let slot = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) & mask;
    while (keys[slot] !== 0 && keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private numberRow(key: number, row: number): number | null {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const slot = this.slotOf(key, this.keys);
    if (this.keys[slot] === key) return this.rows[slot]!;
    this.keys[slot] = key;
    this.rows[slot] = row;
    this.count++;
    return null;
  }

  private grow() {
    const keys = new Float64Array(this.keys.length * 2);
    const rows = new Int32Array(keys.length);
    for (let at = 0; at < this.keys.length; at++) {
      const key = this.keys[at]!;
      if (key === 0) continue;
      const slot = this.slotOf(key, keys);
      keys[slot] = key;
      rows[slot] = this.rows[at]!;
    }
    this.keys = keys;
    this.rows = rows;
  }
}

/** Channels whose recipients the client's blacklist lists: numbers, and email addresses (Telegram chats are not). */
const BLACKLISTED_CHANNELS: readonly CampaignChannel[] = ['SMS', 'VOICE', 'WHATSAPP', 'EMAIL'];

/**
 * Reads rows through the translator into notifications (decision 0028, "Upload"): invalid rows, blacklisted
 * and repeated recipients are kept apart with their row number and reason. Each chunk is one
 * transaction of set-based statements; the counters move with it, so `rowsRead` is a live progress bar.
 * A file that cannot be read throws (an AppError: the caller marks the batch failed).
 */
async function ingestRows(
  db: Database,
  batch: CampaignBatchRow,
  plan: ReadPlan,
  read: (onHeader: (columns: string[]) => void) => AsyncIterable<SourceRow>,
) {
  const client = await getClient(db, batch.clientId);
  const reminders = batch.type === 'collection_reminder' ? (plan.reminderOffsets ?? [0]) : null;
  const timeZone = reminders ? await timeZoneOf(db, batch) : DEFAULT_TIME_ZONE;
  const scheduledAt = batch.scheduledAt ?? batch.createdAt;
  const compiled = compileTranslator(plan.translator, {
    country: client.countryCode as CountryCode,
    locale: localeOfCountry(client.countryCode),
    channel: batch.channel,
  });
  const seen = new SeenRecipients();
  const dueAt = scheduledAt.toISOString();
  const blacklistChannel = BLACKLISTED_CHANNELS.includes(batch.channel) ? batch.channel.toLowerCase() : null;
  let headerProblem: string | null = null;
  let headerSeen = false;
  let chunk: SourceRow[] = [];

  // One chunk's write runs while the next chunk is read and translated (on PostgreSQL the two overlap);
  // at most one write is in flight, so memory stays at two chunks.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (chunk.length === 0) return;
    const rows = chunk;
    chunk = [];
    const rejects: NewReject[] = [];
    const candidates: {
      row: SourceRow;
      recipient: string;
      params: Record<string, string>;
      steps: { step: number; dueAt: string }[];
    }[] = [];
    const counts: BatchCounts = { read: rows.length, valid: 0, invalid: 0, blacklisted: 0, duplicate: 0 };
    for (const row of rows) {
      const result = compiled.translate(row.record);
      if (!result.ok) {
        rejects.push({ rowNo: row.row, kind: 'invalid', reason: result.reason, raw: rawOf(row.record) });
        counts.invalid++;
        continue;
      }
      let steps: { step: number; dueAt: string }[] = [{ step: 0, dueAt }];
      if (reminders) {
        const due = result.params[REMINDER_DUE_DATE_PARAM] ?? '';
        if (!due) {
          rejects.push({
            rowNo: row.row,
            kind: 'invalid',
            reason: 'The due date is empty',
            raw: rawOf(row.record),
          });
          counts.invalid++;
          continue;
        }
        steps = reminderSteps(due, reminders, timeZone, scheduledAt).map((step) => ({
          step: step.step,
          dueAt: step.dueAt.toISOString(),
        }));
        if (steps.length === 0) {
          rejects.push({
            rowNo: row.row,
            kind: 'invalid',
            reason: `Every reminder day of the due date ${due} has passed`,
            raw: rawOf(row.record),
          });
          counts.invalid++;
          continue;
        }
      }
      const first = seen.firstRow(result.recipient, row.row);
      if (first !== null) {
        rejects.push({
          rowNo: row.row,
          kind: 'duplicate',
          reason: `${result.recipient} is already on row ${first}`,
          raw: rawOf(row.record),
        });
        counts.duplicate++;
        continue;
      }
      candidates.push({ row, recipient: result.recipient, params: result.params, steps });
    }
    await writing;
    writing = db.transaction(async (tx) => {
      const blocked = blacklistChannel
        ? await blacklistedAmong(
            tx,
            batch.clientId,
            blacklistChannel,
            candidates.map((candidate) => candidate.recipient),
          )
        : new Set<string>();
      const notifications: NewNotification[] = [];
      for (const candidate of candidates) {
        if (blocked.has(candidate.recipient)) {
          rejects.push({
            rowNo: candidate.row.row,
            kind: 'blacklisted',
            reason: `${candidate.recipient} is on the client's blacklist`,
            raw: rawOf(candidate.row.record),
          });
          counts.blacklisted++;
          continue;
        }
        counts.valid++;
        const amount = candidate.params[REMINDER_AMOUNT_PARAM];
        for (const step of candidate.steps)
          notifications.push({
            id: newId(),
            rowNo: candidate.row.row,
            step: step.step,
            recipient: candidate.recipient,
            params: candidate.params,
            dueAt: step.dueAt,
            dueDate: reminders ? (candidate.params[REMINDER_DUE_DATE_PARAM] ?? null) : null,
            amount: reminders && amount ? Math.round(Number(amount)) : null,
          });
      }
      await insertNotifications(tx, batch.clientId, batch.id, batch.channel, notifications);
      await insertRejects(tx, batch.clientId, batch.id, rejects);
      await addBatchCounts(tx, batch.clientId, batch.id, counts);
    });
    // Handled here so a failure waits for the next `await writing` instead of ending the process.
    writing.catch(() => undefined);
  };

  const onHeader = (columns: string[]) => {
    headerSeen = true;
    headerProblem = compiled.checkHeader(columns);
  };
  try {
    for await (const row of read(onHeader)) {
      if (headerProblem) break;
      chunk.push(row);
      if (chunk.length >= CHUNK_ROWS) await flush();
    }
    if (!headerSeen) throw fileEmpty();
    if (headerProblem) throw new AppError(400, 'missing_column', headerProblem);
    await flush();
  } finally {
    // A failed read still waits for the write under way, so the batch is never ended beneath it.
    await writing.catch(() => undefined);
  }
  await writing;
}

/** After the rows: the batch waits for a checker (a task for the channel's checkers) or for its time. */
async function finishIngest(db: Database, batch: CampaignBatchRow, maker: Principal | null) {
  return db.transaction(async (tx) => {
    const current = await findBatch(tx, batch.clientId, batch.id);
    if (current?.status !== 'ingesting') return current;
    if (!maker) return transitionBatch(tx, batch.clientId, batch.id, ['ingesting'], { status: 'scheduled' });
    const code = await findCampaignCode(tx, batch.clientId, batch.campaignId);
    const task = await proposeChange(
      tx,
      { actor: systemActor(batch.clientId, BATCH_INGEST_JOB, maker), ip: null, userAgent: null },
      {
        clientId: batch.clientId,
        type: BATCH_APPROVE_TASK,
        channel: batch.channel,
        summary: `Send ${current.validCount} ${batch.channel} notification(s) of campaign ${code ?? '(none)'}${
          current.fileName ? ` from ${current.fileName}` : ''
        } (${current.invalidCount} invalid, ${current.blacklistedCount} blacklisted, ${current.duplicateCount} duplicate)`,
        payload: { batchId: batch.id, campaignId: batch.campaignId, code },
      },
    );
    return transitionBatch(tx, batch.clientId, batch.id, ['ingesting'], {
      status: 'pending_approval',
      pendingTaskId: task.id,
    });
  });
}

/** A file that cannot be read (or a maker who may not propose): the batch ends `failed` with the reason. */
async function failIngest(db: Database, batch: CampaignBatchRow, reason: string) {
  await db.transaction(async (tx) => {
    await transitionBatch(tx, batch.clientId, batch.id, ['ingesting'], {
      status: 'failed',
      statusNote: reason,
    });
    await cancelQueuedNotifications(tx, batch.clientId, batch.id);
  });
}

async function runIngest(
  db: Database,
  batch: CampaignBatchRow,
  plan: ReadPlan,
  read: (onHeader: (columns: string[]) => void) => AsyncIterable<SourceRow>,
  maker: Principal | null,
) {
  try {
    await ingestRows(db, batch, plan, read);
    return await finishIngest(db, batch, maker);
  } catch (error) {
    // A refusal (unreadable file, missing column, a maker the channel does not name) ends the batch;
    // anything else (the database went away) is retried by the job from the start.
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    await failIngest(db, batch, error.message);
    return findBatch(db, batch.clientId, batch.id);
  }
}

/**
 * Creates a batch from rows already in hand (the self-service and single-notification paths, an API
 * list): checked, translated and written like an upload, in the caller's turn. Rows are numbered from 2
 * (the header being row 1) in the order given.
 */
export async function createBatch(
  deps: Pick<BatchDeps, 'db'>,
  caller: AuditActor,
  spec: BatchSpec,
  rows: AsyncIterable<RowCells> | Iterable<RowCells>,
  options: BatchOptions,
): Promise<Batch> {
  const { db } = deps;
  const { actor } = caller;
  const channel = spec.campaign ? spec.campaign.channel : spec.channel;
  await requireChannel(db, actor, channel, 'make');
  if (spec.campaign && spec.campaign.status !== 'active') throw campaignNotActive(spec.campaign.status);
  const maker = await approvalMaker(db, actor);
  const batch = await openBatch(db, caller, spec, options);
  const plan: ReadPlan = spec.campaign
    ? { translator: spec.campaign.paramTranslator, reminderOffsets: spec.campaign.reminderOffsets ?? null }
    : { translator: spec.paramTranslator, reminderOffsets: null };
  async function* numbered(onHeader: (columns: string[]) => void): AsyncGenerator<SourceRow> {
    let row = 1;
    let header = false;
    for await (const record of rows) {
      if (!header) {
        header = true;
        onHeader(Object.keys(record));
      }
      yield { row: ++row, record };
    }
  }
  const done = await runIngest(db, batch, plan, numbered, maker);
  return toBatch(done ?? batch, spec.campaign?.code ?? null);
}

// ---- uploads ----

export type BatchIngestJobData = {
  clientId: string;
  batchId: string;
  fileId: string;
  format: 'csv' | 'xlsx';
  /** The person whose upload waits for a checker; null when it needs none. */
  maker: Principal | null;
};

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the first bytes say the file is: a workbook (zip), or text we read as CSV. */
function tableTypeOf(head: Buffer): string {
  if (head.length === 0) throw fileEmpty();
  if (head[0] === 0x50 && head[1] === 0x4b) return XLSX_TYPE;
  if (head[0] === 0x1f && head[1] === 0x8b) throw fileNotTable('gzip-compressed');
  if (head.subarray(0, 4).toString('latin1') === '%PDF') throw fileNotTable('a PDF document');
  if (head[0] === 0xd0 && head[1] === 0xcf) throw fileNotTable('an old Excel (.xls) workbook');
  return 'text/csv';
}

/**
 * Takes a notification file for an active campaign (spec §7 "upload notification file"): the file is
 * stored as it streams in, the batch is created `ingesting`, and a job reads it; answers at once.
 */
export async function uploadBatch(
  deps: BatchDeps,
  caller: AuditActor,
  input: {
    campaign: { code: string } | { codeOrName: string };
    scheduledTime?: string | undefined;
    stream: Readable;
    fileName: string | null;
    source: BatchSource;
  },
): Promise<BatchAccepted> {
  const { db, storage } = deps;
  const { actor } = caller;
  let campaign: CampaignRow;
  let scheduledAt: Date;
  let maker: Principal | null;
  try {
    campaign = await activeCampaign(db, actor, input.campaign);
    scheduledAt = checkedSchedule(input.scheduledTime);
    maker = await approvalMaker(db, actor);
  } catch (error) {
    input.stream.resume(); // the rest of the request is read (and dropped) so the answer reaches the caller
    throw error;
  }
  const file = await storage.saveStream(db, {
    clientId: actor.clientId,
    source: input.stream,
    mimeType: tableTypeOf,
    fileName: input.fileName,
  });
  const batch = await db.transaction((tx) =>
    openBatch(tx, caller, { campaign }, { source: input.source, scheduledAt, fileName: input.fileName }),
  );
  const data: BatchIngestJobData = {
    clientId: actor.clientId,
    batchId: batch.id,
    fileId: file.id,
    format: file.mimeType === XLSX_TYPE ? 'xlsx' : 'csv',
    maker,
  };
  if (deps.jobs) await deps.jobs.send(BATCH_INGEST_JOB, data, { singletonKey: batch.id });
  else await runBatchIngest(deps, data);
  return { batchId: batch.id, status: batch.status };
}

/** The ingest job: idempotent, as a retried run starts the batch's rows over. */
export async function runBatchIngest(deps: BatchDeps, data: BatchIngestJobData) {
  const { db, storage } = deps;
  const batch = await findBatch(db, data.clientId, data.batchId);
  if (batch?.status !== 'ingesting') return;
  await clearBatchRows(db, batch.clientId, batch.id);
  const plan = await readPlanOf(db, batch);
  const file = await storage.get(db, batch.clientId, data.fileId);
  const read = (onHeader: (columns: string[]) => void): AsyncIterable<SourceRow> => {
    const stream = Readable.from(storage.open(file));
    return data.format === 'xlsx'
      ? (readXlsxRows(stream, onHeader) as AsyncIterable<{ row: number; record: Record<string, Cell> }>)
      : readCsvStream(stream, onHeader);
  };
  // A file of a million rows allocates gigabytes of short-lived cells: the heap is kept near its live set.
  await withLeanHeap(() => runIngest(db, batch, plan, read, data.maker));
}

// ---- reads ----

export async function getBatch(db: Executor, actor: Actor, batchId: string): Promise<Batch> {
  const row = await loadBatch(db, actor, batchId, 'view');
  return toBatch(row, await findCampaignCode(db, actor.clientId, row.campaignId));
}

const dayStart = (date: string) => new Date(`${date}T00:00:00${CLIENT_UTC_OFFSET}`);
function todayLocal(now = new Date()) {
  return new Date(now.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
}

/** Upload history: the batches created in a range of local days (today by default), newest first. */
export async function listClientBatches(
  db: Executor,
  actor: Actor,
  query: {
    campaignId?: string | undefined;
    channel?: CampaignChannel | undefined;
    status?: BatchStatus | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
    pageSize: number;
    pageNumber: number;
  },
) {
  let channels: CampaignChannel[];
  if (query.campaignId) {
    const campaign = isId(query.campaignId) ? await findCampaign(db, actor.clientId, query.campaignId) : null;
    if (!campaign) throw campaignNotFound();
    await requireChannel(db, actor, campaign.channel, 'view');
    channels = [campaign.channel];
  } else {
    channels = await visibleChannels(db, actor);
    if (channels.length === 0) throw notCampaignUser('any channel');
  }
  // A channel the caller may not see lists nothing, as an unknown one would.
  if (query.channel) channels = channels.filter((channel) => channel === query.channel);
  const start = query.startDate ?? query.endDate ?? todayLocal();
  const end = query.endDate ?? (query.startDate ? todayLocal() : start);
  if (end < start) throw batchDateRange();
  const to = dayStart(end);
  to.setUTCDate(to.getUTCDate() + 1);
  const page = { pageSize: query.pageSize, pageNumber: query.pageNumber };
  const { items, total } = await listBatches(
    db,
    actor.clientId,
    { channels, campaignId: query.campaignId, status: query.status, from: dayStart(start), to },
    page,
  );
  return { ...page, total, items: items.map((item) => toBatch(item.batch, item.campaignCode)) };
}

export async function getBatchInput(
  db: Executor,
  actor: Actor,
  batchId: string,
  query: {
    status?: NotificationStatus | undefined;
    recipient?: string | undefined;
    pageSize: number;
    pageNumber: number;
  },
) {
  const batch = await loadBatch(db, actor, batchId, 'view');
  const page = { pageSize: query.pageSize, pageNumber: query.pageNumber };
  const { items, total } = await listBatchNotifications(db, actor.clientId, batch.id, query, page);
  return { ...page, total, items: items.map(toNotification) };
}

export async function getBatchErrorInput(
  db: Executor,
  actor: Actor,
  batchId: string,
  query: { kind?: BatchRejectKind | undefined; pageSize: number; pageNumber: number },
) {
  const batch = await loadBatch(db, actor, batchId, 'view');
  const page = { pageSize: query.pageSize, pageNumber: query.pageNumber };
  const { items, total } = await listBatchRejects(db, actor.clientId, batch.id, query.kind, page);
  return {
    ...page,
    total,
    items: items.map((row) => ({ rowNo: row.rowNo, kind: row.kind, reason: row.reason, raw: row.raw })),
  };
}

const EXPORT_CHUNK = 2000;
const NOTIFICATION_COLUMNS = [
  'rowNo',
  'step',
  'recipient',
  'status',
  'dueAt',
  'attemptCount',
  'errorCode',
  'errorMessage',
  'sentAt',
  'params',
] as const;

/** A batch's notifications as CSV, streamed a keyset chunk at a time. */
export async function exportBatchInput(db: Executor, actor: Actor, batchId: string) {
  const batch = await loadBatch(db, actor, batchId, 'view');
  async function* records() {
    let after = { rowNo: -1, step: -1 };
    for (;;) {
      const rows = await listNotificationsAfter(db, actor.clientId, batch.id, after, EXPORT_CHUNK);
      for (const row of rows) {
        const item = toNotification(row);
        yield { ...item, params: JSON.stringify(item.params) };
      }
      if (rows.length < EXPORT_CHUNK) return;
      const last = rows[rows.length - 1]!;
      after = { rowNo: last.rowNo, step: last.step };
    }
  }
  return { fileName: `batch-${batch.id}-notifications.csv`, stream: toCsv(records(), NOTIFICATION_COLUMNS) };
}

/** A batch's rejected rows as CSV: row, kind, reason, then the row's own columns. */
export async function exportBatchErrorInput(
  db: Executor,
  actor: Actor,
  batchId: string,
  kind: BatchRejectKind | undefined,
) {
  const batch = await loadBatch(db, actor, batchId, 'view');
  async function* records() {
    let after = 0;
    for (;;) {
      const rows = await listRejectsAfter(db, actor.clientId, batch.id, kind, after, EXPORT_CHUNK);
      for (const row of rows)
        yield { rowNo: row.rowNo, kind: row.kind, reason: row.reason, row: JSON.stringify(row.raw) };
      if (rows.length < EXPORT_CHUNK) return;
      after = rows[rows.length - 1]!.rowNo;
    }
  }
  return {
    fileName: `batch-${batch.id}-${kind ?? 'rejects'}.csv`,
    stream: toCsv(records(), ['rowNo', 'kind', 'reason', 'row']),
  };
}

function toCsv(records: AsyncIterable<Record<string, unknown>>, columns: readonly string[]) {
  const out = csvStream(columns);
  const source = Readable.from(records);
  // A failing query ends the download with the error (Fastify logs it), never the process.
  source.on('error', (error) => out.destroy(error));
  return source.pipe(out);
}

// ---- collection reminders paid ----

const notCollectionReminder = () =>
  new AppError(409, 'not_collection_reminder', 'Only a collection reminder batch has rows to mark paid.');
const rowNotFound = () => new AppError(404, 'notification_not_found', 'No row of this batch matches');

/** A recipient as a caller writes it, in the form the batch stored it (international digits, lower-case address). */
function storedRecipient(channel: CampaignChannel, recipient: string, country: CountryCode) {
  if (channel === 'EMAIL') return recipient.trim().toLowerCase();
  if (channel === 'TELEGRAM') return recipient.trim();
  const parsed = parsePhone(recipient, { defaultCountry: country });
  return parsed.ok ? parsed.phone.digits : recipient.trim();
}

/**
 * A collection reminder's row is paid: `paid_at` is set on its steps and the ones still queued are
 * canceled, in one statement, so no later reminder goes (issue 14 item 11). Marking it again changes
 * nothing; a row that is not in the batch is 404.
 */
export async function markBatchRowPaid(
  db: Database,
  caller: AuditActor,
  batchId: string,
  body: { rowNo?: number | undefined; recipient?: string | undefined; reference?: string | undefined },
) {
  const { actor } = caller;
  const batch = await loadBatch(db, actor, batchId, 'make');
  if (batch.type !== 'collection_reminder') throw notCollectionReminder();
  const country = (await getClient(db, actor.clientId)).countryCode as CountryCode;
  const match: PaidMatch =
    body.rowNo !== undefined
      ? { rowNo: body.rowNo }
      : {
          recipient: storedRecipient(batch.channel, body.recipient ?? '', country),
          reference: body.reference,
        };
  const changed = await db.transaction(async (tx) => {
    const rows = await markRowsPaid(tx, actor.clientId, batch.id, match);
    if (rows.length > 0)
      await recordAudit(tx, caller, {
        clientId: actor.clientId,
        action: 'campaign_batch.paid',
        entityType: 'campaign_batch',
        entityId: batch.id,
        after: { rows: [...new Set(rows.map((row) => row.rowNo))], ...body },
      });
    return rows;
  });
  if (changed.length === 0 && (await countMatchingRows(db, actor.clientId, batch.id, match)) === 0)
    throw rowNotFound();
  return {
    rows: new Set(changed.map((row) => row.rowNo)).size,
    canceled: changed.filter((row) => row.status === 'canceled').length,
  };
}

// ---- maker-checker ----

type BatchTaskPayload = { batchId: string };

/** The batch a task is about, locked, if it still waits for that very task; else null. */
async function waitingBatch(tx: Transaction, task: ApprovalTaskRow) {
  const { batchId } = task.payload as BatchTaskPayload;
  const row = await lockBatch(tx, task.clientId, batchId);
  return row && row.status === 'pending_approval' && row.pendingTaskId === task.id ? row : null;
}

/**
 * Approving a batch schedules it (at its time, or at once when that has passed); rejecting it with a
 * note ends it `rejected`, and its notifications are canceled in the same transaction: none is sent.
 */
export function registerBatchApprovals(registry: ApprovalRegistry) {
  registry.register(BATCH_APPROVE_TASK, {
    async apply(tx, checker, task) {
      const row = await waitingBatch(tx, task);
      if (!row) throw batchChanged();
      await transitionBatch(tx, row.clientId, row.id, ['pending_approval'], {
        status: 'scheduled',
        pendingTaskId: null,
      });
      await recordAudit(tx, checker, {
        clientId: row.clientId,
        action: 'campaign_batch.approve',
        entityType: 'campaign_batch',
        entityId: row.id,
        before: { status: row.status },
        after: { status: 'scheduled' },
      });
      return { result: { batchId: row.id, status: 'scheduled' } };
    },
    async reject(tx, checker, task, note) {
      const row = await waitingBatch(tx, task);
      if (!row) return; // nothing waits for it any more: the rejection only closes the task
      await transitionBatch(tx, row.clientId, row.id, ['pending_approval'], {
        status: 'rejected',
        pendingTaskId: null,
        statusNote: note,
      });
      await cancelQueuedNotifications(tx, row.clientId, row.id);
      await recordAudit(tx, checker, {
        clientId: row.clientId,
        action: 'campaign_batch.reject',
        entityType: 'campaign_batch',
        entityId: row.id,
        before: { status: row.status },
        after: { status: 'rejected', note },
      });
    },
  });
}
