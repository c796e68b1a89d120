// OTP request + verify throughput and p99 through the public API, and offline validation rows/s for a
// large CSV (issue 15). On PostgreSQL (DATABASE_URL: a fresh database is created beside it and dropped
// after) or the embedded database. Absolute figures depend on the machine.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const otps = Number(process.env.BENCH_OTPS ?? 20_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);

if (process.env.BENCH_BUILD !== '0') {
  execSync('npm run build -w packages/contracts && npm run build -w apps/server', {
    cwd: root,
    stdio: 'ignore',
  });
}

// A fresh PostgreSQL database for the run, so limits and counters start from nothing.
let databaseUrl = null;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `sapa_bench_otp_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const dropper = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
}

const { base, stop } = await startServer({
  name: 'otp',
  readySeconds: 300,
  env: databaseUrl
    ? { DATABASE_URL: databaseUrl, SECRET_KEY: randomBytes(32).toString('hex'), SEED_DEMO: 'true' }
    : {},
});

/** One autocannon run of `amount` requests, each built by `next(i)`; answers the result and each answer's body. */
function run(title, amount, next, onBody) {
  let sent = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        title,
        url: base,
        connections,
        amount,
        requests: [
          {
            setupRequest: (request) => ({ ...request, ...next(sent++) }),
            onResponse: (status, body) => onBody?.(status, body),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'adc@demo.test', password: 'Demo#2026' }),
  });
  const { token } = await login.json();
  const admin = { authorization: `Bearer ${token}`, 'x-csrf-token': login.headers.get('x-csrf-token') };
  const { apiSecret } = await (
    await fetch(`${base}/api/clients/apiSecret`, { method: 'POST', headers: admin })
  ).json();
  // Limits high enough for the run: one client sending to many numbers of one prefix is the bench, not fraud.
  await fetch(`${base}/api/otp/settings`, {
    method: 'PUT',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({
      maxChecks: 5,
      sendsPerWindow: 5,
      windowSeconds: 600,
      dailyCap: 10_000_000,
      fallbackChannels: [],
      fallbackAfterSeconds: 30,
      prefixBurstPerMinute: 1_000_000,
      prefixBlockSeconds: 300,
    }),
  });
  const api = { authorization: `Bearer ${apiSecret}`, 'content-type': 'application/json' };

  // Requests: each a new destination, with the tenant's own code so the verify phase knows it.
  const ids = [];
  const requested = await run(
    'POST /api/v1/otp/request',
    otps,
    (i) => ({
      method: 'POST',
      path: '/api/v1/otp/request',
      headers: api,
      body: JSON.stringify({ destination: `0812${String(10_000_000 + i)}`, channel: 'sms', code: '482913' }),
    }),
    (status, body) => {
      if (status === 200) ids.push(JSON.parse(body).requestId);
    },
  );
  // Verifications: each request checked once with its right code (approved), in two halves. The first
  // starts at once, while the request phase's sends and delivery reports are still being worked off
  // (send jobs start 5 s after each request); the second after that backlog has drained, so it measures
  // verification alone (the goal's figure). Each half's transactions come from pg_stat_database.
  let approved = 0;
  const verify = (title, from, to) =>
    run(
      title,
      to - from,
      (i) => ({
        method: 'POST',
        path: '/api/v1/otp/verify',
        headers: api,
        body: JSON.stringify({ requestId: ids[from + (i % (to - from))], code: '482913' }),
      }),
      (status, body) => {
        if (status === 200 && JSON.parse(body).valid) approved++;
      },
    );
  const stats = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await stats?.connect();
  /** Committed transactions and rows written in the bench's database so far (null on the embedded one). */
  const counted = async () => {
    if (!stats) return null;
    // Backends report their counts at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await stats.query('select pg_stat_clear_snapshot()');
    const { rows } = await stats.query(
      'select xact_commit::int as xacts, (tup_inserted + tup_updated)::int as writes from pg_stat_database where datname = current_database()',
    );
    return rows[0];
  };
  const half = Math.floor(ids.length / 2);
  const beforeBusy = await counted();
  const approvedBefore = approved;
  const verifiedBusy = await verify('POST /api/v1/otp/verify (during send backlog)', 0, half);
  const okBusy = approved - approvedBefore;
  const afterBusy = await counted();
  // The backlog: queued, retried and running sends, fallbacks and sandbox reports (a slow cron job of
  // another module does not count).
  const drainStarted = performance.now();
  let backlog = 0;
  for (;;) {
    if (!stats) {
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      break;
    }
    const { rows } = await stats.query(
      "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and (name in ('messaging.send', 'otp.fallback') or name like '%sandbox%')",
    );
    backlog = rows[0].n;
    if (backlog === 0 || performance.now() - drainStarted > 300_000) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  const beforeAlone = await counted();
  const approvedAlone = approved;
  const verifiedAlone = await verify('POST /api/v1/otp/verify (alone)', half, ids.length);
  const okAlone = approved - approvedAlone;
  const afterAlone = await counted();
  await stats?.end();
  const perCheck = (before, after, result) =>
    before && after
      ? `   per verification: ${((after.xacts - before.xacts) / result.requests.total).toFixed(2)} transactions, ${((after.writes - before.writes) / result.requests.total).toFixed(2)} rows written`
      : '';

  // Validation: a CSV of `rows` numbers (valid and not, some repeated) uploaded from the portal; 0 skips it.
  let validation = null;
  let seconds = 0;
  if (rows > 0) {
    const lines = ['phone'];
    for (let i = 0; i < rows; i++)
      lines.push(i % 50 === 49 ? 'not a number' : `+62812${String(10_000_000 + (i % 900_000))}`);
    const form = new FormData();
    form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'bench.csv');
    const started = performance.now();
    const upload = await fetch(`${base}/api/validation/runs/upload`, {
      method: 'POST',
      headers: admin,
      body: form,
    });
    const { id } = await upload.json();
    for (;;) {
      validation = await (await fetch(`${base}/api/validation/runs/${id}`, { headers: admin })).json();
      if (validation.status === 'done' || validation.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    seconds = (performance.now() - started) / 1000;
  }

  const row = (name, result, ok) =>
    `${name.padEnd(26)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ok ${ok}/${result.requests.total}   non-2xx ${result.non2xx}`;
  process.stdout.write(
    [
      `Sapa OTP bench: ${databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)'}, ${connections} connections, ${os.cpus().length} cores, Node ${process.version}`,
      row('POST /api/v1/otp/request', requested, ids.length),
      row('verify, during backlog', verifiedBusy, okBusy) + perCheck(beforeBusy, afterBusy, verifiedBusy),
      `(backlog drained in ${drainSeconds.toFixed(1)} s${backlog ? `, ${backlog} jobs still queued` : ''})`,
      row('verify, alone (goal)', verifiedAlone, okAlone) + perCheck(beforeAlone, afterAlone, verifiedAlone),
      `load average at the end: ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
      validation &&
        `validation of ${rows.toLocaleString('en')} CSV rows: ${validation.status} in ${seconds.toFixed(1)} s = ${Math.round(validation.processed / seconds).toLocaleString('en')} rows/s (valid ${validation.valid}, invalid ${validation.invalid}, duplicates ${validation.duplicates})`,
      '',
    ]
      .filter((line) => line !== null)
      .join('\n'),
  );
} finally {
  await stop();
  await dropDatabase();
}
