import { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { withPreparedStatements } from './pglite-statements.js';
import { PipelinedClient } from './postgres-pipeline.js';
import { fromServerRoot } from './server-root.js';

/**
 * One Drizzle type for both drivers. PGlite's and node-postgres' databases share the PgDatabase API
 * (queries, transactions, `execute` answering `{ rows }`), so the app is written once against this.
 * No schema is registered: the app uses the query builder, not relational queries (`db.query.…`), so
 * platform needs no module's tables (the aggregate for drizzle-kit is `src/schema.ts`).
 */
export type Database = NodePgDatabase;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Database | Transaction;

/** Drizzle's transactions can roll back; databases cannot. */
export function isTransaction(executor: Executor): executor is Transaction {
  return 'rollback' in executor;
}

/** Raw SQL for pg-boss, which brings its own queries. */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

/**
 * Subscribes to a PostgreSQL NOTIFY channel; answers the function that unsubscribes. Notifications
 * sent while the listening connection was down are lost: `onReconnect` runs once listening again, so
 * the caller can catch up from its own records.
 */
export type NotificationListener = (
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<() => Promise<void>>;

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Database;
  sql: SqlExecutor;
  listen: NotificationListener;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fromServerRoot(import.meta.url, 'drizzle');

/** `dataDir` undefined means in-memory (tests). */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const client = await PGlite.create(dataDir ?? 'memory://');
  // Each statement text parsed and planned once, then run in one call into the backend (decision 0068);
  // migrations keep PGlite's own path (run once, some with several statements a chunk).
  const statements = withPreparedStatements(client);
  const db = drizzlePglite({ client: statements as unknown as PGlite }) as unknown as Database;
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    sql: {
      // PGlite's `query` takes one statement with parameters; pg-boss also sends parameterless scripts.
      async executeSql(text, values) {
        // No turn of the event loop between pg-boss's statements: see `queryWithoutTurn`.
        if (values && values.length > 0) return statements.queryWithoutTurn(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    async listen(channel, onPayload) {
      return client.listen(channel, onPayload);
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
  };
}

const POOL_SIZE = 10;

/**
 * `keepWarm` (the serving process): the pool opens all its connections at start and keeps them when
 * idle. A backend opened during a burst costs its connection, then a cold catalog cache and a first
 * parse of every prepared statement; on the webhook bench the first burst's arrivals waited 100–350 ms
 * for that, and pg-pool's 10-second idle timeout made every lull end cold again.
 */
export async function openPostgres(url: string, { keepWarm = false } = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    min: keepWarm ? POOL_SIZE : 0,
    application_name: 'sapa',
    // A transaction's BEGIN rides with its first statement; its last statement can carry the COMMIT.
    Client: PipelinedClient as unknown as pg.PoolConfig['Client'],
  });
  // The server can end an idle pooled connection (restart, failover, a terminated backend): the pool
  // drops that client and the next query opens a new one. Unheard, the pool's error would end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool });
  await migratePg(db, { migrationsFolder });
  if (keepWarm) {
    const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
    for (const client of clients) client.release();
  }
  return {
    kind: 'postgres',
    db,
    sql: {
      async executeSql(text, values) {
        return pool.query(text, values as unknown[] | undefined);
      },
    },
    async listen(channel, onPayload, onReconnect) {
      // LISTEN holds its connection for good, so it gets its own client outside the pool, and a new
      // one whenever that connection drops (server restart, failover, idle kill).
      let listener: pg.Client | null = null;
      let stopped = false;
      let retryMs = 500;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url, application_name: 'sapa-listen' });
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        next.on('error', () => undefined);
        next.on('end', () => {
          if (stopped || listener !== next) return;
          listener = null;
          setTimeout(() => void reconnect(), retryMs).unref();
        });
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        listener = next;
      };
      const reconnect = async () => {
        if (stopped) return;
        try {
          await connect();
          retryMs = 500;
          onReconnect?.();
        } catch {
          retryMs = Math.min(retryMs * 2, 10_000);
          setTimeout(() => void reconnect(), retryMs).unref();
        }
      };
      await connect();
      return async () => {
        stopped = true;
        await listener?.end().catch(() => undefined);
      };
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}
