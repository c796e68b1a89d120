import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';

describe('tenancy', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);

  beforeAll(async () => {
    sapa = await createTestApp();
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
  });
  afterAll(async () => sapa?.close());

  it('lists every client only for a super admin', async () => {
    const forSad = (await inject({ method: 'GET', url: '/api/clients/me', headers: sad.headers })).json();
    expect(forSad.listClientInfo.map((info: { clientName: string }) => info.clientName)).toEqual([
      'Demo Client',
      'Second Client',
    ]);
    expect(sad.session.clientIds).toHaveLength(2);

    const forAdmin = (await inject({ method: 'GET', url: '/api/clients/me', headers: adc2.headers })).json();
    expect(forAdmin.clientInfo.clientName).toBe('Second Client');
    expect(forAdmin.clientInfo.features).toEqual(['OTP', 'CS', 'WHATSAPP']);
    expect(forAdmin.listClientInfo).toHaveLength(1);
  });

  it("answers 404 for another client's id, and for ids that name nothing", async () => {
    const other = await inject({
      method: 'GET',
      url: `/api/clients/${adc.session.clientId}`,
      headers: adc2.headers,
    });
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('client_not_found');
    const own = await inject({
      method: 'GET',
      url: `/api/clients/${adc2.session.clientId}`,
      headers: adc2.headers,
    });
    expect(own.json().clientName).toBe('Second Client');
    const bySad = await inject({
      method: 'GET',
      url: `/api/clients/${adc2.session.clientId}`,
      headers: sad.headers,
    });
    expect(bySad.statusCode).toBe(200);
    const garbage = await inject({ method: 'GET', url: '/api/clients/not-an-id', headers: sad.headers });
    expect(garbage.statusCode).toBe(404);
  });

  it("answers 404 for another client's user", async () => {
    const own = await inject({
      method: 'GET',
      url: `/api/users/${adc.session.userId}`,
      headers: adc.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ email: 'adc@demo.test', role: 'ADC', status: 'active' });
    const other = await inject({
      method: 'GET',
      url: `/api/users/${adc.session.userId}`,
      headers: adc2.headers,
    });
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('user_not_found');
  });

  it('keeps user details to the administrators of spec §6', async () => {
    const usc = await logIn(sapa.app, 'usc@demo.test');
    const response = await inject({
      method: 'GET',
      url: `/api/users/${usc.session.userId}`,
      headers: usc.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('forbidden');
  });

  it('lets a super admin act for another client and back', async () => {
    const switched = await inject({
      method: 'PUT',
      url: '/api/users/ownClientId',
      headers: sad.headers,
      payload: { clientId: adc2.session.clientId },
    });
    expect(switched.statusCode).toBe(200);
    const state = switched.json();
    expect(state).toMatchObject({
      role: 'SAD',
      clientId: adc2.session.clientId,
      features: ['OTP', 'CS', 'WHATSAPP'],
    });
    expect(state.token).toEqual(expect.any(String));
    expect(state.refreshToken).not.toBe(sad.session.refreshToken);

    const headers = { authorization: `Bearer ${state.token}`, 'x-csrf-token': sad.csrfToken };
    const me = (await inject({ method: 'GET', url: '/api/users/me', headers })).json();
    expect(me).toMatchObject({ clientId: adc2.session.clientId, homeClientId: sad.session.clientId });
    // Now scoped to the second client: its users are visible, the home client's are not.
    expect(
      (await inject({ method: 'GET', url: `/api/users/${adc2.session.userId}`, headers })).statusCode,
    ).toBe(200);
    expect(
      (await inject({ method: 'GET', url: `/api/users/${adc.session.userId}`, headers })).statusCode,
    ).toBe(404);

    const back = await inject({
      method: 'PUT',
      url: '/api/users/ownClientId',
      headers,
      payload: { clientId: sad.session.clientId },
    });
    expect(back.json().clientId).toBe(sad.session.clientId);
  });

  it('refuses the client switch to everyone but a super admin, and to unknown clients', async () => {
    const byAdmin = await inject({
      method: 'PUT',
      url: '/api/users/ownClientId',
      headers: adc.headers,
      payload: { clientId: adc2.session.clientId },
    });
    expect(byAdmin.statusCode).toBe(403);
    const unknown = await inject({
      method: 'PUT',
      url: '/api/users/ownClientId',
      headers: sad.headers,
      payload: { clientId: '01900000-0000-7000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
