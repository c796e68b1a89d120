import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserActor } from '../../platform/actor.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';
import { proposeChange } from './approvals.service.js';

describe('checker-maker users of a channel', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  let adb: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  const as = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    sapa.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const name = (who: LoggedIn, channel: string, maker: boolean, checker: boolean) =>
    as(adc, 'PUT', '/api/checker-maker', { channel, userId: who.session.userId, maker, checker });

  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
    adb = await logIn(sapa.app, 'adb@demo.test');
    usc = await logIn(sapa.app, 'usc@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
  });
  afterAll(async () => sapa?.close());

  it('names makers and checkers per channel, lists them with their names, and records each change', async () => {
    expect((await as(adc, 'GET', '/api/checker-maker?channel=SMS')).json()).toMatchObject({
      total: 0,
      items: [],
    });

    const saved = await name(adb, 'SMS', true, false);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      channel: 'SMS',
      email: 'adb@demo.test',
      maker: true,
      checker: false,
    });
    await name(adb, 'SMS', true, true);
    await name(adc, 'SMS', false, true);

    const page = (await as(adb, 'GET', '/api/checker-maker?channel=SMS&pageSize=1')).json();
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    // Another channel is another list.
    expect((await as(adc, 'GET', '/api/checker-maker?channel=EMAIL')).json().total).toBe(0);

    const audit = (await as(adc, 'GET', '/api/audit-trail?entityType=checker_maker_user')).json();
    expect(audit.items.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(['checker_maker.create', 'checker_maker.update']),
    );

    expect(
      (await as(adc, 'DELETE', `/api/checker-maker?channel=SMS&userId=${adc.session.userId}`)).json(),
    ).toMatchObject({
      deleted: true,
    });
    const again = await as(adc, 'DELETE', `/api/checker-maker?channel=SMS&userId=${adc.session.userId}`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad input, other clients’ users, roles without the right and channels the client lacks', async () => {
    const noBoth = await as(adc, 'PUT', '/api/checker-maker', {
      channel: 'SMS',
      userId: adb.session.userId,
      maker: false,
      checker: false,
    });
    expect(noBoth.statusCode).toBe(400);
    expect((await as(adc, 'GET', '/api/checker-maker?channel=FAX')).statusCode).toBe(400);

    const foreign = await name(adc2, 'SMS', true, true);
    expect(foreign.statusCode).toBe(404);
    expect(errorCode(foreign)).toBe('user_not_found');
    expect(
      (await name({ ...adb, session: { ...adb.session, userId: 'not-an-id' } }, 'SMS', true, true))
        .statusCode,
    ).toBe(404);

    expect((await as(usc, 'GET', '/api/checker-maker?channel=SMS')).statusCode).toBe(403);
    // The second client has no SMS feature: its channel page is closed.
    const closed = await as(adc2, 'GET', '/api/checker-maker?channel=SMS');
    expect(closed.statusCode).toBe(403);
    expect(errorCode(closed)).toBe('feature_disabled');
    // Another client's list never shows this client's names.
    expect((await as(adc2, 'GET', '/api/checker-maker?channel=WHATSAPP')).json().total).toBe(0);
    expect((await as(sad, 'GET', '/api/checker-maker?channel=WHATSAPP')).statusCode).toBe(200);
  });

  it('lets only the named makers propose and only the named checkers decide a channel’s tasks', async () => {
    const clientId = adc.session.clientId;
    const actor = (who: LoggedIn) => ({
      actor: {
        kind: 'user',
        clientId,
        userId: who.session.userId,
        email: who.session.email,
      } as unknown as UserActor,
      ip: null,
      userAgent: null,
    });
    const proposeVoiceUser = (who: LoggedIn, email: string) =>
      sapa.database.db.transaction((tx) =>
        proposeChange(tx, actor(who), {
          clientId,
          type: 'user.create',
          summary: `New user ${email} (USC)`,
          payload: { name: 'Voice Agent', email, role: 'USC' },
          channel: 'VOICE',
        }),
      );

    // Nobody named yet: the rights alone decide.
    const open = await proposeVoiceUser(adc, 'voice.one@example.com');
    expect(open.channel).toBe('VOICE');

    await name(adc, 'VOICE', true, false);
    await name(sad, 'VOICE', false, true);
    await expect(proposeVoiceUser(adb, 'voice.two@example.com')).rejects.toMatchObject({
      code: 'not_channel_maker',
    });
    const task = await proposeVoiceUser(adc, 'voice.three@example.com');

    const refused = await as(adb, 'PUT', `/api/tasks/task/${task.id}/approve`);
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('not_channel_checker');
    // The refusal left it pending for the named checker.
    expect((await as(adb, 'GET', `/api/tasks/task/${task.id}`)).json().status).toBe('pending');
    expect(errorCode(await as(adb, 'PUT', `/api/tasks/task/${open.id}/reject`, { note: 'no' }))).toBe(
      'not_channel_checker',
    );

    const approved = await as(sad, 'PUT', `/api/tasks/task/${task.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().task).toMatchObject({ status: 'approved', channel: 'VOICE' });
  });
});
