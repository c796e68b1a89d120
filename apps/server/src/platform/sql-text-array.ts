import { type SQL, sql } from 'drizzle-orm';

/**
 * A text[] literal with one parameter per element. Drizzle expands a JS array inside `sql` into a
 * parenthesised list, which PostgreSQL reads as a record, not an array.
 */
export function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}
