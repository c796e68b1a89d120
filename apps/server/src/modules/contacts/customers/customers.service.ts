import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsCustomerInputSchema } from '@sapa/contracts';
import { decodeCursor, encodeCursor } from '../../../lib/cursor.js';
import { isId, newId } from '../../../lib/ids.js';
import { type CountryCode, isPhoneDigits, toPhoneDigits } from '../../../lib/phone.js';
import { type Actor, actorLabel } from '../../../platform/actor.js';
import { type CsvRecord, invalidCsv, readCsvRecords, writeCsv } from '../../../platform/csv.js';
import type { Database, Executor } from '../../../platform/database.js';
import { invalidCursor } from '../../../platform/http-io.js';
import { clientPhoneCountry } from '../../clients/index.js';
import type { ContactsDeps } from '../contacts.deps.js';
import {
  customerImportNotFound,
  customerNotFound,
  invalidPhoneNumber,
  userDataNotEditable,
} from '../contacts.errors.js';
import {
  deleteCustomers,
  findCustomerByPhone,
  findCustomerImport,
  findNextImportChunk,
  insertCustomerImport,
  insertCustomerImportChunk,
  listCustomerRows,
  listCustomerTags,
  updateCustomer,
  updateCustomerImport,
  upsertCustomer,
  writeImportChunk,
} from './customers.repository.js';
import type {
  CsCustomerImportRow,
  CsCustomerRow,
  ImportCustomerRow,
  ImportReportRow,
} from './customers.tables.js';

export function toCustomer(row: CsCustomerRow) {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    name: row.name,
    tags: row.tags,
    userData: row.userData,
    mediaPlatform: row.mediaPlatform,
    imgProfileUrl: row.imgProfileUrl,
    csId: row.csId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tags arrive as an array, a comma-separated string, or '' for none (spec §5). */
export function parseTags(value: string | string[] | null | undefined): string[] {
  const list = Array.isArray(value) ? value : (value ?? '').split(',');
  return [...new Set(list.map((tag) => tag.trim()).filter(Boolean))];
}

function afterIdFrom(lastEvaluatedKey: string | undefined) {
  if (!lastEvaluatedKey) return undefined;
  const id = decodeCursor(lastEvaluatedKey)?.id;
  if (typeof id !== 'string' || !isId(id)) throw invalidCursor();
  return id;
}

export async function searchCustomers(
  db: Executor,
  actor: Actor,
  query: {
    q?: string | undefined;
    isPhoneNumber?: boolean | undefined;
    pageSize?: number | undefined;
    lastEvaluatedKey?: string | undefined;
    tags?: string[] | undefined;
    csId?: string | undefined;
  },
) {
  const pageSize = query.pageSize ?? 10;
  const rows = await listCustomerRows(db, actor.clientId, {
    q: query.q,
    isPhoneNumber: query.isPhoneNumber,
    pageSize,
    afterId: afterIdFrom(query.lastEvaluatedKey),
    tags: query.tags,
    csId: query.csId,
  });
  const page = rows.slice(0, pageSize);
  return {
    items: page.map(toCustomer),
    lastEvaluatedKey: rows.length > pageSize ? encodeCursor({ id: page.at(-1)!.id }) : null,
  };
}

export async function getCustomerByPhone(deps: ContactsDeps, actor: Actor, phoneNumber: string) {
  const { db, customerAccess } = deps;
  const phone = toPhoneDigits(phoneNumber, await clientPhoneCountry(db, actor.clientId));
  await customerAccess.assertCustomerReachable(db, actor, phone);
  const row = await findCustomerByPhone(db, actor.clientId, phone);
  if (!row) throw customerNotFound();
  return toCustomer(row);
}

export type CustomerInput = {
  phoneNumber: string;
  name?: string | null | undefined;
  mediaPlatform?: string | undefined;
  tags?: string | string[] | undefined;
  userData?: Record<string, unknown> | undefined;
  removeTag?: string | string[] | undefined;
};

/** Creates or updates a customer by phone number; `tags` are added, `removeTag` taken away. */
export async function saveCustomer(deps: ContactsDeps, actor: Actor, input: CustomerInput) {
  const { db, customerAccess } = deps;
  const phoneNumber = toPhoneDigits(input.phoneNumber, await clientPhoneCountry(db, actor.clientId));
  if (!isPhoneDigits(phoneNumber)) throw invalidPhoneNumber();
  // An agent edits only the customer of a room they may open, from the chat panel.
  if (customerAccess.confinedAgentId(actor))
    await customerAccess.assertCustomerReachable(db, actor, phoneNumber);
  // Agents change only the data fields the client's configuration lets them edit (userDataEditable).
  if (input.userData && !customerAccess.isSupervisor(actor)) {
    const editable = new Set(await customerAccess.listEditableUserData(db, actor.clientId));
    const refused = Object.keys(input.userData).filter((key) => !editable.has(key));
    if (refused.length > 0) throw userDataNotEditable(refused);
  }
  const existing = await findCustomerByPhone(db, actor.clientId, phoneNumber);
  const remove = new Set(parseTags(input.removeTag));
  const tags = [...new Set([...(existing?.tags ?? []), ...parseTags(input.tags)])].filter(
    (tag) => !remove.has(tag),
  );
  const values = {
    tags,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.mediaPlatform ? { mediaPlatform: input.mediaPlatform } : {}),
    ...(input.userData ? { userData: { ...(existing?.userData ?? {}), ...input.userData } } : {}),
  };
  const row = await upsertCustomer(db, actor.clientId, { id: newId(), phoneNumber, ...values }, values);
  return toCustomer(row);
}

