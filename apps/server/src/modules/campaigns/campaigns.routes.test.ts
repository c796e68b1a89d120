import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../platform/actor.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../test/test-app.js';
import { clients } from '../clients/clients.tables.js';
import { listClientCampaigns, submitCampaign } from './campaigns.service.js';

const smsContent = (fields: Record<string, unknown> = {}) => ({
  name: 'Payment reminder',
  template: { channel: 'SMS', text: 'Hi {{name}}, your bill is due.' },
  paramTranslator: {
    recipient: 'phone',
    rules: [
      { from: 'Phone', to: 'phone', kind: 'phone' },
      { from: 'Name', to: 'name', default: 'customer' },
    ],
  },
  ...fields,
});
const emailContent = (name: string) => ({
  name,
  template: { channel: 'EMAIL', subject: 'Your bill', html: '<p>Hi {{name}}</p>' },
  paramTranslator: { recipient: 'email', rules: [{ from: 'Email', to: 'email' }] },
});
const office = {
  name: 'Office hours',
  ranges: [
    { day: 'mon', start: '08:00', end: '12:00' },
    { day: 'mon', start: '13:00', end: '17:00' },
  ],
  blackoutDates: ['2026-12-25'],
};
const plan = { name: 'Three tries', maxAttempts: 3, delay: { kind: 'fixed', seconds: 60 } };

