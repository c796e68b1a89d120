import { parse } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundText } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { createInboxPort } from '../index.js';

describe('history and customer exports as background jobs', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);

  async function waitDone(path: string, by: LoggedIn, id: string) {
    for (let poll = 0; poll < 100; poll++) {
      const list = await inject({ method: 'GET', url: path, headers: by.headers });
      const item = list.json().items.find((entry: { id: string }) => entry.id === id);
      if (item?.status === 'done' || item?.status === 'failed') return item;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('export did not finish');
  }

  beforeAll(async () => {
    sapa = await createTestApp();
    await sapa.jobs.start({ work: true });
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    await inject({
      method: 'POST',
      url: '/api/cs/customerService',
      headers: adc.headers,
      payload: { csName: 'Ayu', email: 'usc@demo.test' },
    });
    usc = await logIn(sapa.app, 'usc@demo.test');
    const port = createInboxPort({});
    for (let i = 0; i < 7; i++) {
      await port.receiveInbound(
        sapa.database.db,
        inboundText(adc.session.clientId, `6281255500${i}0`, `halo ${i}`),
      );
    }
    const rooms = await inject({ method: 'GET', url: '/api/cs/chatRoom?pageSize=50', headers: adc.headers });
    for (const [index, room] of rooms.json().items.entries()) {
      // Two rooms go to the agent first, so their history is the agent's.
      if (index < 2)
        await inject({
          method: 'POST',
          url: '/api/cs/chatRoom/transfer',
          headers: adc.headers,
          payload: { roomId: room.id, toCsId: usc.session.csId },
        });
      await inject({
        method: 'DELETE',
        url: '/api/cs/chatRoom?forceClose=true',
        headers: adc.headers,
        payload: { roomId: room.id, remarks: `selesai ${index}` },
      });
    }
  });
  afterAll(async () => sapa?.close());

  it('builds every matching room with pageSize -1, reporting progress until done, and serves the file', async () => {
    const requested = await inject({
      method: 'POST',
      url: '/api/cs/exportChatroomHistory',
      headers: adc.headers,
      payload: { asType: 'csv', pageSize: -1, status: 'closed' },
    });
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toMatchObject({ status: 'queued', progress: 0 });
    const done = await waitDone(
      '/api/cs/exportChatroomHistory?pageNumber=1&pageSize=10',
      adc,
      requested.json().id,
    );
    expect(done).toMatchObject({ status: 'done', progress: 100, total: 7, processed: 7 });
    const file = await inject({
      method: 'GET',
      url: `/api/cs/exportChatroomHistory/download?id=${done.id}`,
      headers: adc.headers,
    });
    expect(file.body.trim().split('\n')).toHaveLength(8);
    const elsewhere = await inject({
      method: 'GET',
      url: `/api/cs/exportChatroomHistory/download?id=${done.id}`,
      headers: adc2.headers,
    });
    expect(errorCode(elsewhere)).toBe('export_not_found');
  });

  it('limits an export to its page size and an agent’s export to their own rooms', async () => {
    const limited = await inject({
      method: 'POST',
      url: '/api/cs/exportChatroomHistory',
      headers: adc.headers,
      payload: { pageSize: 3 },
    });
    expect(await waitDone('/api/cs/exportChatroomHistory', adc, limited.json().id)).toMatchObject({
      total: 3,
      processed: 3,
    });
    const own = await inject({
      method: 'POST',
      url: '/api/cs/exportChatroomHistory',
      headers: usc.headers,
      payload: { pageSize: -1 },
    });
    const finished = await waitDone('/api/cs/exportChatroomHistory', usc, own.json().id);
    expect(finished.total).toBe(2);
    // The agent's own list and downloads hold only their exports, not the admin's.
    const theirs = await inject({
      method: 'GET',
      url: '/api/cs/exportChatroomHistory',
      headers: usc.headers,
    });
    expect(theirs.json().items.map((item: { id: string }) => item.id)).toEqual([own.json().id]);
    const adminsFile = await inject({
      method: 'GET',
      url: `/api/cs/exportChatroomHistory/download?id=${limited.json().id}`,
      headers: usc.headers,
    });
    expect(errorCode(adminsFile)).toBe('export_not_found');
    const adminList = await inject({
      method: 'GET',
      url: '/api/cs/exportChatroomHistory',
      headers: adc.headers,
    });
    expect(adminList.json().total).toBeGreaterThanOrEqual(2);
  });

  it('exports customers through the same job, for admins only', async () => {
    const created = await inject({
      method: 'POST',
      url: '/api/cs/customers',
      headers: adc.headers,
      payload: { phoneNumber: '6281255509999', name: 'Two\nlines' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const requested = await inject({
      method: 'POST',
      url: '/api/cs/exportCustomer',
      headers: adc.headers,
      payload: { asType: 'csv' },
    });
    const done = await waitDone('/api/cs/exportCustomer', adc, requested.json().id);
    expect(done.status).toBe('done');
    const file = await inject({
      method: 'GET',
      url: `/api/cs/exportCustomer/download?id=${done.id}`,
      headers: adc.headers,
    });
    expect(file.body).toContain('6281255500'.slice(0, 10));
    // A name holding a line break is one record, not two: the count follows records, not lines.
    const records = parse(file.body, { columns: true }) as { name: string }[];
    expect(done.total).toBe(records.length);
    expect(done.processed).toBe(records.length);
    expect(records.some((record) => record.name === 'Two\nlines')).toBe(true);
    const byAgent = await inject({
      method: 'POST',
      url: '/api/cs/exportCustomer',
      headers: usc.headers,
      payload: { asType: 'csv' },
    });
    expect(byAgent.statusCode).toBe(403);
  });

  it('lists every export of the client on one page, an agent only their own, and shows one by id', async () => {
    const all = await inject({ method: 'GET', url: '/api/cs/exports?pageSize=50', headers: adc.headers });
    expect(all.statusCode, all.body).toBe(200);
    const items: { id: string; kind: string; requestedBy: string }[] = all.json().items;
    expect(all.json().total).toBe(4);
    expect(new Set(items.map((item) => item.kind))).toEqual(new Set(['chatroomHistory', 'customers']));
    const customers = items.find((item) => item.kind === 'customers')!;
    const byAgent = items.find((item) => item.requestedBy === 'usc@demo.test')!;

    const mine = await inject({ method: 'GET', url: '/api/cs/exports', headers: usc.headers });
    expect(mine.json()).toMatchObject({ total: 1, items: [{ id: byAgent.id, kind: 'chatroomHistory' }] });

    const one = await inject({ method: 'GET', url: `/api/cs/exports/${customers.id}`, headers: adc.headers });
    expect(one.json()).toMatchObject({ id: customers.id, status: 'done', progress: 100 });
    expect(one.json()).not.toHaveProperty('content');
    const notTheirs = await inject({
      method: 'GET',
      url: `/api/cs/exports/${customers.id}`,
      headers: usc.headers,
    });
    expect(errorCode(notTheirs)).toBe('export_not_found');
    const malformed = await inject({ method: 'GET', url: '/api/cs/exports/nope', headers: adc.headers });
    expect(errorCode(malformed)).toBe('export_not_found');
  });

  it('keeps one client’s exports from another client', async () => {
    const list = await inject({ method: 'GET', url: '/api/cs/exports', headers: adc2.headers });
    expect(list.json()).toMatchObject({ total: 0, items: [] });
    const own = await inject({ method: 'GET', url: '/api/cs/exports?pageSize=1', headers: adc.headers });
    const elsewhere = await inject({
      method: 'GET',
      url: `/api/cs/exports/${own.json().items[0].id}`,
      headers: adc2.headers,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(errorCode(elsewhere)).toBe('export_not_found');
  });
});
