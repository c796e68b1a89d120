import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { type Stringifier, stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { AppError } from './errors.js';

/**
 * The one CSV writer of the server: every export goes through it, so every export escapes alike.
 *
 * A cell a spreadsheet would read as a formula (OWASP "CSV injection": starting with `=`, `+`, `-`,
 * `@`, tab or carriage return) is prefixed with a single quote, so it shows as text and never runs.
 * Quotes, delimiters and line breaks are quoted by csv-stringify (RFC 4180).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const options = {
  header: true,
  cast: {
    string: neutraliseCell,
    // Dates as ISO text; numbers and booleans cannot start a formula as values.
    date: (value: Date) => value.toISOString(),
  },
} as const;

export type CsvRecord = Record<string, string | number | boolean | Date | null | undefined>;

/** A whole CSV document with a header row; `columns` fixes the order (and the header when empty). */
export function writeCsv(records: readonly CsvRecord[], columns?: readonly string[]): string {
  return stringifySync(records as CsvRecord[], { ...options, ...(columns ? { columns: [...columns] } : {}) });
}

/** A streaming writer for large exports: write records into it, pipe it to the response. */
export function csvStream(columns: readonly string[]): Stringifier {
  return stringify({ ...options, columns: [...columns] });
}

/** A file that is not a CSV we can read: 400 with the row (file line) and the reason, never a 500. */
export const invalidCsv = (row: number, reason: string, more: { row: number; reason: string }[] = []) =>
  new AppError(
    400,
    'invalid_csv',
    `Row ${row}: ${reason}`,
    [{ row, reason }, ...more].map((issue) => ({ path: `row.${issue.row}`, message: issue.reason })),
  );

function lineOfByte(file: Buffer, index: number) {
  let line = 1;
  for (let at = 0; at < index; at++) if (file[at] === 0x0a) line++;
  return line;
}

/** The file as text, or `invalid_csv` for compressed, binary or non-UTF-8 content. */
export function decodeCsvFile(file: Buffer): string {
  if (file[0] === 0x1f && file[1] === 0x8b)
    throw invalidCsv(1, 'the file is gzip-compressed; upload the CSV itself');
  const nul = file.indexOf(0);
  if (nul !== -1)
    throw invalidCsv(lineOfByte(file, nul), 'the file holds a NUL byte (binary data is not CSV)');
  try {
    // A byte-order mark is dropped by the decoder.
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    const loose = new TextDecoder('utf-8').decode(file);
    const bad = loose.indexOf('\uFFFD');
    throw invalidCsv(loose.slice(0, Math.max(bad, 0)).split('\n').length, 'the file is not UTF-8 text');
  }
}

/** Text fed to the parser between two turns of the event loop (about 150 short rows). */
const SLICE = 8 * 1024;

/**
 * The records of an uploaded CSV with a header row, each with its row (the file line it ends on).
 * The text is fed to the parser a slice at a time with a turn of the event loop between slices, so a
 * large file never holds other requests; malformed input (unbalanced quotes, ragged rows, binary)
 * throws `invalid_csv` with the row.
 */
export async function* readCsvRecords(
  file: Buffer,
): AsyncGenerator<{ row: number; record: Record<string, string> }> {
  const text = decodeCsvFile(file);
  const parsed: { row: number; record: Record<string, string> }[] = [];
  let failure: unknown = null;
  const parser = parse({
    columns: true,
    skip_empty_lines: true,
    trim: true,
    // The context's line count is read without copying it per record (as `info: true` would).
    on_record: (record: Record<string, string>, context: { lines: number }) => ({
      row: context.lines,
      record,
    }),
  });
  parser.on('data', (entry: { row: number; record: Record<string, string> }) => parsed.push(entry));
  parser.on('error', (error) => {
    failure = error;
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', () => resolve());
  });
  const fail = (count: number) => {
    if (failure instanceof CsvError)
      throw invalidCsv((failure as CsvError & { lines?: number }).lines ?? count + 1, failure.message);
    throw failure;
  };
  let count = 0;
  for (let at = 0; at < text.length && !failure; at += SLICE) {
    parser.write(text.slice(at, at + SLICE));
    count += parsed.length;
    yield* parsed.splice(0);
    await nextTurn();
  }
  if (!failure) parser.end();
  await ended;
  if (failure) fail(count);
  yield* parsed.splice(0);
}

/** The bytes of an uploaded CSV as text, refusing what is not UTF-8 text (gzip, zip, invalid bytes). */
async function* decodeCsvStream(input: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  let line = 1;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (first && bytes.length > 0) {
      first = false;
      if (bytes[0] === 0x1f && bytes[1] === 0x8b)
        throw invalidCsv(1, 'the file is gzip-compressed; upload the CSV itself');
    }
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      const loose = new TextDecoder('utf-8').decode(bytes);
      const before = loose.slice(0, Math.max(loose.indexOf('\uFFFD'), 0));
      throw invalidCsv(line + before.split('\n').length - 1, 'the file is not UTF-8 text');
    }
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) line++;
    yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw invalidCsv(line, 'the file ends inside a UTF-8 character');
  }
}

/** The longest record read: a hostile file with one endless cell stops here, not at the memory limit. */
const MAX_RECORD_BYTES = 1024 * 1024;

/**
 * The records of a CSV read as it streams (a file of any size is never whole in memory), each with its
 * row (the file line it ends on; the header is row 1). `onHeader` hears the columns first. Rows with
 * fewer or more cells than the header are kept (their missing cells are absent): the caller decides
 * about them row by row. A file that is not CSV text throws `invalid_csv` with the row.
 */
export async function* readCsvStream(
  input: AsyncIterable<Buffer | string>,
  onHeader: (columns: string[]) => void,
): AsyncGenerator<{ row: number; record: Record<string, string> }> {
  const parser = parse({
    columns: (header: unknown[]) => {
      const columns = header.map((column) => String(column ?? ''));
      onHeader(columns);
      return columns;
    },
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: MAX_RECORD_BYTES,
    on_record: (record: Record<string, string>, context: { lines: number }) => ({
      row: context.lines,
      record,
    }),
  });
  const source = Readable.from(decodeCsvStream(input));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const entry of parser as AsyncIterable<{ row: number; record: Record<string, string> }>)
      yield entry;
  } catch (error) {
    if (error instanceof CsvError)
      throw invalidCsv((error as CsvError & { lines?: number }).lines ?? 1, error.message);
    throw error;
  } finally {
    source.destroy();
  }
}
