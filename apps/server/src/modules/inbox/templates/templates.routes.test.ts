import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

describe('chat templates and room categories', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let use: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);

  beforeAll(async () => {
    sapa = await createTestApp();
    [adc, use, usc, adc2] = await Promise.all([
      logIn(sapa.app, 'adc@demo.test'),
      logIn(sapa.app, 'use@demo.test'),
      logIn(sapa.app, 'usc@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
    ]);
  });
  afterAll(async () => sapa?.close());

  it('lets a template admin (USE) create and edit templates, which agents then see while active', async () => {
    const greeting = await inject({
      method: 'PUT',
      url: '/api/cs/chatTemplate',
      headers: use.headers,
      payload: { name: 'Greeting', content: 'Halo, ada yang bisa kami bantu?', shortcut: 'halo' },
    });
    expect(greeting.statusCode).toBe(200);
    const closing = await inject({
      method: 'PUT',
      url: '/api/cs/chatTemplate',
      headers: adc.headers,
      payload: { name: 'Resolved', content: 'Masalah selesai', isClosingRemark: true },
    });
    const edited = await inject({
      method: 'PUT',
      url: '/api/cs/chatTemplate',
      headers: use.headers,
      payload: { id: greeting.json().id, name: 'Greeting', content: 'Selamat datang!' },
    });
    expect(edited.json().content).toBe('Selamat datang!');
    const duplicate = await inject({
      method: 'PUT',
      url: '/api/cs/chatTemplate',
      headers: use.headers,
      payload: { name: 'Resolved', content: 'x' },
    });
    expect(errorCode(duplicate)).toBe('template_exists');
    const byAgent = await inject({
      method: 'PUT',
      url: '/api/cs/chatTemplate',
      headers: usc.headers,
      payload: { name: 'Mine', content: 'x' },
    });
    expect(byAgent.statusCode).toBe(403);

    const closingOnly = await inject({
      method: 'GET',
      url: '/api/cs/chatTemplate?isClosingRemark=true',
      headers: usc.headers,
    });
    expect(closingOnly.json().items.map((t: { name: string }) => t.name)).toEqual(['Resolved']);
    const deactivated = await inject({
      method: 'POST',
      url: '/api/cs/chatTemplate/action',
      headers: adc.headers,
      payload: { action: 'deactivate', ids: [closing.json().id] },
    });
    expect(deactivated.json().affected).toBe(1);
    const forAgent = await inject({
      method: 'GET',
      url: '/api/cs/chatTemplate?search=selamat',
      headers: usc.headers,
    });
    expect(forAgent.json().items.map((t: { name: string }) => t.name)).toEqual(['Greeting']);
    const forAdmin = await inject({ method: 'GET', url: '/api/cs/chatTemplate', headers: adc.headers });
    expect(forAdmin.json().total).toBe(2);
  });

  it('keeps templates per client and deletes them one or many at a time', async () => {
    const list = await inject({ method: 'GET', url: '/api/cs/chatTemplate', headers: adc.headers });
    const [first, second] = list.json().items;
    expect(
      (await inject({ method: 'GET', url: '/api/cs/chatTemplate', headers: adc2.headers })).json().total,
    ).toBe(0);
    const foreign = await inject({
      method: 'DELETE',
      url: `/api/cs/chatTemplate?id=${first.id}`,
      headers: adc2.headers,
    });
    expect(errorCode(foreign)).toBe('template_not_found');
    const one = await inject({
      method: 'DELETE',
      url: `/api/cs/chatTemplate?id=${first.id}`,
      headers: adc.headers,
    });
    expect(one.json().deleted).toBe(1);
    const bulk = await inject({
      method: 'POST',
      url: '/api/cs/chatTemplate/action',
      headers: adc.headers,
      payload: { action: 'delete', ids: [second.id] },
    });
    expect(bulk.json().affected).toBe(1);
    expect(
      (await inject({ method: 'GET', url: '/api/cs/chatTemplate', headers: adc.headers })).json().total,
    ).toBe(0);
  });

  it('manages room categories that agents choose from', async () => {
    const created = await inject({
      method: 'POST',
      url: '/api/cs/roomCategory',
      headers: adc.headers,
      payload: { name: 'Delivery' },
    });
    expect(created.statusCode).toBe(201);
    const duplicate = await inject({
      method: 'POST',
      url: '/api/cs/roomCategory',
      headers: adc.headers,
      payload: { name: 'Delivery' },
    });
    expect(errorCode(duplicate)).toBe('category_exists');
    const renamed = await inject({
      method: 'PUT',
      url: '/api/cs/roomCategory',
      headers: adc.headers,
      payload: { id: created.json().id, name: 'Shipping' },
    });
    expect(renamed.json().name).toBe('Shipping');
    const list = await inject({ method: 'GET', url: '/api/cs/roomCategory', headers: usc.headers });
    expect(list.json().items.map((c: { name: string }) => c.name)).toEqual(['Shipping']);
    const foreign = await inject({
      method: 'DELETE',
      url: `/api/cs/roomCategory?id=${created.json().id}`,
      headers: adc2.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const deleted = await inject({
      method: 'DELETE',
      url: `/api/cs/roomCategory?id=${created.json().id}`,
      headers: adc.headers,
    });
    expect(deleted.json().deleted).toBe(1);
  });
});
