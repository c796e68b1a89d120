import { type Stringifier, stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

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
