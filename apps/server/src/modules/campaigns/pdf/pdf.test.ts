import { generateKeyPairSync, hkdfSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { PdfScript } from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../lib/ids.js';
import { deriveKeys } from '../../../platform/secrets.js';
import { storedFiles } from '../../../platform/storage/storage.tables.js';
import { insertTestBatch, insertTestNotifications, notificationsOf } from '../../../test/campaign-batches.js';
import { pdfText } from '../../../test/pdf-text.js';
import { QUICK_SANDBOX, settleAll } from '../../../test/sandbox-channels.js';
import {
  createTestApp,
  errorCode,
  type LoggedIn,
  logIn,
  TEST_SECRET,
  type TestApp,
} from '../../../test/test-app.js';
import { clients } from '../../clients/clients.tables.js';
import { campaignNotifications, campaignPdfDocuments } from '../campaigns.tables.js';
import { renderMessage } from '../dispatch/render-message.js';
import { campaignPdfJobs } from './pdf.jobs.js';
import { PDF_RETENTION_JOB } from './pdf.service.js';
import { pdfLinkToken } from './pdf-link.js';
import { renderPdf } from './render-pdf.js';

const PUBLIC_URL = 'https://portal.example.com';
// The smallest PNG: one transparent pixel.
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const script = (overrides: Partial<PdfScript> = {}): PdfScript => ({
  pageSize: 'A4',
  orientation: 'portrait',
  fileName: 'statement-{{account}}.pdf',
  passwordParam: null,
  linkDays: 30,
  blocks: [
    { kind: 'image', data: PIXEL, width: 40, align: 'right' },
    { kind: 'heading', text: 'Account statement', level: 1, align: 'left' },
    { kind: 'paragraph', text: 'Dear {{name}}, here is your statement.', align: 'left' },
    {
      kind: 'keyValue',
      rows: [
        { label: 'Account', value: '{{account}}' },
        { label: 'Balance', value: 'Rp {{balance}}' },
      ],
    },
    { kind: 'divider' },
    { kind: 'table', columns: ['Date', 'Amount'], rows: [['{{date}}', '{{balance}}']] },
  ],
  ...overrides,
});

describe('per-recipient PDFs of campaigns (decision 0046)', () => {
  const received: string[] = [];
  let relay: SMTPServer;
  let relayPort = 0;
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  const linkKey = Buffer.from(
    hkdfSync('sha256', deriveKeys(TEST_SECRET).integrity, 'sapa', 'campaign-pdf-links', 32),
  );
  const as = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    sapa.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const db = () => sapa.database.db;
  const drain = async () => {
    await sapa.dispatcher.drain();
    await settleAll(sapa);
  };

  const translator = {
    recipient: 'to',
    rules: [
      { from: 'Email', to: 'to', kind: 'email', required: true },
      { from: 'Name', to: 'name' },
      { from: 'Account', to: 'account', required: true },
      { from: 'Balance', to: 'balance' },
      { from: 'Date', to: 'date' },
      { from: 'Born', to: 'born', kind: 'date', format: 'DD/MM/YYYY', required: true },
    ],
  };
  let campaignId = '';

  beforeAll(async () => {
    relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth: (auth, _session, callback) =>
        auth.password === 'relay-secret'
          ? callback(null, { user: auth.username })
          : callback(new Error('Bad login')),
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('latin1'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    relayPort = (relay.server.address() as AddressInfo).port;
    sapa = await createTestApp(
      { PUBLIC_URL, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' },
      { sandbox: QUICK_SANDBOX, dispatch: { checkpointEveryMs: 0 } },
    );
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    await db().update(clients).set({ approvalRequired: false }).where(eq(clients.id, adc.session.clientId));
    const created = await as(adc, 'POST', '/api/campaigns', {
      code: 'ESTATEMENT',
      name: 'E-statement',
      channel: 'EMAIL',
      template: { channel: 'EMAIL', subject: 'Statement for {{name}}', html: '<p>Hi {{name}}</p>' },
      paramTranslator: translator,
    });
    expect(created.statusCode).toBe(201);
    campaignId = created.json().campaignId;
  });
  afterAll(async () => {
    await sapa?.close();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  });

  it("renders a recipient's document with the row's values, and locks it with the password parameter", async () => {
    const params = { name: 'Sari Dewi', account: '1234-5678', balance: '1.500.000', date: '2026-11-30' };
    const open = await renderPdf(script(), params, { compress: false });
    expect(open.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(open);
    for (const value of ['Account statement', 'Dear Sari Dewi', '1234-5678', 'Rp 1.500.000', '2026-11-30'])
      expect(text).toContain(value);
    // Compressed (what is sent) reads the same once inflated.
    expect(pdfText(await renderPdf(script(), params))).toContain('Dear Sari Dewi');
    // A character no font can draw (Thai) becomes "?" rather than breaking the document; Chinese is drawn.
    expect(pdfText(await renderPdf(script(), { ...params, name: 'Sari ก' }, { compress: false }))).toContain(
      'Dear Sari ?,',
    );
    expect(pdfText(await renderPdf(script(), { ...params, name: 'Sari 山' }))).toContain('Dear Sari 山,');

    const locked = await renderPdf(script({ passwordParam: 'born' }), { ...params, born: '1990-01-31' });
    expect(locked.toString('latin1')).toMatch(/\/Encrypt \d+ 0 R/);
    expect(locked.toString('latin1')).toMatch(/\/V 5/); // AES-256
    expect(pdfText(locked)).not.toContain('Sari Dewi');
  });

  it('refuses a script with unknown parameters or characters the fonts cannot draw, naming each place', async () => {
    const bad = await as(adc, 'PUT', `/api/campaigns/${campaignId}/pdf-script`, {
      pdfScript: script({
        blocks: [
          { kind: 'paragraph', text: 'Hi {{name}}, your {{limit}}', align: 'left' },
          { kind: 'heading', text: 'Saldo ก', level: 2, align: 'left' },
        ],
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCode(bad)).toBe('pdf_script_invalid');
    expect(bad.json().error.message).toContain('{{limit}} is not a parameter of this campaign');
    expect(bad.json().error.details).toEqual([
      { path: 'pdfScript.blocks.0.text', message: expect.stringContaining('{{limit}}') },
      { path: 'pdfScript.blocks.1.text', message: expect.stringContaining('U+0E01') },
    ]);
    const password = await as(adc, 'PUT', `/api/campaigns/${campaignId}/pdf-script`, {
      pdfScript: script({ passwordParam: 'name' }),
    });
    expect(password.json().error.details).toEqual([
      { path: 'pdfScript.passwordParam', message: expect.stringContaining('must be required') },
    ]);
    const image = await as(adc, 'PUT', `/api/campaigns/${campaignId}/pdf-script`, {
      pdfScript: script({
        blocks: [{ kind: 'image', data: Buffer.from('GIF89a').toString('base64'), width: 40, align: 'left' }],
      }),
    });
    expect(image.json().error.details).toEqual([
      { path: 'pdfScript.blocks.0.data', message: 'An image is a PNG or JPEG file.' },
    ]);
    // Nothing was saved.
    expect((await as(adc, 'GET', `/api/campaigns/${campaignId}`)).json().pdfScript).toBeNull();
  });

  it('saves a script with the campaign and previews it from a sample row read through the param translator', async () => {
    const saved = await as(adc, 'PUT', `/api/campaigns/${campaignId}/pdf-script`, {
      pdfScript: script({ passwordParam: 'born' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      outcome: 'applied',
      campaign: { pdfScript: { passwordParam: 'born' } },
    });
    const preview = await as(adc, 'POST', `/api/campaigns/${campaignId}/pdf-script/preview`, {
      pdfScript: script(),
      row: {
        Email: 'Sari@Example.com',
        Name: ' Sari ',
        Account: 'AC-77',
        Balance: '250',
        Born: '31/01/1990',
      },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toContain('statement-AC-77.pdf');
    const text = pdfText(preview.rawPayload);
    expect(text).toContain('Dear Sari, here');
    expect(text).toContain('AC-77');
    const refused = await as(adc, 'POST', `/api/campaigns/${campaignId}/pdf-script/preview`, {
      pdfScript: script(),
      row: { Email: 'not-an-address', Account: 'AC-77', Born: '31/01/1990' },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe('pdf_preview_row_invalid');
  });

  it("attaches each recipient's PDF to campaign mail over SMTP, and lists it on the batch", async () => {
    const clientId = adc.session.clientId;
    const provider = await as(adc, 'POST', '/api/channels/email/providers', {
      type: 'smtp',
      name: 'Local relay',
      settings: {
        host: '127.0.0.1',
        port: relayPort,
        username: 'sapa',
        fromAddress: 'statements@bank.example',
        dkimDomain: 'bank.example',
        dkimSelector: 'sapa',
      },
      secrets: {
        password: 'relay-secret',
        dkimPrivateKey: generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
          type: 'pkcs8',
          format: 'pem',
        }) as string,
      },
    });
    expect(provider.statusCode, provider.body).toBe(201);
    const batchId = await insertTestBatch(db(), {
      clientId,
      channel: 'EMAIL',
      campaignId,
      template: { channel: 'EMAIL', subject: 'Statement for {{name}}', html: '<p>Hi {{name}}</p>' },
      pdfScript: script(),
      status: 'running',
    });
    const [first] = await insertTestNotifications(
      db(),
      clientId,
      batchId,
      [
        {
          recipient: 'sari@example.com',
          params: { name: 'Sari', account: 'AC-1001', balance: '75.000', date: '2026-11-01' },
        },
        {
          recipient: 'budi@example.com',
          params: { name: 'Budi', account: 'AC-1002', balance: '12.500', date: '2026-11-02' },
        },
      ],
      'EMAIL',
    );
    await drain();
    expect((await notificationsOf(db(), clientId, batchId)).map((row) => row.status)).not.toContain('failed');
    const mail = received.find((raw) => raw.includes('To: sari@example.com'))!;
    expect(mail).toBeDefined();
    const attachment =
      /Content-Type: application\/pdf; name=(?:"?)statement-AC-1001\.pdf"?\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/.exec(
        mail,
      );
    expect(attachment).not.toBeNull();
    const pdf = Buffer.from(attachment![1]!.replace(/\r\n/g, ''), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain('Dear Sari, here is your statement.');
    expect(pdfText(pdf)).toContain('AC-1001');
    expect(pdfText(pdf)).not.toContain('AC-1002');

    const listed = await as(adc, 'GET', `/api/campaign-batches/${batchId}/pdfs`);
    expect(listed.json()).toMatchObject({
      total: 2,
      items: [
        { notificationId: first, rowNo: 2, recipient: 'sari@example.com', fileName: 'statement-AC-1001.pdf' },
        { rowNo: 3, recipient: 'budi@example.com', fileName: 'statement-AC-1002.pdf' },
      ],
    });
    const download = await as(adc, 'GET', `/api/campaign-batches/${batchId}/pdfs/${first}`);
    expect(download.statusCode).toBe(200);
    expect(pdfText(download.rawPayload)).toContain('AC-1001');
    const campaigns = await as(adc, 'GET', '/api/campaign-pdfs?channel=EMAIL');
    expect(campaigns.json().items).toEqual([
      expect.objectContaining({
        code: 'ESTATEMENT',
        pdfCount: 2,
        batches: [expect.objectContaining({ batchId, pdfCount: 2 })],
      }),
    ]);

    // Another client's ids answer 404, like ids that name nothing.
    for (const [method, url, body] of [
      ['GET', `/api/campaign-batches/${batchId}/pdfs`],
      ['GET', `/api/campaign-batches/${batchId}/pdfs/${first}`],
      ['PUT', `/api/campaigns/${campaignId}/pdf-script`, { pdfScript: script() }],
      ['POST', `/api/campaigns/${campaignId}/pdf-script/preview`, { pdfScript: script(), row: {} }],
      ['GET', `/api/campaign-batches/not-an-id/pdfs`],
    ] as const) {
      const response = await as(adc2, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await as(adc, 'GET', `/api/campaign-batches/${batchId}/pdfs/${newId()}`)).statusCode).toBe(404);
  });

  it('gives SMS recipients a signed short link to their PDF that expires and cannot be altered', async () => {
    const clientId = adc.session.clientId;
    const batchId = await insertTestBatch(db(), {
      clientId,
      template: { channel: 'SMS', text: 'Halo {{name}}, e-statement: {{pdfUrl}}' },
      pdfScript: script({ linkDays: 7 }),
      status: 'running',
    });
    const [id] = await insertTestNotifications(db(), clientId, batchId, [
      {
        recipient: '6281234500001',
        params: { name: 'Ani', account: 'AC-2001', balance: '9', date: '2026-11-03' },
      },
    ]);
    await drain();
    const outbox = await sapa.messaging.listOutbox(clientId, {
      recipient: '6281234500001',
      page: 1,
      pageSize: 10,
    });
    const text = (outbox.rows[0]!.content as { text: string }).text;
    const link = /https:\/\/portal\.example\.com(\/p\/[A-Za-z0-9_-]{70})$/.exec(text);
    expect(link, text).not.toBeNull();
    const opened = await sapa.app.inject({ method: 'GET', url: link![1]! });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(pdfText(opened.rawPayload)).toContain('AC-2001');

    const token = link![1]!.slice(3);
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const otherClient = pdfLinkToken(linkKey, {
      clientId: adc2.session.clientId,
      notificationId: id!,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const expired = pdfLinkToken(linkKey, {
      clientId,
      notificationId: id!,
      expiresAt: new Date(Date.now() - 1000),
    });
    const foreignKey = pdfLinkToken(Buffer.alloc(32, 7), {
      clientId,
      notificationId: id!,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const nul = await sapa.app.inject({ method: 'GET', url: `/p/${'%00'.repeat(10)}` });
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    expect(nul.statusCode).toBeLessThan(500);
    for (const bad of [flipped, otherClient, foreignKey, 'short', `${token}x`]) {
      const response = await sapa.app.inject({ method: 'GET', url: `/p/${bad}` });
      expect(response.statusCode, bad).toBe(404);
    }
    const late = await sapa.app.inject({ method: 'GET', url: `/p/${expired}` });
    expect(late.statusCode).toBe(403);
    expect(errorCode(late)).toBe('pdf_link_expired');
  });

  it('deletes PDFs kept past their link plus the grace days, once, keeping content something else holds (decision 0052)', async () => {
    expect(campaignPdfJobs(() => sapa.campaignPdfs)).toEqual([
      expect.objectContaining({ name: PDF_RETENTION_JOB, cron: '23 2 * * *' }),
    ]);
    const clientId = adc.session.clientId;
    const batchId = await insertTestBatch(db(), {
      clientId,
      template: { channel: 'SMS', text: 'Halo {{name}}: {{pdfUrl}}' },
      pdfScript: script({ linkDays: 7 }),
      status: 'running',
    });
    const ids = await insertTestNotifications(
      db(),
      clientId,
      batchId,
      Array.from({ length: 5 }, (_, i) => ({
        recipient: `62812345100${i}`,
        params: { name: `R${i}`, account: `AC-9${i}`, balance: '1', date: '2026-11-01' },
      })),
    );
    await drain();
    const documents = () =>
      db()
        .select()
        .from(campaignPdfDocuments)
        .where(and(eq(campaignPdfDocuments.clientId, clientId), eq(campaignPdfDocuments.batchId, batchId)));
    const before = await documents();
    expect(before).toHaveLength(5);
    const outbox = await sapa.messaging.listOutbox(clientId, {
      recipient: '628123451000',
      page: 1,
      pageSize: 1,
    });
    const link = /(\/p\/[A-Za-z0-9_-]{70})$/.exec((outbox.rows[0]!.content as { text: string }).text)![1]!;
    const fileOf = (notificationId: string) =>
      before.find((row) => row.notificationId === notificationId)!.fileId;
    const stored = async (fileId: string) => sapa.storage.get(db(), clientId, fileId).catch(() => null);

    // Row 1's content is also an upload of this client (same bytes); row 2's is kept by another client.
    const bytesOf = async (fileId: string) => {
      const chunks: Buffer[] = [];
      for await (const chunk of sapa.storage.open((await stored(fileId))!)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const upload = await sapa.storage.save(db(), {
      clientId,
      bytes: await bytesOf(fileOf(ids[1]!)),
      mimeType: 'application/pdf',
      fileName: 'forwarded.pdf',
    });
    expect(upload.id).toBe(fileOf(ids[1]!));
    const elsewhere = await sapa.storage.save(db(), {
      clientId: adc2.session.clientId,
      bytes: await bytesOf(fileOf(ids[2]!)),
      mimeType: 'application/pdf',
      fileName: null,
    });

    // Nothing is due yet: the link lasts 7 days, then 30 more.
    expect((await sapa.campaignPdfs.sweepExpired()).deleted).toBe(0);
    // Rows 0–3 last had a link 38 days ago; row 4 was claimed again 10 days ago (a retry, a new link).
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    await db()
      .update(campaignPdfDocuments)
      .set({ createdAt: ago(38) })
      .where(eq(campaignPdfDocuments.batchId, batchId));
    await db()
      .update(campaignNotifications)
      .set({ updatedAt: ago(38) })
      .where(eq(campaignNotifications.batchId, batchId));
    await db()
      .update(campaignNotifications)
      .set({ updatedAt: ago(10) })
      .where(and(eq(campaignNotifications.clientId, clientId), eq(campaignNotifications.id, ids[4]!)));
    await db().execute(sql`update campaign_batches set created_at = ${ago(40)} where id = ${batchId}`);

    // Two runs at once delete each PDF once.
    const runs = await Promise.all([sapa.campaignPdfs.sweepExpired(), sapa.campaignPdfs.sweepExpired()]);
    expect(runs[0]!.deleted + runs[1]!.deleted).toBe(4);
    expect((await documents()).map((row) => row.notificationId)).toEqual([ids[4]]);
    // Its own files are gone with their bytes; the uploaded one stays; bytes another client keeps stay.
    expect(await stored(fileOf(ids[0]!))).toBeNull();
    expect(await stored(fileOf(ids[3]!))).toBeNull();
    expect(await sapa.storage.exists(upload)).toBe(true);
    expect(await stored(fileOf(ids[1]!))).not.toBeNull();
    expect(await stored(fileOf(ids[2]!))).toBeNull();
    expect(await sapa.storage.exists(elsewhere)).toBe(true);
    expect(await stored(fileOf(ids[4]!))).not.toBeNull();
    const [ownerless] = await db().select().from(storedFiles).where(eq(storedFiles.id, upload.id));
    expect(ownerless!.owner).toBeNull();
    expect((await sapa.campaignPdfs.sweepExpired()).deleted).toBe(0);

    // The link of a deleted PDF answers as an expired one, never 500; a link still valid whose PDF is gone too.
    const opened = await sapa.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(403);
    expect(errorCode(opened)).toBe('pdf_link_expired');
    const fresh = pdfLinkToken(linkKey, { clientId, notificationId: ids[0]!, expiresAt: ago(-1) });
    const gone = await sapa.app.inject({ method: 'GET', url: `/p/${fresh}` });
    expect(gone.statusCode).toBe(403);
    expect(errorCode(gone)).toBe('pdf_link_expired');
    // The batch's list no longer shows it; a retry (an email attachment) renders it again.
    const listed = await as(adc, 'GET', `/api/campaign-batches/${batchId}/pdfs?pageSize=10&pageNumber=0`);
    expect(listed.json().total).toBe(1);
    const again = await sapa.campaignPdfs.attachment(clientId, `campaign-pdf:${ids[0]}`);
    expect(pdfText(again.content)).toContain('AC-90');
    expect(await documents()).toHaveLength(2);
  });

  it("sends WhatsApp recipients their PDF as the template's document header", () => {
    const content = renderMessage(
      {
        channel: 'WHATSAPP',
        name: 'estatement',
        language: 'id',
        parameters: ['{{name}}'],
        headerParameters: ['{{pdfUrl}}'],
      },
      { name: 'Ani', pdfUrl: `${PUBLIC_URL}/p/abc` },
    );
    expect(content).toEqual({
      kind: 'template',
      templateName: 'estatement',
      language: 'id',
      parameters: ['Ani'],
      headerParameters: [`${PUBLIC_URL}/p/abc`],
    });
  });

  it('answers hostile scripts and rows with 4xx, never 5xx', async () => {
    const url = `/api/campaigns/${campaignId}/pdf-script`;
    const bodies: unknown[] = [
      { pdfScript: { ...script(), blocks: 'x' } },
      { pdfScript: script({ blocks: [{ kind: 'paragraph', text: 'a\u0000b', align: 'left' }] }) },
      { pdfScript: script({ blocks: Array.from({ length: 201 }, () => ({ kind: 'divider' as const })) }) },
      {
        pdfScript: script({
          blocks: [{ kind: 'image', data: 'A'.repeat(150_004), width: 40, align: 'left' }],
        }),
      },
      { pdfScript: script({ blocks: [{ kind: 'image', data: '!!notbase64', width: 40, align: 'left' }] }) },
      { pdfScript: script({ fileName: '../../etc/passwd' }) },
      { pdfScript: script({ linkDays: 1e9 }) },
      { pdfScript: { ...script(), pageSize: 'A0' } },
      { pdfScript: script({ blocks: [{ kind: 'table', columns: Array(9).fill('c'), rows: [] }] }) },
    ];
    for (const body of bodies) {
      const response = await as(adc, 'PUT', url, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const preview = await as(adc, 'POST', `${url}/preview`, {
      pdfScript: script(),
      row: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, 'x'])),
    });
    expect(preview.statusCode).toBe(400);
    const voice = await as(adc, 'POST', '/api/campaigns', {
      code: 'VOICE-PDF',
      name: 'Voice',
      channel: 'VOICE',
      template: { channel: 'VOICE', script: 'Halo {{name}}' },
      paramTranslator: { recipient: 'to', rules: [{ from: 'Phone', to: 'to', kind: 'phone' }] },
      pdfScript: script({ fileName: 'x.pdf', blocks: [{ kind: 'divider' }] }),
    });
    expect(voice.statusCode).toBe(400);
    expect(errorCode(voice)).toBe('pdf_script_invalid');
  });
});
