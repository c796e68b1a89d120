import { featureMaskFromFlags } from '@sapa/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLogs } from '../../../platform/audit/index.js';
import { approvalTasks, clients } from '../../../schema.js';
import { type LocalSmsc, startLocalSmsc } from '../../../test/local-smsc.js';
import { settleAll } from '../../../test/sandbox-channels.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

const PASSWORD = 'Smsc-Pa55word-do-not-leak';

describe('SMS providers per client: configuration, approval, routing over SMPP', () => {
  let sapa: TestApp;
  let smsc: LocalSmsc;
  let adc: LoggedIn;
  let adb: LoggedIn;
  let adc2: LoggedIn;
  let usc: LoggedIn;
  const answers: string[] = [];
  const as = async (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) => {
    const response = await sapa.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
    answers.push(response.body);
    return response;
  };
  const smpp = (overrides: Record<string, unknown> = {}, password = PASSWORD) => ({
    type: 'smpp',
    name: 'Local SMSC',
    settings: { host: '127.0.0.1', port: smsc.port, systemId: 'sapa', senderId: 'SAPA Bank', ...overrides },
    secrets: { password },
  });
  const requireApproval = (on: boolean) =>
    sapa.database.db
      .update(clients)
      .set({ approvalRequired: on })
      .where(eq(clients.id, adc.session.clientId));
  const logged: unknown[] = [];

  beforeAll(async () => {
    smsc = await startLocalSmsc({ password: PASSWORD });
    sapa = await createTestApp(
      { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' },
      {
        sandbox: { latencyMs: 2, reportDelayMs: 5, submitFailureRate: 0, deliveryFailureRate: 0, seed: 't' },
      },
    );
    for (const level of ['info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(sapa.app.log, level).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      });
    // The second client sends SMS and email too: its refusals must be 404s, not "feature disabled".
    await sapa.database.db
      .update(clients)
      .set({ features: featureMaskFromFlags(['OTP', 'CS', 'WHATSAPP', 'SMS', 'EMAIL']) })
      .where(eq(clients.clientName, 'Second Client'));
    [adc, adb, adc2, usc] = await Promise.all([
      logIn(sapa.app, 'adc@demo.test'),
      logIn(sapa.app, 'adb@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
      logIn(sapa.app, 'usc@demo.test'),
    ]);
  });
  afterAll(async () => {
    await sapa?.close();
    await smsc?.close();
  });

  it('adds an SMPP provider that becomes the default, shows its password only as a masked hint, and tests it', async () => {
    const types = await as(adc, 'GET', '/api/channels/sms/provider-types');
    expect(types.json().items).toMatchObject([
      { type: 'smpp', secretFields: ['password'] },
      { type: 'http-sms', secretFields: ['apiKey', 'callbackSecret'] },
    ]);
    // The forms follow the server's own settings rules: fields, defaults and what must be given.
    const smppSettings = types.json().items[0].settingsSchema;
    expect(smppSettings.properties.port).toMatchObject({ type: 'integer', default: 2775 });
    expect(smppSettings.properties.tls).toMatchObject({ type: 'boolean', default: false });
    expect(smppSettings.required).toEqual(expect.arrayContaining(['host', 'systemId', 'senderId']));
    expect(smppSettings.properties.password).toBeUndefined();
    const created = await as(adc, 'POST', '/api/channels/sms/providers', smpp());
    expect(created.statusCode).toBe(201);
    const { provider } = created.json();
    expect(created.json()).toMatchObject({ applied: true, taskId: null });
    expect(provider).toMatchObject({
      channel: 'sms',
      type: 'smpp',
      isDefault: true,
      version: 1,
      secrets: { password: '••••ak' },
      settings: { host: '127.0.0.1', window: 10, registeredDelivery: true },
    });
    const list = await as(adc, 'GET', '/api/channels/sms/providers');
    expect(list.json().items.map((p: { id: string }) => p.id)).toEqual([provider.id]);
    const tested = await as(adc, 'POST', `/api/channels/sms/providers/${provider.id}/test`);
    expect(tested.json()).toMatchObject({
      ok: true,
      steps: [{ step: 'DNS' }, { step: 'TCP' }, { step: 'Bind', ok: true }],
    });
  });

  it('sends the client’s SMS over its SMSC and matches every receipt to its ledger row; another client stays on the sandbox', async () => {
    const rows = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        sapa.messaging.sendMessage(adc.session.clientId, {
          channel: 'sms',
          recipient: `+62 812 3333 ${String(2000 + i)}`,
          content: { kind: 'text', text: i === 0 ? `Halo 😀 ${'ç'.repeat(100)}` : `Tagihan ${i}` },
          source: 'test',
          idempotencyKey: `smpp-${i}`,
        }),
      ),
    );
    await settleAll(sapa);
    await expect
      .poll(
        async () => {
          const now = await Promise.all(
            rows.map((row) => sapa.messaging.getOutbound(adc.session.clientId, row.id)),
          );
          return now.filter((row) => row.status === 'delivered').length;
        },
        { timeout: 10_000 },
      )
      .toBe(25);
    const delivered = await Promise.all(
      rows.map((row) => sapa.messaging.getOutbound(adc.session.clientId, row.id)),
    );
    // 24 one-part messages and one of two parts: each part acknowledged once.
    expect(smsc.submits).toHaveLength(26);
    const firstParts = new Set(delivered.map((row) => row.providerMessageId));
    expect(firstParts.size).toBe(25);
    for (const id of firstParts) expect(smsc.submits.some((s) => s.messageId === id)).toBe(true);
    const other = await sapa.messaging.sendMessage(adc2.session.clientId, {
      channel: 'sms',
      recipient: '+62 812 3333 2999',
      content: { kind: 'text', text: 'sandbox' },
      source: 'test',
      idempotencyKey: 'other-client',
    });
    await settleAll(sapa);
    expect((await sapa.messaging.getOutbound(adc2.session.clientId, other.id)).status).toBe('delivered');
    expect(smsc.submits).toHaveLength(26);
    const metrics = await sapa.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(
      /sapa_provider_requests_total\{channel="sms",provider="smpp",outcome="ok"\} 25/,
    );
    expect(metrics.body).toMatch(
      /sapa_provider_requests_total\{channel="sms",provider="sandbox",outcome="ok"\} 1/,
    );
    expect(metrics.body).toContain(
      'sapa_provider_request_duration_seconds_bucket{le="0.005",channel="sms",provider="smpp"}',
    );
  });

  it('answers 404 for another client’s provider, whatever the action', async () => {
    const [mine] = (await as(adc, 'GET', '/api/channels/sms/providers')).json().items;
    for (const [method, url] of [
      ['GET', `/api/channels/sms/providers/${mine.id}`],
      ['PUT', `/api/channels/sms/providers/${mine.id}`],
      ['POST', `/api/channels/sms/providers/${mine.id}/default`],
      ['POST', `/api/channels/sms/providers/${mine.id}/test`],
      ['DELETE', `/api/channels/sms/providers/${mine.id}`],
      ['GET', `/api/channels/email/providers/${mine.id}`],
      ['GET', '/api/channels/sms/providers/not-an-id'],
    ] as const) {
      const response = await as(adc2, method, url, method === 'PUT' ? smpp() : undefined);
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
    }
    expect(errorCode(await as(adc, 'GET', `/api/channels/email/providers/${mine.id}`))).toBe(
      'provider_not_found',
    );
  });

  it('refuses hostile or incomplete input with a clear 4xx', async () => {
    const bad = [
      [{ ...smpp(), type: 'carrier-pigeon' }, 'provider_type_unknown'],
      [{ ...smpp(), settings: { port: 2775 } }, 'validation_failed'],
      [{ ...smpp(), name: 'a\u0000b' }, 'invalid_text'],
      [{ ...smpp(), secrets: {} }, 'validation_failed'],
      [{ ...smpp(), secrets: { password: 'x', token: 'y' } }, 'validation_failed'],
      [{ ...smpp(), settings: 'nope' }, 'validation_failed'],
      [smpp(), 'provider_name_taken'],
    ] as const;
    for (const [body, code] of bad) {
      const response = await as(adc, 'POST', '/api/channels/sms/providers', body);
      expect([response.statusCode < 500 && response.statusCode >= 400, errorCode(response)]).toEqual([
        true,
        code,
      ]);
    }
    expect((await as(adc, 'GET', '/api/channels/fax/providers')).statusCode).toBe(400);
    // A user who is neither admin nor named on the channel.
    expect(errorCode(await as(usc, 'GET', '/api/channels/sms/providers'))).toBe('not_channel_user');
  });

  it('waits for a checker when the client requires approval: the running configuration sends until then', async () => {
    await requireApproval(true);
    try {
      const [running] = (await as(adc, 'GET', '/api/channels/sms/providers')).json().items;
      const edit = await as(adc, 'PUT', `/api/channels/sms/providers/${running.id}`, {
        ...smpp({ window: 50 }),
        secrets: {},
      });
      expect(edit.statusCode).toBe(200);
      const { taskId, applied, provider } = edit.json();
      expect({ applied, pendingTaskId: provider.pendingTaskId, window: provider.settings.window }).toEqual({
        applied: false,
        pendingTaskId: taskId,
        window: 10,
      });
      // The checker's list shows what the request would set, the password only as a hint; the
      // approval tasks narrow to the channel's provider requests; another client sees none of it.
      const requests = await as(adb, 'GET', '/api/channels/sms/provider-requests');
      expect(requests.json()).toMatchObject({
        total: 1,
        items: [
          {
            taskId,
            providerId: running.id,
            action: 'update',
            settings: { window: 50 },
            secrets: { password: '••••ak' },
          },
        ],
      });
      const tasks = (who: LoggedIn, query: string) =>
        as(who, 'GET', `/api/tasks/pending?${query}`).then((response) =>
          response.json().items.map((item: { taskId: string }) => item.taskId),
        );
      expect(await tasks(adb, 'type=provider.change&channel=SMS')).toEqual([taskId]);
      expect(await tasks(adb, 'type=campaign.activate,campaign.edit&channel=SMS')).toEqual([]);
      expect(await tasks(adb, 'type=provider.change&channel=EMAIL')).toEqual([]);
      expect(await tasks(adc2, 'type=provider.change&channel=SMS')).toEqual([]);
      expect((await as(adb, 'GET', '/api/tasks/pending?type=DROP%20TABLE')).statusCode).toBe(400);
      expect((await as(adc2, 'GET', '/api/channels/sms/provider-requests')).json()).toMatchObject({
        total: 0,
        items: [],
      });
      expect(errorCode(await as(usc, 'GET', '/api/channels/sms/provider-requests'))).toBe('not_channel_user');

      // A second change waits for the first to be decided.
      expect(errorCode(await as(adc, 'PUT', `/api/channels/sms/providers/${running.id}`, smpp()))).toBe(
        'provider_edit_pending',
      );
      const [task] = await sapa.database.db.select().from(approvalTasks).where(eq(approvalTasks.id, taskId));
      expect(JSON.stringify(task)).not.toContain(PASSWORD);
      expect(errorCode(await as(adc, 'PUT', `/api/tasks/task/${taskId}/approve`))).toBe('own_task');
      expect((await as(adb, 'PUT', `/api/tasks/task/${taskId}/approve`)).statusCode).toBe(200);
      const after = (await as(adc, 'GET', `/api/channels/sms/providers/${running.id}`)).json();
      expect(after).toMatchObject({
        version: 2,
        pendingTaskId: null,
        settings: { window: 50 },
        secrets: { password: '••••ak' },
      });

      // A new provider is not there until approved; a rejection leaves nothing behind.
      const proposed = await as(adc, 'POST', '/api/channels/sms/providers', {
        ...smpp(),
        name: 'Gateway',
        type: 'http-sms',
        settings: { url: 'http://127.0.0.1:9/sms', senderId: 'SAPA' },
        secrets: { apiKey: 'gw-api-key-do-not-leak', callbackSecret: 'gw-callback-do-not-leak' },
      });
      expect(proposed.json()).toMatchObject({ applied: false, provider: null });
      expect((await as(adc, 'GET', '/api/channels/sms/providers')).json().items).toHaveLength(1);
      const rejected = await as(adb, 'PUT', `/api/tasks/task/${proposed.json().taskId}/reject`, {
        note: 'no',
      });
      expect(rejected.statusCode).toBe(200);
      expect((await as(adc, 'GET', '/api/channels/sms/providers')).json().items).toHaveLength(1);
    } finally {
      await requireApproval(false);
    }
  });

  it('logs a failed provider request once, without the password', async () => {
    const [running] = (await as(adc, 'GET', '/api/channels/sms/providers')).json().items;
    const changed = await as(adc, 'PUT', `/api/channels/sms/providers/${running.id}`, {
      ...smpp({ submitTimeoutSeconds: 1 }),
      secrets: { password: 'Wrong-Pa55word-do-not-leak' },
    });
    expect(changed.json()).toMatchObject({ applied: true, provider: { version: 3 } });
    const row = await sapa.messaging.sendMessage(adc.session.clientId, {
      channel: 'sms',
      recipient: '+62 812 3333 4000',
      content: { kind: 'text', text: 'halo' },
      source: 'test',
      idempotencyKey: 'wrong-password',
    });
    await settleAll(sapa);
    expect(await sapa.messaging.getOutbound(adc.session.clientId, row.id)).toMatchObject({
      status: 'queued',
      errorCode: 'provider_unavailable',
    });
    const failures = logged.filter((args) => (args as unknown[])[1] === 'sms provider request failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toEqual([
      expect.objectContaining({
        channel: 'sms',
        provider: 'smpp',
        outcome: 'retryable',
        providerId: running.id,
      }),
      'sms provider request failed',
    ]);
  });

  it('never shows a secret in an answer, a log line or the audit trail', async () => {
    const audit = await sapa.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityType, 'channel_provider'));
    expect(audit.length).toBeGreaterThan(2);
    const everything = JSON.stringify([answers, logged, audit]);
    for (const secret of [
      PASSWORD,
      'Wrong-Pa55word-do-not-leak',
      'gw-api-key-do-not-leak',
      'gw-callback-do-not-leak',
    ])
      expect(everything).not.toContain(secret);
  });
});