/** Sets a customer's picture, or the agent who serves them (null clears it). */
export async function updateCustomerProfile(
  deps: ContactsDeps,
  actor: Actor,
  input: { phoneNumber: string; imgProfileUrl?: string | undefined; csId?: string | null | undefined },
) {
  const { db, customerAccess } = deps;
  if (input.csId) await customerAccess.assertAgent(db, actor.clientId, input.csId);
  const phone = toPhoneDigits(input.phoneNumber, await clientPhoneCountry(db, actor.clientId));
  const row = await updateCustomer(db, actor.clientId, phone, {
    ...(input.imgProfileUrl !== undefined ? { imgProfileUrl: input.imgProfileUrl } : {}),
    ...(input.csId !== undefined ? { csId: input.csId } : {}),
  });
  if (!row) throw customerNotFound();
  return toCustomer(row);
}

export async function listTagsOfCustomers(db: Executor, actor: Actor) {
  return { tags: await listCustomerTags(db, actor.clientId) };
}

/** The client's customers a page at a time, so an export never holds them all. */
async function* eachCustomer(db: Executor, clientId: string) {
  let afterId: string | undefined;
  for (;;) {
    const page = await listCustomerRows(db, clientId, { afterId, pageSize: 1000 });
    yield* page.slice(0, 1000);
    if (page.length <= 1000) return;
    afterId = page[999]!.id;
  }
}

export const CUSTOMER_CSV_COLUMNS = [
  'phoneNumber',
  'name',
  'tags',
  'mediaPlatform',
  'csId',
  'userData',
  'createdAt',
];

const customerRecord = (row: CsCustomerRow): CsvRecord => ({
  phoneNumber: row.phoneNumber,
  name: row.name ?? '',
  tags: row.tags.join('|'),
  mediaPlatform: row.mediaPlatform,
  csId: row.csId ?? '',
  userData: JSON.stringify(row.userData),
  createdAt: row.createdAt.toISOString(),
});

/** The client's customers as export records (the columns of CUSTOMER_CSV_COLUMNS), read a page at a time. */
export async function* customerRecords(db: Executor, clientId: string): AsyncGenerator<CsvRecord> {
  for await (const row of eachCustomer(db, clientId)) yield customerRecord(row);
}

/** The client's customers as CSV, with how many records it holds (a cell may hold a line break). */
export async function exportCustomersCsv(db: Executor, clientId: string) {
  const records: CsvRecord[] = [];
  for await (const record of customerRecords(db, clientId)) records.push(record);
  return { content: writeCsv(records, CUSTOMER_CSV_COLUMNS), records: records.length };
}

