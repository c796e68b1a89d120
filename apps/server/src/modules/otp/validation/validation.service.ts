import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  DEFAULT_COUNTRY_CODE,
  type NumberValidation,
  type ValidationResultRow,
  type ValidationRun,
} from '@sapa/contracts';
import type ExcelJS from 'exceljs';
import { Counter, type Registry } from 'prom-client';
import { isId, newId } from '../../../lib/ids.js';
import { type Actor, actorLabel } from '../../../platform/actor.js';
import { csvStream, readCsvRecords } from '../../../platform/csv.js';
import type { Database } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import type { Storage } from '../../../platform/storage/index.js';
import { loadExcel } from '../../../platform/xlsx.js';
import { findClient } from '../../clients/index.js';
import { ALL_CHANNELS, isBlacklisted } from '../../contacts/index.js';
import { validateNumber } from './number-validation.js';
import {
  emptyValidationFile,
  unsupportedValidationFile,
  validationRunNotDone,
  validationRunNotFound,
} from './validation.errors.js';
import {
  addProgress,
  deleteResults,
  findRun,
  insertResults,
  insertRun,
  listResultsPage,
  listRuns,
  resultsAfter,
  updateRun,
} from './validation.repository.js';
import type { ValidationResultRecord, ValidationRunRow } from './validation.tables.js';

export const VALIDATION_RUN_JOB = 'validation.run';
export type ValidationJobData = { clientId: string; runId: string };

/** Rows validated, checked against the blacklist and written at a time. */
const CHUNK = 2000;
/** A column holding the numbers is found by its header; otherwise the first column is. */
const NUMBER_HEADER = /^(phone|phones|number|numbers|phone_?number|msisdn|mobile|nomor|no_?hp|telepon|hp)$/i;
const LOOKS_LIKE_NUMBER = /^\+?[\d\s().\-/]{6,}$/;
const COLUMNS = [
  'row',
  'input',
  'valid',
  'e164',
  'nationalFormat',
  'country',
  'type',
  'error',
  'duplicate',
  'blacklisted',
] as const;

export type ValidationDeps = {
  db: Database;
  storage: Storage;
  enqueue: (name: string, data: object) => Promise<unknown>;
  log: { warn(object: object, message: string): void };
  /** Where the numbers-validated counter is registered. */
  metrics?: Registry;
};

const runView = (row: ValidationRunRow): ValidationRun => ({
  id: row.id,
  name: row.name,
  source: row.source,
  status: row.status,
  country: row.country,
  total: row.total,
  processed: row.processed,
  valid: row.valid,
  invalid: row.invalid,
  duplicates: row.duplicates,
  blacklisted: row.blacklisted,
  error: row.error,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
});

const resultView = (row: ValidationResultRecord): ValidationResultRow => ({
  row: row.row,
  input: row.input,
  valid: row.valid,
  e164: row.e164,
  nationalFormat: row.nationalFormat,
  country: row.country,
  type: row.type,
  error: row.error,
  duplicate: row.duplicate,
  blacklisted: row.blacklisted,
});

/** The column of a table's first record that holds the numbers, and whether its header is itself one. */
function numberColumn(headers: string[]) {
  const named = headers.find((header) => NUMBER_HEADER.test(header.trim()));
  const column = named ?? headers[0] ?? '';
  return { column, headerIsNumber: !named && LOOKS_LIKE_NUMBER.test(column.trim()) };
}

/** The numbers of a CSV file, in order (a header row is optional: a number in it counts). */
async function* csvNumbers(bytes: Buffer): AsyncGenerator<string> {
  let column: string | null = null;
  for await (const { record } of readCsvRecords(bytes)) {
    if (column === null) {
      const found = numberColumn(Object.keys(record));
      column = found.column;
      if (found.headerIsNumber) yield column;
    }
    yield record[column] ?? '';
  }
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return String(value);
};

/** The numbers of an XLSX file's first sheet, read as a stream, in order. */
async function* xlsxNumbers(bytes: Buffer): AsyncGenerator<string> {
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(Readable.from(bytes), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let index: number | null = null;
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
      if (index === null) {
        const found = numberColumn(values);
        index = Math.max(0, values.indexOf(found.column));
        if (found.headerIsNumber) yield found.column;
        continue;
      }
      yield values[index] ?? '';
    }
    break;
  }
}

const isXlsx = (bytes: Buffer, fileName: string | null) =>
  (bytes[0] === 0x50 && bytes[1] === 0x4b) || Boolean(fileName?.toLowerCase().endsWith('.xlsx'));

