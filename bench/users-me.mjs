// Issue 19 goal 1: throughput of an authenticated call against a bare route on the same server, in one
// run. Absolute figures depend on the machine; the ratio is what to compare between changes. The server's
// own CPU per request (from /proc, Linux only) is printed too: load inflates it less than it does rates.
// `BENCH_SERVER_MAIN` runs another build, `BENCH_NODE_ARGS` passes flags to the server (bench-server.mjs).
import fs from 'node:fs';
import os from 'node:os';
import { measure, startServer } from './bench-server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** User + system CPU of a process so far, in microseconds; null where /proc is not there. */
function cpuMicros(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return null;
  }
}

const server = await startServer({ name: 'users-me', readySeconds: 300 });
const { base, pid } = server;
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'adc@demo.test', password: 'Demo#2026' }),
  });
  const { token } = await login.json();
  // Warm up both paths (JIT, connection pools) before measuring. A fresh embedded database holds its one
  // connection for several seconds of start-up work within the first ~15 s after ready (seen 2026-11-28:
  // a single 12 s stall), which would land in one phase and not the other; so the run first calls /me
  // sequentially for `BENCH_SETTLE_SECONDS` (default 20 embedded, 2 PostgreSQL) and until it answered
  // promptly three times in a row (at most two minutes).
  await fetch(`${base}/healthz`);
  const settle = Number(process.env.BENCH_SETTLE_SECONDS ?? (process.env.DATABASE_URL ? 2 : 20)) * 1000;
  const ready = Date.now();
  for (let prompt = 0; (prompt < 3 || Date.now() - ready < settle) && Date.now() - ready < 120_000; ) {
    const started = Date.now();
    await (
      await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
    ).arrayBuffer();
    prompt = Date.now() - started < 100 ? prompt + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const load = { connections, seconds };
  const measured = async (title, url, options) => {
    const before = cpuMicros(pid);
    const result = await measure(title, url, options);
    const after = cpuMicros(pid);
    const served = result.requests.total;
    result.cpuPerRequest = before === null || after === null || !served ? null : (after - before) / served;
    return result;
  };
  const bare = await measured('GET /healthz', `${base}/healthz`, load);
  const me = await measured('GET /api/users/me', `${base}/api/users/me`, {
    ...load,
    headers: { authorization: `Bearer ${token}` },
  });
  const ratio = me.requests.average / bare.requests.average;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
  const target = process.env.DATABASE_URL ? 0.5 : 0.25;
  const cpu = (result) =>
    result.cpuPerRequest === null ? '' : `   server CPU ${result.cpuPerRequest.toFixed(0)} µs/req`;
  const row = (name, result) =>
    `${name.padEnd(22)} ${result.requests.average.toFixed(0).padStart(8)} req/s   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${result.errors + result.non2xx}${cpu(result)}`;
  process.stdout.write(
    [
      `Sapa bench: ${connections} connections, ${seconds} s each, ${os.cpus().length} cores, Node ${process.version}, load ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
      row('GET /healthz (bare)', bare),
      row('GET /api/users/me', me),
      `authenticated / bare throughput ratio: ${ratio.toFixed(3)} (issue 19 target on ${database}: ≥ ${target}, ${ratio >= target ? 'met' : 'not met'})`,
      '',
    ].join('\n'),
  );
} finally {
  await server.stop();
}
