// `npm run bench`: every goal of issue 19, each figure beside its reference and target, in one run on
// this machine. Each goal's own bench runs as a child process (the built app, fresh data); its output is
// shown as it comes and its figures are read back for the summary. `BENCH_ONLY=1,3` picks goals. With
// `DATABASE_URL` (plus `SECRET_KEY`, `SEED_DEMO=true`) the server goals run on PostgreSQL, each in a
// database of its own created beside the one named and dropped afterwards; the start and web goals
// always measure the default (`npm start` on the embedded database).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const postgres = process.env.DATABASE_URL ?? null;
const only = process.env.BENCH_ONLY
  ? new Set(process.env.BENCH_ONLY.split(',').map((goal) => goal.trim()))
  : null;

/** A fresh PostgreSQL database for one bench, dropped by the returned function. */
async function freshDatabase(name) {
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  const database = `sapa_bench_${name}_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(postgres);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgres });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Runs one bench script with its own environment (a key set to `undefined` is left out); its output goes
 * to ours and comes back as text.
 */
function runScript(script, overrides) {
  const env = { ...process.env, BENCH_BUILD: '0', ...overrides };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, script)], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('exit', (code) => resolve({ output, code }));
  });
}

/** Runs a server goal on the embedded database, or on a fresh PostgreSQL database with DATABASE_URL. */
async function serverScript(script, name, env = {}) {
  if (!postgres) return runScript(script, { ...env, DATABASE_URL: undefined });
  const database = await freshDatabase(name);
  try {
    return await runScript(script, { ...env, DATABASE_URL: database.url, SEED_DEMO: 'true' });
  } finally {
    await database.drop();
  }
}

/** The start and web goals measure what a newcomer gets: the embedded database. */
const defaultOnly = (script) => runScript(script, { DATABASE_URL: undefined });

const number = (text, pattern) => {
  const found = text.match(pattern);
  return found ? Number(found[1]) : null;
};
const database = postgres ? 'PostgreSQL' : 'embedded';
const rows = [];
/** One summary row: the figure, its reference and target, and whether it is met (null: not measured). */
const record = (goal, what, figure, reference, target, met) =>
  rows.push({ goal, what, figure, reference, target, met });

const goals = [
  {
    goal: '1',
    run: async () => {
      const { output } = await serverScript('users-me.mjs', 'goal1');
      const ratio = number(output, /throughput ratio: ([\d.]+)/);
      const bare = number(output, /GET \/healthz \(bare\)\s+(\d+) req\/s/);
      const me = number(output, /GET \/api\/users\/me\s+(\d+) req\/s/);
      const target = postgres ? 0.5 : 0.25;
      record(
        '1',
        `GET /api/users/me (${database})`,
        me === null ? null : `${me} req/s`,
        bare === null ? null : `/healthz ${bare} req/s`,
        `ratio ≥ ${target}`,
        ratio === null ? null : `${ratio.toFixed(3)} ${ratio >= target ? 'met' : 'not met'}`,
      );
    },
  },
  {
    goal: '2',
    run: async () => {
      const { output } = await serverScript('inbox-rooms.mjs', 'goal2');
      const ratio = number(output, /throughput ratio: admin ([\d.]+)/);
      const bare = number(output, /GET \/healthz \(bare\)\s+(\d+) req\/s/);
      const list = number(output, /GET \/api\/cs\/chatRoom \(admin\)\s+(\d+) req\/s/);
      const p99 = number(output, /500 req\/s[^\n]*?p99\s+([\d.]+) ms/);
      record(
        '2',
        `room list, 100k rooms (${database})`,
        list === null ? null : `${list} req/s`,
        bare === null ? null : `/healthz ${bare} req/s`,
        'ratio ≥ 0.4 (PostgreSQL)',
        ratio === null ? null : `${ratio.toFixed(3)} ${ratio >= 0.4 ? 'met' : 'not met'}`,
      );
      record(
        '2',
        'room list p99 at 500 req/s',
        p99 === null ? null : `${p99} ms`,
        '—',
        '< 25 ms',
        p99 === null ? null : p99 < 25 ? 'met' : 'not met',
      );
    },
  },
  {
    goal: '3',
    run: async () => {
      const rate = postgres ? 200 : 100;
      const { output } = await serverScript('webhook-latency.mjs', 'goal3', { BENCH_RATE: String(rate) });
      const found = output.match(
        /webhook → agent socket\s+p50 ([\d.]+) ms\s+p99 ([\d.]+) ms\s+received (\d+)\/(\d+)/,
      );
      const target = postgres ? 100 : 250;
      const p99 = found ? Number(found[2]) : null;
      const lost = found ? Number(found[4]) - Number(found[3]) : null;
      record(
        '3',
        `webhook → agent socket at ${rate}/s (${database})`,
        p99 === null ? null : `p99 ${p99} ms, lost ${lost}`,
        found ? `p50 ${found[1]} ms` : null,
        `p99 < ${target} ms, 0 lost`,
        p99 === null ? null : p99 < target && lost === 0 ? 'met' : 'not met',
      );
    },
  },
  {
    goal: '4',
    run: async () => {
      const dispatch = await serverScript('campaign-dispatch.mjs', 'goal4');
      const rate = number(dispatch.output, /: (\d+) notifications\/s/);
      record(
        '4',
        `campaign dispatch (${database})`,
        rate === null ? null : `${rate}/s`,
        'issue 14: ≥ 5,000/s on PostgreSQL',
        'no regression',
        rate === null ? null : rate >= 5000 ? 'met' : 'below issue 14 goal',
      );
      const warm = await defaultOnly('warm-start.mjs');
      const median = number(warm.output, /median (\d+) ms/);
      record(
        '4',
        'npm start, warm (embedded)',
        median === null ? null : `${median} ms`,
        '—',
        '< 3,000 ms',
        median === null ? null : median < 3000 ? 'met' : 'not met',
      );
    },
  },
  {
    goal: '5',
    run: async () => {
      const entry = await defaultOnly('web-entry.mjs');
      const gzip = number(entry.output, /login entry JavaScript: [\d.]+ kB, ([\d.]+) kB gzip/);
      record(
        '5',
        'login entry JavaScript',
        gzip === null ? null : `${gzip} kB gzip`,
        '338 kB before issue 19',
        '≤ 200 kB gzip',
        gzip === null ? null : gzip <= 200 ? 'met' : 'not met',
      );
      const chat = await defaultOnly('chat-after-login.mjs');
      const median = number(chat.output, /median (\d+) ms/);
      record(
        '5',
        'chat page interactive after login',
        median === null ? null : `${median} ms`,
        '—',
        '≤ 1,000 ms',
        median === null ? null : median <= 1000 ? 'met' : 'not met',
      );
    },
  },
];

for (const { goal, run } of goals) {
  if (only && !only.has(goal)) continue;
  process.stdout.write(`\n=== issue 19 goal ${goal} ===\n`);
  await run();
}

const columns = ['goal', 'what', 'figure', 'reference', 'target', 'met'];
const table = rows.map((row) => columns.map((column) => String(row[column] ?? 'not measured')));
const widths = columns.map((column, index) =>
  Math.max(column.length, ...table.map((cells) => cells[index].length)),
);
const line = (cells) => cells.map((cell, index) => cell.padEnd(widths[index])).join('  ');
process.stdout.write(
  [
    '',
    `Sapa bench summary: ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}, ${database} database`,
    line(columns),
    line(widths.map((width) => '-'.repeat(width))),
    ...table.map(line),
    '',
  ].join('\n'),
);
