// SMTP send rate of the real email provider (nodemailer pool) against a local sink, beside the sink's
// own ceiling measured in the same run by a bare SMTP client on as many connections.
// `npm run build -w packages/contracts && npm run build -w apps/server && node bench/smtp.mjs`
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 3000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5);

const here = path.dirname(fileURLToPath(import.meta.url));
const { smtpProviderType } = await import(
  pathToFileURL(path.resolve(here, '../apps/server/dist/modules/messaging/channels/email/smtp.provider.js'))
    .href
);

// The sink: accepts every message and reads it to the end, as a relay's queue would.
let accepted = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  maxClients: 1000,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      accepted += 1;
      callback();
    });
  },
});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
const { port } = sink.server.address();

const body = (i) =>
  [
    'From: news@bank.example',
    `To: reader${i}@example.com`,
    'Subject: Your statement',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello, this is your monthly statement. '.repeat(20),
  ].join('\r\n');

/** A bare SMTP client: one message after another on one connection, each command awaiting its reply. */
async function bareConnection(count, offset) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let buffer = '';
  const waiting = [];
  socket.on('data', (chunk) => {
    buffer += chunk;
    let end = buffer.search(/^\d{3} .*\r\n/m);
    while (end >= 0) {
      const line = buffer.slice(end).match(/^\d{3} .*\r\n/m)[0];
      buffer = buffer.slice(end + line.length);
      waiting.shift()?.(line);
      end = buffer.search(/^\d{3} .*\r\n/m);
    }
  });
  const reply = () => new Promise((resolve) => waiting.push(resolve));
  const command = (text) => {
    const answer = reply();
    socket.write(`${text}\r\n`);
    return answer;
  };
  await reply(); // greeting
  await command('EHLO bench.local');
  for (let i = 0; i < count; i += 1) {
    await command('MAIL FROM:<news@bank.example>');
    await command(`RCPT TO:<reader${offset + i}@example.com>`);
    await command('DATA');
    const done = await command(`${body(offset + i)}\r\n.`);
    if (!done.startsWith('250')) throw new Error(`sink refused: ${done}`);
  }
  await command('QUIT');
  socket.end();
}

async function timed(run) {
  const before = accepted;
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  return { rate: (accepted - before) / seconds, seconds, sent: accepted - before };
}

const perConnection = Math.ceil(MESSAGES / CONNECTIONS);
const ceiling = await timed(() =>
  Promise.all(
    Array.from({ length: CONNECTIONS }, (_, c) => bareConnection(perConnection, c * perConnection)),
  ),
);

const provider = smtpProviderType.create(
  {
    settings: smtpProviderType.settings.parse({
      host: '127.0.0.1',
      port,
      fromAddress: 'news@bank.example',
      maxConnections: CONNECTIONS,
    }),
    secrets: { password: '', dkimPrivateKey: '' },
  },
  { clientId: 'bench', providerId: 'bench', log: { info() {}, warn() {}, error() {} }, observe() {} },
);
const sent = await timed(() =>
  Promise.all(
    Array.from({ length: perConnection * CONNECTIONS }, (_, i) =>
      provider.submit({
        clientId: 'bench',
        from: { address: 'news@bank.example', name: 'Bank' },
        to: `reader${i}@example.com`,
        subject: 'Your statement',
        html: `<p>${'Hello, this is your monthly statement. '.repeat(20)}</p>`,
        text: 'Hello, this is your monthly statement. '.repeat(20),
        idempotencyKey: `bench-${i}`,
      }),
    ),
  ),
);
await provider.close();
await new Promise((resolve) => sink.close(resolve));

const format = (n) => Math.round(n).toLocaleString('en-US');
console.log(
  `SMTP, ${perConnection * CONNECTIONS} messages on ${CONNECTIONS} connections, Node ${process.version}`,
);
console.log(
  `  sink ceiling (bare SMTP client): ${format(ceiling.rate)} msg/s (${ceiling.seconds.toFixed(2)} s)`,
);
console.log(`  smtp provider (nodemailer pool): ${format(sent.rate)} msg/s (${sent.seconds.toFixed(2)} s)`);
console.log(`  ratio provider / ceiling: ${(sent.rate / ceiling.rate).toFixed(2)}`);
