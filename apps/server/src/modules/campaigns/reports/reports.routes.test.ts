import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CampaignChannel, NotificationStatus } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../lib/ids.js';
import { createStorage } from '../../../platform/storage/index.js';
import { insertTestBatch, insertTestNotifications } from '../../../test/campaign-rows.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { messagingOutbound } from '../../messaging/messaging.tables.js';
import { campaignAttempts, campaignBatches } from '../campaigns.tables.js';

type Try = {
  channel: CampaignChannel;
  status: NotificationStatus;
  durationSeconds?: number;
  chargedSeconds?: number;
  outboundId?: string;
};

describe('reports, voice history and the scenario diagram: what the engine sent, counted and listed', () => {
  let sapa: TestApp;
  let dataDir: string;
  let adc: LoggedIn;
  let usr: LoggedIn;
  let usc: LoggedIn;
  let adc2: LoggedIn;
  let scenarioBatch: string;
  let answeredCall: string;
  let unansweredCall: string;
  const recording = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(400, 7)]);
  const as = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    sapa.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const get = (who: LoggedIn, url: string) => as(who, 'GET', url);

  /** Notifications with attempts on the channels given (a fallback's attempts are on another channel). */
  async function notificationsWith(
    batchId: string,
    channel: CampaignChannel,
    rows: { recipient: string; status: NotificationStatus; tries: Try[] }[],
  ) {
    const clientId = adc.session.clientId;
    const db = sapa.database.db;
    const ids = await insertTestNotifications(
      db,
      { clientId, batchId, channel },
      rows.map(({ recipient, status, tries }) => ({
        recipient,
        status,
        attempts: tries.map((one) => ({ status: one.status })),
      })),
    );
    for (const [index, row] of rows.entries()) {
      for (const [number, one] of row.tries.entries()) {
        await db
          .update(campaignAttempts)
          .set({
            channel: one.channel,
            durationSeconds: one.durationSeconds ?? null,
            chargedSeconds: one.chargedSeconds ?? null,
            outboundId: one.outboundId ?? null,
          })
          .where(
            and(
              eq(campaignAttempts.clientId, clientId),
              eq(campaignAttempts.notificationId, ids[index]!),
              eq(campaignAttempts.attempt, number + 1),
            ),
          );
      }
    }
    return ids;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sapa-reports-'));
    sapa = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000', DATA_DIR: dataDir });
    // The queue exists (a report request queues a job); the test runs the job itself.
    await sapa.jobs.start({ work: false });
    [adc, usr, usc, adc2] = (await Promise.all(
      ['adc@demo.test', 'usr@demo.test', 'usc@demo.test', 'adc2@demo.test'].map((email) =>
        logIn(sapa.app, email),
      ),
    )) as [LoggedIn, LoggedIn, LoggedIn, LoggedIn];
    const clientId = adc.session.clientId;
    const db = sapa.database.db;
    const campaign = async (code: string, channel: 'SMS' | 'VOICE') => {
      const template =
        channel === 'SMS'
          ? { channel, text: 'Hi {{name}}' }
          : { channel, script: 'Halo {{name}}', language: 'id-ID' };
      const created = await as(adc, 'POST', '/api/campaigns', {
        code,
        channel,
        name: `Campaign ${code}`,
        template,
        paramTranslator: { recipient: 'phone', rules: [{ from: 'Phone', to: 'phone', kind: 'phone' }] },
      });
      expect(created.statusCode).toBe(201);
      return created.json().campaignId as string;
    };

    // An SMS campaign retried once, then falling back to voice: 8 rows read, 5 valid.
    scenarioBatch = await insertTestBatch(db, {
      clientId,
      channel: 'SMS',
      campaignId: await campaign('SCN-1', 'SMS'),
    });
    await db
      .update(campaignBatches)
      .set({
        retryPlan: {
          maxAttempts: 2,
          delay: { kind: 'fixed', seconds: 60 },
          retryOn: ['failed'],
          fallbackChannels: ['VOICE'],
        },
        rowsRead: 8,
        validCount: 5,
        invalidCount: 2,
        duplicateCount: 1,
      })
      .where(and(eq(campaignBatches.clientId, clientId), eq(campaignBatches.id, scenarioBatch)));
    await notificationsWith(scenarioBatch, 'SMS', [
      { recipient: '6281200000001', status: 'delivered', tries: [{ channel: 'SMS', status: 'delivered' }] },
      {
        recipient: '6281200000002',
        status: 'delivered',
        tries: [
          { channel: 'SMS', status: 'failed' },
          { channel: 'SMS', status: 'delivered' },
        ],
      },
      {
        recipient: '6281200000003',
        status: 'answered',
        tries: [
          { channel: 'SMS', status: 'failed' },
          { channel: 'SMS', status: 'failed' },
          // 10 s charged 12 at 6/6.
          { channel: 'VOICE', status: 'answered', durationSeconds: 10, chargedSeconds: 12 },
        ],
      },
      {
        recipient: '6281200000004',
        status: 'no_answer',
        tries: [
          { channel: 'SMS', status: 'failed' },
          { channel: 'SMS', status: 'failed' },
          { channel: 'VOICE', status: 'no_answer' },
        ],
      },
      { recipient: '6281200000005', status: 'queued', tries: [] },
    ]);
    // Last week's SMS (an API batch): outside today's report.
    const old = await insertTestBatch(db, { clientId, channel: 'SMS' });
    await insertTestNotifications(db, { clientId, batchId: old, channel: 'SMS' }, [
      { recipient: '6281200000099', status: 'sent', at: new Date(Date.now() - 7 * 86_400_000) },
    ]);

    // A voice campaign: a busy line then a 61 s answer that played a recording and got the key 2; no answer.
    const storage = createStorage(dataDir, Buffer.alloc(32, 1));
    const file = await storage.save(db, {
      clientId,
      bytes: recording,
      mimeType: 'audio/mpeg',
      fileName: 'greeting.mp3',
    });
    const outboundId = newId();
    await db.insert(messagingOutbound).values({
      clientId,
      id: outboundId,
      channel: 'voice',
      recipient: '6281300000001',
      content: { kind: 'voice', script: null, recordingFileId: file.id, language: null },
      source: 'campaigns',
      idempotencyKey: outboundId,
      status: 'delivered',
      statusHistory: {},
      details: { call: { outcome: 'answered', durationSeconds: 61, chargedSeconds: 120, dtmf: '2' } },
    });
    const calls = await insertTestBatch(db, {
      clientId,
      channel: 'VOICE',
      campaignId: await campaign('CALL-1', 'VOICE'),
    });
    [answeredCall, unansweredCall] = (await notificationsWith(calls, 'VOICE', [
      {
        recipient: '6281300000001',
        status: 'answered',
        tries: [
          { channel: 'VOICE', status: 'busy' },
          { channel: 'VOICE', status: 'answered', durationSeconds: 61, chargedSeconds: 120, outboundId },
        ],
      },
      { recipient: '6281300000002', status: 'no_answer', tries: [{ channel: 'VOICE', status: 'no_answer' }] },
    ])) as [string, string];
  });
  afterAll(async () => {
    await sapa?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("sums today's notifications of every channel by status, by channel and per day; filters narrow it", async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
    const summary = await get(usr, '/api/campaigns/reports/summary');
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      startDate: today,
      endDate: today,
      total: 7,
      counts: { delivered: 2, answered: 2, no_answer: 2, queued: 1, sent: 0 },
      days: [{ date: today, total: 7, reached: 4, failed: 2 }],
    });
    const byChannel = Object.fromEntries(
      summary.json().byChannel.map((row: { channel: string; total: number }) => [row.channel, row.total]),
    );
    expect(byChannel).toMatchObject({ SMS: 5, VOICE: 2, EMAIL: 0 });

    expect((await get(usr, '/api/campaigns/reports/summary?channel=VOICE')).json().total).toBe(2);
    expect((await get(usr, '/api/campaigns/reports/summary?status=delivered')).json().total).toBe(2);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Asia/Jakarta',
    });
    expect(
      (await get(usr, `/api/campaigns/reports/summary?startDate=${weekAgo}&endDate=${today}`)).json().total,
    ).toBe(8);
  });

  it('lists the notification history newest first, a page at a time, with the filters of the report', async () => {
    const page = await get(usr, '/api/campaigns/reports/notifications?pageSize=2');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 7, pageSize: 2, pageNumber: 0 });
    expect(page.json().items).toHaveLength(2);
    const created = page.json().items.map((item: { createdAt: string }) => item.createdAt);
    expect(created[0] >= created[1]).toBe(true);
    const second = await get(usr, '/api/campaigns/reports/notifications?pageSize=2&pageNumber=3');
    expect(second.json().items).toHaveLength(1);
    const oldest = await get(usr, '/api/campaigns/reports/notifications?sort=oldest&pageSize=1');
    expect(oldest.json().items[0].recipient).toBe('6281200000001');

    const one = await get(usr, '/api/campaigns/reports/notifications?recipient=62813000000');
    expect(
      one
        .json()
        .items.map((item: { recipient: string }) => item.recipient)
        .sort(),
    ).toEqual(['6281300000001', '6281300000002']);
    expect(one.json().items[0]).toMatchObject({ campaignCode: 'CALL-1', channel: 'VOICE' });
    // The campaign filter's choices: the report user reads them though they are named on no channel.
    const choices = await get(usr, '/api/campaigns/reports/campaigns');
    expect(choices.statusCode).toBe(200);
    expect(choices.json().items.map((item: { code: string }) => item.code)).toEqual(['CALL-1', 'SCN-1']);
    const callOne = choices.json().items[0].campaignId as string;
    expect((await get(usr, `/api/campaigns/reports/notifications?campaignId=${callOne}`)).json().total).toBe(
      2,
    );
    expect((await get(adc2, '/api/campaigns/reports/campaigns')).json().items).toEqual([]);
    expect((await get(usc, '/api/campaigns/reports/campaigns')).statusCode).toBe(403);
    // An id that is not one, or another client's campaign, selects nothing.
    expect((await get(usr, '/api/campaigns/reports/notifications?campaignId=nope')).json().total).toBe(0);
  });

  it('generates a report as an export job and downloads its CSV; admins see it, other clients do not', async () => {
    const requested = await as(usr, 'POST', '/api/campaigns/reports', { channel: 'VOICE' });
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toMatchObject({ kind: 'campaignReport', status: 'queued', progress: 0 });
    const id = requested.json().id as string;
    await sapa.exports.run({ clientId: adc.session.clientId, exportId: id });

    const listed = await get(usr, '/api/campaigns/reports');
    expect(listed.json().items[0]).toMatchObject({ id, status: 'done', progress: 100, processed: 2 });
    expect((await get(usr, `/api/campaigns/reports/${id}`)).json().request).toMatchObject({
      query: { channel: 'VOICE' },
    });
    const file = await get(usr, `/api/campaigns/reports/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'notificationId,batchId,campaignCode,campaignName,channel,recipient,status,attempts,providerMessageId,errorCode,errorMessage,createdAt,dueAt,sentAt,deliveredAt,readAt,updatedAt',
    );
    expect(lines).toHaveLength(3);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',').slice(2, 7).join(','))
        .sort(),
    ).toEqual([
      'CALL-1,Campaign CALL-1,VOICE,6281300000001,answered',
      'CALL-1,Campaign CALL-1,VOICE,6281300000002,no_answer',
    ]);

    expect((await get(adc, `/api/campaigns/reports/${id}/file`)).statusCode).toBe(200);
    expect((await get(adc2, `/api/campaigns/reports/${id}`)).statusCode).toBe(404);
    expect((await get(adc2, `/api/campaigns/reports/${id}/file`)).statusCode).toBe(404);
    expect((await get(adc2, '/api/campaigns/reports')).json().total).toBe(0);
    // A status-message export is not a report.
    const other = await as(adc, 'POST', '/api/campaigns/status-messages/exports', { channel: 'SMS' });
    expect((await get(adc, `/api/campaigns/reports/${other.json().id}`)).statusCode).toBe(404);
  });

  it('refuses reports to roles outside Report (spec §6), with the reason', async () => {
    for (const url of ['/api/campaigns/reports/summary', '/api/campaigns/reports/notifications']) {
      expect((await get(usc, url)).statusCode).toBe(403);
    }
    expect((await as(usc, 'POST', '/api/campaigns/reports', {})).statusCode).toBe(403);
    expect((await get(usc, '/api/campaigns/voice-history')).statusCode).toBe(403);
  });

  it('lists calls with outcome, duration, charged duration and DTMF, and totals over the selection', async () => {
    const history = await get(usr, '/api/campaigns/voice-history?pageSize=10');
    expect(history.statusCode).toBe(200);
    expect(history.json().totals).toEqual({
      calls: 5,
      answered: 2,
      durationSeconds: 71,
      averageSeconds: 35.5,
      chargedSeconds: 132,
    });
    expect(history.json().total).toBe(5);
    const answered = history
      .json()
      .items.find(
        (item: { notificationId: string; attempt: number }) =>
          item.notificationId === answeredCall && item.attempt === 2,
      );
    expect(answered).toMatchObject({
      outcome: 'answered',
      durationSeconds: 61,
      chargedSeconds: 120,
      dtmf: '2',
      hasRecording: true,
      campaignCode: 'CALL-1',
    });
    const outcomes = history
      .json()
      .items.map((item: { outcome: string }) => item.outcome)
      .sort();
    expect(outcomes).toEqual(['answered', 'answered', 'busy', 'no_answer', 'no_answer']);

    const busy = await get(usr, '/api/campaigns/voice-history?outcome=busy');
    expect(busy.json().items).toHaveLength(1);
    expect(busy.json().totals).toMatchObject({
      calls: 1,
      answered: 0,
      durationSeconds: 0,
      averageSeconds: null,
    });
    const page = await get(usr, '/api/campaigns/voice-history?pageSize=2&pageNumber=2');
    expect(page.json().items).toHaveLength(1);
    expect(page.json().totals.calls).toBe(5);
  });

  it("plays the recording a call played, only to its client's readers", async () => {
    const url = `/api/campaigns/voice-history/${answeredCall}/attempts/2/recording`;
    const played = await get(usr, url);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mpeg');
    expect(played.rawPayload.equals(recording)).toBe(true);
    // The busy attempt placed no call with a recording; the other call spoke a script.
    expect(
      (await get(usr, `/api/campaigns/voice-history/${answeredCall}/attempts/1/recording`)).statusCode,
    ).toBe(404);
    expect(
      errorCode(await get(usr, `/api/campaigns/voice-history/${unansweredCall}/attempts/1/recording`)),
    ).toBe('recording_not_found');
    expect((await get(adc2, url)).statusCode).toBe(404);
    expect((await get(usc, url)).statusCode).toBe(403);
  });

  it("counts a batch's rows and notifications on each step and edge of the campaign's flow", async () => {
    const scenario = await get(usr, '/api/campaigns/scenario?campaignCode=SCN-1');
    expect(scenario.statusCode).toBe(200);
    const body = scenario.json();
    expect(body).toMatchObject({
      campaign: { code: 'SCN-1', channel: 'SMS' },
      batchId: scenarioBatch,
      plan: { maxAttempts: 2, fallbackChannels: ['VOICE'] },
    });
    const nodes = Object.fromEntries(
      body.nodes.map((node: { id: string; count: number }) => [node.id, node.count]),
    );
    expect(nodes).toMatchObject({
      upload: 8,
      approval: 5,
      window: 5,
      'attempt:SMS:1': 4,
      'attempt:SMS:2': 3,
      'attempt:VOICE:1': 2,
      'attempt:VOICE:2': 0,
      'outcome:reached': 3,
      'outcome:failed': 1,
      'outcome:pending': 1,
      'outcome:rejected': 3,
    });
    const edges = Object.fromEntries(
      body.edges.map((edge: { id: string; kind: string; count: number }) => [
        edge.id,
        `${edge.kind} ${edge.count}`,
      ]),
    );
    expect(edges).toMatchObject({
      'upload->approval': 'next 5',
      'upload->outcome:rejected': 'outcome 3',
      'approval->window': 'next 5',
      'window->attempt:SMS:1': 'next 4',
      'attempt:SMS:1->outcome:reached': 'outcome 1',
      'attempt:SMS:1->attempt:SMS:2': 'retry 3',
      'attempt:SMS:2->outcome:reached': 'outcome 1',
      'attempt:SMS:2->attempt:VOICE:1': 'fallback 2',
      'attempt:VOICE:1->outcome:reached': 'outcome 1',
      'attempt:VOICE:1->outcome:failed': 'outcome 1',
      'attempt:VOICE:1->attempt:VOICE:2': 'retry 0',
      'window->outcome:pending': 'outcome 1',
    });
    expect(body.batches.map((batch: { batchId: string }) => batch.batchId)).toContain(scenarioBatch);
    const chosen = await get(usr, `/api/campaigns/scenario?campaignCode=SCN-1&batchId=${scenarioBatch}`);
    expect(chosen.json().batchId).toBe(scenarioBatch);
  });

  it("answers 404 for another client's campaign or batch, and 4xx, never 5xx, for hostile input", async () => {
    expect(errorCode(await get(adc2, '/api/campaigns/scenario?campaignCode=SCN-1'))).toBe(
      'campaign_not_found',
    );
    expect((await get(usr, '/api/campaigns/scenario?campaignCode=NOPE')).statusCode).toBe(404);
    expect(errorCode(await get(usr, '/api/campaigns/scenario?campaignCode=SCN-1&batchId=x'))).toBe(
      'batch_not_found',
    );
    const callsBatch = (await get(usr, '/api/campaigns/scenario?campaignCode=CALL-1')).json().batchId;
    expect(
      (await get(usr, `/api/campaigns/scenario?campaignCode=SCN-1&batchId=${callsBatch}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(adc2, `/api/campaigns/voice-history/${answeredCall}/attempts/1/recording`)).statusCode,
    ).toBe(404);
    expect((await get(adc2, '/api/campaigns/reports/summary')).json().total).toBe(0);

    const hostile = [
      '/api/campaigns/scenario?campaignCode=%00drop',
      '/api/campaigns/scenario?campaignCode=a%20b',
      '/api/campaigns/reports/notifications?recipient=%00abc',
      '/api/campaigns/reports/notifications?pageSize=abc',
      '/api/campaigns/reports/notifications?pageSize=100000',
      '/api/campaigns/reports/summary?startDate=2026-13-45',
      '/api/campaigns/reports/summary?channel=FAX',
      '/api/campaigns/reports/summary?status=%F0%9F%92%A9',
      '/api/campaigns/voice-history?outcome=maybe',
      '/api/campaigns/voice-history/x/attempts/abc/recording',
      '/api/campaigns/voice-history/%00/attempts/1/recording',
      '/api/campaigns/reports/%00',
      `/api/campaigns/reports/${'9'.repeat(200)}/file`,
    ];
    for (const url of hostile) {
      const answer = await get(usr, url);
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, url).toBeLessThan(500);
    }
    const backwards = await get(
      usr,
      '/api/campaigns/reports/summary?startDate=2026-02-02&endDate=2026-01-01',
    );
    expect(errorCode(backwards)).toBe('invalid_date_range');
    expect((await as(usr, 'POST', '/api/campaigns/reports', { channel: 42 })).statusCode).toBe(400);
    expect((await get(usr, '/api/campaigns/voice-history/nope/attempts/1/recording')).statusCode).toBe(404);
  });
});
