import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';
import { clients } from '../clients/clients.tables.js';

describe('maker-checker approvals', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  let adb: LoggedIn;
  let secondAdc: LoggedIn;
  let adc2: LoggedIn;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const as = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const propose = async (who: LoggedIn, email: string, role = 'USC') => {
    const response = await as(who, 'POST', '/api/users', { name: `Proposed ${email}`, email, role });
    expect(response.json()).toMatchObject({ outcome: 'pending_approval' });
    return response.json().taskId as string;
  };
  const canLogIn = async (email: string, password: string) =>
    (await inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } }))
      .statusCode === 200;

  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
    adb = await logIn(sapa.app, 'adb@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
    // A super admin's changes never wait, so the second admin is created before approval is switched on.
    const second = (
      await as(sad, 'POST', '/api/users', { name: 'Second Admin', email: 'adc.two@demo.test', role: 'ADC' })
    ).json();
    secondAdc = await logIn(sapa.app, 'adc.two@demo.test', second.temporaryPassword);
    await sapa.database.db
      .update(clients)
      .set({ approvalRequired: true })
      .where(eq(clients.id, adc.session.clientId));
  });
  afterAll(async () => sapa?.close());

  it('creates users at once while the client does not require approval', async () => {
    const response = await as(adc2, 'POST', '/api/users', {
      name: 'Direct',
      email: 'direct@example.com',
      role: 'USC',
    });
    expect(response.json().outcome).toBe('created');
  });

  it('turns an admin’s new user into a pending task that a second admin approves, after which the user logs in', async () => {
    const taskId = await propose(adc, 'nina@example.com');
    const users = (await as(adc, 'GET', '/api/users?q=nina')).json();
    expect(users.total).toBe(0);

    const mine = (await as(adc, 'GET', '/api/tasks/create')).json();
    expect(mine.items[0]).toMatchObject({
      taskId,
      type: 'user.create',
      status: 'pending',
      summary: 'New user nina@example.com (USC)',
      payload: { email: 'nina@example.com', role: 'USC' },
      makerEmail: 'adc@demo.test',
    });
    const pending = (await as(adb, 'GET', '/api/tasks/pending')).json();
    expect(pending.items.map((task: { taskId: string }) => task.taskId)).toContain(taskId);

    const approved = await as(adb, 'PUT', `/api/tasks/task/${taskId}/approve`);
    expect(approved.statusCode).toBe(200);
    const body = approved.json();
    expect(body.task).toMatchObject({ status: 'approved', checkerEmail: 'adb@demo.test' });
    expect(body.task.result).toMatchObject({ email: 'nina@example.com' });
    expect(await canLogIn('nina@example.com', body.oneTime.temporaryPassword)).toBe(true);
    // The password is shown once: the stored task never holds it.
    const stored = (await as(adc, 'GET', `/api/tasks/task/${taskId}`)).json();
    expect(JSON.stringify(stored)).not.toContain(body.oneTime.temporaryPassword);
    expect((await as(adc, 'GET', '/api/tasks/approved')).json().items[0].taskId).toBe(taskId);

    const audit = (await as(adc, 'GET', `/api/audit-trail?entityId=${taskId}`)).json();
    expect(audit.items.map((entry: { action: string }) => entry.action)).toEqual([
      'task.approve',
      'task.create',
    ]);
  });

  it('never lets the maker approve or reject their own task', async () => {
    const taskId = await propose(adc, 'self@example.com');
    const approve = await as(adc, 'PUT', `/api/tasks/task/${taskId}/approve`);
    expect(approve.statusCode).toBe(403);
    expect(approve.json().error.message).toBe(
      'You cannot approve or reject your own change; another admin must check it.',
    );
    const reject = await as(adc, 'PUT', `/api/tasks/task/${taskId}/reject`, { note: 'no' });
    expect(reject.statusCode).toBe(403);
    expect((await as(adc, 'GET', `/api/tasks/task/${taskId}`)).json().status).toBe('pending');
  });

  it('rejects a task with a note, and nothing is created', async () => {
    const taskId = await propose(adc, 'rejected@example.com');
    const noNote = await as(secondAdc, 'PUT', `/api/tasks/task/${taskId}/reject`, { note: ' ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.message).toContain('Say why the change is rejected');
    const rejected = await as(secondAdc, 'PUT', `/api/tasks/task/${taskId}/reject`, {
      note: 'Not our employee',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', note: 'Not our employee' });
    expect((await as(adc, 'GET', '/api/tasks/rejected')).json().items[0].taskId).toBe(taskId);
    expect((await as(adc, 'GET', '/api/users?q=rejected')).json().total).toBe(0);
    const late = await as(adb, 'PUT', `/api/tasks/task/${taskId}/approve`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This task is already rejected.');
  });

  it('applies a change exactly once when two checkers approve at the same moment', async () => {
    const taskId = await propose(adc, 'twice@example.com');
    const [first, second] = await Promise.all([
      as(adb, 'PUT', `/api/tasks/task/${taskId}/approve`),
      as(secondAdc, 'PUT', `/api/tasks/task/${taskId}/approve`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await as(adc, 'GET', '/api/users?q=twice')).json().total).toBe(1);
    const audit = (await as(adc, 'GET', `/api/audit-trail?entityId=${taskId}&action=task.approve`)).json();
    expect(audit.total).toBe(1);
  });

  it('holds a role change for approval; the old role stays until a checker approves', async () => {
    const usc = (await as(adc, 'GET', '/api/users?role=USV')).json().items[0];
    const edit = await as(adc, 'PUT', `/api/users/${usc.userId}`, {
      name: usc.name,
      email: usc.email,
      role: 'USR',
    });
    expect(edit.json()).toMatchObject({ outcome: 'pending_approval' });
    expect((await as(adc, 'GET', `/api/users/${usc.userId}`)).json().role).toBe('USV');
    // A name change alone does not wait.
    const rename = await as(adc, 'PUT', `/api/users/${usc.userId}`, {
      name: 'Renamed Supervisor',
      email: usc.email,
      role: 'USV',
    });
    expect(rename.json()).toMatchObject({ outcome: 'updated', user: { name: 'Renamed Supervisor' } });

    await as(adb, 'PUT', `/api/tasks/task/${edit.json().taskId}/approve`);
    expect((await as(adc, 'GET', `/api/users/${usc.userId}`)).json().role).toBe('USR');
  });

  it('keeps tasks inside their client and checking to those with the right', async () => {
    const taskId = await propose(adc, 'foreign@example.com');
    expect((await as(adc2, 'GET', `/api/tasks/task/${taskId}`)).statusCode).toBe(404);
    const foreign = await as(adc2, 'PUT', `/api/tasks/task/${taskId}/approve`);
    expect(foreign.statusCode).toBe(404);
    expect(errorCode(foreign)).toBe('task_not_found');
    expect((await as(adc2, 'GET', '/api/tasks/pending')).json().items).toEqual([]);
    const usc = await logIn(sapa.app, 'usc@demo.test');
    expect((await as(usc, 'PUT', `/api/tasks/task/${taskId}/approve`)).statusCode).toBe(403);
    expect((await as(adb, 'GET', '/api/tasks/unknown')).statusCode).toBe(400);
  });
});
