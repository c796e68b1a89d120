import { gzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../test/multipart.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

// Issue 11: defect 7 (malformed CSV answers 400 with row and reason), item 11 (one schema for the API
// and the import), defect 5 (the import is a job written in chunks, with progress).
describe('customer import', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const upload = (content: string | Buffer) => {
    const file = multipartFile('customers.csv', content);
    return inject({
      method: 'POST',
      url: '/api/cs/customers/import',
      headers: { ...adc.headers, 'content-type': file.contentType },
      payload: file.payload,
    });
  };
  async function finished(id: string) {
    for (let poll = 0; poll < 200; poll++) {
      const status = await inject({
        method: 'GET',
        url: `/api/cs/customers/import/${id}`,
        headers: adc.headers,
      });
      if (status.json().status === 'done' || status.json().status === 'failed') return status.json();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('import did not finish');
  }

  beforeAll(async () => {
    sapa = await createTestApp();
    await sapa.jobs.start({ work: true });
    adc = await logIn(sapa.app, 'adc@demo.test');
  });
  afterAll(async () => sapa?.close());

  it.each([
    ['binary data', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0xfe, 0x10, 0x00, 0x80]), 1, /NUL/],
    [
      'bytes that are not UTF-8',
      Buffer.from('phoneNumber,name\n6281200000001,\xff\xfe\n', 'latin1'),
      2,
      /UTF-8/,
    ],
    ['unbalanced quotes', 'phoneNumber,name\n6281200000001,Ok\n6281200000002,"Rina\n', 3, /Quote Not Closed/],
    ['a NUL byte', 'phoneNumber,name\n6281200000001,Ok\n6281200000002,Ri\u0000na\n', 3, /NUL/],
    ['a gzip file', gzipSync(Buffer.from('phoneNumber,name\n6281200000001,Ok\n')), 1, /gzip/],
    ['a ragged row', 'phoneNumber,name\n6281200000001,Ok,extra\n', 2, /.+/],
    ['no phoneNumber column', 'phone,name\n6281200000001,Ok\n', 1, /phoneNumber/],
  ])('answers 400 invalid_csv with the row and reason for %s', async (_what, content, row, reason) => {
    const response = await upload(content);
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('invalid_csv');
    const { error } = response.json();
    expect(error.message).toMatch(new RegExp(`^Row ${row}: `));
    expect(error.message).toMatch(reason);
    expect(error.details[0]).toMatchObject({ path: `row.${row}` });
  });

  it('refuses a name the API refuses (over 200 characters), naming the row, and writes nothing', async () => {
    const long = 'A'.repeat(1024 * 1024);
    const response = await upload(`phoneNumber,name\n6281200000101,Ok\n6281200000102,${long}\n`);
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('invalid_csv');
    expect(response.json().error.message).toMatch(/^Row 3: name: /);
    const api = await inject({
      method: 'POST',
      url: '/api/cs/customers',
      headers: adc.headers,
      payload: { phoneNumber: '6281200000102', name: 'A'.repeat(201) },
    });
    expect(api.statusCode).toBe(400);
    const none = await inject({
      method: 'GET',
      url: '/api/cs/customers/byPhoneNumber?phoneNumber=6281200000101',
      headers: adc.headers,
    });
    expect(none.statusCode).toBe(404);
  });

  it('answers 202 at once and writes the rows in chunks by a job, with progress until done', async () => {
    const lines = ['phoneNumber,name,tags'];
    for (let i = 0; i < 1200; i++) lines.push(`62813${String(i).padStart(8, '0')},Name ${i},bulk`);
    lines.push('6281300000000,,late|bulk', 'abc,Broken,');
    const response = await upload(`${lines.join('\n')}\n`);
    expect(response.statusCode).toBe(202);
    const queued = response.json();
    expect(queued).toMatchObject({ total: 1202, accepted: 1200, failed: 1, status: 'queued', progress: 0 });
    expect(queued.rows).toEqual([
      { row: 1203, phoneNumber: null, ok: false, error: 'phoneNumber is not a valid phone number' },
    ]);
    const done = await finished(queued.id);
    expect(done).toMatchObject({
      status: 'done',
      progress: 100,
      processed: 1200,
      succeeded: 1201,
      failed: 1,
    });
    const merged = await inject({
      method: 'GET',
      url: '/api/cs/customers/byPhoneNumber?phoneNumber=6281300000000',
      headers: adc.headers,
    });
    expect(merged.json()).toMatchObject({ name: 'Name 0', tags: ['bulk', 'late'] });
  });

  it('updates existing customers: keeps what the file leaves empty, adds tags after their own', async () => {
    await inject({
      method: 'POST',
      url: '/api/cs/customers',
      headers: adc.headers,
      payload: { phoneNumber: '6281400000001', name: 'Rina', tags: 'vip', mediaPlatform: 'telegram' },
    });
    const response = await upload('phoneNumber,name,tags\n6281400000001,,new|vip\n');
    await finished(response.json().id);
    const customer = await inject({
      method: 'GET',
      url: '/api/cs/customers/byPhoneNumber?phoneNumber=6281400000001',
      headers: adc.headers,
    });
    expect(customer.json()).toMatchObject({ name: 'Rina', tags: ['vip', 'new'], mediaPlatform: 'telegram' });
  });

  it('keeps one client’s imports from another', async () => {
    const response = await upload('phoneNumber\n6281500000001\n');
    const adc2 = await logIn(sapa.app, 'adc2@demo.test');
    const other = await inject({
      method: 'GET',
      url: `/api/cs/customers/import/${response.json().id}`,
      headers: adc2.headers,
    });
    expect(errorCode(other)).toBe('import_not_found');
  });
});