describe('campaigns, windows and retry plans', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;
  let adb: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  const as = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    sapa.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const create = (who: LoggedIn, code: string, body: object = smsContent(), channel = 'SMS') =>
    as(who, 'POST', '/api/campaigns', { code, channel, ...body });
  const requireApproval = (on: boolean) =>
    sapa.database.db
      .update(clients)
      .set({ approvalRequired: on })
      .where(eq(clients.id, adc.session.clientId));

  beforeAll(async () => {
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
    adb = await logIn(sapa.app, 'adb@demo.test');
    usc = await logIn(sapa.app, 'usc@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
  });
  afterAll(async () => sapa?.close());

  it('creates a draft whose code is unique in the client but free in another client', async () => {
    const created = await create(adc, 'BILL-1');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'BILL-1',
      channel: 'SMS',
      status: 'draft',
      type: 'blast',
      version: 1,
      retryPlanId: null,
      windowId: null,
      createdBy: 'adc@demo.test',
    });
    const again = await create(adb, 'BILL-1');
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('campaign_code_taken');

    // Second Client has WhatsApp: the same code is its own.
    const whatsapp = {
      name: 'Bill',
      template: { channel: 'WHATSAPP', name: 'bill_due', language: 'id', parameters: ['{{name}}'] },
      paramTranslator: { recipient: 'phone', rules: [{ from: 'Phone', to: 'phone', kind: 'phone' }] },
    };
    expect((await create(adc2, 'BILL-1', whatsapp, 'WHATSAPP')).statusCode).toBe(201);
    const list = (await as(adc2, 'GET', '/api/campaigns')).json();
    expect(list.items.map((item: { code: string }) => item.code)).toEqual(['BILL-1']);
    expect(list.items[0].channel).toBe('WHATSAPP');
  });

  it('refuses a channel whose feature the client lacks (403) and a template of another channel (400)', async () => {
    const sms = await create(adc2, 'SMS-1');
    expect(sms.statusCode).toBe(403);
    expect(errorCode(sms)).toBe('feature_disabled');
    expect((await as(adc2, 'GET', '/api/campaigns?channel=SMS')).statusCode).toBe(403);

    const mismatch = await create(adc, 'MIX-1', smsContent(), 'EMAIL');
    expect(mismatch.statusCode).toBe(400);
    const bad = await create(adc, 'bad code!', smsContent());
    expect(bad.statusCode).toBe(400);
    const noRecipient = await create(
      adc,
      'NR-1',
      smsContent({ paramTranslator: { recipient: 'phone', rules: [{ from: 'Name', to: 'name' }] } }),
    );
    expect(noRecipient.statusCode).toBe(400);
  });

  it('moves through every state and refuses each transition its state does not allow', async () => {
    const id = (await create(adc, 'FLOW-1')).json().campaignId as string;
    const post = (action: string) => as(adc, 'POST', `/api/campaigns/${id}/${action}`);
    const refused = async (action: string) => {
      const response = await post(action);
      expect(response.statusCode, action).toBe(409);
      expect(errorCode(response)).toBe('campaign_status_conflict');
    };

    // draft: may be submitted, edited or deleted; not activated or deactivated.
    await refused('activate');
    await refused('deactivate');
    const edited = await as(adc, 'PUT', `/api/campaigns/${id}`, smsContent({ name: 'Renamed draft' }));
    expect(edited.json()).toMatchObject({
      outcome: 'applied',
      campaign: { name: 'Renamed draft', version: 1 },
    });

    // Without required approval a submission runs at once.
    const submitted = (await post('submit')).json();
    expect(submitted).toMatchObject({
      outcome: 'applied',
      taskId: null,
      campaign: { status: 'active', version: 1 },
    });
    await refused('submit');
    await refused('activate');
    const deleteActive = await as(adc, 'DELETE', `/api/campaigns/${id}`);
    expect(deleteActive.statusCode).toBe(409);
    expect(errorCode(deleteActive)).toBe('campaign_status_conflict');

    expect((await post('deactivate')).json().campaign.status).toBe('inactive');
    await refused('deactivate');
    await refused('submit');
    expect((await post('activate')).json().campaign.status).toBe('active');

    // A running campaign's edit makes a new version, applied at once here.
    const running = (
      await as(adc, 'PUT', `/api/campaigns/${id}`, smsContent({ name: 'Version two' }))
    ).json();
    expect(running).toMatchObject({ outcome: 'applied', campaign: { name: 'Version two', version: 2 } });
    const versions = (await as(adc, 'GET', `/api/campaigns/${id}/versions`)).json();
    expect(
      versions.items.map((item: { version: number; status: string }) => [item.version, item.status]),
    ).toEqual([
      [2, 'approved'],
      [1, 'approved'],
    ]);

    const draft = (await create(adc, 'FLOW-2')).json().campaignId as string;
    expect((await as(adc, 'DELETE', `/api/campaigns/${draft}`)).json()).toMatchObject({ deleted: true });
    expect((await as(adc, 'GET', `/api/campaigns/${draft}`)).statusCode).toBe(404);

    const audit = (await as(adc, 'GET', `/api/audit-trail?entityType=campaign`)).json();
    expect(audit.items.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining([
        'campaign.create',
        'campaign.update',
        'campaign.submit',
        'campaign.deactivate',
        'campaign.activate',
        'campaign.delete',
      ]),
    );
  });

  it('waits for a checker when the client requires approval: activation, rejection, and edits that keep the running version', async () => {
    await requireApproval(true);
    try {
      const id = (await create(adc, 'APPROVE-1', emailContent('First'), 'EMAIL')).json().campaignId as string;
      const submitted = (await as(adc, 'POST', `/api/campaigns/${id}/submit`)).json();
      expect(submitted).toMatchObject({
        outcome: 'pending_approval',
        campaign: { status: 'pending_approval' },
      });
      const taskId = submitted.taskId as string;
      expect(submitted.campaign.pendingTaskId).toBe(taskId);

      // Nothing changes while it waits; the maker cannot decide their own task.
      const editWhilePending = await as(adc, 'PUT', `/api/campaigns/${id}`, emailContent('Sneaky'));
      expect(errorCode(editWhilePending)).toBe('campaign_pending_approval');
      expect(errorCode(await as(adc, 'POST', `/api/campaigns/${id}/submit`))).toBe(
        'campaign_status_conflict',
      );
      expect(errorCode(await as(adc, 'POST', `/api/campaigns/${id}/activate`))).toBe(
        'campaign_status_conflict',
      );
      expect(errorCode(await as(adc, 'DELETE', `/api/campaigns/${id}`))).toBe('campaign_status_conflict');
      expect(errorCode(await as(adc, 'PUT', `/api/tasks/task/${taskId}/approve`))).toBe('own_task');

      const task = (await as(adb, 'GET', `/api/tasks/task/${taskId}`)).json();
      expect(task).toMatchObject({ type: 'campaign.activate', channel: 'EMAIL', status: 'pending' });
      // The channel's campaign-request page: its pending campaign requests only, never another client's.
      const requests = async (who: LoggedIn, channel: string) =>
        (await as(who, 'GET', `/api/tasks/pending?type=campaign.activate,campaign.edit&channel=${channel}`))
          .json()
          .items.map((item: { taskId: string }) => item.taskId);
      expect(await requests(adb, 'EMAIL')).toEqual([taskId]);
      expect(await requests(adb, 'SMS')).toEqual([]);
      expect(await requests(adc2, 'EMAIL')).toEqual([]);
      expect((await as(adb, 'PUT', `/api/tasks/task/${taskId}/approve`)).statusCode).toBe(200);
      expect((await as(adc, 'GET', `/api/campaigns/${id}`)).json()).toMatchObject({
        status: 'active',
        pendingTaskId: null,
      });

      // An edit of the running campaign waits; the running version stays until approved.
      const edit = (await as(adc, 'PUT', `/api/campaigns/${id}`, emailContent('Second'))).json();
      expect(edit).toMatchObject({
        outcome: 'pending_approval',
        campaign: { name: 'First', version: 1, pendingVersion: 2 },
      });
      expect(errorCode(await as(adc, 'PUT', `/api/campaigns/${id}`, emailContent('Third')))).toBe(
        'campaign_edit_pending',
      );
      const rejected = await as(adb, 'PUT', `/api/tasks/task/${edit.taskId}/reject`, {
        note: 'Wrong subject',
      });
      expect(rejected.statusCode).toBe(200);
      expect((await as(adc, 'GET', `/api/campaigns/${id}`)).json()).toMatchObject({
        name: 'First',
        version: 1,
        pendingVersion: null,
        statusNote: 'Wrong subject',
        status: 'active',
      });

      const retry = (await as(adc, 'PUT', `/api/campaigns/${id}`, emailContent('Third'))).json();
      expect(retry.campaign.pendingVersion).toBe(3);
      // Deactivating meanwhile is allowed: the edit still waits for its checker.
      expect((await as(adc, 'POST', `/api/campaigns/${id}/deactivate`)).json().campaign.status).toBe(
        'inactive',
      );
      expect((await as(adb, 'PUT', `/api/tasks/task/${retry.taskId}/approve`)).statusCode).toBe(200);
      expect((await as(adc, 'GET', `/api/campaigns/${id}`)).json()).toMatchObject({
        name: 'Third',
        version: 3,
        status: 'inactive',
        pendingVersion: null,
      });
      const versions = (await as(adc, 'GET', `/api/campaigns/${id}/versions`)).json();
      expect(
        versions.items.map((item: { version: number; status: string }) => [item.version, item.status]),
      ).toEqual([
        [3, 'approved'],
        [2, 'rejected'],
        [1, 'approved'],
      ]);

      // A rejected activation: the campaign is rejected with the note, may be fixed and submitted again.
      const other = (await create(adc, 'APPROVE-2', emailContent('Other'), 'EMAIL')).json()
        .campaignId as string;
      const pending = (await as(adc, 'POST', `/api/campaigns/${other}/submit`)).json();
      await as(adb, 'PUT', `/api/tasks/task/${pending.taskId}/reject`, { note: 'Not now' });
      expect((await as(adc, 'GET', `/api/campaigns/${other}`)).json()).toMatchObject({
        status: 'rejected',
        statusNote: 'Not now',
      });
      expect(errorCode(await as(adc, 'POST', `/api/campaigns/${other}/activate`))).toBe(
        'campaign_status_conflict',
      );
      const fixed = (await as(adc, 'PUT', `/api/campaigns/${other}`, emailContent('Other, fixed'))).json();
      expect(fixed).toMatchObject({
        outcome: 'applied',
        campaign: { status: 'rejected', name: 'Other, fixed' },
      });
      const again = (await as(adc, 'POST', `/api/campaigns/${other}/submit`)).json();
      expect(again).toMatchObject({
        outcome: 'pending_approval',
        campaign: { version: 2, statusNote: null },
      });

      // A super admin's changes never wait.
      const bySad = (await create(sad, 'APPROVE-3', emailContent('By SAD'), 'EMAIL')).json()
        .campaignId as string;
      expect((await as(sad, 'POST', `/api/campaigns/${bySad}/submit`)).json()).toMatchObject({
        outcome: 'applied',
        campaign: { status: 'active' },
      });
    } finally {
      await requireApproval(false);
    }
  });

  it('lets the makers and checkers named for a channel work on its campaigns, and nobody else', async () => {
    expect((await as(usc, 'GET', '/api/campaigns')).statusCode).toBe(403);
    expect((await create(usc, 'TG-1', telegram, 'TELEGRAM')).statusCode).toBe(403);

    const name = (maker: boolean, checker: boolean) =>
      as(adc, 'PUT', '/api/checker-maker', {
        channel: 'TELEGRAM',
        userId: usc.session.userId,
        maker,
        checker,
      });
    expect((await name(false, true)).statusCode).toBe(200);
    // A checker sees the channel's campaigns but does not change them.
    expect((await as(usc, 'GET', '/api/campaigns')).json().items).toEqual([]);
    expect((await create(usc, 'TG-1', telegram, 'TELEGRAM')).statusCode).toBe(403);

    await name(true, false);
    const created = await create(usc, 'TG-1', telegram, 'TELEGRAM');
    expect(created.statusCode).toBe(201);
    const visible = (await as(usc, 'GET', '/api/campaigns')).json();
    expect(visible.items.map((item: { channel: string }) => item.channel)).toEqual(['TELEGRAM']);
    // Another channel's campaign stays out of reach.
    const sms = (await as(adc, 'GET', '/api/campaigns?channel=SMS')).json().items[0].campaignId;
    expect((await as(usc, 'GET', `/api/campaigns/${sms}`)).statusCode).toBe(403);
    expect((await create(usc, 'SMS-9', smsContent())).statusCode).toBe(403);
    // Windows and plans serve every channel: a maker may manage them.
    expect(
      (await as(usc, 'POST', '/api/campaign-windows', { ...office, name: 'Agent hours' })).statusCode,
    ).toBe(201);
  });

  it('lets only the checkers named for the channel decide its campaigns once it names them', async () => {
    const assign = (who: LoggedIn, maker: boolean, checker: boolean) =>
      as(adc, 'PUT', '/api/checker-maker', { channel: 'VOICE', userId: who.session.userId, maker, checker });
    await assign(adc, true, false);
    await assign(adb, false, true);
    await requireApproval(true);
    try {
      const voice = {
        name: 'Call reminder',
        template: { channel: 'VOICE', script: 'Hello {{name}}, your bill is due.' },
        paramTranslator: { recipient: 'phone', rules: [{ from: 'Phone', to: 'phone', kind: 'phone' }] },
      };
      const id = (await create(adc, 'VOICE-1', voice, 'VOICE')).json().campaignId as string;
      // ADB is an admin but not VOICE's maker: it may not propose VOICE changes now.
      const notMaker = await as(adb, 'POST', `/api/campaigns/${id}/submit`);
      expect(notMaker.statusCode).toBe(403);
      expect(errorCode(notMaker)).toBe('not_channel_maker');
      const { taskId } = (await as(adc, 'POST', `/api/campaigns/${id}/submit`)).json();
      const notChecker = await as(sad, 'PUT', `/api/tasks/task/${taskId}/approve`);
      expect(errorCode(notChecker)).toBe('not_channel_checker');
      expect((await as(adc, 'GET', `/api/campaigns/${id}`)).json().status).toBe('pending_approval');
      expect((await as(adb, 'PUT', `/api/tasks/task/${taskId}/approve`)).statusCode).toBe(200);
      expect((await as(adc, 'GET', `/api/campaigns/${id}`)).json().status).toBe('active');
    } finally {
      await requireApproval(false);
    }
  });

  it('refuses an API key and lets a client-wide job act in its own client only', async () => {
    const { db } = sapa.database;
    const query = { pageSize: 10, pageNumber: 0 };
    const apiKey = { kind: 'apiKey', clientId: adc.session.clientId, keyId: 'k-1', features: -1 } as const;
    await expect(listClientCampaigns(db, apiKey, query)).rejects.toMatchObject({ statusCode: 403 });
    const job = systemActor(adc.session.clientId, 'campaigns.test');
    const all = await listClientCampaigns(db, job, query);
    expect(all.total).toBeGreaterThan(0);
    expect(new Set(all.items.map((item) => item.code)).has('BILL-1')).toBe(true);
    const secondClient = await listClientCampaigns(
      db,
      systemActor(adc2.session.clientId, 'campaigns.test'),
      query,
    );
    expect(secondClient.items.every((item) => item.channel === 'WHATSAPP')).toBe(true);
    // Only a person proposes a change for approval: a job's submission in an approving client is refused.
    const draft = (await create(adc, 'JOB-1')).json().campaignId as string;
    await requireApproval(true);
    try {
      await expect(
        submitCampaign(db, { actor: job, ip: null, userAgent: null }, draft),
      ).rejects.toMatchObject({
        statusCode: 403,
      });
    } finally {
      await requireApproval(false);
    }
  });

  it('previews a param translator on a sample row exactly as an upload reads it', async () => {
    const preview = (who: LoggedIn, body: object) =>
      as(who, 'POST', '/api/campaigns/param-translator/preview', body);
    const translator = {
      recipient: 'phone',
      rules: [
        { from: 'Phone', to: 'phone', kind: 'phone' },
        { from: 'Name', to: 'name', default: 'customer' },
        { from: 'Due', to: 'dueDate', kind: 'date', format: 'DD/MM/YYYY' },
        { from: 'Amount', to: 'amount', kind: 'currency', locale: 'id' },
      ],
    };
    const read = await preview(adc, {
      channel: 'SMS',
      paramTranslator: translator,
      row: { Phone: '0812-3456-7890', Name: '  ', Due: '31/12/2026', Amount: '1.234.567,5' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      ok: true,
      recipient: '6281234567890',
      params: { phone: '6281234567890', name: 'customer', dueDate: '2026-12-31', amount: '1234567.5' },
    });
    // A row the upload would refuse says why; a file without the recipient's column too.
    const refused = await preview(adc, {
      channel: 'SMS',
      paramTranslator: translator,
      row: { Phone: 'not a number', Due: '31/12/2026' },
    });
    expect(refused.json()).toMatchObject({ ok: false });
    expect(refused.json().reason).toContain('not a number');
    const noColumn = await preview(adc, {
      channel: 'SMS',
      paramTranslator: translator,
      row: { Name: 'Budi' },
    });
    expect(noColumn.json()).toMatchObject({ ok: false, reason: expect.stringContaining('"Phone"') });
    // Hostile input is a clear 4xx; a channel the client lacks and a stranger are refused.
    const nul = await preview(adc, {
      channel: 'SMS',
      paramTranslator: translator,
      row: { Phone: '0812\u0000' },
    });
    expect(nul.statusCode).toBeLessThan(500);
    expect((await preview(adc, { channel: 'SMS', paramTranslator: {}, row: {} })).statusCode).toBe(400);
    expect(
      (await preview(adc, { channel: 'SMS', paramTranslator: translator, row: { Phone: 5 } })).statusCode,
    ).toBe(400);
    expect(errorCode(await preview(adc2, { channel: 'SMS', paramTranslator: translator, row: {} }))).toBe(
      'feature_disabled',
    );
    expect((await preview(usc, { channel: 'SMS', paramTranslator: translator, row: {} })).statusCode).toBe(
      403,
    );
  });

  it('lists only the collection reminders when asked for that type', async () => {
    const reminder = smsContent({
      name: 'Reminder',
      type: 'collection_reminder',
      reminderOffsets: [-3, 0],
      paramTranslator: {
        recipient: 'phone',
        rules: [
          { from: 'Phone', to: 'phone', kind: 'phone' },
          { from: 'Due', to: 'dueDate', kind: 'date' },
        ],
      },
    });
    expect((await create(adc, 'REMIND-1', reminder)).statusCode).toBe(201);
    const reminders = (await as(adc, 'GET', '/api/campaigns?channel=SMS&type=collection_reminder')).json();
    expect(reminders.items.map((item: { code: string }) => item.code)).toEqual(['REMIND-1']);
    expect((await as(adc2, 'GET', '/api/campaigns?type=collection_reminder')).json().items).toEqual([]);
    expect((await as(adc, 'GET', '/api/campaigns?type=spam')).statusCode).toBe(400);
  });

  it('answers 404 for another client’s campaigns, windows and plans', async () => {
    const campaign = (await create(adc, 'MINE-1')).json().campaignId as string;
    const window = (await as(adc, 'POST', '/api/campaign-windows', { ...office, name: 'Mine' })).json()
      .windowId;
    const retryPlan = (await as(adc, 'POST', '/api/retry-plans', { ...plan, name: 'Mine' })).json()
      .retryPlanId;
    const notFound = async (method: InjectOptions['method'], url: string, body?: object) => {
      const response = await as(adc2, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    };
    await notFound('GET', `/api/campaigns/${campaign}`);
    await notFound('PUT', `/api/campaigns/${campaign}`, smsContent());
    await notFound('DELETE', `/api/campaigns/${campaign}`);
    await notFound('GET', `/api/campaigns/${campaign}/versions`);
    for (const action of ['submit', 'activate', 'deactivate'])
      await notFound('POST', `/api/campaigns/${campaign}/${action}`);
    await notFound('GET', `/api/campaign-windows/${window}`);
    await notFound('PUT', `/api/campaign-windows/${window}`, office);
    await notFound('DELETE', `/api/campaign-windows/${window}`);
    await notFound('GET', `/api/campaign-windows/${window}/next-opening`);
    await notFound('GET', `/api/retry-plans/${retryPlan}`);
    await notFound('PUT', `/api/retry-plans/${retryPlan}`, plan);
    await notFound('DELETE', `/api/retry-plans/${retryPlan}`);
    await notFound('GET', '/api/campaigns/not-an-id');
    // Nor may a campaign of Second Client name them.
    const whatsapp = {
      name: 'Borrowing',
      template: { channel: 'WHATSAPP', name: 'bill_due', language: 'id' },
      paramTranslator: { recipient: 'phone', rules: [{ from: 'Phone', to: 'phone' }] },
    };
    const borrowWindow = await create(adc2, 'BORROW-1', { ...whatsapp, windowId: window }, 'WHATSAPP');
    expect(errorCode(borrowWindow)).toBe('window_not_found');
    const borrowPlan = await create(adc2, 'BORROW-2', { ...whatsapp, retryPlanId: retryPlan }, 'WHATSAPP');
    expect(errorCode(borrowPlan)).toBe('retry_plan_not_found');
    expect((await as(adc2, 'GET', '/api/campaign-windows')).json().items).toEqual([]);
    expect((await as(adc2, 'GET', '/api/retry-plans')).json().items).toEqual([]);
  });

  it('keeps windows: validated, unique by name, answering their next opening, kept while a campaign uses them', async () => {
    const bad = async (body: object) =>
      expect((await as(adc, 'POST', '/api/campaign-windows', { ...office, ...body })).statusCode).toBe(400);
    await bad({ timeZone: 'Mars/Olympus' });
    await bad({ ranges: [{ day: 'mon', start: '17:00', end: '08:00' }] });
    await bad({ ranges: [{ day: 'mon', start: '25:00', end: '26:00' }] });
    await bad({ ranges: [] });
    await bad({ blackoutDates: ['25/12/2026'] });

    const created = await as(adc, 'POST', '/api/campaign-windows', office);
    expect(created.statusCode).toBe(201);
    const window = created.json();
    expect(window).toMatchObject({ timeZone: 'Asia/Jakarta', blackoutDates: ['2026-12-25'] });
    expect(errorCode(await as(adb, 'POST', '/api/campaign-windows', office))).toBe('window_name_taken');

    // Monday 23 Nov 2026, 12:30 in Jakarta (05:30 UTC): closed for lunch, open again at 13:00.
    const lunch = await as(
      adc,
      'GET',
      `/api/campaign-windows/${window.windowId}/next-opening?at=2026-11-23T05:30:00Z`,
    );
    expect(lunch.json()).toMatchObject({ open: false, nextOpening: '2026-11-23T06:00:00.000Z' });
    const open = await as(
      adc,
      'GET',
      `/api/campaign-windows/${window.windowId}/next-opening?at=2026-11-23T09:00:00%2B07:00`,
    );
    expect(open.json()).toMatchObject({ open: true, nextOpening: '2026-11-23T02:00:00.000Z' });

    const updated = await as(adc, 'PUT', `/api/campaign-windows/${window.windowId}`, {
      ...office,
      timeZone: 'Asia/Makassar',
      blackoutDates: ['2026-12-31', '2026-12-25', '2026-12-31'],
    });
    expect(updated.json()).toMatchObject({
      timeZone: 'Asia/Makassar',
      blackoutDates: ['2026-12-25', '2026-12-31'],
    });

    const campaign = await create(adc, 'WINDOWED-1', smsContent({ windowId: window.windowId }));
    expect(campaign.json().windowId).toBe(window.windowId);
    const inUse = await as(adc, 'DELETE', `/api/campaign-windows/${window.windowId}`);
    expect(inUse.statusCode).toBe(409);
    expect(errorCode(inUse)).toBe('window_in_use');
    await as(adc, 'PUT', `/api/campaigns/${campaign.json().campaignId}`, smsContent({ windowId: null }));
    expect((await as(adc, 'DELETE', `/api/campaign-windows/${window.windowId}`)).json()).toMatchObject({
      deleted: true,
    });
    const names = (await as(adc, 'GET', '/api/campaign-windows'))
      .json()
      .items.map((item: { name: string }) => item.name);
    expect(names).not.toContain('Office hours');
  });

  it('keeps retry plans: validated, unique by name, kept while a campaign uses them', async () => {
    const bad = async (body: object) =>
      expect((await as(adc, 'POST', '/api/retry-plans', { ...plan, ...body })).statusCode).toBe(400);
    await bad({ maxAttempts: 0 });
    await bad({ maxAttempts: 11 });
    await bad({ delay: { kind: 'growing', firstSeconds: 10, factor: 0.5, maxSeconds: 100 } });
    await bad({ retryOn: ['delivered'] });
    await bad({ fallbackChannels: ['SMS', 'SMS'] });

    const created = await as(adc, 'POST', '/api/retry-plans', {
      ...plan,
      retryOn: ['throttled', 'failed', 'failed'],
      fallbackChannels: ['WHATSAPP', 'SMS'],
    });
    expect(created.statusCode).toBe(201);
    const retryPlan = created.json();
    expect(retryPlan).toMatchObject({
      retryOn: ['failed', 'throttled'],
      fallbackChannels: ['WHATSAPP', 'SMS'],
    });
    expect(errorCode(await as(adc, 'POST', '/api/retry-plans', plan))).toBe('retry_plan_name_taken');

    const growing = { kind: 'growing', firstSeconds: 30, factor: 2, maxSeconds: 600 };
    const updated = await as(adc, 'PUT', `/api/retry-plans/${retryPlan.retryPlanId}`, {
      ...plan,
      delay: growing,
    });
    expect(updated.json()).toMatchObject({
      delay: growing,
      retryOn: ['failed', 'throttled'],
      fallbackChannels: [],
    });
    expect((await as(adc, 'GET', `/api/retry-plans/${retryPlan.retryPlanId}`)).json().delay).toEqual(growing);

    await create(adc, 'RETRIED-1', smsContent({ retryPlanId: retryPlan.retryPlanId }));
    expect(errorCode(await as(adc, 'DELETE', `/api/retry-plans/${retryPlan.retryPlanId}`))).toBe(
      'retry_plan_in_use',
    );
    const spare = (await as(adc, 'POST', '/api/retry-plans', { ...plan, name: 'Spare' })).json();
    expect((await as(adc, 'DELETE', `/api/retry-plans/${spare.retryPlanId}`)).json()).toMatchObject({
      deleted: true,
    });
  });

  it('refuses windows and plans to people who do not work on campaigns', async () => {
    const usr = await logIn(sapa.app, 'usr@demo.test');
    expect((await as(usr, 'GET', '/api/campaign-windows')).statusCode).toBe(403);
    expect((await as(usr, 'POST', '/api/retry-plans', { ...plan, name: 'Nope' })).statusCode).toBe(403);
    // Second Client's admin has WhatsApp, so windows are theirs to keep.
    expect((await as(adc2, 'POST', '/api/campaign-windows', office)).statusCode).toBe(201);
  });
});

const telegram = {
  name: 'Telegram news',
  template: { channel: 'TELEGRAM', text: 'Hello {{name}}' },
  paramTranslator: { recipient: 'chat', rules: [{ from: 'Chat', to: 'chat' }] },
};
