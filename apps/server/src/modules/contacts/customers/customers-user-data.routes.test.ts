import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundText, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { createInboxPort } from '../../inbox/index.js';

/** POST /customers with userData from the chat panel: agents edit only what userDataEditable names. */
describe('customer data edited by agents', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let usc: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const save = (by: LoggedIn, payload: object) =>
    inject({ method: 'POST', url: '/api/cs/customers', headers: by.headers, payload });

  beforeAll(async () => {
    sapa = await createTestApp();
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    await inject({
      method: 'POST',
      url: '/api/cs/customerService',
      headers: adc.headers,
      payload: { csName: 'Ayu', email: 'usc@demo.test', tags: ['billing'] },
    });
    usc = await logIn(sapa.app, 'usc@demo.test');
    const config = await inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { isDisplayingUserData: true, userDataDisplay: ['city', 'tier'], userDataEditable: ['city'] },
    });
    expect(config.statusCode).toBe(200);
    const created = await save(adc, {
      phoneNumber: '6281233330001',
      name: 'Rina',
      tags: 'vip',
      userData: { city: 'Bandung', tier: 'gold' },
    });
    expect(created.statusCode).toBe(200);
    // The customer writes in: their room waits in the queue, which the agent may open.
    await createInboxPort({ realtime: new RecordingRealtime() }).receiveInbound(
      sapa.database.db,
      inboundText(adc.session.clientId, '6281233330001', 'Halo'),
    );
  });
  afterAll(async () => sapa?.close());

  it('lets an agent change an editable field, keeping the name, the tags and the other data', async () => {
    const saved = await save(usc, { phoneNumber: '6281233330001', tags: '', userData: { city: 'Surabaya' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Rina',
      tags: ['vip'],
      userData: { city: 'Surabaya', tier: 'gold' },
    });
  });

  it('refuses an agent a field the configuration does not let them edit, and changes nothing', async () => {
    const refused = await save(usc, {
      phoneNumber: '6281233330001',
      tags: '',
      userData: { city: 'Medan', tier: 'platinum' },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('user_data_not_editable');
    expect(refused.json().error.message).toContain('tier');
    const customer = await inject({
      method: 'GET',
      url: '/api/cs/customers/byPhoneNumber?phoneNumber=6281233330001',
      headers: adc.headers,
    });
    expect(customer.json().userData).toEqual({ city: 'Surabaya', tier: 'gold' });
  });

  it('refuses an agent a customer with no room they may open', async () => {
    await save(adc, { phoneNumber: '6281233330002', name: 'Dewi', tags: '' });
    const refused = await save(usc, { phoneNumber: '6281233330002', name: 'Renamed', tags: '' });
    expect(refused.statusCode).toBe(404);
    expect(errorCode(refused)).toBe('customer_not_found');
  });

  it('leaves admins free to set any field', async () => {
    const saved = await save(adc, { phoneNumber: '6281233330001', tags: '', userData: { tier: 'platinum' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().userData).toEqual({ city: 'Surabaya', tier: 'platinum' });
  });

  it('keeps another client’s customer out of reach', async () => {
    const other = await inject({
      method: 'GET',
      url: '/api/cs/customers/byPhoneNumber?phoneNumber=6281233330001',
      headers: adc2.headers,
    });
    expect(other.statusCode).toBe(404);
  });
});
