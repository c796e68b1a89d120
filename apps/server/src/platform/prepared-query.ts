import type { Database } from './database.js';

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
