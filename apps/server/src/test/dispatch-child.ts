// A dispatch worker run as a child process by the kill -9 test (dispatch-crash.test.ts): it opens the
// database it is given, sends every due campaign row on the SMS sandbox, and logs each idempotency key
// the provider accepted to a file (synchronously, so a SIGKILL loses nothing written). Exits 0 once no
// batch is running.
import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { ChannelMessage, MessageChannel } from '../modules/messaging/index.js';
import { openPglite, openPostgres } from '../platform/database.js';
import { deriveKeys } from '../platform/secrets.js';
import { TEST_SECRET } from './test-app.js';

const { CHILD_DATABASE_URL, CHILD_DATA_DIR, CHILD_SENT_LOG } = process.env;
const database = CHILD_DATABASE_URL
  ? await openPostgres(CHILD_DATABASE_URL)
  : await openPglite(CHILD_DATA_DIR);
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SECRET_KEY: TEST_SECRET,
  WEB_DIST: '/nonexistent-web-dist',
});
let real: MessageChannel | null = null;
const logged: MessageChannel = {
  prepare: (request) => real!.prepare!(request),
  isPermanentFailure: (error) => real!.isPermanentFailure!(error),
  async send(message: ChannelMessage) {
    const answer = await real!.send(message);
    appendFileSync(CHILD_SENT_LOG!, `${message.to} ${message.idempotencyKey}\n`);
    return answer;
  },
};
const sapa = await buildApp({
  config,
  database,
  keys: deriveKeys(TEST_SECRET),
  channels: { sms: logged },
  sandbox: { latencyMs: 1, reportDelayMs: 5, submitFailureRate: 0, deliveryFailureRate: 0, seed: 'crash' },
  // Short enough for a quick restart, long enough that a slow embedded database never re-offers a row in flight.
  dispatch: { chunkSize: 100, leaseMs: 8_000, maxInFlight: 200 },
  messagingHoldMs: 6_000,
});
real = sapa.sandbox.sms;
await sapa.app.ready();
process.stdout.write('ready\n');
for (;;) {
  const claimed = await sapa.dispatcher.tick();
  const { rows } = await database.db.execute(
    sql`select count(*)::int as n from campaign_batches where status = 'running'`,
  );
  if (Number((rows[0] as { n: number }).n) === 0) break;
  if (claimed === 0) await new Promise((resolve) => setTimeout(resolve, 100));
}
await sapa.dispatcher.settle();
await sapa.app.close();
await database.close();
process.exit(0);
