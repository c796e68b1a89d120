import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../test/multipart.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { addToBlacklist } from '../../contacts/index.js';

let sapa: TestApp;
let adc: LoggedIn;
let adc2: LoggedIn;
let secret: string;

/** A fixed list from several countries and what offline validation must say of each. */
const FIXED: [
  input: string,
  valid: boolean,
  e164: string | null,
  country: string | null,
  type: string | null,
  error: string | null,
][] = [
  ['081234567890', true, '+6281234567890', 'ID', 'mobile', null],
  ['+62 21 5010 1234', true, '+622150101234', 'ID', 'fixed_line', null],
  ['6281234567890', true, '+6281234567890', 'ID', 'mobile', null],
  ['0800-1-234567', true, '+628001234567', 'ID', 'toll_free', null],
  ['+1 201-555-0123', true, '+12015550123', 'US', 'fixed_line_or_mobile', null],
  ['+1 800 555 0199', true, '+18005550199', 'US', 'toll_free', null],
  ['+44 20 7946 0958', true, '+442079460958', 'GB', 'fixed_line', null],
  ['00442079460958', true, '+442079460958', 'GB', 'fixed_line', null],
  ['+49 30 123456', true, '+4930123456', 'DE', 'fixed_line', null],
  ['+61 412 345 678', true, '+61412345678', 'AU', 'mobile', null],
  ['+65 9123 4567', true, '+6591234567', 'SG', 'mobile', null],
  ['+91 98765 43210', true, '+919876543210', 'IN', 'mobile', null],
  ['+81 90-1234-5678', true, '+819012345678', 'JP', 'mobile', null],
  ['+33 6 12 34 56 78', true, '+33612345678', 'FR', 'mobile', null],
  ['+6281', false, '+6281', 'ID', null, 'TOO_SHORT'],
  ['+1 201 555 012', false, '+1201555012', null, null, 'TOO_SHORT'],
  ['+999 1234567', false, null, null, null, 'INVALID_COUNTRY_CODE'],
  ['+44 7911 12345', false, '+44791112345', null, null, 'INVALID_BUT_POSSIBLE'],
  ['0812-3456', false, '+628123456', 'ID', null, 'INVALID_BUT_POSSIBLE'],
  ['call me', false, null, null, null, 'NOT_A_NUMBER'],
  ['', false, null, null, null, 'NOT_A_NUMBER'],
];

