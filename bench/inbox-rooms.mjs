// Room list throughput with 100k rooms, next to a bare route on the same server, in one run.
// The rooms are written before the server starts (the embedded database has one owner at a time),
// through the app's own schema, then `GET /api/cs/chatRoom` is measured for an admin and an agent.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, measure, waitReady } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => path.join(root, 'apps/server/dist', file);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const roomCount = Number(process.env.BENCH_ROOMS ?? 100_000);
// Issue 19 goal 2: p99 at a fixed request rate, beside the closed-loop throughput.
const fixedRate = Number(process.env.BENCH_RATE ?? 500);

const { openPglite, openPostgres } = await import(dist('platform/database.js'));
const { seedDemo } = await import(dist('modules/demo/index.js'));
const schema = await import(dist('schema.js'));
const { newId } = await import(dist('lib/ids.js'));

/** 100k customers, each with one room: 80% closed history, 15% open with the two demo agents, 5% queued. */
async function writeRooms(database) {
  const { db } = database;
  const { eq, sql } = await import('drizzle-orm');
  // A PostgreSQL database that already holds the rooms (an earlier run's) is measured as it is, so
  // before/after pairs compare the same data without writing it again.
  const [{ rooms: existing }] = (await db.execute(sql`select count(*)::int as rooms from cs_rooms`)).rows;
  if (existing >= roomCount) {
    await db.execute(sql`analyze`);
    return;
  }
  await seedDemo(db, { inbox: true });
  const [adc] = await db.select().from(schema.users).where(eq(schema.users.email, 'adc@demo.test'));
  const agents = await db.select().from(schema.csAgents).where(eq(schema.csAgents.kind, 'cs'));
  const clientId = adc.clientId;
  const [counter] = await db
    .select()
    .from(schema.csRoomCounters)
    .where(eq(schema.csRoomCounters.clientId, clientId));
  let shortId = counter?.lastShortId ?? 0;
  const now = Date.now();
  const batch = 2_000;
  for (let start = 0; start < roomCount; start += batch) {
    const customers = [];
    const rooms = [];
    for (let i = start; i < Math.min(start + batch, roomCount); i++) {
      // Spread over 90 days, oldest first, so ids stay time-ordered.
      const createdAt = new Date(now - 90 * 86_400_000 + Math.floor((i / roomCount) * 90 * 86_400_000));
      const phone = `62899${String(i).padStart(8, '0')}`;
      const customerId = newId(createdAt.getTime());
      customers.push({
        clientId,
        id: customerId,
        phoneNumber: phone,
        name: `Bench customer ${i}`,
        createdAt,
        updatedAt: createdAt,
      });
      const kind = i % 20;
      const status = kind < 16 ? 'closed' : kind < 19 ? 'open' : 'queued';
      const csId = status === 'queued' ? null : agents[i % agents.length].id;
      rooms.push({
        clientId,
        id: newId(createdAt.getTime()),
        shortId: ++shortId,
        customerId,
        customerPhoneNumber: phone,
        customerName: `Bench customer ${i}`,
        status,
        csId,
        tags: i % 3 === 0 ? ['billing'] : ['sales'],
        priority: String(i % 3),
        lastMessageAt: createdAt,
        lastMessagePreview: 'Halo, saya mau tanya soal pesanan',
        lastMessageFromCs: false,
        closedAt: status === 'closed' ? new Date(createdAt.getTime() + 3_600_000) : null,
        createdAt,
      });
    }
    await db.insert(schema.csCustomers).values(customers);
    await db.insert(schema.csRooms).values(rooms);
  }
  await db
    .insert(schema.csRoomCounters)
    .values({ clientId, lastShortId: shortId })
    .onConflictDoUpdate({ target: schema.csRoomCounters.clientId, set: { lastShortId: shortId } });
  // Fresh statistics, as after any bulk import: PGlite runs no autovacuum to gather them itself.
  await db.execute(sql`analyze`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-bench-'));
const started = Date.now();
const database = process.env.DATABASE_URL
  ? await openPostgres(process.env.DATABASE_URL)
  : await openPglite(path.join(dataDir, 'pglite'));
await writeRooms(database);
await database.close();
const writeSeconds = ((Date.now() - started) / 1000).toFixed(1);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
// `BENCH_SERVER_MAIN` runs another build (a before/after comparison from one checkout).
const server = spawn(
  process.execPath,
  [...nodeArgs, process.env.BENCH_SERVER_MAIN ?? dist('main.js'), 'serve'],
  {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
try {
  await waitReady(base, 120);
  const tokenOf = async (username) => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Demo#2026' }),
    });
    return (await login.json()).token;
  };
  const admin = { authorization: `Bearer ${await tokenOf('adc@demo.test')}` };
  const agent = { authorization: `Bearer ${await tokenOf('usc@demo.test')}` };
  const rooms = `${base}/api/cs/chatRoom?pageSize=10`;
  // Warm up every path before measuring.
  await fetch(`${base}/healthz`);
  const first = await (await fetch(rooms, { headers: admin })).json();
  await fetch(`${rooms}&lastEvaluatedKey=${first.lastEvaluatedKey}`, { headers: admin });
  await fetch(rooms, { headers: agent });

  // Statements per request on PostgreSQL: committed transactions of this database over 200 sequential
  // calls, less those of the same time spent on the bare route (the background's: pg-boss, polls).
  let statements = null;
  if (process.env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    const stats = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await stats.connect();
    const commits = async () => {
      // Statistics reach the view when a backend reports them, at most every second or so.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const { rows } = await stats.query(
        'select xact_commit::bigint as n from pg_stat_database where datname = current_database()',
      );
      return Number(rows[0].n);
    };
    const calls = 200;
    const run = async (url, headers) => {
      const before = await commits();
      const t0 = Date.now();
      for (let i = 0; i < calls; i++) await (await fetch(url, { headers })).arrayBuffer();
      return { commits: (await commits()) - before, ms: Date.now() - t0 };
    };
    const bareRun = await run(`${base}/healthz`, {});
    const listRun = await run(rooms, admin);
    // The background's commits scale with time: 1.5 s of settling twice plus the calls themselves.
    const background = (run) => (bareRun.commits * (run.ms + 3_000)) / (bareRun.ms + 3_000);
    statements = {
      bare: bareRun.commits / calls,
      list: Math.max(0, listRun.commits - background(listRun)) / calls,
    };
    await stats.end();
  }

  const load = { connections, seconds };
  // The server's own CPU per request (Linux /proc): load inflates it less than it does rates.
  const cpuMicros = () => {
    try {
      const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
    } catch {
      return null;
    }
  };
  const measured = async (title, url, options) => {
    const before = cpuMicros();
    const result = await measure(title, url, options);
    const after = cpuMicros();
    result.cpuPerRequest =
      before === null || after === null || !result.requests.total
        ? null
        : (after - before) / result.requests.total;
    return result;
  };
  const bare = await measured('GET /healthz', `${base}/healthz`, load);
  const asAdmin = await measured('GET /api/cs/chatRoom (admin)', rooms, { ...load, headers: admin });
  const asAgent = await measured('GET /api/cs/chatRoom (agent)', rooms, { ...load, headers: agent });
  const nextPage = await measure(
    'GET /api/cs/chatRoom page 2',
    `${rooms}&lastEvaluatedKey=${first.lastEvaluatedKey}`,
    { ...load, headers: admin },
  );
  const fixed = await measure(`GET /api/cs/chatRoom (admin) at ${fixedRate} req/s`, rooms, {
    ...load,
    headers: admin,
    overallRate: fixedRate,
  });
  const row = (name, result) =>
    `${name.padEnd(32)} ${result.requests.average.toFixed(0).padStart(8)} req/s   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${result.errors + result.non2xx}${typeof result.cpuPerRequest === 'number' ? `   server CPU ${result.cpuPerRequest.toFixed(0)} µs/req` : ''}`;
  process.stdout.write(
    [
      `Sapa inbox bench: ${roomCount} rooms (written in ${writeSeconds} s), ${connections} connections, ${seconds} s each, ${os.cpus().length} cores, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}`,
      row('GET /healthz (bare)', bare),
      row('GET /api/cs/chatRoom (admin)', asAdmin),
      row('GET /api/cs/chatRoom (agent)', asAgent),
      row('GET /api/cs/chatRoom page 2', nextPage),
      row(`GET /api/cs/chatRoom at ${fixedRate} req/s`, fixed),
      `room list / bare throughput ratio: admin ${(asAdmin.requests.average / bare.requests.average).toFixed(3)}, agent ${(asAgent.requests.average / bare.requests.average).toFixed(3)} (issue 19 target ≥ 0.40)`,
      `room list p99 at ${fixedRate} req/s (admin): ${fixed.latency.p99} ms (target < 25 ms), ${fixed.requests.average.toFixed(0)} req/s served`,
      ...(statements
        ? [
            `transactions per request beyond the background's: room list ${statements.list.toFixed(2)} (bare route's total ${statements.bare.toFixed(2)})`,
          ]
        : []),
      `load average at the end: ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
      '',
    ].join('\n'),
  );
} finally {
  server.kill('SIGINT');
  await new Promise((resolve) => server.on('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
