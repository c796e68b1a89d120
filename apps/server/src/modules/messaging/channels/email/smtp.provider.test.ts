import { generateKeyPairSync } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderRuntime } from '../../providers/provider-types.js';
import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import type { EmailSubmit } from './email.sandbox.js';
import { type SmtpSettings, SmtpSettingsSchema, smtpProviderType } from './smtp.provider.js';

const PASSWORD = 'relay-pass-Q7x!secret';

/** A local relay speaking real SMTP: logs in, accepts, refuses some recipients with 4xx or 5xx, keeps what it took. */
function startRelay() {
  const received: { to: string[]; raw: string }[] = [];
  let connections = 0;
  let open = 0;
  let peakOpen = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    maxClients: 100,
    onConnect(_session, callback) {
      connections += 1;
      open += 1;
      peakOpen = Math.max(peakOpen, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onAuth(auth, _session, callback) {
      if (auth.username === 'relay-user' && auth.password === PASSWORD)
        return callback(null, { user: 'relay-user' });
      return callback(new Error('535 5.7.8 Authentication credentials invalid'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('unknown@'))
        return callback(
          Object.assign(new Error('5.1.1 User unknown in virtual mailbox table'), { responseCode: 550 }),
        );
      if (address.address.startsWith('greylisted@'))
        return callback(Object.assign(new Error('4.7.1 Greylisted, try again later'), { responseCode: 451 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return {
    server,
    received,
    stats: () => ({ connections, peakOpen }),
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The header block of a raw message, folded lines joined. */
const headersOf = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');

/** The MIME parts of a raw message (one level of nesting is enough here): headers and decoded body. */
function partsOf(raw: string): { headers: string; body: Buffer }[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((match) => match[1]!);
  const parts: { headers: string; body: Buffer }[] = [];
  for (const boundary of boundaries) {
    for (const chunk of raw.split(`--${boundary}`).slice(1)) {
      const split = chunk.indexOf('\r\n\r\n');
      if (split < 0) continue;
      const headers = chunk.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
      if (/Content-Type: multipart/i.test(headers)) continue;
      const text = chunk.slice(split + 4).replace(/\r\n$/, '');
      const body = /Content-Transfer-Encoding: base64/i.test(headers)
        ? Buffer.from(text.replace(/\s+/g, ''), 'base64')
        : /quoted-printable/i.test(headers)
          ? Buffer.from(
              text
                .replace(/=\r\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
              'latin1',
            )
          : Buffer.from(text);
      parts.push({ headers, body });
    }
  }
  return parts;
}

function capturingRuntime() {
  const lines: string[] = [];
  const observed: { outcome: string; seconds: number }[] = [];
  const log = (level: string) => (object: object, message: string) => {
    lines.push(JSON.stringify({ level, ...object, msg: message }));
  };
  const runtime: ProviderRuntime = {
    clientId: 'client-a',
    providerId: 'provider-smtp-1',
    log: { info: log('info'), warn: log('warn'), error: log('error') },
    observe: (outcome, seconds) => observed.push({ outcome, seconds }),
  };
  return { runtime, lines, observed };
}

const submit = (overrides: Partial<EmailSubmit> = {}): EmailSubmit => ({
  clientId: 'client-a',
  from: { address: 'ignored@sandbox.sapa.local', name: 'Bank Demo' },
  to: 'ana@example.com',
  subject: 'Your statement',
  html: '<p>Hello <b>Ana</b></p>',
  text: 'Hello Ana',
  idempotencyKey: '0190f0aa-0000-7000-8000-000000000001',
  ...overrides,
});

describe('SMTP provider against a local relay', () => {
  const relay = startRelay();
  let settings: SmtpSettings;
  const providers: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    const port = await relay.listen();
    settings = SmtpSettingsSchema.parse({
      host: '127.0.0.1',
      port,
      username: 'relay-user',
      fromAddress: 'news@bank.example',
      fromName: 'Bank',
      maxConnections: 3,
      timeoutMs: 5_000,
    });
  });
  afterEach(async () => {
    await Promise.all(providers.splice(0).map((provider) => provider.close()));
    relay.received.length = 0;
  });
  afterAll(() => relay.close());

  const create = (extra: Partial<SmtpSettings> = {}, secrets: Record<string, string> = {}) => {
    const captured = capturingRuntime();
    const provider = smtpProviderType.create(
      {
        settings: { ...settings, ...extra },
        secrets: { password: PASSWORD, dkimPrivateKey: '', ...secrets },
      },
      captured.runtime,
    );
    providers.push(provider);
    return { provider, ...captured };
  };

  it('sends HTML and text with an attachment and the one-click unsubscribe headers', async () => {
    const { provider, observed } = create();
    const pdf = Buffer.from('%PDF-1.4\n% statement for Ana\n%%EOF\n');
    const { messageId } = await provider.submit(
      submit({
        attachments: [{ filename: 'statement.pdf', contentType: 'application/pdf', content: pdf }],
        listUnsubscribe: {
          url: 'https://portal.example.com/u/abc.def',
          mailto: 'mailto:unsubscribe@bank.example?subject=unsubscribe',
        },
      }),
    );
    expect(messageId).toBe('<0190f0aa-0000-7000-8000-000000000001@bank.example>');
    expect(relay.received).toHaveLength(1);
    expect(relay.received[0]!.to).toEqual(['ana@example.com']);
    const raw = relay.received[0]!.raw;
    const headers = headersOf(raw);
    expect(headers).toContain(`Message-ID: ${messageId}`);
    expect(headers).toMatch(/^From: Bank Demo <news@bank\.example>$/m);
    expect(headers).toMatch(/^Subject: Your statement$/m);
    const parts = partsOf(raw);
    const html = parts.find((part) => /Content-Type: text\/html/i.test(part.headers));
    const text = parts.find((part) => /Content-Type: text\/plain/i.test(part.headers));
    const attachment = parts.find((part) => /Content-Disposition: attachment/i.test(part.headers));
    expect(html?.body.toString()).toContain('<b>Ana</b>');
    expect(text?.body.toString().trim()).toBe('Hello Ana');
    expect(attachment?.headers).toMatch(/filename="?statement\.pdf"?/);
    expect(attachment?.headers).toMatch(/Content-Type: application\/pdf/i);
    expect(attachment?.body.equals(pdf)).toBe(true);
    expect(headers).toMatch(
      /^List-Unsubscribe: <https:\/\/portal\.example\.com\/u\/abc\.def>, <mailto:unsubscribe@bank\.example\?subject=unsubscribe>$/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(observed.map((entry) => entry.outcome)).toEqual(['ok']);
  });

  it('leaves the unsubscribe headers out of transactional mail', async () => {
    const { provider } = create();
    await provider.submit(submit({ listUnsubscribe: null }));
    expect(relay.received[0]!.raw).not.toMatch(/List-Unsubscribe/i);
  });

  it('signs with DKIM when a key is configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const { provider } = create(
      { dkimDomain: 'bank.example', dkimSelector: 'sapa' },
      { dkimPrivateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    );
    await provider.submit(submit());
    const header = relay.received[0]!.raw.replace(/\r\n\s+/g, ' ').match(/^DKIM-Signature: (.*)$/m)?.[1];
    expect(header).toContain('d=bank.example');
    expect(header).toContain('s=sapa');
    expect(header).toMatch(/b=[A-Za-z0-9+/=]{40,}/);
  });

  it('maps a 5xx refusal to a permanent failure and a 4xx to a retry, with one log line each and no password', async () => {
    const { provider, lines, observed } = create();
    const permanent = await provider.submit(submit({ to: 'unknown@example.com' })).catch((error) => error);
    expect(permanent).toBeInstanceOf(ProviderRefusal);
    expect(permanent.retryable).toBe(false);
    expect(permanent.providerCode).toBe('550');
    expect(permanent.message).toContain('User unknown');
    const later = await provider.submit(submit({ to: 'greylisted@example.com' })).catch((error) => error);
    expect(later).toBeInstanceOf(ProviderRefusal);
    expect(later.retryable).toBe(true);
    expect(later.providerCode).toBe('451');
    expect(observed.map((entry) => entry.outcome)).toEqual(['refused', 'retryable']);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      providerId: 'provider-smtp-1',
      providerCode: '550',
      retryable: false,
    });
    for (const line of lines) expect(line).not.toContain(PASSWORD);
  });

  it('retries on a relay that cannot be reached, and on a wrong password, without logging it', async () => {
    const { provider: wrong, lines } = create({}, { password: 'wrong-Password-zz9' });
    const refused = await wrong.submit(submit()).catch((error) => error);
    expect(refused.retryable).toBe(true);
    expect(refused.code).toBe('provider_auth_failed');
    const { provider: away, lines: awayLines } = create({ port: 1, timeoutMs: 2_000 });
    const unreachable = await away.submit(submit()).catch((error) => error);
    expect(unreachable.code).toBe('provider_unavailable');
    expect(unreachable.retryable).toBe(true);
    for (const line of [...lines, ...awayLines]) {
      expect(line).not.toContain('wrong-Password-zz9');
      expect(line).not.toContain(PASSWORD);
    }
  });

  it('gives up on a relay that never greets after the timeout, for a retry', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { provider, observed } = create({ port: (silent.address() as AddressInfo).port, timeoutMs: 1_000 });
    const started = Date.now();
    const error = await provider.submit(submit()).catch((caught) => caught);
    expect(error).toMatchObject({ code: 'provider_unavailable', retryable: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(observed.map((entry) => entry.outcome)).toEqual(['error']);
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers test connection in steps: connected and logged in, or which step failed', async () => {
    const config = { settings, secrets: { password: PASSWORD, dkimPrivateKey: '' } };
    expect(await smtpProviderType.testConnection(config)).toEqual({
      ok: true,
      steps: [
        { step: 'connect', ok: true, message: `Connected to 127.0.0.1:${settings.port}.` },
        { step: 'login', ok: true, message: 'Logged in.' },
      ],
    });
    const badLogin = await smtpProviderType.testConnection({
      ...config,
      secrets: { password: 'nope', dkimPrivateKey: '' },
    });
    expect(badLogin.ok).toBe(false);
    expect(badLogin.steps.at(-1)).toMatchObject({ step: 'login', ok: false });
    expect(badLogin.steps.at(-1)!.message).toMatch(/^Authentication failed: .*535/);
    const noServer = await smtpProviderType.testConnection({ ...config, settings: { ...settings, port: 1 } });
    expect(noServer).toMatchObject({ ok: false, steps: [{ step: 'connect', ok: false }] });
    expect(JSON.stringify([badLogin, noServer])).not.toContain(PASSWORD);
  });

  it('holds to the configured rate across the pool', async () => {
    const { provider } = create({ ratePerSecond: 5 });
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        provider.submit(submit({ to: `r${i}@example.com`, idempotencyKey: `rate-${i}` })),
      ),
    );
    // 5 per second: the 11th message waits for the third second.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(relay.received).toHaveLength(11);
  });

  it('sends 1,000 emails through one pool, each accepted exactly once, on at most maxConnections', async () => {
    const { provider } = create({ maxConnections: 3 });
    const before = relay.stats().connections;
    const ids = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        provider.submit(submit({ to: `reader${i}@example.com`, idempotencyKey: `key-${i}` })),
      ),
    );
    expect(new Set(ids.map((id) => id.messageId)).size).toBe(1_000);
    expect(relay.received).toHaveLength(1_000);
    expect(new Set(relay.received.map((mail) => mail.to[0])).size).toBe(1_000);
    expect(relay.stats().connections - before).toBeLessThanOrEqual(3);
    expect(relay.stats().peakOpen).toBeLessThanOrEqual(3);
  }, 60_000);
});
