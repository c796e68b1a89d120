// `npm start` on a warm start (issue 19 goal 4): how long from the command until the server listens,
// once the data folder exists (migrated and seeded) and the build is current. The first start, which
// migrates and seeds a fresh data folder, is measured too but is not the goal's figure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 3_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-bench-start-'));

/**
 * The server's own phase marks (`SAPA_START_TIMING=1`, decision 0055) from its stderr: when it listened
 * in its own process's time, and its CPU milliseconds until then. The rest of a start is npm, the shell
 * and Node starting, and the wait between listening and `/healthz` answering.
 */
function phases(stderr) {
  let cpu = 0;
  for (const line of stderr.split('\n')) {
    const match = /^\[start\] ([^:]+): \d+ ms, CPU (\d+) ms \(at (\d+) ms\)/.exec(line);
    if (!match) continue;
    cpu += Number(match[2]);
    if (match[1] === 'listen') return { listenAt: Number(match[3]), cpu };
  }
  return null;
}

/**
 * Runs `npm start` in its own process group until `/healthz` answers; answers the milliseconds taken
 * and the server's phases.
 */
async function startOnce() {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SAPA_START_TIMING: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let ready = null;
  while (ready === null && performance.now() - started < 300_000) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) ready = performance.now() - started;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  // The whole group (npm, the start script, the server): SIGINT, then SIGKILL if it lingers.
  process.kill(-child.pid, 'SIGINT');
  const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  if (stopped === undefined) process.kill(-child.pid, 'SIGKILL');
  if (ready === null) {
    process.stderr.write(stderr);
    throw new Error('npm start did not answer /healthz');
  }
  return { ms: Math.round(ready), phases: phases(stderr) };
}

const describe = (run) =>
  run.phases
    ? `${run.ms} ms (server listening at ${run.phases.listenAt} ms of its process, CPU ${run.phases.cpu} ms until then; ` +
      `${run.ms - run.phases.listenAt} ms besides: npm and Node before it, the wait for /healthz after)`
    : `${run.ms} ms`;

try {
  const first = await startOnce();
  const warm = [];
  for (let run = 0; run < runs; run++) warm.push(await startOnce());
  const sorted = warm.map((run) => run.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  process.stdout.write(
    [
      `Sapa warm start: npm start until /healthz answers, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}`,
      `first start (migrate, seed): ${describe(first)}`,
      ...warm.map((run, index) => `warm start ${index + 1}: ${describe(run)}`),
      `warm starts: ${warm.map((run) => run.ms).join(', ')} ms; median ${median} ms (target < ${TARGET_MS} ms: ${median < TARGET_MS ? 'met' : 'not met'})`,
      '',
    ].join('\n'),
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