export type RowReport = {
  total: number;
  succeeded: number;
  failed: number;
  rows: { row: number; phoneNumber: string | null; ok: boolean; error: string | null }[];
};

/** The job's queue name predates the contacts module; kept so queued imports still run after an upgrade. */
export const CUSTOMER_IMPORT_JOB = 'inbox.customer-import';
export type CustomerImportJobData = { clientId: string; importId: string };

/** Rows per set-based write: small enough that other requests wait for at most one chunk. */
export const IMPORT_CHUNK_ROWS = 500;
/** Refused rows listed in an import's report; `failed` counts them all. */
const REPORTED_ROWS = 1000;
/** Schema violations listed in one `invalid_csv` answer. */
const LISTED_ISSUES = 20;

/** An import row is checked by the same schema as `POST /api/cs/customers`. */
const ImportRowSchema = CsCustomerInputSchema.pick({
  phoneNumber: true,
  name: true,
  mediaPlatform: true,
  tags: true,
});

/**
 * Reads and checks a whole customer file before anything is written. Malformed files and values the
 * API would refuse answer 400 `invalid_csv` with the row and reason; rows whose phone number is not
 * valid are reported and skipped. Rows of the same number are merged (later values win, tags add up).
 */
async function checkCustomerFile(file: Buffer, country: CountryCode) {
  const byPhone = new Map<string, ImportCustomerRow>();
  const refused: ImportReportRow[] = [];
  const issues: { row: number; reason: string }[] = [];
  let total = 0;
  let failed = 0;
  for await (const { row, record } of readCsvRecords(file)) {
    if (total === 0 && !('phoneNumber' in record))
      throw invalidCsv(1, 'the header has no phoneNumber column');
    total++;
    const phoneNumber = toPhoneDigits(record.phoneNumber ?? '', country);
    if (!isPhoneDigits(phoneNumber)) {
      failed++;
      if (refused.length < REPORTED_ROWS)
        refused.push({
          row,
          phoneNumber: phoneNumber || null,
          ok: false,
          error: 'phoneNumber is not a valid phone number',
        });
      continue;
    }
    const checked = ImportRowSchema.safeParse({
      phoneNumber,
      name: record.name || undefined,
      mediaPlatform: record.mediaPlatform || undefined,
      tags: (record.tags ?? '').split('|'),
    });
    if (!checked.success) {
      for (const issue of checked.error.issues)
        issues.push({ row, reason: `${issue.path.join('.') || 'row'}: ${issue.message}` });
      if (issues.length >= LISTED_ISSUES) break;
      continue;
    }
    const value = checked.data;
    const earlier = byPhone.get(phoneNumber);
    byPhone.set(phoneNumber, {
      id: earlier?.id ?? newId(),
      phone_number: phoneNumber,
      name: value.name ?? earlier?.name ?? null,
      tags: [...new Set([...(earlier?.tags ?? []), ...parseTags(value.tags)])],
      media_platform: value.mediaPlatform ?? earlier?.media_platform ?? null,
    });
  }
  if (issues.length > 0) {
    const [first, ...more] = issues.slice(0, LISTED_ISSUES);
    throw invalidCsv(first!.row, first!.reason, more);
  }
  return { total, failed, refused, rows: [...byPhone.values()] };
}

