import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';

function multipartCsv(csv: string, filename = 'clients.csv') {
  const boundary = '----sapa-test-boundary';
  const payload = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${filename}"`,
    'Content-Type: text/csv',
    '',
    csv,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const NEW_CLIENT = {
  clientName: 'Toko Maju',
  abbreviatedClientName: 'MAJU',
  clientBizType: 'Retail',
  clientAddress: 'Jl. Braga 10, Bandung',
  clientPhoneNumber: '+62224200000',
  clientMobileNumber: '+628122000000',
  timezone: 'Asia/Makassar',
  countryCode: 'id',
  countryPhone: '62',
  logTypes: ['LOGIN', 'USER'],
  features: ['SMS', 'WHATSAPP', 'CS'],
  mainFeature: 'WHATSAPP',
};

describe('client administration', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const as = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
  });
  afterAll(async () => sapa?.close());

  it('creates a client with chosen features and its first admin, who logs in to exactly those features', async () => {
    const response = await as(sad, 'POST', '/api/clients', {
      ...NEW_CLIENT,
      admin: { adminName: 'Maya Sari', adminEmail: 'maya@tokomaju.example' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.client).toMatchObject({
      clientName: 'Toko Maju',
      countryCode: 'ID',
      timezone: 'Asia/Makassar',
      features: ['CS', 'SMS', 'WHATSAPP'],
      mainFeature: 'WHATSAPP',
      logTypes: '["LOGIN","USER"]',
      approvalRequired: false,
      status: 'active',
    });
    expect(body.admin.user).toMatchObject({ role: 'ADC', email: 'maya@tokomaju.example' });

    const maya = await logIn(sapa.app, 'maya@tokomaju.example', body.admin.temporaryPassword);
    expect(maya.session).toMatchObject({
      clientId: body.client.clientId,
      features: ['CS', 'SMS', 'WHATSAPP'],
      mainFeature: 'WHATSAPP',
    });
    const audit = (await as(sad, 'GET', `/api/audit-trail?clientId=${body.client.clientId}`)).json();
    expect(audit.items.map((entry: { action: string }) => entry.action).sort()).toEqual([
      'client.create',
      'user.create',
    ]);
  });

  it('lists clients for the super admin only, searched and paged, newest first', async () => {
    const page = (await as(sad, 'GET', '/api/clients?pageSize=2')).json();
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items).toHaveLength(2);
    expect(page.items[0].clientName).toBe('Toko Maju');
    const search = (await as(sad, 'GET', '/api/clients?q=second')).json();
    expect(search.items.map((client: { clientName: string }) => client.clientName)).toEqual([
      'Second Client',
    ]);

    const byAdmin = await as(adc, 'GET', '/api/clients');
    expect(byAdmin.statusCode).toBe(403);
    expect((await as(adc, 'POST', '/api/clients', NEW_CLIENT)).statusCode).toBe(403);
  });

  it('explains invalid client info field by field', async () => {
    const response = await as(sad, 'POST', '/api/clients', {
      ...NEW_CLIENT,
      clientName: '',
      clientBizType: '',
      timezone: 'Jakarta',
      countryCode: 'IDN',
      features: ['SMS', 'FAX'],
      admin: { adminName: '', adminEmail: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    const details = response
      .json()
      .error.details.map((detail: { path: string; message: string }) => detail.message);
    expect(details).toEqual(
      expect.arrayContaining([
        'Enter the client name',
        'Enter the business type',
        'Choose a timezone such as Asia/Jakarta',
        'A country code is two letters, such as ID',
        'Enter a name',
        'Enter a valid email address',
      ]),
    );
    const mainOutside = await as(sad, 'POST', '/api/clients', { ...NEW_CLIENT, mainFeature: 'OTP' });
    expect(mainOutside.statusCode).toBe(400);
    expect(mainOutside.json().error.message).toBe('The main feature must be one of the chosen features.');

    const check = await as(sad, 'POST', '/api/clients/validate', {
      clientId: '01900000-0000-7000-8000-000000000000',
      adminName: 'Ok Name',
      adminEmail: 'adc@demo.test',
      clientBizType: '',
    });
    expect(check.json()).toMatchObject({
      valid: false,
      errors: [
        { field: 'clientId', message: 'Client not found' },
        { field: 'adminEmail', message: 'This email is already taken.' },
        { field: 'clientBizType', message: 'Enter the business type' },
      ],
    });
  });

  it('edits client info and features, which reach the client’s sessions at once', async () => {
    const { client } = (
      await as(sad, 'POST', '/api/clients', { ...NEW_CLIENT, clientName: 'Edit Me' })
    ).json();
    const edited = await as(sad, 'PUT', `/api/clients/${client.clientId}`, {
      ...NEW_CLIENT,
      clientName: 'Edited',
      features: ['OTP'],
      mainFeature: 'OTP',
      approvalRequired: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ clientName: 'Edited', features: ['OTP'], approvalRequired: true });
    const audit = (
      await as(sad, 'GET', `/api/audit-trail?clientId=${client.clientId}&action=client.update`)
    ).json();
    expect(audit.items[0].before.clientName).toBe('Edit Me');
    expect(audit.items[0].after).toMatchObject({ clientName: 'Edited', features: ['OTP'] });
    const missing = await as(sad, 'PUT', '/api/clients/01900000-0000-7000-8000-000000000000', NEW_CLIENT);
    expect(missing.statusCode).toBe(404);
  });

  it('deactivates a client: its users are logged out and cannot log in until it is activated', async () => {
    const created = (
      await as(sad, 'POST', '/api/clients', {
        ...NEW_CLIENT,
        clientName: 'Short Lived',
        admin: { adminName: 'Rina', adminEmail: 'rina@shortlived.example' },
      })
    ).json();
    const rina = await logIn(sapa.app, 'rina@shortlived.example', created.admin.temporaryPassword);
    const off = await as(sad, 'PUT', `/api/clients/${created.client.clientId}/deactivate`);
    expect(off.json().status).toBe('deactivated');
    expect((await as(rina, 'GET', '/api/users/me')).statusCode).toBe(401);
    const login = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'rina@shortlived.example', password: created.admin.temporaryPassword },
    });
    expect(errorCode(login)).toBe('client_deactivated');
    await as(sad, 'PUT', `/api/clients/${created.client.clientId}/activate`);
    await logIn(sapa.app, 'rina@shortlived.example', created.admin.temporaryPassword);

    const own = await as(sad, 'PUT', `/api/clients/${sad.session.clientId}/deactivate`);
    expect(own.statusCode).toBe(409);
  });

  it('creates clients from a CSV batch and reports every failed row with its reasons', async () => {
    const csv = [
      'clientName,clientBizType,features,mainFeature,logTypes,timezone,adminName,adminEmail',
      'Batch One,Retail,SMS|EMAIL,SMS,LOGIN|USER,Asia/Jakarta,Budi,budi@batchone.example',
      ',Retail,SMS,,,,,',
      'Batch Three,Bank,OTP,SMS,,Asia/Jakarta,,',
      'Batch Four,Logistics,FAX,,,,Dewi,adc@demo.test',
      '"Batch, Five",Media,,,,,Eko,eko@batchfive.example',
      'Batch Six,Media,,,,,Fitri,budi@batchone.example',
    ].join('\n');
    const { payload, contentType } = multipartCsv(csv);
    const response = await inject({
      method: 'POST',
      url: '/api/clients/batch',
      headers: { ...sad.headers, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ created: 2, failed: 4 });
    expect(report.rows.map((row: { row: number; outcome: string }) => [row.row, row.outcome])).toEqual([
      [2, 'created'],
      [3, 'failed'],
      [4, 'failed'],
      [5, 'failed'],
      [6, 'created'],
      [7, 'failed'],
    ]);
    expect(report.rows[1].errors).toContainEqual({ field: 'clientName', message: 'Enter the client name' });
    expect(report.rows[2].errors).toEqual([
      { field: 'mainFeature', message: 'The main feature must be one of the chosen features.' },
    ]);
    expect(report.rows[3].errors.map((error: { field: string }) => error.field)).toContain('features');
    expect(report.rows[5].errors).toEqual([{ field: 'adminEmail', message: 'This email is already taken.' }]);
    const budi = await logIn(sapa.app, 'budi@batchone.example', report.rows[0].temporaryPassword);
    expect(budi.session.features).toEqual(['EMAIL', 'SMS']);
    expect((await as(sad, 'GET', '/api/clients?q=Batch, Five')).json().total).toBe(1);
    // The failed admin email did not leave a client behind.
    expect((await as(sad, 'GET', '/api/clients?q=Batch Six')).json().total).toBe(0);
  });

  it('refuses a batch file with unknown columns or no rows', async () => {
    const unknown = multipartCsv('clientName,colour\nA,red\n');
    const bad = await inject({
      method: 'POST',
      url: '/api/clients/batch',
      headers: { ...sad.headers, 'content-type': unknown.contentType },
      payload: unknown.payload,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Unknown columns: colour.');
    const empty = multipartCsv('clientName,clientBizType\n');
    const none = await inject({
      method: 'POST',
      url: '/api/clients/batch',
      headers: { ...sad.headers, 'content-type': empty.contentType },
      payload: empty.payload,
    });
    expect(none.json().error.message).toBe('The file has no client rows under its header.');
    const byAdmin = await inject({
      method: 'POST',
      url: '/api/clients/batch',
      headers: { ...adc.headers, 'content-type': empty.contentType },
      payload: empty.payload,
    });
    expect(byAdmin.statusCode).toBe(403);
  });
});
