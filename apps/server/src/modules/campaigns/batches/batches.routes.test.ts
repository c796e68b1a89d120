import { gzipSync } from 'node:zlib';
import { FEATURE_BITS, ParamTranslatorSchema } from '@sapa/contracts';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../platform/actor.js';
import { multipartFile } from '../../../test/multipart.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { clients } from '../../clients/clients.tables.js';
import { addToBlacklist } from '../../contacts/index.js';
import { createBatch } from '../index.js';

const smsCampaign = (code: string) => ({
  code,
  channel: 'SMS',
  name: `Bills ${code}`,
  template: { channel: 'SMS', text: 'Hi {{name}}, your bill is due.' },
  paramTranslator: {
    recipient: 'phone',
    rules: [
      { from: 'Phone', to: 'phone', kind: 'phone' },
      { from: 'Name', to: 'name', default: 'customer' },
    ],
  },
});

const MIXED = [
  'Phone,Name',
  '081210000001,Budi', // row 2: valid
  '0812abc,Bad', // row 3: invalid
  ',Empty', // row 4: invalid
  '+62 812 1000 0001,Again', // row 5: duplicate of row 2
  '081210000002,Blocked', // row 6: blacklisted
  '081210000003,', // row 7: valid, default name
].join('\n');

describe('notification batches', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adb: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  let campaignId: string;
  const as = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    sapa.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const upload = (
    who: LoggedIn,
    content: string | Buffer,
    fields: Record<string, string> = { campaignName: 'BATCH-1' },
    fileName = 'bills.csv',
  ) => {
    const body = multipartFile(fileName, content, 'text/csv', fields);
    return sapa.app.inject({
      method: 'POST',
      url: '/api/campaign-batches',
      headers: { ...who.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  /** The batch once its job has read the file. */
  const settled = async (who: LoggedIn, batchId: string, url = `/api/campaign-batches/${batchId}`) => {
    for (let tries = 0; tries < 100; tries++) {
      const response = await sapa.app.inject({ method: 'GET', url, headers: who.headers });
      const batch = response.json();
      if (batch.status !== 'ingesting') return batch;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the batch was never read');
  };
  const uploaded = async (who: LoggedIn, content: string | Buffer, fields?: Record<string, string>) => {
    const response = await upload(who, content, fields);
    expect(response.statusCode, response.body).toBe(202);
    return settled(who, response.json().batchId);
  };
  const requireApproval = (on: boolean) =>
    sapa.database.db
      .update(clients)
      .set({ approvalRequired: on })
      .where(eq(clients.id, adc.session.clientId));

  beforeAll(async () => {
    // The dispatcher's job runs here too (the ingest is a job); its clock stands before any batch is
    // due, so batches stay as ingest leaves them: dispatch has its own tests.
    sapa = await createTestApp(
      { LOGIN_RATE_LIMIT_PER_MINUTE: '1000' },
      { dispatch: { clock: () => new Date(0) } },
    );
    await sapa.jobs.start({ work: true });
    adc = await logIn(sapa.app, 'adc@demo.test');
    adb = await logIn(sapa.app, 'adb@demo.test');
    usc = await logIn(sapa.app, 'usc@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
    const created = await as(adc, 'POST', '/api/campaigns', smsCampaign('BATCH-1'));
    campaignId = created.json().campaignId;
    expect((await as(adc, 'POST', `/api/campaigns/${campaignId}/submit`)).json().campaign.status).toBe(
      'active',
    );
    await as(adc, 'POST', '/api/campaigns', smsCampaign('DRAFT-1'));
    await addToBlacklist(sapa.database.db, adc.session.clientId, {
      phone: '081210000002',
      channel: 'sms',
      createdBy: 'test',
    });
  });
  afterAll(async () => sapa?.close());

  it('reads a file into notifications and keeps invalid, blacklisted and repeated rows apart, counted', async () => {
    const batch = await uploaded(adc, MIXED);
    expect(batch).toMatchObject({
      campaignId,
      campaignCode: 'BATCH-1',
      campaignVersion: 1,
      source: 'upload',
      channel: 'SMS',
      status: 'scheduled',
      fileName: 'bills.csv',
      rowsRead: 6,
      validCount: 2,
      invalidCount: 2,
      blacklistedCount: 1,
      duplicateCount: 1,
      createdBy: 'adc@demo.test',
    });
    expect(Date.parse(batch.scheduledAt)).toBeLessThanOrEqual(Date.now());

    const input = (await as(adc, 'GET', `/api/campaign-batches/${batch.batchId}/notifications`)).json();
    expect(input.total).toBe(2);
    expect(
      input.items.map((item: { rowNo: number; recipient: string; params: object; status: string }) => [
        item.rowNo,
        item.recipient,
        item.params,
        item.status,
      ]),
    ).toEqual([
      [2, '6281210000001', { phone: '6281210000001', name: 'Budi' }, 'queued'],
      [7, '6281210000003', { phone: '6281210000003', name: 'customer' }, 'queued'],
    ]);
    const byRecipient = await as(
      adc,
      'GET',
      `/api/campaign-batches/${batch.batchId}/notifications?recipient=62812100000031`,
    );
    expect(byRecipient.json().total).toBe(0);

    const rejects = (await as(adc, 'GET', `/api/campaign-batches/${batch.batchId}/rejects`)).json();
    expect(rejects.items.map((item: { rowNo: number; kind: string }) => [item.rowNo, item.kind])).toEqual([
      [3, 'invalid'],
      [4, 'invalid'],
      [5, 'duplicate'],
      [6, 'blacklisted'],
    ]);
    expect(rejects.items[0].reason).toMatch(/^Phone: "0812abc": A phone number has only digits/);
    expect(rejects.items[1]).toMatchObject({ reason: 'Phone: is empty', raw: { Phone: '', Name: 'Empty' } });
    expect(rejects.items[2].reason).toBe('6281210000001 is already on row 2');
    const invalid = (
      await as(adc, 'GET', `/api/campaign-batches/${batch.batchId}/rejects?kind=invalid`)
    ).json();
    expect(invalid.total).toBe(2);

    const csv = await as(
      adc,
      'GET',
      `/api/campaign-batches/${batch.batchId}/rejects/export?kind=blacklisted`,
    );
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const exported = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(exported).toEqual([
      {
        rowNo: '6',
        kind: 'blacklisted',
        reason: "6281210000002 is on the client's blacklist",
        row: expect.any(String),
      },
    ]);
    expect(JSON.parse(exported[0]!.row!)).toEqual({ Phone: '081210000002', Name: 'Blocked' });
    const notifications = await as(adc, 'GET', `/api/campaign-batches/${batch.batchId}/notifications/export`);
    expect(notifications.body.trim().split('\n')).toHaveLength(3);
    expect(notifications.body).toContain('6281210000003');
  });

  it('reads an XLSX workbook the same way', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Bills');
    sheet.addRow(['Phone', 'Name']);
    sheet.addRow(['081210000011', 'Ani']);
    sheet.addRow([6281210000012, { richText: [{ text: 'Ri' }, { text: 'ni' }] }]);
    sheet.addRow(['bad', 'x']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload(adc, bytes, { campaignName: 'BATCH-1' }, 'bills.xlsx');
    expect(response.statusCode).toBe(202);
    const batch = await settled(adc, response.json().batchId);
    expect(batch).toMatchObject({ status: 'scheduled', rowsRead: 3, validCount: 2, invalidCount: 1 });
    const input = (await as(adc, 'GET', `/api/campaign-batches/${batch.batchId}/notifications`)).json();
    expect(input.items.map((item: { params: object }) => item.params)).toEqual([
      { phone: '6281210000011', name: 'Ani' },
      { phone: '6281210000012', name: 'Rini' },
    ]);
  });

  it('takes files only for an active campaign of the caller’s client, from those who work on its channel', async () => {
    const draft = await upload(adc, MIXED, { campaignName: 'DRAFT-1' });
    expect(draft.statusCode).toBe(409);
    expect(errorCode(draft)).toBe('campaign_not_active');
    expect(errorCode(await upload(adc, MIXED, { campaignName: 'NOPE' }))).toBe('campaign_not_found');
    // By name when no campaign has that code.
    expect((await upload(adc, MIXED, { campaignName: 'Bills BATCH-1' })).statusCode).toBe(202);
    const other = await upload(adc2, MIXED, { campaignName: 'BATCH-1' });
    expect(other.statusCode).toBe(404);
    const user = await upload(usc, MIXED);
    expect(user.statusCode).toBe(403);
    expect(errorCode(await upload(adc, MIXED, {}))).toBe('validation_failed');
    const past = await upload(adc, MIXED, {
      campaignName: 'BATCH-1',
      scheduledTime: '2020-01-01T09:00:00+07:00',
    });
    expect(errorCode(past)).toBe('scheduled_time_past');
    const later = '2099-01-01T09:00:00.000Z';
    const scheduled = await uploaded(adc, MIXED, { campaignName: 'BATCH-1', scheduledTime: later });
    expect(scheduled.scheduledAt).toBe(later);
    const input = (await as(adc, 'GET', `/api/campaign-batches/${scheduled.batchId}/notifications`)).json();
    expect(input.items[0].dueAt).toBe(later);
  });

  it('answers another client’s batch ids, and ids that are no id, with 404', async () => {
    const mine = (await upload(adc, MIXED)).json().batchId;
    await settled(adc, mine);
    for (const path of ['', '/notifications', '/rejects', '/rejects/export', '/notifications/export']) {
      const response = await as(adc2, 'GET', `/api/campaign-batches/${mine}${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(errorCode(response)).toBe('batch_not_found');
    }
    expect((await as(adc, 'GET', '/api/campaign-batches/not-an-id')).statusCode).toBe(404);
    expect((await as(usc, 'GET', `/api/campaign-batches/${mine}`)).statusCode).toBe(403);
    const theirs = await as(adc2, 'GET', '/api/campaign-batches');
    expect(theirs.statusCode === 403 || theirs.json().total === 0).toBe(true);
  });

  it('lists the upload history of a day range, newest first, by campaign and status', async () => {
    const today = (await as(adc, 'GET', '/api/campaign-batches?pageSize=100')).json();
    expect(today.total).toBeGreaterThanOrEqual(4);
    const created = today.items.map((item: { createdAt: string }) => item.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const scheduled = (
      await as(adc, 'GET', `/api/campaign-batches?status=scheduled&campaignId=${campaignId}`)
    ).json();
    expect(scheduled.items.every((item: { status: string }) => item.status === 'scheduled')).toBe(true);
    const past = (
      await as(adc, 'GET', '/api/campaign-batches?startDate=2020-01-01&endDate=2020-01-31')
    ).json();
    expect(past.total).toBe(0);
    // By channel (the screens' appType): the SMS batches are all of today's here, and no EMAIL one.
    const sms = (await as(adc, 'GET', '/api/campaign-batches?pageSize=100&channel=SMS')).json();
    expect(sms.total).toBe(today.items.filter((item: { channel: string }) => item.channel === 'SMS').length);
    expect(sms.total).toBeGreaterThan(0);
    expect((await as(adc, 'GET', '/api/campaign-batches?channel=EMAIL')).json().total).toBe(0);
    expect((await as(adc, 'GET', '/api/campaign-batches?channel=FAX')).statusCode).toBe(400);
    const backwards = await as(adc, 'GET', '/api/campaign-batches?startDate=2020-02-01&endDate=2020-01-31');
    expect(backwards.statusCode).toBe(400);
    expect((await as(adc, 'GET', `/api/campaign-batches?campaignId=${crypto.randomUUID()}`)).statusCode).toBe(
      404,
    );
  });

  it('ends a batch failed, with the reason, when its file cannot be read; refuses what is no table at once', async () => {
    const noColumn = await uploaded(adc, 'Mobile,Name\n081210000001,Budi\n');
    expect(noColumn).toMatchObject({ status: 'failed', validCount: 0 });
    expect(noColumn.statusNote).toBe('The file has no column "Phone" (its columns: "Mobile", "Name")');
    const notUtf8 = await uploaded(
      adc,
      Buffer.from([...Buffer.from('Phone,Name\n081210000001,'), 0xff, 0xfe, 0x0a]),
    );
    expect(notUtf8).toMatchObject({ status: 'failed', statusNote: 'Row 2: the file is not UTF-8 text' });
    const quotes = await uploaded(adc, 'Phone,Name\n081210000001,"Budi\n081210000002,Ani\n');
    expect(quotes.status).toBe('failed');
    expect(quotes.statusNote).toMatch(/^Row \d+: /);
    const headerOnly = await uploaded(adc, 'Phone,Name\n');
    expect(headerOnly).toMatchObject({ status: 'scheduled', rowsRead: 0, validCount: 0 });

    expect(errorCode(await upload(adc, ''))).toBe('file_empty');
    expect(errorCode(await upload(adc, gzipSync(MIXED)))).toBe('unsupported_file');
    expect(errorCode(await upload(adc, Buffer.from('%PDF-1.4 …')))).toBe('unsupported_file');
    const broken = await upload(
      adc,
      Buffer.from('PK\u0003\u0004 not really a workbook'),
      undefined,
      'x.xlsx',
    );
    expect(broken.statusCode).toBe(202);
    const brokenBatch = await settled(adc, broken.json().batchId);
    expect(brokenBatch.status).toBe('failed');
    expect(brokenBatch.statusNote).toMatch(/^The workbook cannot be read/);
    const noFile = await sapa.app.inject({
      method: 'POST',
      url: '/api/campaign-batches',
      headers: { ...adc.headers, 'content-type': 'application/json' },
      payload: { campaignName: 'BATCH-1' },
    });
    expect(noFile.statusCode).toBe(400);
  });

  it('keeps hostile rows as invalid rows with a reason: NUL bytes, lone surrogates, ragged rows, endless cells', async () => {
    const rows = [
      'Phone,Name',
      '0812\u00001000021,Nul',
      '081210000022,\u0000name',
      '081210000023',
      '081210000024,Ok,extra,cells',
      `${'9'.repeat(5000)},Long`,
      // A lone surrogate cannot travel in UTF-8: the sender's encoder already made it U+FFFD.
      '081210000025,\uD800x',
      '081210000026,Zero\u200Bwidth 🙂',
    ].join('\n');
    const batch = await uploaded(adc, rows);
    expect(batch).toMatchObject({ status: 'scheduled', rowsRead: 7, validCount: 4, invalidCount: 3 });
    const rejects = (await as(adc, 'GET', `/api/campaign-batches/${batch.batchId}/rejects`)).json();
    expect(rejects.items.map((item: { reason: string }) => item.reason)).toEqual([
      'Phone: holds a NUL byte or an unpaired surrogate',
      'Name: holds a NUL byte or an unpaired surrogate',
      `Phone: "${'9'.repeat(40)}…": A phone number has at most 15 digits with its country code`,
    ]);
    expect(rejects.items[0].raw.Phone).toBe('0812\uFFFD1000021');
    const input = (await as(adc, 'GET', `/api/campaign-batches/${batch.batchId}/notifications`)).json();
    expect(input.items.map((item: { params: { name: string } }) => item.params.name)).toEqual([
      'customer',
      'Ok',
      '\uFFFDx',
      'Zero\u200Bwidth 🙂',
    ]);
  });

  it('waits for a checker when the client requires approval: approved it is scheduled, rejected its rows are canceled', async () => {
    await requireApproval(true);
    try {
      const waiting = await uploaded(adc, MIXED);
      expect(waiting).toMatchObject({ status: 'pending_approval', validCount: 2 });
      const taskId = waiting.pendingTaskId as string;
      const task = (await as(adb, 'GET', `/api/tasks/task/${taskId}`)).json();
      expect(task.summary).toMatch(/^Send 2 SMS notification\(s\) of campaign BATCH-1 from bills.csv/);
      expect(errorCode(await as(adc, 'PUT', `/api/tasks/task/${taskId}/approve`))).toBe('own_task');
      expect((await as(adb, 'PUT', `/api/tasks/task/${taskId}/approve`)).statusCode).toBe(200);
      expect((await as(adc, 'GET', `/api/campaign-batches/${waiting.batchId}`)).json()).toMatchObject({
        status: 'scheduled',
        pendingTaskId: null,
      });

      const refused = await uploaded(adc, MIXED);
      expect(refused.status).toBe('pending_approval');
      const rejected = await as(adb, 'PUT', `/api/tasks/task/${refused.pendingTaskId}/reject`, {
        note: 'Wrong list',
      });
      expect(rejected.statusCode).toBe(200);
      const after = (await as(adc, 'GET', `/api/campaign-batches/${refused.batchId}`)).json();
      expect(after).toMatchObject({ status: 'rejected', statusNote: 'Wrong list', pendingTaskId: null });
      const input = (await as(adc, 'GET', `/api/campaign-batches/${refused.batchId}/notifications`)).json();
      expect(input.items.map((item: { status: string }) => item.status)).toEqual(['canceled', 'canceled']);
      // A decided task cannot move the batch again.
      const again = await as(adb, 'PUT', `/api/tasks/task/${refused.pendingTaskId}/approve`);
      expect(again.statusCode).toBeGreaterThanOrEqual(400);
      expect(again.statusCode).toBeLessThan(500);
      expect((await as(adc, 'GET', `/api/campaign-batches/${refused.batchId}`)).json().status).toBe(
        'rejected',
      );
    } finally {
      await requireApproval(false);
    }
  });

  it('creates a batch from rows in hand (self-service, API lists) through the same checks', async () => {
    const caller = { actor: systemActor(adc.session.clientId, 'self-service'), ip: null, userAgent: null };
    const rows = async function* () {
      yield { to: '081210000041', name: 'Ani' };
      yield { to: 'bad', name: 'x' };
      yield { to: '+62 812 1000 0041', name: 'again' };
      yield { to: '081210000002', name: 'blocked' };
    };
    const batch = await createBatch(
      { db: sapa.database.db },
      caller,
      {
        channel: 'SMS',
        template: { channel: 'SMS', text: 'Hi {{name}}' },
        paramTranslator: ParamTranslatorSchema.parse({
          recipient: 'to',
          rules: [
            { from: 'to', to: 'to' },
            { from: 'name', to: 'name' },
          ],
        }),
      },
      rows(),
      { source: 'self_service' },
    );
    expect(batch).toMatchObject({
      campaignId: null,
      source: 'self_service',
      status: 'scheduled',
      rowsRead: 4,
      validCount: 1,
      invalidCount: 1,
      duplicateCount: 1,
      blacklistedCount: 1,
    });
    const input = (await as(adc, 'GET', `/api/campaign-batches/${batch.batchId}/notifications`)).json();
    expect(input.items).toMatchObject([{ rowNo: 2, recipient: '6281210000041', params: { name: 'Ani' } }]);
  });

  describe('collection reminders', () => {
    const reminderCampaign = (fields: object = {}) => ({
      ...smsCampaign('REMIND-1'),
      type: 'collection_reminder',
      reminderOffsets: [2, -3, 0, -1],
      paramTranslator: {
        recipient: 'phone',
        rules: [
          { from: 'Phone', to: 'phone', kind: 'phone' },
          { from: 'Due', to: 'dueDate', kind: 'date', required: true },
          { from: 'Amount', to: 'amount', kind: 'currency' },
          { from: 'Invoice', to: 'reference' },
        ],
      },
      ...fields,
    });
    const jakartaDay = (days: number) =>
      new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
    const idDate = (iso: string) => iso.split('-').reverse().join('/');
    let batchId: string;

    it('checks a reminder campaign has its offsets and a due date column', async () => {
      for (const [fields, message] of [
        [{ reminderOffsets: null }, 'A collection reminder needs reminderOffsets'],
        [{ reminderOffsets: [0, 0] }, 'Each reminder offset once'],
        [{ type: 'blast' }, 'Only a collection_reminder campaign has reminderOffsets'],
        [
          { paramTranslator: { recipient: 'phone', rules: [{ from: 'Phone', to: 'phone' }] } },
          'A collection reminder maps a column to the dueDate parameter',
        ],
        [{ reminderOffsets: [61] }, 'An offset is at most 60 days after'],
      ] as const) {
        const refused = await as(adc, 'POST', '/api/campaigns', reminderCampaign(fields));
        expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
        expect(refused.json().error.message).toContain(message);
      }
    });

    it('queues one reminder per offset from each row’s due date, skipping days already past', async () => {
      const created = await as(adc, 'POST', '/api/campaigns', reminderCampaign());
      expect(created.json()).toMatchObject({ type: 'collection_reminder', reminderOffsets: [2, -3, 0, -1] });
      await as(adc, 'POST', `/api/campaigns/${created.json().campaignId}/submit`);
      const later = jakartaDay(5);
      const tomorrow = jakartaDay(1);
      const file = [
        'Phone,Due,Amount,Invoice',
        `081210000031,${idDate(later)},Rp 1.250.000,INV-1`,
        `081210000032,${idDate(tomorrow)},"500.000,50",INV-2`,
        `081210000033,${idDate(jakartaDay(-10))},1,INV-3`,
        '081210000034,,1,INV-4',
      ].join('\n');
      const batch = await uploaded(adc, file, { campaignName: 'REMIND-1' });
      expect(batch).toMatchObject({
        type: 'collection_reminder',
        status: 'scheduled',
        validCount: 2,
        invalidCount: 2,
      });
      batchId = batch.batchId;
      const input = (
        await as(adc, 'GET', `/api/campaign-batches/${batchId}/notifications?pageSize=20`)
      ).json();
      const steps = input.items.map(
        (item: { rowNo: number; step: number; dueAt: string; dueDate: string; amount: number }) => [
          item.rowNo,
          item.step,
          item.dueAt,
          item.dueDate,
          item.amount,
        ],
      );
      const dayStart = (date: string) => new Date(`${date}T00:00:00+07:00`).toISOString();
      const add = (date: string, days: number) =>
        new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      expect(steps.slice(0, 4)).toEqual(
        [-3, -1, 0, 2].map((offset, step) => [2, step, dayStart(add(later, offset)), later, 1_250_000]),
      );
      // Due tomorrow: D-3 has passed, D-1 is today and goes from the scheduled time.
      expect(steps.slice(4).map((step: unknown[]) => step.slice(0, 2))).toEqual([
        [3, 1],
        [3, 2],
        [3, 3],
      ]);
      expect(steps[4][2]).toBe(batch.scheduledAt);
      expect(steps[5][2]).toBe(dayStart(tomorrow));
      expect(steps[4][4]).toBe(500_001);
      const rejects = (await as(adc, 'GET', `/api/campaign-batches/${batchId}/rejects`)).json();
      expect(rejects.items.map((item: { reason: string }) => item.reason)).toEqual([
        `Every reminder day of the due date ${jakartaDay(-10)} has passed`,
        'Due: is empty',
      ]);
    });

    it('marks a row paid by recipient and reference or by row: its queued reminders are canceled at once', async () => {
      const paid = await as(adc, 'POST', `/api/campaign-batches/${batchId}/paid`, {
        recipient: '0812-1000-0032',
        reference: 'INV-2',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ rows: 1, canceled: 3 });
      const again = await as(adc, 'POST', `/api/campaign-batches/${batchId}/paid`, { rowNo: 3 });
      expect(again.json()).toMatchObject({ rows: 0, canceled: 0 });
      const wrongReference = await as(adc, 'POST', `/api/campaign-batches/${batchId}/paid`, {
        recipient: '081210000031',
        reference: 'INV-9',
      });
      expect(errorCode(wrongReference)).toBe('notification_not_found');
      const input = (
        await as(adc, 'GET', `/api/campaign-batches/${batchId}/notifications?pageSize=20`)
      ).json();
      const statuses = input.items.map((item: { rowNo: number; status: string; paidAt: string | null }) => [
        item.rowNo,
        item.status,
        item.paidAt !== null,
      ]);
      expect(statuses).toEqual([
        [2, 'queued', false],
        [2, 'queued', false],
        [2, 'queued', false],
        [2, 'queued', false],
        [3, 'canceled', true],
        [3, 'canceled', true],
        [3, 'canceled', true],
      ]);
      expect(errorCode(await as(adc, 'POST', `/api/campaign-batches/${batchId}/paid`, {}))).toBe(
        'validation_failed',
      );
      const blast = (await upload(adc, MIXED)).json().batchId;
      await settled(adc, blast);
      expect(errorCode(await as(adc, 'POST', `/api/campaign-batches/${blast}/paid`, { rowNo: 2 }))).toBe(
        'not_collection_reminder',
      );
      expect((await as(adc2, 'POST', `/api/campaign-batches/${batchId}/paid`, { rowNo: 2 })).statusCode).toBe(
        404,
      );
    });
  });

  describe('the public API', () => {
    let secret: string;
    const api = (method: InjectOptions['method'], url: string, key: string, content?: string) => {
      const body = content === undefined ? null : multipartFile('bills.csv', content);
      return sapa.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body ? { 'content-type': body.contentType } : {}),
        },
        ...(body ? { payload: body.payload } : {}),
      });
    };

    beforeAll(async () => {
      secret = (await as(adc, 'POST', '/api/clients/apiSecret')).json().apiSecret;
    });

    it('takes a file for a campaign by its code and answers the batch’s status and counts', async () => {
      const accepted = await api('POST', '/api/v1/campaigns/BATCH-1/batches', secret, MIXED);
      expect(accepted.statusCode, accepted.body).toBe(202);
      expect(accepted.json()).toEqual({ batchId: expect.any(String), status: 'ingesting' });
      const batch = await settled(
        adc,
        accepted.json().batchId,
        `/api/campaign-batches/${accepted.json().batchId}`,
      );
      expect(batch).toMatchObject({ source: 'api', status: 'scheduled', validCount: 2 });
      const read = await api('GET', `/api/v1/batches/${batch.batchId}`, secret);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        status: 'scheduled',
        rowsRead: 6,
        invalidCount: 2,
        duplicateCount: 1,
      });
      const paid = await sapa.app.inject({
        method: 'POST',
        url: `/api/v1/batches/${batch.batchId}/paid`,
        headers: { authorization: `Bearer ${secret}` },
        payload: { rowNo: 2 },
      });
      expect(errorCode(paid)).toBe('not_collection_reminder');
      // A portal upload is read through the API too.
      const portal = (await upload(adc, MIXED)).json().batchId;
      expect((await api('GET', `/api/v1/batches/${portal}`, secret)).statusCode).toBe(200);
    });

    it('answers 401 to a wrong or missing secret, 404 to another client’s ids, 403 without the channel', async () => {
      expect((await api('GET', `/api/v1/batches/${crypto.randomUUID()}`, 'sapa_wrong')).statusCode).toBe(401);
      expect((await api('POST', '/api/v1/campaigns/BATCH-1/batches', 'sapa_wrong', MIXED)).statusCode).toBe(
        401,
      );
      const theirs = (await as(adc2, 'POST', '/api/clients/apiSecret')).json().apiSecret;
      const mine = (await api('POST', '/api/v1/campaigns/BATCH-1/batches', secret, MIXED)).json().batchId;
      expect((await api('GET', `/api/v1/batches/${mine}`, theirs)).statusCode).toBe(404);
      expect((await api('POST', '/api/v1/campaigns/BATCH-1/batches', theirs, MIXED)).statusCode).toBe(404);
      expect(errorCode(await api('POST', '/api/v1/campaigns/DRAFT-1/batches', secret, MIXED))).toBe(
        'campaign_not_active',
      );
      // The code is the campaign's code, never its name.
      expect((await api('POST', '/api/v1/campaigns/Bills%20BATCH-1/batches', secret, MIXED)).statusCode).toBe(
        404,
      );

      const db = sapa.database.db;
      const off = sql`${clients.features} & ~(${FEATURE_BITS.SMS}::integer)`;
      const on = sql`${clients.features} | (${FEATURE_BITS.SMS}::integer)`;
      await db.update(clients).set({ features: off }).where(eq(clients.id, adc.session.clientId));
      try {
        // A change written straight to the table reaches the API key cache through its NOTIFY,
        // within a second on PostgreSQL (decision 0031).
        await expect
          .poll(async () => errorCode(await api('GET', `/api/v1/batches/${mine}`, secret)), {
            timeout: 3_000,
          })
          .toBe('feature_disabled');
        const closed = await api('POST', '/api/v1/campaigns/BATCH-1/batches', secret, MIXED);
        expect(closed.statusCode).toBe(403);
        expect(errorCode(closed)).toBe('feature_disabled');
        expect(errorCode(await api('GET', `/api/v1/batches/${mine}`, secret))).toBe('feature_disabled');
      } finally {
        await db.update(clients).set({ features: on }).where(eq(clients.id, adc.session.clientId));
      }
      // A revoked secret is refused.
      await as(adc, 'POST', '/api/clients/apiSecret');
      expect((await api('GET', `/api/v1/batches/${mine}`, secret)).statusCode).toBe(401);
    });
  });
});
