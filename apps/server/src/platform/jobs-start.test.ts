import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_JOB } from '../modules/campaigns/dispatch/dispatch.service.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { until } from '../test/wait-for.js';

// Issue 19 goal 4: the server listens before its job queues start (decision 0055). Starting them is
// about a hundred statements (pg-boss's own, one per queue and schedule, each worker's first fetch);
// on PGlite each runs on the main thread, so a request must still be answered between them, and the
// cron jobs must still start at once (decision 0076: yielding too early delayed the campaign
// dispatcher's first run by the timekeeper's 30 s).
describe('job queues starting after the server listens, on a fresh database', () => {
  let sapa: TestApp;
  let origin = '';
  beforeAll(async () => {
    sapa = await createTestApp();
    origin = await sapa.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => sapa?.close());

  it('answers a request while the queues are still starting, and runs the minute cron at once', async () => {
    // Sent as the start begins, as a client's request would arrive right after the server listens.
    const answered = fetch(`${origin}/healthz`).then((response) => ({
      status: response.status,
      queuesStarting: sapa.jobs.starting,
    }));
    const startedAt = Date.now();
    const started = sapa.jobs.start({ work: true });
    expect(sapa.jobs.starting).toBe(true);
    const first = await Promise.race([answered, started.then(() => 'queues started first' as const)]);
    expect(first).toEqual({ status: 200, queuesStarting: true });
    await started;
    expect(sapa.jobs.starting).toBe(false);

    // The dispatcher's per-minute job: pg-boss's cron check, its send-it worker (a 5 s poll) and the
    // shared poll (2 s) bring it within about 7 s; a missed first check put it 30 s later.
    const { rows } = await until(async () => {
      const result = await sapa.database.sql.executeSql(
        `select state from pgboss.job where name = $1 and state in ('active', 'completed')`,
        [DISPATCH_JOB],
      );
      return result.rows.length > 0 ? result : null;
    }, 20_000);
    expect(rows.length).toBeGreaterThan(0);
    expect(Date.now() - startedAt).toBeLessThan(20_000);
  }, 40_000);
});
