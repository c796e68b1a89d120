import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../lib/ids.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { csMessages } from '../chat/chat.tables.js';
import { csRooms } from '../rooms/rooms.tables.js';

/**
 * Six conversations with known times (Asia/Jakarta, UTC+7). Agent A: r1 (answered after 60 s, closed
 * after 600 s), r2 (120 s, 1200 s), r3 (300 s, open; 23:30 UTC is the next local day). Agent B: r4
 * (30 s, 900 s), r5 (600 s, 3600 s), r6 (only a note so far: no answer). One room falls after the range.
 */
describe('response-time report', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let agentA: string;
  let agentB: string;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000);

  beforeAll(async () => {
    sapa = await createTestApp();
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    const clientId = adc.session.clientId;
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
    agentA = created[0]!.json().id;
    agentB = created[1]!.json().id;
    const rooms: [string, string, string, number | null, number | null][] = [
      ['r1', agentA!, '2026-11-02T02:00:00Z', 60, 600],
      ['r2', agentA!, '2026-11-02T03:30:00Z', 120, 1200],
      ['r3', agentA!, '2026-11-02T23:30:00Z', 300, null],
      ['r4', agentB!, '2026-11-03T02:15:00Z', 30, 900],
      ['r5', agentB!, '2026-11-03T09:00:00Z', 600, 3600],
      ['r6', agentB!, '2026-11-03T10:00:00Z', null, null],
      ['late', agentB!, '2026-11-04T17:30:00Z', 5, 10],
    ];
    let shortId = 9000;
    for (const [name, csId, start, firstResponse, resolution] of rooms) {
      const roomId = newId();
      await sapa.database.db.insert(csRooms).values({
        clientId,
        id: roomId,
        shortId: shortId++,
        customerId: newId(),
        customerPhoneNumber: `62813999${shortId}`,
        status: resolution === null ? 'open' : 'closed',
        csId,
        createdAt: at(start),
        closedAt: resolution === null ? null : at(start, resolution),
      });
      const message = (type: string, fromCs: boolean, seconds: number) => ({
        clientId,
        id: newId(),
        roomId,
        type,
        content: `${name} ${type}`,
        fromCs,
        csId: fromCs ? csId : null,
        isInternal: type === 'note',
        createdAt: at(start, seconds),
      });
      const rows = [message('text', false, 0), message('note', true, 5)];
      if (firstResponse !== null)
        rows.push(message('text', true, firstResponse), message('text', true, firstResponse + 30));
      if (resolution !== null) rows.push(message('csat_request', true, resolution));
      await sapa.database.db.insert(csMessages).values(rows);
    }
  });
  afterAll(async () => sapa?.close());

  const report = (by: LoggedIn, query = 'from=2026-11-02&to=2026-11-04') =>
    inject({ method: 'GET', url: `/api/cs/dashboard/response-times?${query}`, headers: by.headers });

  it('gives median and p90 overall, per agent and per local day, checked by hand', async () => {
    const response = await report(adc);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.timezone).toBe('Asia/Jakarta');
    // First responses 30, 60, 120, 300, 600: median 120; p90 at rank 3.6 → 300 + 0.6 × 300 = 480.
    // Resolutions 600, 900, 1200, 3600: median (900 + 1200) / 2 = 1050; p90 at 2.7 → 1200 + 0.7 × 2400 = 2880.
    expect(body.overall).toEqual({
      conversations: 6,
      firstResponse: { count: 5, median: 120, p90: 480 },
      resolution: { count: 4, median: 1050, p90: 2880 },
    });
    expect(body.byAgent).toEqual([
      {
        csId: agentA,
        name: 'Agent A',
        conversations: 3,
        // 60, 120, 300: median 120; p90 at 1.8 → 120 + 0.8 × 180 = 264. 600, 1200: 900; 600 + 0.9 × 600 = 1140.
        firstResponse: { count: 3, median: 120, p90: 264 },
        resolution: { count: 2, median: 900, p90: 1140 },
      },
      {
        csId: agentB,
        name: 'Agent B',
        conversations: 3,
        // 30, 600: median 315; p90 30 + 0.9 × 570 = 543. 900, 3600: 2250; 900 + 0.9 × 2700 = 3330.
        firstResponse: { count: 2, median: 315, p90: 543 },
        resolution: { count: 2, median: 2250, p90: 3330 },
      },
    ]);
    expect(body.byDay).toEqual([
      {
        date: '2026-11-02',
        conversations: 2,
        // 60, 120: median 90; p90 60 + 0.9 × 60 = 114. 600, 1200: 900; 1140.
        firstResponse: { count: 2, median: 90, p90: 114 },
        resolution: { count: 2, median: 900, p90: 1140 },
      },
      {
        date: '2026-11-03',
        conversations: 4,
        // 30, 300, 600: median 300; p90 at 1.8 → 300 + 0.8 × 300 = 540. 900, 3600: 2250; 3330.
        firstResponse: { count: 3, median: 300, p90: 540 },
        resolution: { count: 2, median: 2250, p90: 3330 },
      },
      {
        date: '2026-11-04',
        conversations: 0,
        firstResponse: { count: 0, median: null, p90: null },
        resolution: { count: 0, median: null, p90: null },
      },
    ]);
  });

  it('counts conversations by hour of the client’s day', async () => {
    const { byHour } = (await report(adc)).json();
    expect(byHour).toHaveLength(24);
    const busy = Object.fromEntries(
      byHour
        .filter((hour: { conversations: number }) => hour.conversations > 0)
        .map((hour: { hour: number; conversations: number }) => [hour.hour, hour.conversations]),
    );
    // 02:00Z and 02:15Z → 09 local; 03:30Z → 10; 23:30Z → 06; 09:00Z → 16; 10:00Z → 17.
    expect(busy).toEqual({ 6: 1, 9: 2, 10: 1, 16: 1, 17: 1 });
  });

  it('exports the same figures as CSV', async () => {
    const csv = await inject({
      method: 'GET',
      url: '/api/cs/dashboard/response-times/export?from=2026-11-02&to=2026-11-04',
      headers: adc.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'scope,key,name,conversations,firstResponseCount,firstResponseMedianSeconds,firstResponseP90Seconds,resolutionCount,resolutionMedianSeconds,resolutionP90Seconds',
    );
    expect(lines[1]).toBe('overall,2026-11-02..2026-11-04,Asia/Jakarta,6,5,120,480,4,1050,2880');
    expect(lines).toContain(`agent,${agentB},Agent B,3,2,315,543,2,2250,3330`);
    expect(lines).toContain('day,2026-11-03,,4,3,300,540,2,2250,3330');
    expect(lines).toContain('hour,09,,2,0,,,0,,');
    expect(lines).toHaveLength(1 + 1 + 2 + 3 + 24);
  });

  it('refuses bad ranges and shows another client nothing of these rooms', async () => {
    expect((await report(adc, 'from=2026-11-05&to=2026-11-02')).statusCode).toBe(400);
    expect((await report(adc, 'from=yesterday')).statusCode).toBe(400);
    expect((await report(adc, 'from=2026-01-01&to=2026-12-31')).statusCode).toBe(400);
    const theirs = (await report(adc2)).json();
    expect(theirs.overall.conversations).toBe(0);
    expect(theirs.byAgent).toEqual([]);
  });
});
