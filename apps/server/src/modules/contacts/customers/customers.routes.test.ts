import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../../schema.js';
import { multipartFile } from '../../../test/multipart.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

describe('customers and the tag list', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const save = (payload: Record<string, unknown>, by: LoggedIn = adc) =>
    inject({ method: 'POST', url: '/api/cs/customers', headers: by.headers, payload });

  beforeAll(async () => {
    sapa = await createTestApp();
    await sapa.jobs.start({ work: true });
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
  });
  afterAll(async () => sapa?.close());

  it('creates a customer with tags sent as "" (none) and normalises the phone number', async () => {
    const created = await save({
      phoneNumber: '0812-1111-2222',
      name: 'Rina',
      tags: '',
      mediaPlatform: 'whatsapp',
      userData: { city: 'Bandung' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      phoneNumber: '6281211112222',
      name: 'Rina',
      tags: [],
      userData: { city: 'Bandung' },
    });
    const invalid = await save({ phoneNumber: '12', tags: '' });
    expect(errorCode(invalid)).toBe('invalid_phone_number');
  });

  it('adds tags on a later upsert and takes away removeTag, keeping other data', async () => {
    await save({ phoneNumber: '6281211112222', tags: 'vip,billing' });
    const updated = await save({
      phoneNumber: '6281211112222',
      tags: ['loyal'],
      removeTag: 'billing',
      userData: { tier: 'gold' },
    });
    expect(updated.json()).toMatchObject({
      name: 'Rina',
      tags: ['vip', 'loyal'],
      userData: { city: 'Bandung', tier: 'gold' },
    });
    const tags = await inject({ method: 'GET', url: '/api/cs/customers/tags', headers: adc.headers });
    expect(tags.json().tags).toEqual(['loyal', 'vip']);
    const byTag = await inject({
      method: 'GET',
      url: '/api/cs/customers/data/tags?tags=vip',
      headers: adc.headers,
    });
    expect(byTag.json().items.map((c: { phoneNumber: string }) => c.phoneNumber)).toEqual(['6281211112222']);
  });

  it('searches by name or by phone number prefix, paged by lastEvaluatedKey', async () => {
    await save({ phoneNumber: '6281300000001', name: 'Andi', tags: '' });
    await save({ phoneNumber: '6281300000002', name: 'Anita', tags: '' });
    const byName = await inject({
      method: 'GET',
      url: '/api/cs/customers?q=an&pageSize=1',
      headers: adc.headers,
    });
    expect(byName.json().items).toHaveLength(1);
    const next = await inject({
      method: 'GET',
      url: `/api/cs/customers?q=an&pageSize=1&lastEvaluatedKey=${byName.json().lastEvaluatedKey}`,
      headers: adc.headers,
    });
    expect([byName.json().items[0].name, next.json().items[0].name].sort()).toEqual(['Andi', 'Anita']);
    const byPhone = await inject({
      method: 'GET',
      url: '/api/cs/customers?q=628130&isPhoneNumber=true',
      headers: adc.headers,
    });
    expect(byPhone.json().items).toHaveLength(2);
    const one = await inject({
      method: 'GET',
      url: '/api/cs/customers/byPhoneNumber?phoneNumber=6281300000001',
      headers: adc.headers,
    });
    expect(one.json().name).toBe('Andi');
  });

  it('answers 404 for another client’s customer, and keeps each client’s customers apart', async () => {
    const other = await inject({
      method: 'GET',
      url: '/api/cs/customers/byPhoneNumber?phoneNumber=6281300000001',
      headers: adc2.headers,
    });
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('customer_not_found');
    const list = await inject({ method: 'GET', url: '/api/cs/customers', headers: adc2.headers });
    expect(list.json().items).toEqual([]);
  });

  it('sets a picture and an assigned agent, refusing an unknown agent', async () => {
    const picture = await inject({
      method: 'PUT',
      url: '/api/cs/customers',
      headers: adc.headers,
      payload: { phoneNumber: '6281300000001', picture: 'https://cdn.example.test/andi.png' },
    });
    expect(picture.json().imgProfileUrl).toBe('https://cdn.example.test/andi.png');
    const agent = await inject({
      method: 'POST',
      url: '/api/cs/customerService',
      headers: adc.headers,
      payload: { csName: 'Ayu', email: 'usc@demo.test' },
    });
    const assigned = await inject({
      method: 'PUT',
      url: '/api/cs/customers',
      headers: adc.headers,
      payload: { phoneNumber: '6281300000001', csId: agent.json().csId },
    });
    expect(assigned.json().csId).toBe(agent.json().csId);
    const list = await inject({
      method: 'GET',
      url: `/api/cs/customerService/listCustomer?csId=${agent.json().csId}`,
      headers: adc.headers,
    });
    expect(list.json().items.map((c: { name: string }) => c.name)).toEqual(['Andi']);
    const unknown = await inject({
      method: 'PUT',
      url: '/api/cs/customers',
      headers: adc.headers,
      payload: { phoneNumber: '6281300000001', csId: '0190f0f0-0000-7000-8000-000000000000' },
    });
    expect(errorCode(unknown)).toBe('agent_not_found');
  });

  it('imports and bulk-deletes customers from one file each, reporting every row', async () => {
    const file = multipartFile(
      'customers.csv',
      'phoneNumber,name,tags\n081355550001,Wati,vip|new\nabc,Broken,\n6281355550002,Yanto,\n',
    );
    const imported = await inject({
      method: 'POST',
      url: '/api/cs/customers/import',
      headers: { ...adc.headers, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(imported.statusCode).toBe(202);
    expect(imported.json().rows).toEqual([
      { row: 3, phoneNumber: null, ok: false, error: 'phoneNumber is not a valid phone number' },
    ]);
    // The import is written by a job: wait until it is done.
    for (let poll = 0; poll < 100; poll++) {
      const status = await inject({
        method: 'GET',
        url: `/api/cs/customers/import/${imported.json().id}`,
        headers: adc.headers,
      });
      if (status.json().status === 'done') {
        expect(status.json()).toMatchObject({ total: 3, succeeded: 2, failed: 1 });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const csv = await inject({ method: 'GET', url: '/api/cs/customers/exportToCsv', headers: adc.headers });
    expect(csv.body).toContain('6281355550001,Wati,vip|new');

    const deletion = multipartFile('delete.csv', 'phoneNumber\n6281355550001\n6281399999999\n');
    const deleted = await inject({
      method: 'POST',
      url: '/api/cs/customers/delete',
      headers: { ...adc.headers, 'content-type': deletion.contentType },
      payload: deletion.payload,
    });
    expect(
      deleted.json().rows.map((row: { ok: boolean; error: string | null }) => [row.ok, row.error]),
    ).toEqual([
      [true, null],
      [false, 'customer not found'],
    ]);
    const gone = await inject({
      method: 'GET',
      url: '/api/cs/customers/byPhoneNumber?phoneNumber=6281355550001',
      headers: adc.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps a tag list with search, paging, rename and bulk insert', async () => {
    const created = await inject({
      method: 'POST',
      url: '/api/cs/tag/list',
      headers: adc.headers,
      payload: { name: 'billing' },
    });
    expect(created.statusCode).toBe(201);
    const duplicate = await inject({
      method: 'POST',
      url: '/api/cs/tag/list',
      headers: adc.headers,
      payload: { name: 'billing' },
    });
    expect(errorCode(duplicate)).toBe('tag_exists');
    const bulk = await inject({
      method: 'POST',
      url: '/api/cs/tag/list/insert',
      headers: adc.headers,
      payload: { tags: ['sales', 'billing', 'vip'] },
    });
    expect(bulk.json().skipped).toEqual(['billing']);
    const renamed = await inject({
      method: 'PUT',
      url: '/api/cs/tag/list',
      headers: adc.headers,
      payload: { id: created.json().id, name: 'finance' },
    });
    expect(renamed.json().name).toBe('finance');
    const page = await inject({
      method: 'GET',
      url: '/api/cs/tag/list?pageSize=2&pageNumber=1',
      headers: adc.headers,
    });
    expect(page.json()).toMatchObject({ total: 3, items: [{ name: 'finance' }, { name: 'sales' }] });
    const search = await inject({ method: 'GET', url: '/api/cs/tag/list?search=VI', headers: adc.headers });
    expect(search.json().items.map((tag: { name: string }) => tag.name)).toEqual(['vip']);
    const otherClient = await inject({
      method: 'PUT',
      url: '/api/cs/tag/list',
      headers: adc2.headers,
      payload: { id: created.json().id, name: 'stolen' },
    });
    expect(otherClient.statusCode).toBe(404);
  });
  it('deletes a tag from the list; another client’s id or an unknown id answers 404; agents may not', async () => {
    const created = await inject({
      method: 'POST',
      url: '/api/cs/tag/list',
      headers: adc.headers,
      payload: { name: 'to-remove' },
    });
    const id = created.json().id as string;
    const otherClient = await inject({
      method: 'DELETE',
      url: `/api/cs/tag/list?id=${id}`,
      headers: adc2.headers,
    });
    expect(otherClient.statusCode).toBe(404);
    expect(errorCode(otherClient)).toBe('tag_not_found');
    const agent = await logIn(sapa.app, 'usc@demo.test');
    const refused = await inject({
      method: 'DELETE',
      url: `/api/cs/tag/list?id=${id}`,
      headers: agent.headers,
    });
    expect(refused.statusCode).toBe(403);
    const deleted = await inject({
      method: 'DELETE',
      url: `/api/cs/tag/list?id=${id}`,
      headers: adc.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id, name: 'to-remove' });
    const search = await inject({
      method: 'GET',
      url: '/api/cs/tag/list?search=to-remove',
      headers: adc.headers,
    });
    expect(search.json().total).toBe(0);
    const again = await inject({ method: 'DELETE', url: `/api/cs/tag/list?id=${id}`, headers: adc.headers });
    expect(again.statusCode).toBe(404);
    const notAnId = await inject({ method: 'DELETE', url: '/api/cs/tag/list?id=nope', headers: adc.headers });
    expect(notAnId.statusCode).toBe(404);
  });

  // Last: it leaves customers in the second client, which the tests above expect empty.
  it('reads a national number in the client’s own country, not always as Indonesian', async () => {
    // The second client serves Malaysia (+60): its "012-345 6789" is a Malaysian mobile.
    await sapa.database.db
      .update(clients)
      .set({ countryCode: 'MY' })
      .where(eq(clients.id, adc2.session.clientId));
    try {
      const malaysian = await save({ phoneNumber: '012-345 6789', tags: '' }, adc2);
      expect(malaysian.json()).toMatchObject({ phoneNumber: '60123456789' });
      const found = await inject({
        method: 'GET',
        url: '/api/cs/customers/byPhoneNumber?phoneNumber=0123456789',
        headers: adc2.headers,
      });
      expect(found.json()).toMatchObject({ phoneNumber: '60123456789' });
      const file = multipartFile('customers.csv', 'phoneNumber,name\n0198765432,Aisyah\n');
      const imported = await inject({
        method: 'POST',
        url: '/api/cs/customers/import',
        headers: { ...adc2.headers, 'content-type': file.contentType },
        payload: file.payload,
      });
      expect(imported.statusCode).toBeLessThan(300);
      await expect
        .poll(
          async () =>
            (
              await inject({
                method: 'GET',
                url: '/api/cs/customers/byPhoneNumber?phoneNumber=60198765432',
                headers: adc2.headers,
              })
            ).statusCode,
          // The import's rows are written by a job.
          { timeout: 20_000 },
        )
        .toBe(200);
      // The demo client still reads its own numbers as Indonesian.
      expect((await save({ phoneNumber: '0812-3333-4444', tags: '' })).json().phoneNumber).toBe(
        '6281233334444',
      );
    } finally {
      await sapa.database.db
        .update(clients)
        .set({ countryCode: 'ID' })
        .where(eq(clients.id, adc2.session.clientId));
    }
  });
});
