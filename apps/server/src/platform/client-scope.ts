import { type AnyColumn, and, eq, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A table, or an alias of one, that holds one client's rows: it has a `clientId` column. */
export type ClientTable = { clientId: AnyColumn };

/**
 * The client filter every query on a tenant table starts from (ARCHITECTURE §5, decision 0027):
 * `table.client_id = clientId` and the given conditions. `clientId` is the client's id, a prepared
 * query's placeholder, or another table's `clientId` column in a join, which keeps both sides in one
 * client. Conditions left `undefined` are skipped, as in `and`.
 *
 * A repository function on a tenant table filters through this (the architecture test checks it);
 * one that deliberately reads or writes across clients is named `unsafe…` and says why.
 */
export function inClient(
  table: ClientTable,
  clientId: string | SQLWrapper,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.clientId, clientId), ...conditions)!;
}
