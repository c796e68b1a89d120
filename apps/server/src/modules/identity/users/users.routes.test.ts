import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

describe('user administration', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const put = (who: LoggedIn, url: string, payload: object) =>
    inject({ method: 'PUT', url, headers: who.headers, payload });
  const post = (who: LoggedIn, url: string, payload: object) =>
    inject({ method: 'POST', url, headers: who.headers, payload });
  const get = (who: LoggedIn, url: string) => inject({ method: 'GET', url, headers: who.headers });
  const loginStatus = async (email: string, password: string) => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: email, password },
    });
    return { status: response.statusCode, code: response.statusCode === 200 ? 'ok' : errorCode(response) };
  };

  async function createUser(who: LoggedIn, name: string, email: string, role = 'USC') {
    const response = await post(who, '/api/users', { name, email, role });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.outcome).toBe('created');
    return body as { user: { userId: string; email: string; role: string }; temporaryPassword: string };
  }

  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
  });
  afterAll(async () => sapa?.close());

  it('lists the own client’s users ten to a page, newest first, with search and filters', async () => {
    const first = await get(adc, '/api/users');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ pageSize: 10, pageNumber: 0, total: 10 });
    expect(page.items).toHaveLength(10);
    expect(page.items.every((user: { clientId: string }) => user.clientId === adc.session.clientId)).toBe(
      true,
    );

    const created = await createUser(adc, 'Newest Person', 'newest@example.com');
    const after = (await get(adc, '/api/users?pageSize=3')).json();
    expect(after.total).toBe(11);
    expect(after.items[0].userId).toBe(created.user.userId);
    const second = (await get(adc, '/api/users?pageSize=3&pageNumber=3')).json();
    expect(second.items).toHaveLength(2);

    const search = (await get(adc, '/api/users?q=NEWEST')).json();
    expect(search.items.map((user: { email: string }) => user.email)).toEqual(['newest@example.com']);
    const byRole = (await get(adc, '/api/users?role=USR')).json();
    expect(byRole.items.map((user: { email: string }) => user.email)).toEqual(['usr@demo.test']);
    // A search for the LIKE wildcard matches nothing rather than everything.
    expect((await get(adc, '/api/users?q=%25')).json().total).toBe(0);
  });

  it('keeps each client to its own users; a super admin may list any client', async () => {
    const other = await get(adc, `/api/users?clientId=${adc2.session.clientId}`);
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('client_not_found');
    expect((await get(adc, `/api/users/byClient/${adc2.session.clientId}`)).statusCode).toBe(404);

    const bySad = await get(sad, `/api/users/byClient/${adc2.session.clientId}`);
    expect(bySad.statusCode).toBe(200);
    expect(
      bySad
        .json()
        .items.map((user: { email: string }) => user.email)
        .sort(),
    ).toEqual(['adc2@demo.test', 'usc2@demo.test']);

    const foreignUser = (await get(sad, `/api/users/byClient/${adc2.session.clientId}`)).json().items[0];
    expect((await get(adc, `/api/users/${foreignUser.userId}`)).statusCode).toBe(404);
    for (const action of ['deactivate', 'unlock', 'pending', 'activate', 'reactivate']) {
      const response = await put(adc, `/api/users/${action}`, { userId: foreignUser.userId });
      expect(response.statusCode).toBe(404);
    }
    const edit = await put(adc, `/api/users/${foreignUser.userId}`, {
      name: 'Hijacked',
      email: 'hijack@example.com',
      role: 'USC',
    });
    expect(edit.statusCode).toBe(404);
  });

  it('refuses user administration to roles without the right', async () => {
    const usc = await logIn(sapa.app, 'usc@demo.test');
    const list = await get(usc, '/api/users');
    expect(list.statusCode).toBe(403);
    expect(errorCode(list)).toBe('forbidden');
    const create = await post(usc, '/api/users', { name: 'X', email: 'x@example.com', role: 'USC' });
    expect(create.statusCode).toBe(403);
    // ADU may administer users (spec §6), and lands on /users.
    const adu = await logIn(sapa.app, 'adu@demo.test');
    expect((await get(adu, '/api/users')).statusCode).toBe(200);
  });

  it('creates a user who logs in with the one-time password, and records who did it', async () => {
    const created = await createUser(adc, 'Ana Putri', 'Ana.Putri@Example.com ', 'USR');
    expect(created.user).toMatchObject({ email: 'ana.putri@example.com', role: 'USR', status: 'active' });
    expect(created.temporaryPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const ana = await logIn(sapa.app, 'ana.putri@example.com', created.temporaryPassword);
    expect(ana.session.role).toBe('USR');

    const audit = (await get(adc, `/api/audit-trail?entityId=${created.user.userId}`)).json();
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      action: 'user.create',
      entityType: 'user',
      actorEmail: 'adc@demo.test',
      after: { email: 'ana.putri@example.com', role: 'USR' },
    });
    expect(JSON.stringify(audit.items[0])).not.toContain('passwordHash');
  });

  it('validates name, email and role with clear messages', async () => {
    const bad = await post(adc, '/api/users', { name: ' ', email: 'not-an-email', role: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    const messages = bad.json().error.details.map((detail: { message: string }) => detail.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Enter a name',
        'Enter a valid email address',
        expect.stringContaining('Choose a role'),
      ]),
    );
    const taken = await post(adc, '/api/users', { name: 'Dup', email: 'USC@demo.test', role: 'USC' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('This email is already taken.');
    // Another client's user gets the same words: nothing says whose the email is.
    const foreign = await post(adc, '/api/users', { name: 'Dup', email: 'usc2@demo.test', role: 'USC' });
    expect(foreign.json().error).toEqual(taken.json().error);
    const superAdmin = await post(adc, '/api/users', {
      name: 'Boss',
      email: 'boss@example.com',
      role: 'SAD',
    });
    expect(superAdmin.statusCode).toBe(403);
    expect(errorCode(superAdmin)).toBe('super_admin_only');

    const check = await post(adc, '/api/users/validate', { name: '', email: 'adc@demo.test', role: 'SAD' });
    expect(check.json()).toMatchObject({
      valid: false,
      errors: [
        { field: 'name', message: 'Enter a name' },
        { field: 'email', message: 'This email is already taken.' },
        { field: 'role', message: 'Only a super admin may give or change the super admin role.' },
      ],
    });
    const fine = await post(adc, '/api/users/validate', {
      name: 'Budi',
      email: 'budi@example.com',
      role: 'USC',
    });
    expect(fine.json()).toMatchObject({ valid: true, errors: [] });
  });

  it('edits a user’s name, email and role; the new role applies to their next request', async () => {
    const created = await createUser(adc, 'Citra', 'citra@example.com', 'USC');
    const citra = await logIn(sapa.app, 'citra@example.com', created.temporaryPassword);
    expect((await get(citra, '/api/users')).statusCode).toBe(403);

    const edit = await put(adc, `/api/users/${created.user.userId}`, {
      name: 'Citra Dewi',
      email: 'citra.dewi@example.com',
      role: 'ADU',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      outcome: 'updated',
      user: { name: 'Citra Dewi', email: 'citra.dewi@example.com', role: 'ADU' },
    });
    expect((await get(citra, '/api/users')).statusCode).toBe(200);
    const detail = (await get(adc, `/api/users/${created.user.userId}`)).json();
    expect(detail.name).toBe('Citra Dewi');

    const self = await put(adc, `/api/users/${adc.session.userId}`, {
      name: 'Demo ADC',
      email: 'adc@demo.test',
      role: 'USC',
    });
    expect(self.statusCode).toBe(409);
    expect(errorCode(self)).toBe('not_on_yourself');
  });

  it('deactivates a user, ending their sessions, and reactivates them', async () => {
    const created = await createUser(adc, 'Dodi', 'dodi@example.com');
    const dodi = await logIn(sapa.app, 'dodi@example.com', created.temporaryPassword);
    expect((await get(dodi, '/api/users/me')).statusCode).toBe(200);

    const off = await put(adc, '/api/users/deactivate', { userId: created.user.userId });
    expect(off.json().status).toBe('deactivated');
    expect((await get(dodi, '/api/users/me')).statusCode).toBe(401);
    expect(await loginStatus('dodi@example.com', created.temporaryPassword)).toEqual({
      status: 403,
      code: 'account_deactivated',
    });

    const again = await put(adc, '/api/users/deactivate', { userId: created.user.userId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This user is deactivated; only active, pending or locked users can be deactivated.',
    );
    const wrong = await put(adc, '/api/users/activate', { userId: created.user.userId });
    expect(wrong.json().error.message).toBe('This user is deactivated; only pending users can be activated.');

    expect((await put(adc, '/api/users/reactivate', { userId: created.user.userId })).json().status).toBe(
      'active',
    );
    expect((await loginStatus('dodi@example.com', created.temporaryPassword)).status).toBe(200);
  });

  it('sets a user pending and activates them', async () => {
    const created = await createUser(adc, 'Eka', 'eka@example.com');
    expect((await put(adc, '/api/users/pending', { userId: created.user.userId })).json().status).toBe(
      'pending',
    );
    expect(await loginStatus('eka@example.com', created.temporaryPassword)).toEqual({
      status: 403,
      code: 'account_pending',
    });
    expect((await put(adc, '/api/users/activate', { userId: created.user.userId })).json().status).toBe(
      'active',
    );
    expect((await loginStatus('eka@example.com', created.temporaryPassword)).status).toBe(200);
  });

  it('unlocks a user paused by failed logins, who then logs in', async () => {
    const created = await createUser(adc, 'Fajar', 'fajar@example.com');
    expect(errorCode(await put(adc, '/api/users/unlock', { userId: created.user.userId }))).toBe(
      'invalid_user_transition',
    );
    for (let attempt = 0; attempt < 5; attempt++) await loginStatus('fajar@example.com', 'wrong-password');
    expect((await loginStatus('fajar@example.com', created.temporaryPassword)).code).toBe(
      'invalid_credentials',
    );
    expect((await get(adc, `/api/users/${created.user.userId}`)).json().status).toBe('locked');

    const unlocked = await put(adc, '/api/users/unlock', { userId: created.user.userId });
    expect(unlocked.json().status).toBe('active');
    expect((await loginStatus('fajar@example.com', created.temporaryPassword)).status).toBe(200);
    // The count starts again from zero: four more failures do not lock.
    for (let attempt = 0; attempt < 4; attempt++) await loginStatus('fajar@example.com', 'wrong-password');
    expect((await loginStatus('fajar@example.com', created.temporaryPassword)).status).toBe(200);

    const audit = (
      await get(adc, `/api/audit-trail?entityId=${created.user.userId}&action=user.unlock`)
    ).json();
    expect(audit.items[0]).toMatchObject({
      before: { status: 'locked', failedLoginCount: 5 },
      after: { status: 'active', failedLoginCount: 0, lockedUntil: null },
    });
  });

  it('keeps stronger roles out of reach of an admin user', async () => {
    const adu = await logIn(sapa.app, 'adu@demo.test');
    const promote = await post(adu, '/api/users', {
      name: 'Shadow',
      email: 'shadow@example.com',
      role: 'ADC',
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error.message).toBe('Your role may not give or change the ADC role.');
    const adcUser = (await get(adu, '/api/users?role=ADC')).json().items[0];
    expect((await put(adu, '/api/users/deactivate', { userId: adcUser.userId })).statusCode).toBe(403);
    const created = await createUser(adu, 'Helper', 'helper@example.com', 'USC');
    expect(created.user.role).toBe('USC');
  });

  it('refuses an admin changing their own status', async () => {
    const response = await put(adc, '/api/users/deactivate', { userId: adc.session.userId });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('You cannot change your own role, status or client.');
  });

  it('lets a super admin move a user to another client, ending their sessions', async () => {
    const created = await createUser(adc, 'Gita', 'gita@example.com');
    const gita = await logIn(sapa.app, 'gita@example.com', created.temporaryPassword);
    const byAdmin = await put(adc, '/api/users/changeClientId', {
      userId: created.user.userId,
      clientId: adc2.session.clientId,
    });
    expect(byAdmin.statusCode).toBe(403);

    const moved = await put(sad, '/api/users/changeClientId', {
      userId: created.user.userId,
      clientId: adc2.session.clientId,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().clientId).toBe(adc2.session.clientId);
    expect((await get(gita, '/api/users/me')).statusCode).toBe(401);
    expect((await get(adc, `/api/users/${created.user.userId}`)).statusCode).toBe(404);
    expect((await get(adc2, `/api/users/${created.user.userId}`)).statusCode).toBe(200);
    const again = await logIn(sapa.app, 'gita@example.com', created.temporaryPassword);
    expect(again.session.clientId).toBe(adc2.session.clientId);

    const unknown = await put(sad, '/api/users/changeClientId', {
      userId: created.user.userId,
      clientId: '01900000-0000-7000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
