import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';
import { systemActor } from '../actor.js';
import { exportAuditCsv, recordAudit } from './audit.service.js';

describe('audit trail', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const get = (who: LoggedIn, url: string) => inject({ method: 'GET', url, headers: who.headers });

  beforeAll(async () => {
    sapa = await createTestApp();
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
    const create = (who: LoggedIn, name: string, email: string) =>
      inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...who.headers, 'user-agent': 'AuditTest/1.0' },
        payload: { name, email, role: 'USC' },
      });
    await create(adc, 'Audit One', 'audit.one@example.com');
    await create(adc, '=HYPERLINK("http://evil")', 'audit.two@example.com');
    await create(adc2, 'Second Audit', 'audit.second@example.com');
  });
  afterAll(async () => sapa?.close());

  it('shows a client admin only their own client’s changes, with who, what, when and from where', async () => {
    const page = (await get(adc, '/api/audit-trail')).json();
    expect(page.total).toBe(2);
    expect(page.items.map((entry: { after: { email: string } }) => entry.after.email)).toEqual([
      'audit.two@example.com',
      'audit.one@example.com',
    ]);
    expect(page.items[0]).toMatchObject({
      clientId: adc.session.clientId,
      actorUserId: adc.session.userId,
      actorEmail: 'adc@demo.test',
      action: 'user.create',
      entityType: 'user',
      before: null,
      ip: '127.0.0.1',
      userAgent: 'AuditTest/1.0',
    });
    expect(Date.parse(page.items[0].createdAt)).not.toBeNaN();

    const other = await get(adc, `/api/audit-trail?clientId=${adc2.session.clientId}`);
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('client_not_found');
    const otherExport = await get(adc, `/api/audit-trail/export?clientId=${adc2.session.clientId}`);
    expect(otherExport.statusCode).toBe(404);
  });

  it('shows the super admin every client, or one, filtered by action and time', async () => {
    const all = (await get(sad, '/api/audit-trail?action=user.create')).json();
    expect(all.total).toBe(3);
    const second = (await get(sad, `/api/audit-trail?clientId=${adc2.session.clientId}`)).json();
    expect(second.items.map((entry: { after: { email: string } }) => entry.after.email)).toEqual([
      'audit.second@example.com',
    ]);
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await get(sad, `/api/audit-trail?from=${future}`)).json().total).toBe(0);
    const paged = (await get(sad, '/api/audit-trail?pageSize=1&pageNumber=1')).json();
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBe(3);
  });

  it('exports the filtered trail as CSV, with formula-like cells made harmless', async () => {
    await recordAudit(sapa.database.db, null, {
      clientId: adc.session.clientId,
      action: '=SUM(1+1)',
      entityType: 'probe',
      entityId: '@cmd',
    });
    const response = await get(adc, '/api/audit-trail/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('audit-trail.csv');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'createdAt,clientId,actorEmail,actorUserId,action,entityType,entityId,before,after,ip,userAgent',
    );
    expect(lines).toHaveLength(4);
    expect(response.body).toContain('audit.one@example.com');
    expect(response.body).not.toContain('audit.second@example.com');
    expect(lines[1]).toContain(",'=SUM(1+1),probe,'@cmd,");
    expect(lines.some((line) => line.split(',').some((cell) => /^[=@]/.test(cell)))).toBe(false);
  });

  it('is closed to roles without the audit right', async () => {
    const usc = await logIn(sapa.app, 'usc@demo.test');
    expect((await get(usc, '/api/audit-trail')).statusCode).toBe(403);
    expect((await get(usc, '/api/audit-trail/export')).statusCode).toBe(403);
  });

  it('refuses a NUL byte in an export filter with 400 and keeps serving', async () => {
    for (const name of ['action', 'entityType', 'entityId']) {
      const response = await get(adc, `/api/audit-trail/export?${name}=%00`);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('invalid_text');
    }
    expect((await inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('ends a failing export stream with an error its reader sees, instead of an unhandled one', async () => {
    // The database refuses NUL: the query fails after the stream was handed out.
    // A client-wide job of the super admin's client: the export reads only who asks and for which client.
    const stream = exportAuditCsv(sapa.database.db, systemActor(sad.session.clientId, 'audit-export-test'), {
      action: '\u0000',
      pageSize: 10,
      pageNumber: 0,
    });
    await expect(stream.toArray()).rejects.toThrow();
    expect((await inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
