// SMPP submit rate of Sapa's smpp provider against a local SMSC (the `smpp` package's server side),
// at window 10 and 50, beside the SMSC's own ceiling measured in the same run: a bare client of the
// same package that keeps 1,000 submit_sm outstanding and does nothing else. Needs `npm run build`.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const smpp = require('smpp');
const { createSmppProvider, SmppSettingsSchema } = await import(
  pathToFileURL(path.join(root, 'apps/server/dist/modules/messaging/channels/sms/smpp.provider.js')).href
);
const { createOutboundHttp } = await import(
  pathToFileURL(path.join(root, 'apps/server/dist/platform/outbound-http.js')).href
);

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000);
/** The SMSC answers each submit after this long, like a network round trip and its own work. */
const DELAY_MS = Number(process.env.BENCH_SMSC_DELAY_MS ?? 5);

// The SMSC: binds, acknowledges every submit_sm at once, sends no receipts (the rate is the submit path).
let sequence = 0;
const server = smpp.createServer({}, (session) => {
  session.on('error', () => {});
  session.on('bind_transceiver', (pdu) => session.send(pdu.response({ system_id: 'bench' })));
  session.on('enquire_link', (pdu) => session.send(pdu.response()));
  session.on('unbind', (pdu) => {
    session.send(pdu.response());
    session.close();
  });
  session.on('submit_sm', (pdu) => {
    const answer = pdu.response({ message_id: (sequence++).toString(16) });
    if (DELAY_MS > 0) setTimeout(() => session.send(answer), DELAY_MS);
    else session.send(answer);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server.address().port;

/** The peer's ceiling: one bare session, `window` outstanding, refilled as answers come. */
async function ceiling(count, window) {
  const session = smpp.connect({ host: '127.0.0.1', port });
  await new Promise((resolve) => session.on('connect', resolve));
  await new Promise((resolve) =>
    session.bind_transceiver({ system_id: 'bench', password: 'bench' }, resolve),
  );
  const started = performance.now();
  await new Promise((resolve) => {
    let sent = 0;
    let answered = 0;
    const next = () => {
      if (sent >= count) return;
      sent++;
      session.submit_sm(
        { destination_addr: '6281200000000', short_message: 'Tagihan Anda jatuh tempo' },
        () => {
          answered++;
          if (answered === count) resolve();
          else next();
        },
      );
    };
    for (let i = 0; i < Math.min(window, count); i++) next();
  });
  const seconds = (performance.now() - started) / 1000;
  session.close();
  return count / seconds;
}

async function provider(count, window) {
  const log = { info() {}, warn() {}, error() {} };
  const sms = createSmppProvider(
    {
      settings: SmppSettingsSchema.parse({
        host: '127.0.0.1',
        port,
        systemId: 'bench',
        senderId: 'SAPA',
        window,
      }),
      secrets: { password: 'bench' },
    },
    {
      clientId: 'bench',
      providerId: 'bench',
      log,
      observe() {},
      outbound: createOutboundHttp({ allowPrivateNetworks: true }),
      callbackUrl: 'http://localhost/',
    },
  );
  await sms.submit(message(0)); // bind outside the clock
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, (_, i) => sms.submit(message(i + 1))));
  const seconds = (performance.now() - started) / 1000;
  await sms.close();
  return count / seconds;
}

function message(i) {
  return {
    clientId: 'bench',
    from: 'SAPA',
    to: `62812${String(i).padStart(8, '0')}`,
    text: 'Tagihan Anda jatuh tempo',
    encoding: 'GSM-7',
    segments: 1,
    idempotencyKey: String(i),
  };
}

await ceiling(2_000, 1_000); // warm-up
const peer = await ceiling(MESSAGES, 1_000);
const rates = [];
for (const window of [10, 50])
  rates.push([window, await provider(MESSAGES, window), await ceiling(MESSAGES, window)]);
const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(
  `SMPP submit_sm, ${fmt(MESSAGES)} one-part messages, local SMSC on 127.0.0.1 answering after ${DELAY_MS} ms, Node ${process.version}`,
);
console.log(`  SMSC ceiling (bare client, window 1000): ${fmt(peer)} msg/s`);
for (const [window, rate, bare] of rates)
  console.log(
    `  Sapa smpp provider, window ${String(window).padEnd(3)}: ${fmt(rate)} msg/s  (${(rate / peer).toFixed(2)} of the ceiling; a bare client at the same window: ${fmt(bare)} msg/s)`,
  );
server.close();
