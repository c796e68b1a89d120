import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_SANDBOX, settleAll } from '../../../test/sandbox-channels.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { REDACTED } from '../../messaging/index.js';

/**
 * Decision 0048: the message that carries a code reaches the provider (the sandbox shows it), while
 * our database, exports and logs keep no readable copy of it: only the keyed hash (and, while the
 * request is pending, the code sealed) stand for it.
 */
let sapa: TestApp;
let adc: LoggedIn;
let secret: string;
const logLines: string[] = [];

const as = (login: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
  sapa.app.inject({ method, url, headers: login.headers, ...(payload ? { payload } : {}) });
const api = (url: string, payload: object) =>
  sapa.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${secret}` }, payload });

type OutboxItem = {
  id: string;
  channel: string;
  recipient: string;
  status: string;
  source: string;
  content: { text?: string; script?: string; parameters?: string[]; subject?: string; html?: string };
};

/** What the sandbox provider of a channel received for a recipient, through the portal's outbox. */
async function outbox(channel: string, recipient: string): Promise<OutboxItem[]> {
  const response = await as(
    adc,
    'GET',
    `/api/sandbox/outbox?channel=${channel}&recipient=${encodeURIComponent(recipient)}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

/** The first run of 10 digits in a message as received: a 10-digit code appears nowhere by chance. */
const codeIn = (item: OutboxItem) =>
  /(\d{10})/.exec(
    item.content.parameters?.[0] ??
      item.content.text ??
      (item.content.script ?? '').replace(/(\d) (?=\d)/g, '$1').replace(/ /g, ''),
  )?.[1] ?? '';

/** Every row of every table of the database (ours and the job queue's) as text, with where it is. */
async function everyRow() {
  const { rows: tables } = await sapa.database.db.execute<{ schema: string; name: string }>(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
  const found: { table: string; text: string }[] = [];
  for (const { schema, name } of tables) {
    const { rows } = await sapa.database.db.execute<{ row: string }>(
      sql.raw(`select t::text as row from "${schema}"."${name}" t`),
    );
    for (const { row } of rows) found.push({ table: `${schema}.${name}`, text: row });
  }
  expect(tables.length).toBeGreaterThan(50);
  return found;
}

async function tablesHolding(code: string) {
  return (await everyRow()).filter((row) => row.text.includes(code)).map((row) => row.table);
}

async function exportedCsv() {
  const requested = await as(adc, 'POST', '/api/otp/exports', {});
  expect(requested.statusCode).toBe(202);
  for (let wait = 0; wait < 100; wait++) {
    const { items } = (await as(adc, 'GET', '/api/otp/exports')).json();
    const done = items.find((item: { id: string; status: string }) => item.id === requested.json().id);
    if (done?.status === 'done') return (await as(adc, 'GET', `/api/otp/exports/${done.id}/file`)).body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export did not finish');
}

beforeAll(async () => {
  sapa = await createTestApp({ LOG_LEVEL: 'trace' }, { sandbox: QUICK_SANDBOX });
  (sapa.app.log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write: (line: string) => logLines.push(line),
  };
  await sapa.jobs.start({ work: true });
  adc = await logIn(sapa.app, 'adc@demo.test');
  secret = (await as(adc, 'POST', '/api/clients/apiSecret')).json().apiSecret;
});
afterAll(async () => {
  await sapa?.close();
});

describe('an OTP is delivered, and only the keyed hash of its code is kept', () => {
  it('on SMS, voice, email and WhatsApp: the sandbox shows the code, no table, export or log line holds it', async () => {
    const destinations = {
      sms: ['0812 5500 0001', '6281255000001'],
      voice: ['0812 5500 0002', '6281255000002'],
      email: ['Otp.Person@Example.com', 'otp.person@example.com'],
      whatsapp: ['0812 5500 0003', '6281255000003'],
    } as const;
    const codes: string[] = [];
    const requestIds: string[] = [];
    for (const [channel, [destination, recipient]] of Object.entries(destinations)) {
      const requested = await api('/api/v1/otp/request', { destination, channel, codeLength: 10 });
      expect(requested.statusCode, channel).toBe(200);
      requestIds.push(requested.json().requestId);
      await settleAll(sapa);
      const [received] = await outbox(channel, recipient);
      // The provider got the whole message; the ledger row it was sent for says what became of it
      // (WhatsApp's sandbox reports delivery seconds later, through its jobs).
      expect(received, channel).toMatchObject({
        source: 'otp',
        status: channel === 'whatsapp' ? expect.stringMatching(/^(sent|delivered|read)$/) : 'delivered',
      });
      const code = codeIn(received!);
      expect(code, channel).toMatch(/^\d{10}$/);
      codes.push(code);

      // The ledger keeps the metadata and a redacted copy, no sealed body once sent.
      const row = await sapa.messaging.getOutbound(adc.session.clientId, received!.id);
      expect(row).toMatchObject({ sensitive: true, contentSealed: null, source: 'otp', recipient });
      expect(JSON.stringify(row.content)).toContain(REDACTED);
      expect(JSON.stringify(row.content)).not.toContain(code);
    }
    const sms = (await outbox('sms', '6281255000001'))[0]!;
    expect(sms.content.text).toMatch(/^Your verification code is \d{10}\. It expires in 10 minutes\./);

    // Pending: nothing readable anywhere (the code is sealed in its request until it settles).
    for (const code of codes) expect(await tablesHolding(code)).toEqual([]);

    // Checked right: the request settles and even the sealed code is erased.
    const checked = await api('/api/v1/otp/verify', { requestId: requestIds[0], code: codes[0] });
    expect(checked.json()).toMatchObject({ status: 'approved', valid: true });
    const sealed = await sapa.database.db.execute<{ code_sealed: string | null }>(
      sql`select code_sealed from otp_requests where id = ${requestIds[0]}`,
    );
    expect(sealed.rows[0]!.code_sealed).toBeNull();

    const csv = await exportedCsv();
    expect(csv.split('\n').length).toBeGreaterThan(4);
    for (const code of codes) {
      expect(await tablesHolding(code)).toEqual([]);
      expect(csv).not.toContain(code);
      expect(logLines.join('\n')).not.toContain(code);
    }
    expect(logLines.length).toBeGreaterThan(0);
  });

  it('a Verify verification is kept the same way', async () => {
    const service = await as(adc, 'POST', '/api/verify/services', {
      name: 'Sensitive',
      channels: ['sms'],
      codeLength: 10,
    });
    expect(service.statusCode).toBe(201);
    const started = await api(`/api/v1/verify/${service.json().id}/verifications`, {
      to: '081255000009',
      channel: 'sms',
    });
    expect(started.statusCode).toBe(200);
    await settleAll(sapa);
    const [received] = await outbox('sms', '6281255000009');
    expect(received!.content.text).toMatch(/^Your Sensitive verification code is \d{10}\./);
    const code = codeIn(received!);
    expect(await tablesHolding(code)).toEqual([]);
    expect(logLines.join('\n')).not.toContain(code);
  });

  it('a send refused for a while waits sealed, and its retry still delivers the code', async () => {
    const clientId = adc.session.clientId;
    sapa.sandbox.setFailureRates(clientId, { submit: 1 });
    const requested = await api('/api/v1/otp/request', {
      destination: '081255000010',
      channel: 'sms',
      codeLength: 10,
    });
    expect(requested.statusCode).toBe(200);
    await settleAll(sapa);
    const [queued] = (
      await sapa.messaging.listOutbox(clientId, {
        channel: 'sms',
        recipient: '6281255000010',
        page: 1,
        pageSize: 1,
      })
    ).rows;
    // Refused by the SMSC: still queued, its words redacted, its body only sealed.
    expect(queued).toMatchObject({
      status: 'queued',
      sensitive: true,
      content: { kind: 'sms', text: REDACTED },
    });
    expect(queued!.contentSealed).toEqual(expect.any(String));
    expect(await outbox('sms', '6281255000010')).toEqual([]);

    sapa.sandbox.setFailureRates(clientId, null);
    await sapa.messaging.runSendJob({ clientId, outboundId: queued!.id });
    await settleAll(sapa);
    const [received] = await outbox('sms', '6281255000010');
    expect(received).toMatchObject({ id: queued!.id, status: 'delivered' });
    const code = codeIn(received!);
    expect(code).toMatch(/^\d{10}$/);
    expect(await sapa.messaging.getOutbound(clientId, queued!.id)).toMatchObject({ contentSealed: null });
    expect(await tablesHolding(code)).toEqual([]);
  });
});
