import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../lib/ids.js';
import { systemActor } from '../../../platform/actor.js';
import { createMailer, mailOutbox } from '../../../platform/mail/index.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { csMessages } from '../chat/chat.tables.js';
import { csRooms } from '../rooms/rooms.tables.js';
import {
  createEmailPulse,
  type EmailPulseSendData,
  scheduleDueEmailPulses,
  sendEmailPulse,
} from './email-pulse.service.js';

/**
 * A known week of the Demo Client (Asia/Jakarta, UTC+7), local days 2026-11-02..03:
 * Agent A: r1 09:00 (first answer after 60 s, closed after 600 s), r2 10:30 (120 s, 1200 s).
 * Agent B: r3 11-03 09:15 (30 s, 900 s).
 * Bot: b1 12:00 closed by the bot after 120 s (contained), b2 13:00 handed to Agent B (queued),
 * b3 11-03 14:00 still with the bot. One room on 11-05 falls outside.
 */
describe('analytics', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let sad: LoggedIn;
  let usc: LoggedIn;
  let clientId: string;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000);
  const RANGE = 'from=2026-11-02&to=2026-11-03';
  const ALL_WIDGETS = [
    { kind: 'conversationsByHour', rangeDays: 7 },
    { kind: 'firstResponseTime', rangeDays: 7 },
    { kind: 'resolutionTime', rangeDays: 7 },
    { kind: 'botContainment', rangeDays: 7 },
    { kind: 'agentLoad', rangeDays: 7 },
  ];

  beforeAll(async () => {
    sapa = await createTestApp();
    [adc, adc2, sad] = await Promise.all([
      logIn(sapa.app, 'adc@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
      logIn(sapa.app, 'sad@demo.test'),
    ]);
    clientId = adc.session.clientId;
    const created = await Promise.all(
      [
        ['Agent A', 'usc@demo.test'],
        ['Agent B', 'use@demo.test'],
      ].map(([csName, email]) =>
        inject({
          method: 'POST',
          url: '/api/cs/customerService',
          headers: adc.headers,
          payload: { csName, email },
        }),
      ),
    );
    const [agentA, agentB] = created.map((response) => response.json().id as string);
    usc = await logIn(sapa.app, 'usc@demo.test');
    type Fixture = [string, string | null, string, number | null, number | null, boolean];
    const rooms: Fixture[] = [
      ['r1', agentA!, '2026-11-02T02:00:00Z', 60, 600, false],
      ['r2', agentA!, '2026-11-02T03:30:00Z', 120, 1200, false],
      ['r3', agentB!, '2026-11-03T02:15:00Z', 30, 900, false],
      ['b1', null, '2026-11-02T05:00:00Z', null, 120, true],
      ['b2', null, '2026-11-02T06:00:00Z', null, null, true],
      ['b3', null, '2026-11-03T07:00:00Z', null, null, true],
      ['late', agentB!, '2026-11-04T17:30:00Z', 5, 10, false],
    ];
    let shortId = 7000;
    for (const [name, csId, start, firstResponse, resolution, bot] of rooms) {
      const roomId = newId();
      await sapa.database.db.insert(csRooms).values({
        clientId,
        id: roomId,
        shortId: shortId++,
        customerId: newId(),
        customerPhoneNumber: `62813777${shortId}`,
        status: resolution === null ? (bot ? 'queued' : 'open') : 'closed',
        csId,
        isBot: bot,
        createdAt: at(start),
        closedAt: resolution === null ? null : at(start, resolution),
      });
      const message = (fromCs: boolean, seconds: number) => ({
        clientId,
        id: newId(),
        roomId,
        type: 'text',
        content: `${name} ${seconds}`,
        fromCs,
        csId: fromCs ? csId : null,
        createdAt: at(start, seconds),
      });
      const rows = [message(false, 0)];
      if (firstResponse !== null) rows.push(message(true, firstResponse));
      await sapa.database.db.insert(csMessages).values(rows);
      // The hand-off: the bot lets go of b2 and Agent B takes it (is_bot cleared, as the inbox does).
      if (name === 'b2')
        await sapa.database.db
          .update(csRooms)
          .set({ isBot: false, csId: agentB! })
          .where(and(eq(csRooms.clientId, clientId), eq(csRooms.id, roomId)));
    }
  });
  afterAll(async () => sapa?.close());

  const preview = (who: LoggedIn, widgets: InjectOptions['payload'], query = `isArray=true&${RANGE}`) =>
    inject({
      method: 'PUT',
      url: `/api/cs/dashboard/analytics?${query}`,
      headers: who.headers,
      payload: widgets,
    });

  it('computes conversations by hour, response and resolution times, containment and agent load', async () => {
    const response = await preview(adc, ALL_WIDGETS);
    expect(response.statusCode).toBe(200);
    const [byHour, first, resolution, bots, load] = response
      .json()
      .results.map((result: { data: unknown }) => result.data);
    expect(byHour.total).toBe(6);
    const hours = Object.fromEntries(
      byHour.byHour
        .filter((h: { conversations: number }) => h.conversations)
        .map((h: { hour: number; conversations: number }) => [h.hour, h.conversations]),
    );
    expect(hours).toEqual({ 9: 2, 10: 1, 12: 1, 13: 1, 14: 1 });
    expect(first).toMatchObject({ count: 3, median: 60, p90: 108 });
    expect(first.byDay).toEqual([
      { date: '2026-11-02', count: 2, median: 90 },
      { date: '2026-11-03', count: 1, median: 30 },
    ]);
    expect(resolution).toMatchObject({ count: 4, median: 750, p90: 1110 });
    expect(bots).toMatchObject({
      botConversations: 3,
      contained: 1,
      handedOff: 1,
      inProgress: 1,
      containmentRate: 50,
      byDay: [
        { date: '2026-11-02', contained: 1, handedOff: 1 },
        { date: '2026-11-03', contained: 0, handedOff: 0 },
      ],
    });
    expect(load.agents).toEqual([
      { csId: expect.any(String), name: 'Agent A', conversations: 2, resolved: 2, firstResponseMedian: 90 },
      { csId: expect.any(String), name: 'Agent B', conversations: 2, resolved: 1, firstResponseMedian: 30 },
    ]);
  });

  it('answers the chatbot dashboard with the same containment, and nothing of another client', async () => {
    const mine = await inject({
      method: 'GET',
      url: `/api/cs/dashboard/chatbotDashboard?${RANGE}`,
      headers: adc.headers,
    });
    expect(mine.json()).toMatchObject({
      from: '2026-11-02',
      to: '2026-11-03',
      contained: 1,
      handedOff: 1,
      containmentRate: 50,
    });
    const theirs = await inject({
      method: 'GET',
      url: `/api/cs/dashboard/chatbotDashboard?${RANGE}`,
      headers: adc2.headers,
    });
    expect(theirs.json()).toMatchObject({ botConversations: 0, containmentRate: null });
    const figures = await preview(adc2, ALL_WIDGETS);
    expect(figures.json().results[0].data.total).toBe(0);
  });

  it('keeps dashboards per client: create, list, search, view with figures, change, delete', async () => {
    const created = await inject({
      method: 'PUT',
      url: '/api/cs/analytics',
      headers: adc.headers,
      payload: {
        name: 'Weekly service',
        description: 'For the Monday meeting',
        widgets: ALL_WIDGETS.slice(0, 2),
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    await inject({
      method: 'PUT',
      url: '/api/cs/analytics',
      headers: adc.headers,
      payload: { name: 'Bots', widgets: [{ kind: 'botContainment' }] },
    });
    const list = await inject({ method: 'GET', url: '/api/cs/analytics?pageSize=10', headers: adc.headers });
    expect(list.json()).toMatchObject({ total: 2, items: [{ name: 'Bots' }, { name: 'Weekly service' }] });
    expect(list.json().items[0].widgets).toEqual([{ kind: 'botContainment', rangeDays: 7 }]);
    const found = await inject({ method: 'GET', url: '/api/cs/analytics?search=week', headers: adc.headers });
    expect(found.json().items.map((d: { id: string }) => d.id)).toEqual([id]);
    const one = await inject({ method: 'GET', url: `/api/cs/analytics?id=${id}`, headers: adc.headers });
    expect(one.json().items[0]).toMatchObject({ id, description: 'For the Monday meeting' });

    const view = await inject({
      method: 'GET',
      url: `/api/cs/dashboard/analytics?id=${id}&${RANGE}`,
      headers: adc.headers,
    });
    expect(view.json().dashboard.name).toBe('Weekly service');
    expect(view.json().results[1].data).toMatchObject({ kind: 'firstResponseTime', median: 60 });
    // Without a range each widget covers its own last days, which hold none of the fixture.
    const recent = await inject({
      method: 'GET',
      url: `/api/cs/dashboard/analytics?id=${id}`,
      headers: adc.headers,
    });
    expect(recent.json().results[0].to).toBe(
      new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' }),
    );

    const changed = await inject({
      method: 'PUT',
      url: `/api/cs/analytics?id=${id}`,
      headers: adc.headers,
      payload: { name: 'Renamed', widgets: [{ kind: 'agentLoad', rangeDays: 30 }] },
    });
    expect(changed.json()).toMatchObject({
      id,
      name: 'Renamed',
      widgets: [{ kind: 'agentLoad', rangeDays: 30 }],
    });
    const deleted = await inject({
      method: 'DELETE',
      url: `/api/cs/analytics?id=${id}`,
      headers: adc.headers,
    });
    expect(deleted.json()).toMatchObject({ deleted: 1 });
    const gone = await inject({ method: 'GET', url: `/api/cs/analytics?id=${id}`, headers: adc.headers });
    expect(gone.statusCode).toBe(404);
    expect(errorCode(gone)).toBe('analytics_not_found');
  });

  it('answers 404 for another client’s dashboard, whatever the call', async () => {
    const created = await inject({
      method: 'PUT',
      url: '/api/cs/analytics',
      headers: adc.headers,
      payload: { name: 'Private', widgets: [{ kind: 'agentLoad' }] },
    });
    const id = created.json().id;
    const calls: InjectOptions[] = [
      { method: 'GET', url: `/api/cs/analytics?id=${id}` },
      {
        method: 'PUT',
        url: `/api/cs/analytics?id=${id}`,
        payload: { name: 'Taken', widgets: [{ kind: 'agentLoad' }] },
      },
      { method: 'DELETE', url: `/api/cs/analytics?id=${id}` },
      { method: 'GET', url: `/api/cs/dashboard/analytics?id=${id}` },
    ];
    for (const call of calls) {
      const response = await inject({ ...call, headers: adc2.headers });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const still = await inject({ method: 'GET', url: `/api/cs/analytics?id=${id}`, headers: adc.headers });
    expect(still.json().items[0].name).toBe('Private');
  });

  it('refuses hostile or wrong input with a 4xx and agents with a 403', async () => {
    const bad: [InjectOptions, number][] = [
      [
        {
          method: 'PUT',
          url: '/api/cs/analytics',
          payload: { name: 'x\u0000y', widgets: [{ kind: 'agentLoad' }] },
        },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/api/cs/analytics',
          payload: { name: '  ', widgets: [{ kind: 'agentLoad' }] },
        },
        400,
      ],
      [{ method: 'PUT', url: '/api/cs/analytics', payload: { name: 'No widgets', widgets: [] } }, 400],
      [
        { method: 'PUT', url: '/api/cs/analytics', payload: { name: 'Bad', widgets: [{ kind: 'pie' }] } },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/api/cs/analytics',
          payload: { name: 'Long', widgets: [{ kind: 'agentLoad', rangeDays: 400 }] },
        },
        400,
      ],
      [{ method: 'PUT', url: '/api/cs/analytics', payload: { name: 42, widgets: 'all' } }, 400],
      [
        {
          method: 'PUT',
          url: '/api/cs/analytics?id=not-an-id',
          payload: { name: 'X', widgets: [{ kind: 'agentLoad' }] },
        },
        404,
      ],
      [{ method: 'DELETE', url: '/api/cs/analytics?id=0190a000-0000-7000-8000-00000000dead' }, 404],
      [{ method: 'GET', url: '/api/cs/dashboard/analytics?id=%F0%9F%92%A9' }, 404],
      [{ method: 'PUT', url: `/api/cs/dashboard/analytics?${RANGE}`, payload: ALL_WIDGETS }, 400],
      [
        {
          method: 'PUT',
          url: '/api/cs/dashboard/analytics?isArray=true&from=2026-01-01&to=2026-12-31',
          payload: ALL_WIDGETS,
        },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/api/cs/dashboard/analytics?isArray=true&from=yesterday',
          payload: ALL_WIDGETS,
        },
        400,
      ],
      [{ method: 'GET', url: '/api/cs/dashboard/chatbotDashboard?from=2026-11-03&to=2026-11-01' }, 400],
    ];
    for (const [call, status] of bad) {
      const response = await inject({ ...call, headers: adc.headers });
      expect(response.statusCode, `${call.method} ${call.url} ${JSON.stringify(call.payload)}`).toBe(status);
    }
    const one = await preview(adc, { kind: 'agentLoad' }, RANGE);
    expect(one.json().results).toHaveLength(1);
    const agent = await inject({ method: 'GET', url: '/api/cs/analytics', headers: usc.headers });
    expect(agent.statusCode).toBe(403);
  });

  it('embeds Metabase with a token signed by the client’s key, and says when none is set', async () => {
    const before = await inject({ method: 'GET', url: '/api/cs/analytics/metabase', headers: adc.headers });
    expect(before.json().configured).toBe(false);
    const noKey = await inject({
      method: 'PUT',
      url: '/api/cs/analytics/metabase',
      headers: adc.headers,
      payload: { siteUrl: 'https://metabase.example.com', dashboardId: 3 },
    });
    expect(errorCode(noKey)).toBe('secret_key_required');
    const secretKey = 'metabase-embedding-secret-0123456789abcdef';
    const saved = await inject({
      method: 'PUT',
      url: '/api/cs/analytics/metabase',
      headers: adc.headers,
      payload: { siteUrl: 'https://metabase.example.com/', secretKey, dashboardId: 3 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(secretKey);
    const embed = await inject({ method: 'GET', url: '/api/cs/analytics/metabase', headers: adc.headers });
    const { embedUrl, siteUrl } = embed.json();
    expect(siteUrl).toBe('https://metabase.example.com');
    const token = /\/embed\/dashboard\/([^#]+)#/.exec(embedUrl)![1]!;
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(secretKey));
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.resource).toEqual({ dashboard: 3 });
    await expect(
      jwtVerify(token, new TextEncoder().encode('another-key-0123456789abcdef')),
    ).rejects.toThrow();
    const other = await inject({ method: 'GET', url: '/api/cs/analytics/metabase', headers: adc2.headers });
    expect(other.json().configured).toBe(false);
    const badUrl = await inject({
      method: 'PUT',
      url: '/api/cs/analytics/metabase',
      headers: adc.headers,
      payload: { siteUrl: 'javascript:alert(1)', secretKey, dashboardId: 3 },
    });
    expect(badUrl.statusCode).toBe(400);
  });

  describe('email pulse', () => {
    const pulseBody = {
      name: 'Morning digest',
      recipients: ['boss@demo.test', 'Lead@Demo.test'],
      widgets: ['conversationsByHour', 'firstResponseTime', 'botContainment', 'agentLoad'],
      frequency: 'daily',
      hour: 8,
    };

    it('sends the digest with the day’s figures at the local hour, once, and not while paused', async () => {
      const db = sapa.database.db;
      const actor = systemActor(clientId, 'test');
      // Created at noon UTC on 11-02: the next 08:00 in Jakarta is 01:00 UTC on 11-03.
      const pulse = await createEmailPulse(db, actor, pulseBody as never, new Date('2026-11-02T12:00:00Z'));
      expect(pulse.nextRunAt).toBe('2026-11-03T01:00:00.000Z');
      const queued: EmailPulseSendData[] = [];
      const enqueue = async (data: EmailPulseSendData) => queued.push(data);
      expect(await scheduleDueEmailPulses(db, enqueue, new Date('2026-11-03T00:59:00Z'))).toEqual({
        queued: 0,
      });
      expect(await scheduleDueEmailPulses(db, enqueue, new Date('2026-11-03T01:00:30Z'))).toEqual({
        queued: 1,
      });
      // A second tick in the same minute finds it claimed.
      expect(await scheduleDueEmailPulses(db, enqueue, new Date('2026-11-03T01:00:45Z'))).toEqual({
        queued: 0,
      });
      expect(queued).toEqual([{ clientId, pulseId: pulse.id, runAt: '2026-11-03T01:00:00.000Z' }]);

      const mailer = createMailer({ smtp: undefined, mailFrom: 'sapa@demo.test' } as never, db);
      expect(await sendEmailPulse(db, mailer, queued[0]!)).toEqual({ sent: 2 });
      expect(await sendEmailPulse(db, mailer, queued[0]!)).toEqual({ sent: 0 });
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.clientId, clientId));
      expect(mails.map((mail) => mail.to).sort()).toEqual(['boss@demo.test', 'lead@demo.test']);
      const text = mails[0]!.text;
      expect(mails[0]!.subject).toBe('Morning digest: 2026-11-02');
      // 11-02 alone: r1, r2, b1, b2; answers after 60 s and 120 s; b1 contained, b2 handed off.
      expect(text).toContain('Conversations: 4');
      expect(text).toContain('First response time: median 1m 30s, 90th percentile 1m 54s (2 conversations)');
      expect(text).toContain('Bot containment: 50% (1 closed by the bot, 1 handed to agents, 0 in progress)');
      expect(text).toContain('Agent A: 2 conversations, 2 resolved');

      const paused = await inject({
        method: 'PUT',
        url: `/api/cs/email-pulse/change-status?id=${pulse.id}`,
        headers: sad.headers,
        payload: { status: 'paused' },
      });
      expect(paused.json()).toMatchObject({ status: 'paused', nextRunAt: null });
      expect(await scheduleDueEmailPulses(db, enqueue, new Date('2026-11-05T01:00:00Z'))).toEqual({
        queued: 0,
      });
      // A digest queued before the pause is not sent either.
      expect(await sendEmailPulse(db, mailer, { ...queued[0]!, runAt: '2026-11-04T01:00:00.000Z' })).toEqual({
        sent: 0,
      });
      const resumed = await inject({
        method: 'PUT',
        url: `/api/cs/email-pulse/change-status?id=${pulse.id}`,
        headers: sad.headers,
        payload: { status: 'active' },
      });
      expect(resumed.json()).toMatchObject({ status: 'active', nextRunAt: expect.any(String) });
    });

    it('schedules weekly pulses on their local weekday', async () => {
      const pulse = await createEmailPulse(
        sapa.database.db,
        systemActor(clientId, 'test'),
        { ...pulseBody, name: 'Weekly', frequency: 'weekly', dayOfWeek: 1, hour: 23 } as never,
        // Monday 2026-11-02 16:30 UTC is 23:30 in Jakarta: this week's run has passed.
        new Date('2026-11-02T16:30:00Z'),
      );
      expect(pulse.nextRunAt).toBe('2026-11-09T16:00:00.000Z');
    });

    it('lets the super admin list, search, create and change pulses, with refusals', async () => {
      const created = await inject({
        method: 'POST',
        url: '/api/cs/email-pulse',
        headers: sad.headers,
        payload: pulseBody,
      });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({
        status: 'active',
        timezone: 'Asia/Jakarta',
        recipients: ['boss@demo.test', 'lead@demo.test'],
      });
      const id = created.json().id;
      const changed = await inject({
        method: 'PUT',
        url: `/api/cs/email-pulse?id=${id}`,
        headers: sad.headers,
        payload: { ...pulseBody, name: 'Weekly board', frequency: 'weekly', dayOfWeek: 5, hour: 7 },
      });
      expect(changed.json()).toMatchObject({ name: 'Weekly board', frequency: 'weekly', dayOfWeek: 5 });
      const list = await inject({
        method: 'GET',
        url: '/api/cs/email-pulse?search=board&pageSize=5&pageNumber=1',
        headers: sad.headers,
      });
      expect(list.json()).toMatchObject({ total: 1, pageSize: 5, items: [{ id }] });

      const refusals: [InjectOptions, number][] = [
        [
          { method: 'POST', url: '/api/cs/email-pulse', payload: { ...pulseBody, recipients: ['not-mail'] } },
          400,
        ],
        [{ method: 'POST', url: '/api/cs/email-pulse', payload: { ...pulseBody, frequency: 'weekly' } }, 400],
        [{ method: 'POST', url: '/api/cs/email-pulse', payload: { ...pulseBody, hour: 24 } }, 400],
        [{ method: 'POST', url: '/api/cs/email-pulse', payload: { ...pulseBody, widgets: [] } }, 400],
        [{ method: 'POST', url: '/api/cs/email-pulse', payload: { ...pulseBody, name: 'a\u0000b' } }, 400],
        [{ method: 'PUT', url: '/api/cs/email-pulse?id=nope', payload: pulseBody }, 404],
        [
          {
            method: 'PUT',
            url: `/api/cs/email-pulse/change-status?id=${id}`,
            payload: { status: 'deleted' },
          },
          400,
        ],
        [
          {
            method: 'PUT',
            url: '/api/cs/email-pulse/change-status?id=0190a000-0000-7000-8000-00000000beef',
            payload: { status: 'paused' },
          },
          404,
        ],
      ];
      for (const [call, status] of refusals) {
        const response = await inject({ ...call, headers: sad.headers });
        expect(response.statusCode, `${call.method} ${call.url} ${JSON.stringify(call.payload)}`).toBe(
          status,
        );
      }
      // Spec §6: email pulse is the super admin's; client admins are refused.
      const admin = await inject({ method: 'GET', url: '/api/cs/email-pulse', headers: adc.headers });
      expect(admin.statusCode).toBe(403);
    });

    it('answers 404 for another client’s pulse', async () => {
      const theirs = await createEmailPulse(sapa.database.db, systemActor(adc2.session.clientId, 'test'), {
        ...pulseBody,
        name: 'Second client digest',
      } as never);
      const change = await inject({
        method: 'PUT',
        url: `/api/cs/email-pulse?id=${theirs.id}`,
        headers: sad.headers,
        payload: pulseBody,
      });
      expect(change.statusCode).toBe(404);
      const status = await inject({
        method: 'PUT',
        url: `/api/cs/email-pulse/change-status?id=${theirs.id}`,
        headers: sad.headers,
        payload: { status: 'paused' },
      });
      expect(status.statusCode).toBe(404);
      const list = await inject({
        method: 'GET',
        url: '/api/cs/email-pulse?search=Second',
        headers: sad.headers,
      });
      expect(list.json().total).toBe(0);
    });
  });
});
