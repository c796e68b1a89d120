// Issue 19 goal 1: throughput of an authenticated call against a bare route on the same server, in one
// run. Absolute figures depend on the machine; the ratio is what to compare between changes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, measure, waitReady } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js'), 'serve'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitReady(base, 300);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'adc@demo.test', password: 'Demo#2026' }),
  });
  const { token } = await login.json();
  // Warm up both paths (JIT, connection pools) before measuring.
  await fetch(`${base}/healthz`);
  await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });

  const load = { connections, seconds };
  const bare = await measure('GET /healthz', `${base}/healthz`, load);
  const me = await measure('GET /api/users/me', `${base}/api/users/me`, {
    ...load,
    headers: { authorization: `Bearer ${token}` },
  });
  const ratio = me.requests.average / bare.requests.average;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
  const target = process.env.DATABASE_URL ? 0.5 : 0.25;
  const row = (name, result) =>
    `${name.padEnd(22)} ${result.requests.average.toFixed(0).padStart(8)} req/s   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${result.errors + result.non2xx}`;
  process.stdout.write(
    [
      `Sapa bench: ${connections} connections, ${seconds} s each, ${os.cpus().length} cores, Node ${process.version}`,
      row('GET /healthz (bare)', bare),
      row('GET /api/users/me', me),
      `authenticated / bare throughput ratio: ${ratio.toFixed(3)} (issue 19 target on ${database}: ≥ ${target}, ${ratio >= target ? 'met' : 'not met'})`,
      '',
    ].join('\n'),
  );
} finally {
  server.kill('SIGINT');
  await new Promise((resolve) => server.on('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
