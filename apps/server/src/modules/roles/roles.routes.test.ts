import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';

describe('roles and rights', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const as = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    sapa = await createTestApp();
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
  });
  afterAll(async () => sapa?.close());

  it('seeds the spec’s roles and a default right set per role', async () => {
    const roles = (await as(adc, 'GET', '/api/roles')).json();
    expect(roles.map((role: { roleCode: string }) => role.roleCode)).toEqual([
      'ADB',
      'ADC',
      'ADU',
      'SAD',
      'USC',
      'USE',
      'USO',
      'USP',
      'USR',
      'USV',
    ]);
    const adcRights = (await as(sad, 'GET', '/api/roles/ADC/rights')).json();
    expect(adcRights.rights.map((right: { rightCode: string }) => right.rightCode)).toEqual([
      'API_SECRET_MANAGE',
      'AUDIT_VIEW',
      'TASK_APPROVE',
      'TASK_CREATE',
      'USER_MANAGE',
      'USER_VIEW',
    ]);
    const mine = (await as(adc, 'GET', '/api/users/me/rights')).json();
    expect(mine).toMatchObject({ roleCode: 'ADC', rightCodes: expect.arrayContaining(['USER_MANAGE']) });
  });

  it('answers rights by user, for users of the own client only', async () => {
    const usc = (await as(adc, 'GET', '/api/users?role=USC')).json().items[0];
    const rights = await as(adc, 'GET', `/api/users/${usc.userId}/rights`);
    expect(rights.json()).toMatchObject({ userId: usc.userId, roleCode: 'USC', rightCodes: [] });
    expect((await as(adc2, 'GET', `/api/users/${usc.userId}/rights`)).statusCode).toBe(404);
  });

  it('lets the super admin change a role’s rights, which the access rules check on the next request', async () => {
    const usr = await logIn(sapa.app, 'usr@demo.test');
    expect((await as(usr, 'GET', '/api/users')).statusCode).toBe(403);
    const granted = await as(sad, 'PUT', '/api/roles/USR/rights', { rightCodes: ['USER_VIEW'] });
    expect(granted.statusCode).toBe(200);
    expect((await as(usr, 'GET', '/api/users')).statusCode).toBe(200);
    await as(sad, 'PUT', '/api/roles/USR/rights', { rightCodes: [] });
    expect((await as(usr, 'GET', '/api/users')).statusCode).toBe(403);

    const audit = (await as(sad, 'GET', '/api/audit-trail?entityType=role&entityId=USR')).json();
    expect(audit.items[0]).toMatchObject({
      action: 'role.rights',
      before: { rightCodes: ['USER_VIEW'] },
      after: { rightCodes: [] },
    });
  });

  it('keeps the super admin able to edit roles, and refuses unknown rights', async () => {
    const lockout = await as(sad, 'PUT', '/api/roles/SAD/rights', { rightCodes: ['USER_VIEW'] });
    expect(lockout.statusCode).toBe(409);
    expect(errorCode(lockout)).toBe('super_admin_keeps_role_manage');
    const unknown = await as(sad, 'PUT', '/api/roles/ADC/rights', { rightCodes: ['USER_VIEW', 'FLY'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('These rights do not exist: FLY.');
    expect((await as(sad, 'PUT', '/api/roles/XYZ/rights', { rightCodes: [] })).statusCode).toBe(404);
  });

  it('creates, edits and deletes custom rights; the server’s own rights stay', async () => {
    const created = await as(sad, 'POST', '/api/rights', {
      rightCode: 'REPORT_EXPORT',
      rightName: 'Export reports',
      rightDescription: 'Download report files',
    });
    expect(created.json()).toMatchObject({ rightCode: 'REPORT_EXPORT', rightName: 'Export reports' });
    expect(
      (await as(sad, 'POST', '/api/rights', { rightCode: 'REPORT_EXPORT', rightName: 'Again' })).statusCode,
    ).toBe(409);
    const badCode = await as(sad, 'POST', '/api/rights', { rightCode: 'lower case', rightName: 'X' });
    expect(badCode.statusCode).toBe(400);
    const edited = await as(sad, 'PUT', '/api/rights/REPORT_EXPORT', { rightName: 'Export every report' });
    expect(edited.json().rightName).toBe('Export every report');
    await as(sad, 'PUT', '/api/roles/USR/rights', { rightCodes: ['REPORT_EXPORT'] });
    expect((await as(sad, 'DELETE', '/api/rights/REPORT_EXPORT')).json()).toMatchObject({ deleted: true });
    expect((await as(sad, 'GET', '/api/roles/USR/rights')).json().rights).toEqual([]);
    const builtIn = await as(sad, 'DELETE', '/api/rights/USER_VIEW');
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().error.message).toBe('This right is checked by the server and cannot be deleted.');
  });

  it('edits role names but leaves role and right management to the super admin', async () => {
    const edited = await as(sad, 'PUT', '/api/roles/USV', {
      roleName: 'Supervisor',
      roleDescription: 'Leads agents',
    });
    expect(edited.json()).toEqual(expect.objectContaining({ roleCode: 'USV', roleName: 'Supervisor' }));
    expect((await as(adc, 'PUT', '/api/roles/USV', { roleName: 'Boss' })).statusCode).toBe(403);
    expect(
      (await as(adc, 'PUT', '/api/roles/ADC/rights', { rightCodes: ['CLIENT_MANAGE'] })).statusCode,
    ).toBe(403);
    expect((await as(adc, 'GET', '/api/rights')).statusCode).toBe(403);
  });
});
