// Campaign dispatch to the sandbox (issue 14): notifications per second from due to sent, and the p50/p99
// wait from a row's due time to its send, on the embedded database and, with DATABASE_URL, on PostgreSQL.
// In process (the built server's modules): the dispatcher claims, renders and hands rows to messaging,
// which calls the SMS sandbox (its default latency, no failures) and records each outcome.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { percentile } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rows = Number(process.env.BENCH_ROWS ?? 20_000);
const chunkSize = Number(process.env.BENCH_CHUNK ?? 500);
const maxInFlight = Number(process.env.BENCH_IN_FLIGHT ?? 2_000);

if (process.env.BENCH_BUILD !== '0') {
  execSync('npm run build -w packages/contracts && npm run build -w apps/server', {
    cwd: root,
    stdio: 'ignore',
  });
}
const dist = (file) => path.join(root, 'apps/server/dist', file);
const { buildApp } = await import(dist('app.js'));
const { loadConfig } = await import(dist('config.js'));
const { openPglite, openPostgres } = await import(dist('platform/database.js'));
const { deriveKeys } = await import(dist('platform/secrets.js'));
const { seedDemo } = await import(dist('modules/demo/index.js'));
const { sql } = await import(path.join(root, 'node_modules/drizzle-orm/index.js'));

const SECRET = 'bench-secret-key-that-is-long-enough-0123456789';

// Statements sent to PostgreSQL while the dispatcher drains (every client of the pool goes through
// `Client.prototype.query`, BEGIN and COMMIT included): a figure that does not depend on the machine's load.
let statements = 0;
// BENCH_STATEMENT_TIMES=1: wall time from send to answer per statement shape (its first 70 characters),
// printed after the drain: where the round trips' time goes on the database side.
const statementTimes = process.env.BENCH_STATEMENT_TIMES === '1' ? new Map() : null;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  if (!statementTimes) return clientQuery.apply(this, args);
  const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '?');
  const shape = text.replace(/\s+/g, ' ').trim().slice(0, 70);
  const started = performance.now();
  const done = () => {
    const entry = statementTimes.get(shape) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += performance.now() - started;
    statementTimes.set(shape, entry);
  };
  // The pool's own `query` passes a callback (no promise): time that form too.
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last];
    args[last] = (...answer) => {
      done();
      return callback(...answer);
    };
  }
  const answer = clientQuery.apply(this, args);
  if (answer && typeof answer.then === 'function') answer.then(done, () => {});
  return answer;
};