export function toCustomerImport(row: CsCustomerImportRow) {
  const done = row.status === 'done';
  const written = Math.min(row.processed, row.accepted);
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    accepted: row.accepted,
    processed: written,
    // Merged duplicates count as succeeded once the import is done.
    succeeded: done ? row.total - row.failed : written,
    failed: row.failed,
    progress: done ? 100 : row.accepted > 0 ? Math.min(99, Math.floor((written / row.accepted) * 100)) : 0,
    rows: row.report,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Creates or updates customers from a CSV (phoneNumber, name, tags separated by '|', mediaPlatform).
 * The file is checked here; its rows are stored in bounded chunks and written by a job, so a large
 * file never holds the (embedded, single-connection) database for long. Poll `getCustomerImport`.
 */
export async function importCustomers(deps: ContactsDeps, actor: Actor, file: Buffer) {
  const { db } = deps;
  const checked = await checkCustomerFile(file, await clientPhoneCountry(db, actor.clientId));
  const saved = await insertCustomerImport(db, actor.clientId, {
    id: newId(),
    status: checked.rows.length > 0 ? 'queued' : 'done',
    total: checked.total,
    accepted: checked.rows.length,
    failed: checked.failed,
    report: checked.refused,
    requestedBy: actorLabel(actor),
    ...(checked.rows.length > 0 ? {} : { finishedAt: new Date() }),
  });
  for (let seq = 0; seq * IMPORT_CHUNK_ROWS < checked.rows.length; seq++) {
    const rows = checked.rows.slice(seq * IMPORT_CHUNK_ROWS, (seq + 1) * IMPORT_CHUNK_ROWS);
    await insertCustomerImportChunk(db, actor.clientId, { importId: saved.id, seq, rows });
    await nextTurn();
  }
  if (checked.rows.length > 0) {
    const data: CustomerImportJobData = { clientId: actor.clientId, importId: saved.id };
    // Without a job queue (the demo seed, some tests) the import runs here, still chunk by chunk.
    if (deps.jobs) await deps.jobs.send(CUSTOMER_IMPORT_JOB, data, { singletonKey: saved.id });
    else await runCustomerImport(db, data);
  }
  return getCustomerImport(db, actor, saved.id);
}

export async function getCustomerImport(db: Executor, actor: Actor, id: string) {
  const row = isId(id) ? await findCustomerImport(db, actor.clientId, id) : null;
  if (!row) throw customerImportNotFound();
  return toCustomerImport(row);
}

/**
 * The import job: writes the remaining chunks one set-based statement each, giving the event loop a
 * turn between chunks. Idempotent: a written chunk is deleted with its write, so a retry resumes.
 */
export async function runCustomerImport(db: Database, data: CustomerImportJobData) {
  const row = await findCustomerImport(db, data.clientId, data.importId);
  if (!row || row.status === 'done' || row.status === 'failed') return;
  try {
    for (;;) {
      const chunk = await findNextImportChunk(db, data.clientId, data.importId);
      if (!chunk) break;
      await writeImportChunk(db, data.clientId, chunk);
      await nextTurn();
    }
    await updateCustomerImport(db, data.clientId, data.importId, { status: 'done', finishedAt: new Date() });
  } catch (error) {
    await updateCustomerImport(db, data.clientId, data.importId, {
      status: 'failed',
      error: error instanceof Error ? error.message : 'import failed',
      finishedAt: new Date(),
    });
  }
}

async function readPhoneColumn(file: Buffer, country: CountryCode) {
  const rows: { row: number; phoneNumber: string }[] = [];
  for await (const { row, record } of readCsvRecords(file))
    rows.push({ row, phoneNumber: toPhoneDigits(record.phoneNumber ?? '', country) });
  return rows;
}

/** Deletes the customers listed in a CSV's phoneNumber column; unknown numbers are reported. */
export async function deleteCustomersFromFile(db: Executor, actor: Actor, file: Buffer) {
  const records = await readPhoneColumn(file, await clientPhoneCountry(db, actor.clientId));
  const phones = records.map((record) => record.phoneNumber);
  const deleted = new Set(await deleteCustomers(db, actor.clientId, phones.filter(isPhoneDigits)));
  const report: RowReport = { total: records.length, succeeded: 0, failed: 0, rows: [] };
  for (const [index, phoneNumber] of phones.entries()) {
    const error = !isPhoneDigits(phoneNumber)
      ? 'phoneNumber is not a valid phone number'
      : deleted.has(phoneNumber)
        ? null
        : 'customer not found';
    report.rows.push({ row: records[index]!.row, phoneNumber: phoneNumber || null, ok: !error, error });
    if (error) report.failed++;
    else report.succeeded++;
  }
  return report;
}
