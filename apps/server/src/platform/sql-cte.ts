import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Every column of `table`, read from a CTE built on it (`insert … returning()`), for use as one nested
 * object in a select. Drizzle's own `select({ x: cte })` selects the whole row as a record, which it
 * cannot map back to fields.
 */
export function cteColumns<TCte extends { _: { selectedFields: object } }>(
  cte: TCte,
  table: Table,
): TCte['_']['selectedFields'] {
  const fields = cte as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, fields[key]])) as never;
}
