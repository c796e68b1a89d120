import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../test/multipart.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { isBlacklisted } from './blacklist.service.js';

describe('the blacklist routes', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adb: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  const as = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    sapa.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const importFile = (who: LoggedIn, content: string | Buffer, name = 'blacklist.csv') => {
    const body = multipartFile(name, content);
    return sapa.app.inject({
      method: 'POST',
      url: '/api/blacklist/import',
      headers: { ...who.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    adc = await logIn(sapa.app, 'adc@demo.test');
    adb = await logIn(sapa.app, 'adb@demo.test');
    usc = await logIn(sapa.app, 'usc@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
  });
  afterAll(async () => sapa?.close());

  it('blocks a number per media type, however written, and an email address for EMAIL', async () => {
    const created = await as(adc, 'POST', '/api/blacklist', {
      mediaType: 'SMS',
      intlPhoneNumber: '0812-3000-0001',
      reason: 'STOP',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      added: true,
      entry: {
        mediaType: 'SMS',
        intlPhoneNumber: '6281230000001',
        email: null,
        reason: 'STOP',
        createdBy: 'adc@demo.test',
      },
    });
    expect(
      (
        await as(adb, 'POST', '/api/blacklist', { mediaType: 'SMS', intlPhoneNumber: '+6281230000001' })
      ).json().added,
    ).toBe(false);
    const email = await as(adc, 'POST', '/api/blacklist', { mediaType: 'EMAIL', email: 'Budi@Example.com' });
    expect(email.json()).toMatchObject({
      added: true,
      entry: { mediaType: 'EMAIL', email: 'budi@example.com' },
    });
    const db = sapa.database.db;
    expect(await isBlacklisted(db, adc.session.clientId, 'email', ['BUDI@example.com'])).toEqual(
      new Set(['BUDI@example.com']),
    );
    expect(await isBlacklisted(db, adc.session.clientId, 'sms', ['081230000001'])).toEqual(
      new Set(['081230000001']),
    );
    expect(await isBlacklisted(db, adc.session.clientId, 'whatsapp', ['081230000001'])).toEqual(new Set());

    for (const [body, code] of [
      [{ mediaType: 'SMS', intlPhoneNumber: '12' }, 'invalid_phone_number'],
      [{ mediaType: 'SMS', email: 'a@b.co' }, 'validation_failed'],
      [{ mediaType: 'EMAIL', email: 'not-an-address' }, 'invalid_email'],
      [{ mediaType: 'FAX', intlPhoneNumber: '081230000001' }, 'validation_failed'],
      [{ mediaType: 'SMS' }, 'validation_failed'],
      [{ mediaType: 'SMS', intlPhoneNumber: '0812\u00003000001' }, 'invalid_text'],
    ] as const) {
      const refused = await as(adc, 'POST', '/api/blacklist', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCode(refused)).toBe(code);
    }
  });

  it('lists, searches and exports the client’s own entries; others never see them', async () => {
    await as(adc, 'POST', '/api/blacklist', { intlPhoneNumber: '081230000002' });
    const page = (await as(adc, 'GET', '/api/blacklist?pageSize=2')).json();
    expect(page).toMatchObject({ pageSize: 2, pageNumber: 0, total: 3 });
    expect(page.items[0]).toMatchObject({ mediaType: 'ALL', intlPhoneNumber: '6281230000002' });
    const sms = (await as(adc, 'GET', '/api/blacklist?mediaType=SMS')).json();
    expect(sms.items.map((item: { intlPhoneNumber: string }) => item.intlPhoneNumber)).toEqual([
      '6281230000001',
    ]);
    const search = (await as(adc, 'GET', '/api/blacklist?search=EXAMPLE')).json();
    expect(search.items.map((item: { email: string }) => item.email)).toEqual(['budi@example.com']);
    const csv = await as(adc, 'GET', '/api/blacklist/export');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.mediaType, row.intlPhoneNumber || row.email])).toEqual(
      [
        ['ALL', '6281230000002'],
        ['SMS', '6281230000001'],
        ['EMAIL', 'budi@example.com'],
      ].sort((a, b) => (a[1]! < b[1]! ? -1 : 1)),
    );

    const theirs = (await as(adc2, 'GET', '/api/blacklist')).json();
    expect(theirs.total).toBe(0);
    const removeTheirs = await sapa.app.inject({
      method: 'DELETE',
      url: '/api/blacklist?mediaType=ALL&intlPhoneNumber=6281230000002',
      headers: adc2.headers,
    });
    expect(removeTheirs.statusCode).toBe(404);
    expect((await as(adc, 'GET', '/api/blacklist?mediaType=ALL')).json().total).toBe(1);
    // The second client lacks SMS: entries for it are refused as a feature it does not have.
    expect(
      errorCode(
        await as(adc2, 'POST', '/api/blacklist', { mediaType: 'SMS', intlPhoneNumber: '081230000009' }),
      ),
    ).toBe('feature_disabled');
  });

  it('is the client admins’ list only', async () => {
    expect((await as(usc, 'GET', '/api/blacklist')).statusCode).toBe(403);
    expect((await as(usc, 'POST', '/api/blacklist', { intlPhoneNumber: '081230000003' })).statusCode).toBe(
      403,
    );
    expect((await as(usc, 'GET', '/api/blacklist/export')).statusCode).toBe(403);
  });

  it('unblocks an entry, and answers 404 for one that is not there', async () => {
    const url = '/api/blacklist?mediaType=SMS&intlPhoneNumber=081230000001';
    const removed = await sapa.app.inject({ method: 'DELETE', url, headers: adc.headers });
    expect(removed.json()).toMatchObject({ removed: true });
    const again = await sapa.app.inject({ method: 'DELETE', url, headers: adc.headers });
    expect(again.statusCode).toBe(404);
    expect(errorCode(again)).toBe('blacklist_entry_not_found');
  });

  it('imports a CSV or XLSX file, reporting refused rows with their reason', async () => {
    const csv = [
      'mediaType,intlPhoneNumber,email,reason',
      'WHATSAPP,081230000010,,complaint',
      ',081230000011,,',
      'EMAIL,,Ani@Example.com,bounced',
      'FAX,081230000012,,',
      'SMS,12,,',
      'SMS,081230000010,,',
      'WHATSAPP,081230000010,,again',
    ].join('\n');
    const imported = await importFile(adc, csv);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      added: 4,
      unchanged: 1,
      refusedCount: 2,
      refused: [
        { row: 5, reason: 'mediaType "FAX" is not one of ALL, VOICE, SMS, EMAIL, WHATSAPP, TELEGRAM' },
        { row: 6, reason: 'A phone number has at least 8 digits with its country code' },
      ],
    });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('List');
    sheet.addRow(['mediaType', 'intlPhoneNumber']);
    sheet.addRow(['VOICE', 6281230000020]);
    const xlsx = await importFile(adc, Buffer.from(await workbook.xlsx.writeBuffer()), 'list.xlsx');
    expect(xlsx.json()).toMatchObject({ added: 1, refusedCount: 0 });
    expect(await isBlacklisted(sapa.database.db, adc.session.clientId, 'voice', ['6281230000020'])).toEqual(
      new Set(['6281230000020']),
    );
    const broken = await importFile(adc, 'mediaType,intlPhoneNumber\nSMS,"0812');
    expect(broken.statusCode).toBe(400);
    expect(errorCode(broken)).toBe('invalid_csv');
    expect(errorCode(await importFile(adc, Buffer.from('PK\u0003\u0004 junk'), 'x.xlsx'))).toBe(
      'invalid_xlsx',
    );
  });
});
