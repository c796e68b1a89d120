import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, isTransaction } from './database.js';
import { PipelinedClient } from './postgres-pipeline.js';

const cache = new WeakMap<Database, Map<string, unknown>>();

/**
 * A hot query prepared once per database. On PGlite building a Drizzle query costs more than running
 * it, so queries that run on every request are built once and executed with placeholders.
 */
export function preparedQuery<T>(db: Database, name: string, build: (db: Database) => T): T {
  let queries = cache.get(db);
  if (!queries) {
    queries = new Map();
    cache.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (!query) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}

/** What Drizzle keeps on a database or transaction at run time (not in its public types). */
type Internals = { dialect: object; session: { client: unknown } };
const byDialect = new WeakMap<object, Map<string, { client: unknown }>>();

/**
 * `preparedQuery` for a query that also runs inside transactions (the webhook's arrival): built once
 * per database dialect, then run on the connection of the executor given, the transaction's own
 * when it is one. Building a Drizzle query costs more CPU than PostgreSQL spends running most of
 * them, and the named statement is parsed and planned once per connection (decision 0059).
 */
export function preparedOn<T extends object>(
  executor: Executor,
  name: string,
  build: (db: Executor) => T,
): T {
  const { dialect, session } = executor as unknown as Internals;
  let queries = byDialect.get(dialect);
  if (!queries) {
    queries = new Map();
    byDialect.set(dialect, queries);
  }
  let query = queries.get(name) as (T & { client: unknown }) | undefined;
  if (!query) {
    query = build(executor) as T & { client: unknown };
    queries.set(name, query);
  }
  if (query.client === session.client) return query;
  // The same statement on this executor's connection: only `client` differs.
  return Object.create(query, { client: { value: session.client } }) as T;
}

/**
 * A row's defined fields as placeholders, and a short name for that set of fields: a prepared insert
 * is one statement per shape of row (a field left undefined takes the column's default, as in Drizzle;
 * a null one is written as null in the statement, since a column's encoder cannot take null).
 */
export function rowShape<R extends Record<string, unknown>>(row: R) {
  const keys = Object.keys(row)
    .filter((key) => row[key] !== undefined)
    .sort();
  const placeholders = Object.fromEntries(
    keys.map((key) => [key, row[key] === null ? null : sql.placeholder(key)]),
  ) as { [K in keyof R]: ReturnType<typeof sql.placeholder> | null };
  let hash = 2166136261;
  for (const char of keys.map((key) => (row[key] === null ? `${key}=null` : key)).join(','))
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return { key: (hash >>> 0).toString(36), placeholders };
}

type RawPreparing = {
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): {
      execute(values: Record<string, unknown>): Promise<unknown>;
      rawQueryConfig?: { name?: string; text: string };
      params?: unknown[];
      client?: unknown;
    };
  };
};

/**
 * A raw SQL statement (`sql.placeholder` for its values) run like `preparedOn`: built once per database
 * and named, so PostgreSQL parses and plans it once per connection (the arrival's routing lock and
 * publish, decision 0067). Answers the driver's result (`rows`, as objects).
 *
 * `commit`: the statement is the last of the caller's transaction, and on PostgreSQL the COMMIT is
 * written with it (decision 0082); nothing may run in the transaction after it. A statement may then
 * decline by raising `DECLINED_LAST_STATEMENT`. Elsewhere (the embedded database, no transaction) it
 * runs as usual and the transaction commits as usual.
 */
export async function runPreparedSql<R>(
  executor: Executor,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
  { commit = false } = {},
): Promise<{ rows: R[] }> {
  const query = preparedOn(executor, name, (db) => {
    const { dialect, session } = db as unknown as RawPreparing;
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
  });
  if (commit && isTransaction(executor) && query.client instanceof PipelinedClient && query.rawQueryConfig) {
    const params = fillPlaceholders(query.params ?? [], values);
    return (await query.client.queryThenCommit(query.rawQueryConfig, params)) as { rows: R[] };
  }
  return (await query.execute(values)) as { rows: R[] };
}
