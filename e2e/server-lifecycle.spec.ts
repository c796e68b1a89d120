import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, REPO_ROOT } from './support/server.js';

const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/main.js');

type Started = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

function launch(dataDir: string, port: number): Started {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [SERVER_ENTRY, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exit };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the server process', () => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sapa-lifecycle-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second process on the same data folder, stops cleanly on Ctrl-C and keeps its data', async () => {
    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}`;
    const first = launch(dataDir, port);
    await waitFor(() => first.output().includes('Sapa is ready on'), 'the first start');
    expect(first.output()).toContain('sad@demo.test');
    expect(first.output()).toContain('Demo#2026');

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'adc@demo.test', password: 'Demo#2026' }),
    });
    const { refreshToken } = (await login.json()) as { refreshToken: string };

    const second = launch(dataDir, await findFreePort());
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain(`is using the data folder ${dataDir}`);

    first.child.kill('SIGINT');
    expect(await first.exit).toBe(0);
    expect(first.output()).toContain('Sapa stopped.');
    expect(existsSync(path.join(dataDir, 'sapa.lock'))).toBe(false);

    // Same folder again: the login made before the restart is still there.
    const again = launch(dataDir, port);
    await waitFor(() => again.output().includes('Sapa is ready on'), 'the restart');
    const refreshed = await fetch(`${base}/api/auth/refreshAccessToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exit).toBe(0);
  });
});
