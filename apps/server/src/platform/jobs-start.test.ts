import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

// Issue 19 goal 4: the server listens before its job queues start (decision 0055). Starting them is
// about a hundred statements (pg-boss's own, one per queue and schedule, each worker's first fetch);
// on PGlite each runs on the main thread, so a request must still be answered between them.
describe('job queues starting after the server listens', () => {
  let sapa: TestApp;
  let origin = '';
  beforeAll(async () => {
    sapa = await createTestApp();
    const address = await sapa.app.listen({ port: 0, host: '127.0.0.1' });
    origin = address;
  });
  afterAll(async () => sapa?.close());

  it('answers a request while the queues are still starting', async () => {
    // Sent as the start begins, as a client's request would arrive right after the server listens.
    const answered = fetch(`${origin}/healthz`).then((response) => ({
      status: response.status,
      queuesStarting: sapa.jobs.starting,
    }));
    const started = sapa.jobs.start({ work: true });
    expect(sapa.jobs.starting).toBe(true);
    const first = await Promise.race([answered, started.then(() => 'queues started first' as const)]);
    expect(first).toEqual({ status: 200, queuesStarting: true });
    await started;
    expect(sapa.jobs.starting).toBe(false);
  });
});
