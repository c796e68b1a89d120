import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

export type RunningServer = {
  /** e.g. http://127.0.0.1:43123 */
  baseUrl: string;
  /** What the server printed so far (stdout and stderr), for failure messages. */
  output: () => string;
  /** SIGINT, wait for the exit (SIGKILL after 20 s), then remove the data folder. */
  stop: () => Promise<void>;
};

/** A port nobody listens on right now: the OS picks it for a throwaway listener. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('no port was assigned'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the built server (`node apps/server/dist/main.js serve`) on a free port and an empty data folder. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  for (const [file, hint] of [
    [SERVER_ENTRY, 'the server'],
    [WEB_INDEX, 'the web app'],
  ] as const) {
    if (!existsSync(file))
      throw new Error(`${path.relative(REPO_ROOT, file)} is missing: build ${hint} first (npm run build)`);
  }
  const port = await findFreePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sapa-e2e-data-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    ...extraEnv,
  };
  // The journeys always run on the embedded database in the fresh folder.
  delete env.DATABASE_URL;

  const child = spawn(process.execPath, [SERVER_ENTRY, 'serve'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  const keep = (chunk: Buffer) => {
    chunks.push(chunk.toString('utf8'));
    if (chunks.length > 500) chunks.splice(0, chunks.length - 500);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => chunks.join('');

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const stopped = await Promise.race([
        exited(child).then(() => true),
        sleep(STOP_TIMEOUT_MS).then(() => false),
      ]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return { baseUrl, output, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}
