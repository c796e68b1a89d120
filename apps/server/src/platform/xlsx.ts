import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { AppError } from './errors.js';

/**
 * ExcelJS and its zip libraries, loaded on first use: a tenth of the server's import time at start,
 * needed only by imports and exports (issue 19 goal 4).
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/** A cell of a worksheet as a row reader hands it on: text, a number, a date or a boolean. */
export type XlsxCell = string | number | boolean | Date | null;

export const invalidXlsx = (reason: string) =>
  new AppError(400, 'invalid_xlsx', `The workbook cannot be read: ${reason}`);

/** What ExcelJS hands for a cell: rich text, a link or a formula become their shown value. */
function plain(value: unknown): XlsxCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (Array.isArray(object.richText))
      return (object.richText as { text?: unknown }[]).map((part) => String(part.text ?? '')).join('');
    if ('result' in object) return plain(object.result);
    if ('text' in object) return plain(object.text);
    if ('error' in object) return null;
  }
  return String(value);
}

/**
 * The rows of a workbook's first sheet as it streams (ExcelJS's streaming reader: rows are never all in
 * memory), keyed by the header row's names, each with its sheet row number. `onHeader` hears the
 * columns first. A file that is not a workbook throws `invalid_xlsx`.
 */
export async function* readXlsxRows(
  input: Readable,
  onHeader: (columns: string[]) => void,
): AsyncGenerator<{ row: number; record: Record<string, XlsxCell> }> {
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let columns: string[] | null = null;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as unknown[]).slice(1).map(plain);
        if (values.every((value) => value === null || value === '')) continue;
        if (!columns) {
          columns = values.map((value) => (value === null ? '' : String(value).trim()));
          onHeader(columns);
          continue;
        }
        const record: Record<string, XlsxCell> = {};
        columns.forEach((column, index) => {
          if (column) record[column] = values[index] ?? null;
        });
        yield { row: row.number, record };
      }
      // The first sheet only: a workbook's other sheets are notes, totals, lookups.
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidXlsx(error instanceof Error ? error.message : 'unknown error');
  }
  if (!columns) onHeader([]);
}