const as = (login: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
  sapa.app.inject({ method, url, headers: login.headers, ...(payload ? { payload } : {}) });

async function upload(login: LoggedIn, fileName: string, content: string | Buffer, contentType = 'text/csv') {
  const body = multipartFile(fileName, content, contentType);
  return sapa.app.inject({
    method: 'POST',
    url: '/api/validation/runs/upload',
    headers: { ...login.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function finished(runId: string) {
  for (let wait = 0; wait < 200; wait++) {
    const run = (await as(adc, 'GET', `/api/validation/runs/${runId}`)).json();
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the run did not finish');
}

beforeAll(async () => {
  sapa = await createTestApp();
  await sapa.jobs.start({ work: true });
  [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
  secret = (await as(adc, 'POST', '/api/clients/apiSecret')).json().apiSecret;
});
afterAll(async () => {
  await sapa?.close();
});

describe('Phone validation', () => {
  it('validates a fixed list from several countries offline, in input order, with Lookup’s error vocabulary', async () => {
    const response = await sapa.app.inject({
      method: 'POST',
      url: '/api/v1/validation/numbers',
      headers: { authorization: `Bearer ${secret}` },
      payload: { numbers: FIXED.map(([input]) => input) },
    });
    expect(response.statusCode).toBe(200);
    const results = response.json().results;
    expect(
      results.map((r: Record<string, unknown>) => [r.input, r.valid, r.e164, r.country, r.type, r.error]),
    ).toEqual(FIXED);
    expect(results[0].nationalFormat).toBe('0812-3456-7890');
  });

  it('reads national numbers in the country asked, and refuses more than 1,000 numbers or a bad country', async () => {
    const call = (payload: object) =>
      sapa.app.inject({
        method: 'POST',
        url: '/api/v1/validation/numbers',
        headers: { authorization: `Bearer ${secret}` },
        payload,
      });
    const us = (await call({ numbers: ['(201) 555-0123', '12015550123'], country: 'US' })).json().results;
    expect(us.map((r: { e164: string }) => r.e164)).toEqual(['+12015550123', '+12015550123']);
    expect((await call({ numbers: Array.from({ length: 1001 }, () => '0812') })).statusCode).toBe(400);
    expect((await call({ numbers: ['0812'], country: 'id' })).statusCode).toBe(400);
    expect((await call({ numbers: [] })).statusCode).toBe(400);
  });

  it('validates a typed list into the history, marking duplicates and blacklisted numbers', async () => {
    await addToBlacklist(sapa.database.db, adc.session.clientId, {
      phone: '+6281299990001',
      createdBy: 'test',
    });
    const run = await as(adc, 'POST', '/api/validation/runs', {
      name: 'Pasted',
      numbers: ['081299990001', '+62 812 9999 0002', '6281299990002', 'nope', 'nope'],
    });
    expect(run.statusCode).toBe(201);
    expect(run.json()).toMatchObject({
      status: 'done',
      total: 5,
      processed: 5,
      valid: 3,
      invalid: 2,
      duplicates: 2,
      blacklisted: 1,
    });
    const results = (await as(adc, 'GET', `/api/validation/runs/${run.json().id}/results`)).json();
    expect(results.items.map((r: Record<string, unknown>) => [r.row, r.duplicate, r.blacklisted])).toEqual([
      [1, false, true],
      [2, false, false],
      [3, true, false],
      [4, false, false],
      [5, true, false],
    ]);
    const history = (await as(adc, 'GET', '/api/validation/runs')).json();
    expect(history.items[0]).toMatchObject({ name: 'Pasted', source: 'list' });
  });

  it('validates a CSV file in a job and downloads the result as CSV and XLSX, rows in input order', async () => {
    const lines = [
      'name,phone',
      ...FIXED.filter(([input]) => input !== '').map(([input], n) => `P${n},"${input}"`),
    ];
    const queued = await upload(adc, 'customers.csv', lines.join('\n'));
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ status: 'queued', source: 'csv', name: 'customers.csv' });
    const run = await finished(queued.json().id);
    expect(run).toMatchObject({ status: 'done', total: FIXED.length - 1, valid: 14, duplicates: 2 });

    const csv = await as(adc, 'GET', `/api/validation/runs/${run.id}/download?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const csvLines = csv.body.trim().split('\n');
    expect(csvLines[0]).toBe('row,input,valid,e164,nationalFormat,country,type,error,duplicate,blacklisted');
    expect(csvLines).toHaveLength(FIXED.length);
    // The platform's CSV writer quotes a leading '+' so a spreadsheet never reads it as a formula.
    expect(csvLines[1]).toBe("1,081234567890,1,'+6281234567890,0812-3456-7890,ID,mobile,,,");

    const xlsx = await as(adc, 'GET', `/api/validation/runs/${run.id}/download?format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(FIXED.length);
    expect(sheet.getRow(2).getCell(4).value).toBe('+6281234567890');
    expect(sheet.getRow(FIXED.length).getCell(8).value).toBe('NOT_A_NUMBER');
  });

  it('reads an XLSX file and a CSV without a header row', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Numbers');
    sheet.addRow(['Nomor']);
    sheet.addRow(['081234567890']);
    sheet.addRow([6281234567891]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const xlsx = await upload(adc, 'list.xlsx', bytes, 'application/octet-stream');
    expect(await finished(xlsx.json().id)).toMatchObject({
      status: 'done',
      source: 'xlsx',
      total: 2,
      valid: 2,
    });

    const bare = await upload(adc, 'bare.csv', '081234567890\n081234567891\n');
    expect(await finished(bare.json().id)).toMatchObject({ status: 'done', total: 2, valid: 2 });
    const broken = await upload(adc, 'broken.csv', 'phone\n"0812\n');
    expect(await finished(broken.json().id)).toMatchObject({ status: 'failed' });
    expect((await upload(adc, 'list.pdf', 'x')).statusCode).toBe(400);
  });

  it("keeps each client's runs apart: another client's run id answers 404, a client without validation 403", async () => {
    const run = (await as(adc, 'POST', '/api/validation/runs', { numbers: ['081234567890'] })).json();
    expect((await as(adc2, 'GET', `/api/validation/runs/${run.id}`)).statusCode).toBe(403);
    await sapa.database.db.execute(
      sql`update clients set features = features | 128 where id = ${adc2.session.clientId}`,
    );
    // A write outside the app's routes reaches the session cache by NOTIFY, within a second (decision 0049).
    await expect
      .poll(async () => (await as(adc2, 'GET', '/api/validation/runs')).statusCode, { timeout: 3_000 })
      .toBe(200);
    for (const url of [
      `/api/validation/runs/${run.id}`,
      `/api/validation/runs/${run.id}/results`,
      `/api/validation/runs/${run.id}/download`,
    ]) {
      const response = await as(adc2, 'GET', url);
      expect([response.statusCode, errorCode(response)]).toEqual([404, 'validation_run_not_found']);
    }
    expect((await as(adc2, 'GET', '/api/validation/runs')).json().items).toEqual([]);
  });
});
