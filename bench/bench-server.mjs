// What every bench does around the server it measures: a free port, the built server on a fresh data
// folder, waiting until it is ready, percentiles, and one autocannon run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Polls `/readyz`; `seconds` covers a first start that migrates and seeds. */
export async function waitReady(base, seconds = 60) {
  for (let attempt = 0; attempt < seconds * 5; attempt++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
}

// `BENCH_SERVER_MAIN` runs another build (a before/after comparison from one checkout).
const serverMain =
  process.env.BENCH_SERVER_MAIN ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/dist/main.js');

/**
 * Starts the built server (`npm run build` first) on the embedded database in a fresh data folder and
 * waits until it is ready. `stop()` ends it and removes the folder. `BENCH_NODE_ARGS` passes flags to it.
 */
export async function startServer({
  name,
  env = {},
  readySeconds = Number(process.env.BENCH_READY_SECONDS ?? 60),
}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sapa-bench-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  const server = spawn(process.execPath, [...nodeArgs, serverMain, 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  const stop = async () => {
    server.kill('SIGINT');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(base, readySeconds);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, port, pid: server.pid, stop };
}

/** The p-th percentile of ascending `sorted` (nearest rank). */
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** One autocannon run; `overallRate` caps the requests per second of all connections together. */
export function measure(title, url, { headers = {}, connections, seconds, overallRate }) {
  const rate = overallRate ? { overallRate } : {};
  return new Promise((resolve, reject) => {
    autocannon({ title, url, headers, connections, duration: seconds, ...rate }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}
