import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../../../platform/database.js';
import { deriveKeys } from '../../../platform/secrets.js';
import {
  batchOf,
  countBy,
  insertTestBatch,
  insertTestNotifications,
  notificationsOf,
} from '../../../test/campaign-batches.js';
import { TEST_SECRET } from '../../../test/test-app.js';
import { seedDemo } from '../../demo/index.js';

const CHILD = fileURLToPath(new URL('../../../test/dispatch-child.ts', import.meta.url));
const baseUrl = process.env.DATABASE_URL;
// The embedded database is one connection and several times slower: fewer rows prove the same.
const ROWS = baseUrl ? 2_000 : 800;

/** The child's database: a fresh PostgreSQL database, or a PGlite data folder (closed while it runs). */
async function prepareDatabase() {
  if (baseUrl) {
    const name = `sapa_crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return {
      env: { CHILD_DATABASE_URL: url.toString() } as Record<string, string>,
      open: () => openPostgres(url.toString()),
      async drop() {
        const dropper = new pg.Client({ connectionString: baseUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'sapa-crash-'));
  return {
    env: { CHILD_DATA_DIR: dir } as Record<string, string>,
    open: () => openPglite(dir),
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function startChild(env: Record<string, string>): { child: ChildProcess; exited: Promise<number | null> } {
  // `source`: the workspace's packages resolve to their TypeScript (as under vitest), so the child never
  // needs a build, and never runs a stale one.
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += String(chunk);
  });
  child.stdout!.resume();
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (code) console.error(stderr.slice(-2000));
      resolve(code);
    }),
  );
  return { child, exited };
}

const sentLines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ') as [string, string])
    : [];

describe('campaign dispatch survives kill -9', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup) await step();
  });

  it('sends every recipient exactly once after a worker is killed mid-batch, and finishes the batch only at the end', async () => {
    const target = await prepareDatabase();
    cleanup.push(() => target.drop());
    const sentLog = path.join(mkdtempSync(path.join(tmpdir(), 'sapa-crash-log-')), 'sent.log');
    cleanup.push(async () => rmSync(path.dirname(sentLog), { recursive: true, force: true }));

    let database: DatabaseHandle = await target.open();
    await seedDemo(database.db, { keys: deriveKeys(TEST_SECRET) });
    const { rows } = await database.db.execute(
      sql`select client_id from users where email = 'adc@demo.test'`,
    );
    const clientId = (rows[0] as { client_id: string }).client_id;
    const batchId = await insertTestBatch(database.db, { clientId, status: 'running' });
    await insertTestNotifications(
      database.db,
      clientId,
      batchId,
      Array.from({ length: ROWS }, (_, i) => ({
        recipient: `62815${String(10_000_000 + i)}`,
        params: { name: `R${i}` },
      })),
    );
    await database.close();

    const env = { ...target.env, CHILD_SENT_LOG: sentLog };
    const first = startChild(env);
    // Killed once a part of the batch went out: some rows sent, some claimed, most still queued.
    const deadline = Date.now() + 120_000;
    while (sentLines(sentLog).length < ROWS / 4 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.exited;
    const beforeRestart = sentLines(sentLog).length;
    expect(beforeRestart).toBeGreaterThan(0);
    expect(beforeRestart).toBeLessThan(ROWS);

    database = await target.open();
    expect((await batchOf(database.db, clientId, batchId)).status).toBe('running');
    await database.close();

    const second = startChild(env);
    expect(await second.exited).toBe(0);

    database = await target.open();
    try {
      const notifications = await notificationsOf(database.db, clientId, batchId);
      const counts = countBy(notifications);
      expect((counts.sent ?? 0) + (counts.delivered ?? 0)).toBe(ROWS);
      expect((await batchOf(database.db, clientId, batchId)).status).toBe('finished');
      // One ledger row (one idempotency key) per recipient: nobody was queued twice.
      const { rows: ledger } = await database.db.execute(
        sql`select recipient, count(*)::int as n from messaging_outbound where client_id = ${clientId} and source = 'campaigns' group by recipient`,
      );
      expect(ledger).toHaveLength(ROWS);
      expect((ledger as { n: number }[]).every((row) => Number(row.n) === 1)).toBe(true);
      // Every recipient reached the provider, under one key each; a key repeated (the provider call of
      // the row in flight at the kill) is answered by a provider that honours keys, sending nothing more.
      const sent = sentLines(sentLog);
      const keysPerRecipient = new Map<string, Set<string>>();
      for (const [to, key] of sent)
        keysPerRecipient.set(to, (keysPerRecipient.get(to) ?? new Set()).add(key));
      expect(keysPerRecipient.size).toBe(ROWS);
      expect([...keysPerRecipient.values()].every((keys) => keys.size === 1)).toBe(true);
      // Repeated calls are bounded by what was in flight (at most the worker's in-flight limit).
      expect(sent.length - ROWS).toBeLessThanOrEqual(200);
    } finally {
      await database.close();
    }
  }, 300_000);
});