export function createValidation(deps: ValidationDeps) {
  const { db } = deps;
  const validated = new Counter({
    name: 'sapa_validation_numbers_total',
    help: 'Phone numbers validated, by where they came from (api, list, file) and whether valid',
    labelNames: ['source', 'valid'] as const,
    registers: deps.metrics ? [deps.metrics] : [],
  });
  const count = (source: string, results: NumberValidation[]) => {
    const valid = results.filter((result) => result.valid).length;
    if (valid > 0) validated.inc({ source, valid: 'true' }, valid);
    if (results.length > valid) validated.inc({ source, valid: 'false' }, results.length - valid);
  };

  async function countryOf(actor: Actor, asked: string | undefined) {
    if (asked) return asked;
    return (await findClient(db, actor.clientId))?.countryCode ?? DEFAULT_COUNTRY_CODE;
  }

  /**
   * Validates numbers chunk by chunk into a run: duplicates (the same E.164, or the same text when it
   * is not a number) after their first row, and numbers on the client's blacklist (any channel), marked.
   */
  async function validateInto(run: ValidationRunRow, numbers: AsyncIterable<string> | Iterable<string>) {
    const seen = new Set<string>();
    let row = 0;
    let chunk: NumberValidation[] = [];
    const flush = async () => {
      if (chunk.length === 0) return;
      count(run.source === 'list' ? 'list' : 'file', chunk);
      const phones = chunk.flatMap((result) => (result.valid && result.e164 ? [result.e164] : []));
      const blocked =
        phones.length > 0 ? await isBlacklisted(db, run.clientId, ALL_CHANNELS, phones) : new Set();
      const counts = { processed: chunk.length, valid: 0, invalid: 0, duplicates: 0, blacklisted: 0 };
      const rows = chunk.map((result) => {
        row += 1;
        const key = result.e164 ?? `text:${result.input.trim()}`;
        const duplicate = seen.has(key);
        seen.add(key);
        const blacklisted = result.e164 !== null && blocked.has(result.e164);
        counts[result.valid ? 'valid' : 'invalid'] += 1;
        if (duplicate) counts.duplicates += 1;
        if (blacklisted) counts.blacklisted += 1;
        return { clientId: run.clientId, runId: run.id, row, ...result, duplicate, blacklisted };
      });
      await db.transaction(async (tx) => {
        await insertResults(tx, rows);
        await addProgress(tx, run.clientId, run.id, counts);
      });
      chunk = [];
      await nextTurn();
    };
    for await (const input of numbers) {
      chunk.push(validateNumber(input, run.country));
      if (chunk.length >= CHUNK) await flush();
    }
    await flush();
    return row;
  }

  async function getRunRow(actor: Actor, runId: string) {
    const run = isId(runId) ? await findRun(db, actor.clientId, runId) : null;
    if (!run) throw validationRunNotFound();
    return run;
  }

  return {
    /** The public API: up to 1,000 numbers, answered in input order. */
    async validateNumbers(actor: Actor, input: { numbers: string[]; country?: string | undefined }) {
      const country = await countryOf(actor, input.country);
      const results = input.numbers.map((number) => validateNumber(number, country));
      count('api', results);
      return { results };
    },

    /** A typed or pasted list (at most 10,000): validated in the request, kept in the history. */
    async createListRun(
      actor: Actor,
      input: { name?: string | undefined; numbers: string[]; country?: string | undefined },
    ) {
      const run = await insertRun(db, {
        clientId: actor.clientId,
        id: newId(),
        name: input.name?.trim() || `List of ${input.numbers.length}`,
        source: 'list',
        status: 'running',
        country: await countryOf(actor, input.country),
        total: input.numbers.length,
        createdBy: actorLabel(actor),
      });
      await validateInto(run, input.numbers);
      return runView(
        (await updateRun(db, actor.clientId, run.id, { status: 'done', finishedAt: new Date() }))!,
      );
    },

    /** A CSV or XLSX file: stored, then validated by a job; the run shows its progress meanwhile. */
    async uploadRun(
      actor: Actor,
      upload: { bytes: Buffer; fileName: string | null; country?: string | undefined },
    ) {
      if (upload.bytes.length === 0) throw emptyValidationFile();
      const xlsx = isXlsx(upload.bytes, upload.fileName);
      if (!xlsx && upload.fileName && !/\.(csv|txt)$/i.test(upload.fileName))
        throw unsupportedValidationFile();
      const file = await deps.storage.save(db, {
        clientId: actor.clientId,
        bytes: upload.bytes,
        mimeType: xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
        fileName: upload.fileName,
      });
      const run = await insertRun(db, {
        clientId: actor.clientId,
        id: newId(),
        name: upload.fileName ?? (xlsx ? 'numbers.xlsx' : 'numbers.csv'),
        source: xlsx ? 'xlsx' : 'csv',
        status: 'queued',
        country: await countryOf(actor, upload.country),
        fileKey: file.id,
        createdBy: actorLabel(actor),
      });
      await deps.enqueue(VALIDATION_RUN_JOB, {
        clientId: actor.clientId,
        runId: run.id,
      } satisfies ValidationJobData);
      return runView(run);
    },

    /** The job: a retry starts the run over (its earlier rows are forgotten), a finished run is left alone. */
    async runJob(data: ValidationJobData) {
      const run = await findRun(db, data.clientId, data.runId);
      if (!run || run.status === 'done' || run.status === 'failed' || !run.fileKey) return;
      await deleteResults(db, run.clientId, run.id);
      const started = (await updateRun(db, run.clientId, run.id, {
        status: 'running',
        processed: 0,
        valid: 0,
        invalid: 0,
        duplicates: 0,
        blacklisted: 0,
      }))!;
      try {
        const file = await deps.storage.get(db, run.clientId, run.fileKey);
        const chunks: Buffer[] = [];
        for await (const piece of deps.storage.open(file)) chunks.push(Buffer.from(piece as Buffer));
        const bytes = Buffer.concat(chunks);
        const total = await validateInto(
          started,
          run.source === 'xlsx' ? xlsxNumbers(bytes) : csvNumbers(bytes),
        );
        if (total === 0) throw emptyValidationFile();
        await updateRun(db, run.clientId, run.id, { status: 'done', total, finishedAt: new Date() });
      } catch (error) {
        const message = error instanceof AppError ? error.message : 'The file could not be read.';
        if (!(error instanceof AppError)) deps.log.warn({ err: error, ...data }, 'validation run failed');
        await updateRun(db, run.clientId, run.id, {
          status: 'failed',
          error: message,
          finishedAt: new Date(),
        });
      }
    },

    async listRuns(actor: Actor, page: { pageSize: number; pageNumber: number }) {
      const { items, total } = await listRuns(db, actor.clientId, page);
      return { items: items.map(runView), total, ...page };
    },
    async getRun(actor: Actor, runId: string) {
      return runView(await getRunRow(actor, runId));
    },
    async listResults(actor: Actor, runId: string, page: { pageSize: number; pageNumber: number }) {
      const run = await getRunRow(actor, runId);
      const { items, total } = await listResultsPage(db, actor.clientId, run.id, page);
      return { items: items.map(resultView), total, ...page };
    },

    /** A finished run's results as a stream (CSV through the platform's writer, or XLSX), read page by page. */
    async download(actor: Actor, runId: string, format: 'csv' | 'xlsx') {
      const run = await getRunRow(actor, runId);
      if (run.status !== 'done') throw validationRunNotDone();
      const pages = async function* () {
        let after = 0;
        for (;;) {
          const rows = await resultsAfter(db, run.clientId, run.id, after, 5000);
          if (rows.length === 0) return;
          yield rows.map(resultView);
          after = rows[rows.length - 1]!.row;
        }
      };
      const base = run.name.replace(/\.(csv|xlsx|txt)$/i, '').replace(/[^\w.-]+/g, '_') || 'validation';
      if (format === 'csv') {
        const stream = csvStream(COLUMNS);
        void (async () => {
          try {
            for await (const page of pages()) {
              for (const record of page) if (!stream.write(record)) await once(stream, 'drain');
            }
            stream.end();
          } catch (error) {
            stream.destroy(error as Error);
          }
        })();
        return { stream, contentType: 'text/csv; charset=utf-8', fileName: `${base}-validated.csv` };
      }
      const out = new PassThrough();
      const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet('Validation');
      sheet.columns = COLUMNS.map((key) => ({ header: key, key }));
      void (async () => {
        try {
          for await (const page of pages()) for (const record of page) sheet.addRow(record).commit();
          sheet.commit();
          await workbook.commit();
        } catch (error) {
          out.destroy(error as Error);
        }
      })();
      return {
        stream: out,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        fileName: `${base}-validated.xlsx`,
      };
    },
  };
}

export type Validation = ReturnType<typeof createValidation>;