let dbUrl = null;
async function openDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) return { kind: 'PGlite (embedded)', handle: await openPglite(undefined), drop: async () => {} };
  const name = `sapa_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  dbUrl = target.toString();
  return {
    kind: 'PostgreSQL',
    handle: await openPostgres(target.toString()),
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * CPU seconds (user + system) the PostgreSQL backends of the bench database have used so far, read from
 * /proc when the server runs on this machine (null otherwise): with the process's own CPU time, what a
 * notification costs whatever else the machine is doing.
 */
async function backendCpuSeconds(db) {
  if (!process.env.DATABASE_URL) return null;
  const { rows: pids } = await db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  let ticks = 0;
  for (const { pid } of pids) {
    const file = `/proc/${pid}/stat`;
    if (!existsSync(file)) return null;
    const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
  }
  return ticks / 100; // USER_HZ
}

/** The WAL position now (PostgreSQL only): bytes written per notification, whatever the machine's load. */
async function walLsn(db) {
  if (!process.env.DATABASE_URL) return null;
  const { rows: found } = await db.execute(sql`select pg_current_wal_lsn()::text as lsn`);
  return found[0].lsn;
}
async function walDiff(db, after, before) {
  const { rows: found } = await db.execute(
    sql`select pg_wal_lsn_diff(${after}::pg_lsn, ${before}::pg_lsn)::float8 as bytes`,
  );
  return Number(found[0].bytes);
}

/** Updates per table and how many were HOT (no index entries written), with each table's index count. */
async function printRowVersions(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { rows: tables } = await client.query(`
      select s.relname, n_tup_ins, n_tup_upd, n_tup_hot_upd,
        (select count(*) from pg_index i where i.indrelid = s.relid) as indexes,
        coalesce(io.heap_blks_hit, 0) + coalesce(io.heap_blks_read, 0) as heap_blocks,
        coalesce(io.idx_blks_hit, 0) + coalesce(io.idx_blks_read, 0) as index_blocks
      from pg_stat_user_tables s join pg_statio_user_tables io using (relid)
      where s.relname in ('campaign_notifications', 'campaign_attempts', 'messaging_outbound')
      order by s.relname`);
    // Buffer accesses (table and indexes) over the whole run, setup included: work done, whatever the load.
    for (const t of tables)
      process.stdout.write(
        `${t.relname}: ${(Number(t.n_tup_upd) / rows).toFixed(2)} updates per notification, ${t.n_tup_upd > 0 ? ((100 * Number(t.n_tup_hot_upd)) / Number(t.n_tup_upd)).toFixed(0) : 0} % HOT, ${t.indexes} indexes; buffer accesses per notification: ${(Number(t.heap_blocks) / rows).toFixed(1)} table, ${(Number(t.index_blocks) / rows).toFixed(1)} indexes\n`,
      );
  } finally {
    await client.end();
  }
}

const { kind, handle, drop } = await openDatabase();
const keys = deriveKeys(SECRET);
await seedDemo(handle.db, { keys });
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SECRET_KEY: SECRET,
  WEB_DIST: '/none',
});
const sapa = await buildApp({
  config,
  database: handle,
  keys,
  sandbox: {
    submitFailureRate: 0,
    deliveryFailureRate: 0,
    // BENCH_REPORT_DELAY_MS: when delivery reports come (default 2 s); a long one leaves them out of the timing.
    ...(process.env.BENCH_REPORT_DELAY_MS
      ? { reportDelayMs: Number(process.env.BENCH_REPORT_DELAY_MS) }
      : {}),
  },
  dispatch: { chunkSize, maxInFlight },
});
await sapa.app.ready();
try {
  const { rows: found } = await handle.db.execute(
    sql`select client_id from users where email = 'adc@demo.test'`,
  );
  const clientId = found[0].client_id;
  const batchId = crypto.randomUUID();
  await handle.db.execute(sql`
    insert into campaign_batches (client_id, id, source, channel, template, status, scheduled_at, started_at, created_by)
    values (${clientId}, ${batchId}, 'upload', 'SMS',
      ${JSON.stringify({ channel: 'SMS', text: 'Halo {{name}}, tagihan Anda {{amount}} jatuh tempo besok.' })}::jsonb,
      'running', now(), now(), 'bench')`);
  const due = new Date();
  await handle.db.execute(sql`
    insert into campaign_notifications (client_id, id, batch_id, row_no, channel, recipient, params, due_at)
    select ${clientId}, gen_random_uuid(), ${batchId}, n + 1, 'SMS', (6281300000000 + n)::text,
      jsonb_build_object('name', 'Pelanggan ' || n, 'amount', 'Rp ' || (n * 1000)), ${due}
    from generate_series(1, ${rows}) as n`);

  const walBefore = await walLsn(handle.db);
  const started = performance.now();
  const pgBefore = await backendCpuSeconds(handle.db);
  const cpuBefore = process.cpuUsage();
  statements = 0;
  // BENCH_ANALYZE_EVERY_MS: ANALYZE the three tables this often during the drain, as autovacuum would
  // on a server where it runs (it is off on this machine's PostgreSQL: no table ever gets statistics,
  // and the set statements' plans then read the client's whole ledger; bench/README.md, decision 0070).
  const analyzeEvery = Number(process.env.BENCH_ANALYZE_EVERY_MS ?? 0);
  let analyzing = Promise.resolve();
  const analyzer =
    analyzeEvery > 0 && process.env.DATABASE_URL
      ? setInterval(() => {
          analyzing = analyzing.then(() =>
            handle.db
              .execute(sql`analyze campaign_notifications, messaging_outbound, campaign_attempts`)
              .then(() => undefined),
          );
        }, analyzeEvery)
      : null;
  await sapa.dispatcher.drain();
  if (analyzer) clearInterval(analyzer);
  await analyzing;
  const seconds = (performance.now() - started) / 1000;
  const drainStatements = statements;
  const cpu = process.cpuUsage(cpuBefore);
  const nodeMs = (cpu.user + cpu.system) / 1000 / rows;
  const pgAfter = await backendCpuSeconds(handle.db);
  const walSent = await walLsn(handle.db);
  const pgMs = pgBefore !== null && pgAfter !== null ? ((pgAfter - pgBefore) * 1000) / rows : null;
  // The delivery reports (2 s after each send) are part of each notification's cost: wait for them too.
  if (!process.env.BENCH_REPORT_DELAY_MS) {
    await sapa.sandbox.settle();
    await sapa.messaging.settle();
  }
  const allStatements = statements;
  const walAll = await walLsn(handle.db);
  const { rows: waits } = await handle.db.execute(sql`
    select extract(epoch from (sent_at - due_at)) * 1000 as ms, status from campaign_notifications
    where client_id = ${clientId} and batch_id = ${batchId}`);
  const sent = waits.filter((row) => row.ms !== null);
  const latencies = sent.map((row) => Number(row.ms)).sort((a, b) => a - b);
  const { rows: batch } = await handle.db.execute(
    sql`select status from campaign_batches where id = ${batchId}`,
  );
  process.stdout.write(
    [
      `Sapa campaign dispatch: ${rows} SMS rows, chunk ${chunkSize}, in flight ≤ ${maxInFlight}, ${os.cpus().length} cores, Node ${process.version}, ${kind}`,
      `sent ${sent.length} of ${rows} in ${seconds.toFixed(1)} s: ${(sent.length / seconds).toFixed(0)} notifications/s; batch ${batch[0].status}`,
      kind === 'PostgreSQL'
        ? `statements per notification: ${(drainStatements / rows).toFixed(2)} until sent, ${(allStatements / rows).toFixed(2)} with the delivery reports`
        : 'statements per notification: counted on PostgreSQL only',
      `CPU per notification until sent: ${(nodeMs * 1000).toFixed(0)} µs in Node${pgMs !== null ? `, ${(pgMs * 1000).toFixed(0)} µs in PostgreSQL backends` : ''}` +
        (pgMs !== null
          ? `; on ${os.cpus().length} idle cores that bounds the rate near ${Math.min(1000 / nodeMs, (os.cpus().length * 1000) / (nodeMs + pgMs)).toFixed(0)}/s`
          : ''),
      walBefore !== null
        ? `WAL per notification (${walBefore} → ${walAll}): ${((await walDiff(handle.db, walSent, walBefore)) / rows).toFixed(0)} bytes until sent, ${((await walDiff(handle.db, walAll, walBefore)) / rows).toFixed(0)} with the delivery reports`
        : 'WAL per notification: measured on PostgreSQL only',
      ...(statementTimes
        ? [
            'statement wall time (all of the run, ms per 1,000 notifications · count):',
            ...[...statementTimes]
              .sort((a, b) => b[1].ms - a[1].ms)
              .slice(0, 24)
              .map(
                ([shape, e]) =>
                  `  ${((e.ms * 1000) / rows).toFixed(1).padStart(8)} · ${String(e.count).padStart(5)}  ${shape}`,
              ),
          ]
        : []),
      `due → sent: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms`,
      '',
    ].join('\n'),
  );
} finally {
  await sapa.app.close();
  await handle.close();
  // Row versions per table, read once every backend of the run has exited (they flush their counters then).
  if (process.env.DATABASE_URL) await printRowVersions(dbUrl).catch(() => {});
  // BENCH_KEEP_DB=1 keeps the PostgreSQL database (its name printed) for EXPLAIN of the statements above.
  if (process.env.BENCH_KEEP_DB === '1' && dbUrl) process.stdout.write(`kept ${dbUrl}\n`);
  else await drop();
}
