import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logIn, type TestApp } from '../../test/test-app.js';
import type { UserActor } from '../actor.js';
import { createStorage } from '../storage/index.js';
import { createExports, type ExportJobData, type ExportProducer, type Exports } from './exports.service.js';

describe('platform exports: requested, built by a job into a stored file, seen by whom the producer says', () => {
  let sapa: TestApp;
  let dataDir: string;
  let exports: Exports;
  let clientId: string;
  let otherClientId: string;
  const queued: ExportJobData[] = [];
  const person = (overrides: Partial<UserActor>): UserActor => ({
    kind: 'user',
    clientId,
    homeClientId: clientId,
    sessionId: 's-1',
    userId: 'u-1',
    role: 'USC',
    chatRole: 'CS',
    csId: 'cs-1',
    email: 'agent@demo.test',
    name: 'Agent',
    features: -1,
    ...overrides,
  });
  const numbers: ExportProducer = {
    columns: ['n', 'formula'],
    fileName: 'numbers.csv',
    visibility: (actor) => (actor.kind === 'user' && actor.role === 'USV' ? 'all' : 'own'),
    async *rows({ request, setTotal }) {
      const count = Number(request.count);
      await setTotal(count);
      for (let n = 1; n <= count; n++) {
        if (n === Number(request.failAt)) throw new Error('the source went away');
        yield { n, formula: n === 1 ? '=1+1' : '' };
      }
    },
  };
  const secret: ExportProducer = { ...numbers, fileName: 'secret.csv', visibility: () => 'none' };

  beforeAll(async () => {
    sapa = await createTestApp();
    const [adc, adc2] = await Promise.all([
      logIn(sapa.app, 'adc@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
    ]);
    clientId = adc.session.clientId;
    otherClientId = adc2.session.clientId;
    dataDir = await mkdtemp(path.join(tmpdir(), 'sapa-exports-'));
    exports = createExports({
      db: sapa.database.db,
      storage: createStorage(dataDir, randomBytes(32)),
      send: async (_name, data) => {
        queued.push(data);
      },
      producers: { numbers, secret },
    });
  });
  afterAll(async () => {
    await sapa?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('streams every row into a CSV file, with progress, and neutralises formulas', async () => {
    const agent = person({});
    const requested = await exports.request(agent, 'numbers', { count: 1234 });
    expect(requested).toMatchObject({
      kind: 'numbers',
      status: 'queued',
      progress: 0,
      requestedBy: agent.email,
    });
    expect(queued.at(-1)).toEqual({ clientId, exportId: requested.id });
    await exports.run({ clientId, exportId: requested.id });
    const done = await exports.get(agent, requested.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, processed: 1234, total: 1234 });
    const file = await exports.file(agent, 'numbers', requested.id);
    expect(file.fileName).toBe('numbers.csv');
    const lines = (typeof file.body === 'string' ? file.body : await text(file.body)).trim().split('\n');
    expect(lines).toHaveLength(1235);
    expect(lines.slice(0, 3)).toEqual(['n,formula', "1,'=1+1", '2,']);
    expect(lines.at(-1)).toBe('1234,');
    // A second run of a finished export changes nothing.
    await exports.run({ clientId, exportId: requested.id });
    expect(await exports.get(agent, requested.id)).toMatchObject({ status: 'done', processed: 1234 });
  });

  it('fails an export whose rows cannot be read, with the reason, and serves no file', async () => {
    const agent = person({});
    const requested = await exports.request(agent, 'numbers', { count: 2000, failAt: 1500 });
    await exports.run({ clientId, exportId: requested.id });
    expect(await exports.get(agent, requested.id)).toMatchObject({
      status: 'failed',
      error: 'the source went away',
    });
    await expect(exports.file(agent, 'numbers', requested.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("shows a reader only what the producer allows: their own, everyone's, none; never another client's", async () => {
    const mine = await exports.request(person({ email: 'first@demo.test' }), 'numbers', { count: 1 });
    const colleague = person({ userId: 'u-2', email: 'second@demo.test' });
    const supervisor = person({ userId: 'u-3', role: 'USV', email: 'sup@demo.test' });
    await expect(exports.get(colleague, mine.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await exports.get(supervisor, mine.id)).id).toBe(mine.id);
    const theirs = await exports.list(colleague, ['numbers'], {});
    expect(theirs.items.map((item) => item.id)).not.toContain(mine.id);
    const all = await exports.list(supervisor, ['numbers'], { pageSize: 100 });
    expect(all.items.map((item) => item.id)).toContain(mine.id);
    expect(await exports.list(supervisor, ['secret'], {})).toMatchObject({ items: [], total: 0 });
    await expect(exports.request(supervisor, 'secret', { count: 1 })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(exports.request(supervisor, 'no-such-kind', {})).rejects.toMatchObject({ statusCode: 404 });
    const outsider = person({ clientId: otherClientId, homeClientId: otherClientId, role: 'USV' });
    await expect(exports.get(outsider, mine.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(exports.get(supervisor, 'not-an-id')).rejects.toMatchObject({ statusCode: 404 });
  });
});
