import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingRealtime } from '../../../test/inbox-fakes.js';
import { multipartFile } from '../../../test/multipart.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

describe('customer-service agents', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  const realtime = new RecordingRealtime();
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const createAgent = (payload: Record<string, unknown>, by: LoggedIn = adc) =>
    inject({ method: 'POST', url: '/api/cs/customerService', headers: by.headers, payload });

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime });
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
  });
  afterAll(async () => sapa?.close());

  it('links a new agent to the client’s user with that email, who then acts as that agent', async () => {
    const created = await createAgent({
      csName: 'Ayu',
      email: 'usc@demo.test',
      tags: ['billing', 'vip'],
      activeBot: false,
      botName: null,
      csData: { floor: 3 },
      percentageWeight: 70,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      csName: 'Ayu',
      tags: ['billing', 'vip'],
      percentageWeight: 70,
      status: 'offline',
    });
    const usc = await logIn(sapa.app, 'usc@demo.test');
    expect(usc.session.csId).toBe(created.json().csId);
    expect(usc.session.chatRole).toBe('CS');
    const me = await inject({ method: 'GET', url: '/api/cs/customerService/me', headers: usc.headers });
    expect(me.json()).toMatchObject({ email: 'usc@demo.test', csData: { floor: 3 } });
  });

  it('gives the person one name as user and agent, and shows their latest sign-in as last log-in', async () => {
    // Linking named the user as the agent: the header and the inbox agree.
    const before = await logIn(sapa.app, 'usc@demo.test');
    expect(before.session.name).toBe('Ayu');
    const listed = await inject({
      method: 'GET',
      url: '/api/cs/customerService?q=usc',
      headers: adc.headers,
    });
    const agent = listed.json().items[0];
    expect(agent).toMatchObject({ name: 'Ayu', csName: 'Ayu' });
    // Never online yet, but signed in just now: that sign-in is the last log-in, not nothing.
    expect(Date.now() - new Date(agent.lastLogin).getTime()).toBeLessThan(60_000);

    const renamed = await createAgent({ name: 'Ayu Lestari', email: 'usc@demo.test' });
    expect(renamed.json().name).toBe('Ayu Lestari');
    const after = await logIn(sapa.app, 'usc@demo.test');
    expect(after.session.name).toBe('Ayu Lestari');
    const detail = await inject({
      method: 'GET',
      url: `/api/cs/customerService/detail?csId=${agent.csId}`,
      headers: adc.headers,
    });
    expect(detail.json().name).toBe('Ayu Lestari');
    // The rest of this file knows her as Ayu.
    await createAgent({ name: 'Ayu', email: 'usc@demo.test' });
  });

  it('stores the caller’s OneSignal id and lists the tags agents carry', async () => {
    const usc = await logIn(sapa.app, 'usc@demo.test');
    const saved = await createAgent({ oneSignalId: 'onesignal-player-1' }, usc);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'usc@demo.test', oneSignalId: 'onesignal-player-1' });
    const tags = await inject({ method: 'GET', url: '/api/cs/customerService/tags', headers: usc.headers });
    expect(tags.json().tags).toEqual(['billing', 'vip']);
    // Agents cannot create agents.
    const byAgent = await createAgent({ csName: 'Sneaky', email: 'sneaky@example.test' }, usc);
    expect(byAgent.statusCode).toBe(403);
  });

  it('creates a pending user for an agent whose email has no user yet', async () => {
    const created = await createAgent({
      csName: 'Budi',
      email: 'Budi@Example.test',
      tags: 'billing',
      percentageWeight: 30,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().email).toBe('budi@example.test');
    const login = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'budi@example.test', password: 'anything-at-all' },
    });
    expect(login.statusCode).not.toBe(200);
    const duplicate = await createAgent({ csName: 'Budi again', email: 'budi@example.test' });
    expect(errorCode(duplicate)).toBe('agent_exists');
  });

  it('refuses an email that belongs to a user of another client, saying only that it is taken', async () => {
    const response = await createAgent({ csName: 'Intruder', email: 'usc2@demo.test' });
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('email_in_use');
    expect(response.json().error.message).toBe('This email is already taken.');
    // An import must not reveal more (issue 11, defect 10).
    const file = multipartFile('agents.csv', 'csName,email\nIntruder,usc2@demo.test\n');
    const imported = await inject({
      method: 'POST',
      url: '/api/cs/customerService/import',
      headers: { ...adc.headers, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(imported.json().rows).toEqual([
      { row: 2, email: 'usc2@demo.test', ok: false, error: 'This email is already taken.' },
    ]);
    expect(imported.body).not.toContain('another client');
  });

  it('pages the agent list with an opaque lastEvaluatedKey and searches with q', async () => {
    await createAgent({ csName: 'Citra', email: 'citra@example.test' });
    const first = await inject({
      method: 'GET',
      url: '/api/cs/customerService?pageSize=2',
      headers: adc.headers,
    });
    expect(first.json().items).toHaveLength(2);
    const key = first.json().lastEvaluatedKey;
    expect(typeof key).toBe('string');
    const second = await inject({
      method: 'GET',
      url: `/api/cs/customerService?pageSize=2&lastEvaluatedKey=${key}`,
      headers: adc.headers,
    });
    const names = [...first.json().items, ...second.json().items].map(
      (agent: { csName: string }) => agent.csName,
    );
    expect(names.sort()).toEqual(['Ayu', 'Budi', 'Citra']);
    expect(second.json().lastEvaluatedKey).toBeNull();
    const search = await inject({
      method: 'GET',
      url: '/api/cs/customerService?q=citr',
      headers: adc.headers,
    });
    expect(search.json().items.map((agent: { email: string }) => agent.email)).toEqual([
      'citra@example.test',
    ]);
    const bad = await inject({
      method: 'GET',
      url: '/api/cs/customerService?lastEvaluatedKey=nonsense',
      headers: adc.headers,
    });
    expect(errorCode(bad)).toBe('invalid_cursor');
  });

  it('finds an agent by email or csId, and another client’s agent answers 404', async () => {
    const byEmail = await inject({
      method: 'GET',
      url: '/api/cs/customerService/detail?email=citra@example.test',
      headers: adc.headers,
    });
    expect(byEmail.statusCode).toBe(200);
    const csId = byEmail.json().csId;
    const byId = await inject({
      method: 'GET',
      url: `/api/cs/customerService/detail?csId=${csId}`,
      headers: adc.headers,
    });
    expect(byId.json().email).toBe('citra@example.test');
    const fromOtherClient = await inject({
      method: 'GET',
      url: `/api/cs/customerService/detail?csId=${csId}`,
      headers: adc2.headers,
    });
    expect(fromOtherClient.statusCode).toBe(404);
    expect(errorCode(fromOtherClient)).toBe('agent_not_found');
  });

  it('updates, deactivates, activates with deactivated=false, and deletes an agent', async () => {
    const updated = await createAgent({ name: 'Citra Dewi', email: 'citra@example.test', tags: ['sales'] });
    expect(updated.json()).toMatchObject({ name: 'Citra Dewi', tags: ['sales'] });
    const deactivated = await inject({
      method: 'DELETE',
      url: '/api/cs/customerService?email=citra@example.test',
      headers: adc.headers,
    });
    expect(deactivated.json().deactivated).toBe(true);
    const forward = await inject({
      method: 'GET',
      url: '/api/cs/customerService?fromForward=true',
      headers: adc.headers,
    });
    expect(forward.json().items.map((agent: { email: string }) => agent.email)).not.toContain(
      'citra@example.test',
    );
    const activated = await createAgent({ email: 'citra@example.test', deactivated: false });
    expect(activated.json().deactivated).toBe(false);
    await inject({
      method: 'DELETE',
      url: '/api/cs/customerService?email=citra@example.test&deleted=true',
      headers: adc.headers,
    });
    const list = await inject({
      method: 'GET',
      url: '/api/cs/customerService?q=citra',
      headers: adc.headers,
    });
    expect(list.json().items).toEqual([]);
  });

  it('lets an agent go online and offline, tells everyone, and exports the log-in/out times as xlsx', async () => {
    const usc = await logIn(sapa.app, 'usc@demo.test');
    realtime.clear();
    const online = await inject({
      method: 'PUT',
      url: '/api/cs/customerService/status',
      headers: usc.headers,
      payload: { status: 'online' },
    });
    expect(online.json().status).toBe('online');
    expect(realtime.ofType('AGENT_STATUS')[0]).toMatchObject({
      audience: { all: true },
      payload: { data: { status: 'online', email: 'usc@demo.test' } },
    });
    // The session state carries the server's status: a new login and a refresh both say online.
    const again = await logIn(sapa.app, 'usc@demo.test');
    expect(again.session.status).toBe('online');
    const refreshed = await inject({
      method: 'POST',
      url: '/api/auth/refreshAccessToken',
      payload: { refreshToken: again.session.refreshToken },
    });
    expect(refreshed.json().status).toBe('online');
    const offline = await inject({
      method: 'PUT',
      url: '/api/cs/customerService/status/offline',
      headers: usc.headers,
    });
    expect(offline.json().status).toBe('offline');
    expect((await logIn(sapa.app, 'usc@demo.test')).session.status).toBe('offline');
    const bogus = await inject({
      method: 'PUT',
      url: '/api/cs/customerService/status',
      headers: usc.headers,
      payload: { status: 'asleep' },
    });
    expect(bogus.statusCode).toBe(400);
    const notAgent = await inject({
      method: 'PUT',
      url: '/api/cs/customerService/status',
      headers: adc.headers,
      payload: { status: 'online' },
    });
    // Only people who take chats (chat role CS or SPV) have a status: the route's rule refuses the rest.
    expect(notAgent.statusCode).toBe(403);
    expect(errorCode(notAgent)).toBe('forbidden');

    const exported = await inject({
      method: 'GET',
      url: '/api/cs/exportLogToXlsx?csEmail=usc@demo.test',
      headers: adc.headers,
    });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(exported.json().data, 'base64') as never);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['CS name', 'Email', 'Status', 'Start', 'End', 'Minutes']);
    expect(rows.slice(1).map((row) => [row[1], row[2]])).toEqual([
      ['usc@demo.test', 'online'],
      ['usc@demo.test', 'offline'],
    ]);
    const detail = await inject({
      method: 'GET',
      url: '/api/cs/customerService/detail?email=usc@demo.test',
      headers: adc.headers,
    });
    expect(detail.json().lastLogin).not.toBeNull();
    expect(detail.json().lastLogout).not.toBeNull();
  });

  it('imports agents from one CSV file with a report for every row, and exports them as CSV', async () => {
    const file = multipartFile(
      'agents.csv',
      'csName,email,tags,percentageWeight\nDewi,dewi@example.test,billing|vip,50\nNo Email,not-an-email,,10\nEka,eka@example.test,,200\n',
    );
    const response = await inject({
      method: 'POST',
      url: '/api/cs/customerService/import',
      headers: { ...adc.headers, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 3, succeeded: 1, failed: 2 });
    expect(
      response.json().rows.map((row: { ok: boolean; error: string | null }) => [row.ok, row.error]),
    ).toEqual([
      [true, null],
      [false, 'email is not valid'],
      [false, 'percentageWeight must be a whole number from 0 to 100'],
    ]);
    const csv = await inject({
      method: 'GET',
      url: '/api/cs/customerService/exportToCsv',
      headers: adc.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('dewi@example.test,billing|vip,50');
    const withoutFile = await inject({
      method: 'POST',
      url: '/api/cs/customerService/import',
      headers: adc.headers,
      payload: {},
    });
    expect(errorCode(withoutFile)).toBe('file_required');
    // Issue 11 defect 7: a malformed file answers 400 with the row and reason, not 500.
    const broken = multipartFile('agents.csv', 'csName,email\nDewi,"dewi@example.test\n');
    const refused = await inject({
      method: 'POST',
      url: '/api/cs/customerService/import',
      headers: { ...adc.headers, 'content-type': broken.contentType },
      payload: broken.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe('invalid_csv');
    expect(refused.json().error.message).toMatch(/^Row 2: Quote Not Closed/);
  });

  it('imports managers from one CSV file', async () => {
    const file = multipartFile(
      'managers.csv',
      'name,email,tags\nLina,lina@example.test,billing\n,nameless@example.test,\n',
    );
    const response = await inject({
      method: 'POST',
      url: '/api/cs/manager/import',
      headers: { ...adc.headers, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(response.json()).toMatchObject({
      total: 2,
      succeeded: 1,
      failed: 1,
      rows: [{ ok: true }, { ok: false, error: 'name is required' }],
    });
    const managers = await inject({ method: 'GET', url: '/api/cs/manager?q=lina', headers: adc.headers });
    expect(managers.json().items).toMatchObject([
      { email: 'lina@example.test', kind: 'manager', tags: ['billing'] },
    ]);
  });

  it('manages supervisors and internal users, whose lists can leave out the caller', async () => {
    const manager = await inject({
      method: 'PUT',
      url: '/api/cs/manager',
      headers: adc.headers,
      payload: { name: 'Sari', email: 'usv@demo.test', tags: ['billing'] },
    });
    expect(manager.statusCode).toBe(200);
    const usv = await logIn(sapa.app, 'usv@demo.test');
    expect(usv.session.chatRole).toBe('SPV');
    const managers = await inject({ method: 'GET', url: '/api/cs/manager?q=usv', headers: usv.headers });
    expect(managers.json().items.map((item: { email: string }) => item.email)).toEqual(['usv@demo.test']);
    const deleted = await inject({
      method: 'DELETE',
      url: '/api/cs/manager?email=usv@demo.test&isDeleted=true',
      headers: adc.headers,
    });
    expect(deleted.json().isDeleted).toBe(true);

    await inject({
      method: 'PUT',
      url: '/api/cs/internal-user',
      headers: adc.headers,
      payload: { name: 'Admin Inside', email: 'adc@demo.test' },
    });
    await inject({
      method: 'PUT',
      url: '/api/cs/internal-user',
      headers: adc.headers,
      payload: { name: 'Ops', email: 'ops@example.test' },
    });
    const admin = await logIn(sapa.app, 'adc@demo.test');
    const all = await inject({ method: 'GET', url: '/api/cs/internal-user', headers: admin.headers });
    expect(all.json().items).toHaveLength(2);
    const others = await inject({
      method: 'GET',
      url: '/api/cs/internal-user?excludeSelf=true',
      headers: admin.headers,
    });
    expect(others.json().items.map((item: { email: string }) => item.email)).toEqual(['ops@example.test']);
  });
});
