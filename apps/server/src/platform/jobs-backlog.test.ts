import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import { until } from '../test/wait-for.js';
import type { DatabaseHandle } from './database.js';
import { createJobs, type Jobs } from './jobs.js';

describe('a queue with a backlog', () => {
  let database: DatabaseHandle;
  let jobs: Jobs | undefined;
  const handled: number[] = [];
  const open = () =>
    createJobs(
      database.sql,
      [{ name: 'test.backlog', handler: async (data: { n: number }) => void handled.push(data.n) }],
      pino({ level: 'silent' }),
      // No shared poll within the test: only the worker's own loop can drain the queue.
      { pollingIntervalSeconds: 300 },
    );

  beforeAll(async () => {
    database = await openTestDatabase(process.env.DATABASE_URL);
    // The backlog is queued before any worker runs, as after a restart.
    const sender = open();
    await sender.start({ work: false });
    for (let n = 0; n < 6; n++) await sender.send('test.backlog', { n });
    await sender.stop();
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it('is drained batch after batch, not one batch per poll', async () => {
    jobs = open();
    await jobs.start({ work: true });
    await until(() => handled.length === 6, 10_000);
    expect([...handled].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
