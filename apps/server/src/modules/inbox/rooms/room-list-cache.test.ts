import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationListener } from '../../../platform/database.js';
import { integrityHash } from '../../../platform/integrity.js';
import { inboundText, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { createInboxPort } from '../index.js';
import { createRoomListCache, ROOM_CHANGES_CHANNEL } from './room-list-cache.js';

// Decision 0064: the inbox's first page is kept per client and view until a live room of that client
// changes — in this process on the very next request, in any process when the trigger's notification
// arrives — and never served to anyone outside the view it was read for.

type Page = {
  items: {
    id: string;
    csId: string | null;
    status: string;
    customerPhoneNumber: string;
    priority: string | null;
  }[];
};

/** Polls until `check` holds, at most `withinMs`: a bound, not a fixed sleep. */
async function eventually(check: () => Promise<boolean> | boolean, withinMs = 2_000) {
  const until = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

describe('the kept page alone', () => {
  const fakeListen = () => {
    const heard: { onPayload?: (payload: string) => void; onReconnect?: () => void } = {};
    const listen: NotificationListener = async (channel, onPayload, onReconnect) => {
      expect(channel).toBe(ROOM_CHANGES_CHANNEL);
      heard.onPayload = onPayload;
      heard.onReconnect = onReconnect;
      return async () => undefined;
    };
    return { listen, heard };
  };

  it('keeps nothing until it listens, and forgets a client when told, other clients not', async () => {
    const { listen, heard } = fakeListen();
    const cache = createRoomListCache<object>(listen, { maxAgeMs: 60_000 });
    cache.put('a', 'k', cache.generation('a'), {});
    expect(cache.get('a', 'k')).toBeUndefined();
    await cache.start();
    const a = {};
    const b = {};
    cache.put('a', 'k', cache.generation('a'), a);
    cache.put('b', 'k', cache.generation('b'), b);
    expect(cache.get('a', 'k')).toBe(a);
    expect(cache.isKept(a)).toBe(true);
    heard.onPayload!('a');
    expect(cache.get('a', 'k')).toBeUndefined();
    expect(cache.get('b', 'k')).toBe(b);
    heard.onPayload!('*');
    expect(cache.get('b', 'k')).toBeUndefined();
    cache.put('b', 'k', cache.generation('b'), b);
    heard.onReconnect!();
    expect(cache.get('b', 'k')).toBeUndefined();
    await cache.stop();
  });

  it('does not keep a page read while a change was heard', async () => {
    const { listen, heard } = fakeListen();
    const cache = createRoomListCache<object>(listen, { maxAgeMs: 60_000 });
    await cache.start();
    const before = cache.generation('a');
    heard.onPayload!('a');
    cache.put('a', 'k', before, {});
    expect(cache.get('a', 'k')).toBeUndefined();
    await cache.stop();
  });

  it('serves a page for at most its age', async () => {
    const { listen } = fakeListen();
    let now = 0;
    const cache = createRoomListCache<object>(listen, { maxAgeMs: 1_000, now: () => now });
    await cache.start();
    cache.put('a', 'k', cache.generation('a'), {});
    now = 1_000;
    expect(cache.get('a', 'k')).toBeDefined();
    now = 1_001;
    expect(cache.get('a', 'k')).toBeUndefined();
    await cache.stop();
  });
});

describe('the room list kept between changes', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let usc: LoggedIn;
  const port = createInboxPort({});

  const list = async (who: LoggedIn, app: TestApp = sapa, query = 'pageSize=10') => {
    const answer = await app.app.inject({
      method: 'GET',
      url: `/api/cs/chatRoom?${query}`,
      headers: who.headers,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json() as Page & { hash: string };
  };
  const phonesOf = (page: Page) => page.items.map((room) => room.customerPhoneNumber);

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime: new RecordingRealtime() });
    [adc, adc2, usc] = await Promise.all([
      logIn(sapa.app, 'adc@demo.test'),
      logIn(sapa.app, 'adc2@demo.test'),
      logIn(sapa.app, 'usc@demo.test'),
    ]);
  });
  afterAll(async () => sapa?.close());

  it('shows a new conversation on the very next list of this process', async () => {
    const before = phonesOf(await list(adc));
    expect(phonesOf(await list(adc))).toEqual(before);
    await port.receiveInbound(sapa.database.db, inboundText(adc.session.clientId, '6281277700001', 'halo'));
    expect(phonesOf(await list(adc))[0]).toBe('6281277700001');
  });

  it('shows the caller’s own change on their next list', async () => {
    const [room] = (await list(adc)).items;
    const set = await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/chatRoom/priority',
      headers: adc.headers,
      payload: { id: room!.id, priority: 'urgent' },
    });
    expect(set.statusCode).toBe(200);
    expect((await list(adc)).items[0]).toMatchObject({ id: room!.id, priority: 'urgent' });
  });

  it('shows a change written by anyone (the trigger’s notification), without waiting for its age', async () => {
    const [room] = (await list(adc)).items;
    // Written outside the app's repositories, as another process would: only the trigger tells.
    await sapa.database.db.execute(
      sql`update cs_rooms set priority = 'written-elsewhere' where client_id = ${adc.session.clientId} and id = ${room!.id}`,
    );
    expect(
      await eventually(async () => (await list(adc)).items[0]?.priority === 'written-elsewhere', 900),
    ).toBe(true);
  });

  it('keeps each view apart: an agent never gets the page of everyone, another client never this one', async () => {
    await port.receiveInbound(sapa.database.db, inboundText(adc.session.clientId, '6281277700002', 'halo'));
    const [newest] = (await list(adc)).items;
    // The newest room goes to another agent.
    const someoneElse = '01a21f56-0000-7000-8000-000000000001';
    await sapa.app.inject({ method: 'GET', url: '/api/cs/chatRoom?pageSize=10', headers: usc.headers });
    await sapa.database.db.execute(
      sql`update cs_rooms set status = 'open', cs_id = ${someoneElse} where client_id = ${adc.session.clientId} and id = ${newest!.id}`,
    );
    // Each view hears the change through the trigger's notification; the admin's page may show it first
    // when its own page was never kept (a change was heard while it was read), so both are awaited.
    expect(await eventually(async () => (await list(adc)).items[0]?.csId === someoneElse)).toBe(true);
    expect(
      await eventually(async () => !(await list(usc)).items.some((room) => room.id === newest!.id)),
    ).toBe(true);
    const everyone = await list(adc);
    const mine = await list(usc);
    expect(mine.items.some((room) => room.id === newest!.id)).toBe(false);
    for (const room of mine.items)
      expect(room.csId === usc.session.csId || room.status === 'queued').toBe(true);
    const other = await list(adc2);
    expect(other.items.every((room) => !phonesOf(everyone).includes(room.customerPhoneNumber))).toBe(true);
    // A kept page is signed for each caller's session, as any answer.
    const again = await list(usc);
    expect(again.items).toEqual(mine.items);
    for (const [who, page] of [
      [usc, again],
      [adc, await list(adc)],
    ] as const)
      expect(page.hash).toBe(
        integrityHash(who.session.integrityKey, page as unknown as Record<string, unknown>),
      );
  });
});

describe('the trigger on cs_rooms', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  const port = createInboxPort({});

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime: new RecordingRealtime() });
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    await port.receiveInbound(sapa.database.db, inboundText(adc.session.clientId, '6281277700010', 'halo'));
    await port.receiveInbound(sapa.database.db, inboundText(adc2.session.clientId, '6281277700011', 'halo'));
  });
  afterAll(async () => sapa?.close());

  it('tells which client’s live rooms changed, and nothing for closed rooms only', async () => {
    const heard: string[] = [];
    const stop = await sapa.database.listen(ROOM_CHANGES_CHANNEL, (payload) => heard.push(payload));
    try {
      const db = sapa.database.db;
      await db.execute(
        sql`update cs_rooms set remarks = 'history' where client_id = ${adc.session.clientId} and status = 'closed'`,
      );
      await db.execute(
        sql`update cs_rooms set remarks = 'live' where client_id = ${adc2.session.clientId} and status <> 'closed'`,
      );
      // Notifications arrive in commit order: once the second is heard, the first would have been.
      expect(await eventually(() => heard.includes(adc2.session.clientId))).toBe(true);
      expect(heard).toEqual([adc2.session.clientId]);
      await db.execute(
        sql`update cs_rooms set status = 'closed', closed_at = now() where client_id = ${adc.session.clientId} and status <> 'closed'`,
      );
      expect(await eventually(() => heard.includes(adc.session.clientId))).toBe(true);
    } finally {
      await stop();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('two processes on one PostgreSQL', () => {
  let sapa: TestApp;
  let other: TestApp;
  let adc: LoggedIn;
  const port = createInboxPort({});

  beforeAll(async () => {
    sapa = await createTestApp({}, { realtime: new RecordingRealtime() });
    other = await createTestApp({}, { database: sapa.database, realtime: new RecordingRealtime() });
    adc = await logIn(sapa.app, 'adc@demo.test');
    await port.receiveInbound(sapa.database.db, inboundText(adc.session.clientId, '6281277700020', 'halo'));
  });
  afterAll(async () => {
    await other?.close();
    await sapa?.close();
  });

  it('a room closed through one process leaves the other’s kept page at once', async () => {
    const listOn = async (app: TestApp) =>
      (
        await app.app.inject({ method: 'GET', url: '/api/cs/chatRoom?pageSize=10', headers: adc.headers })
      ).json() as Page;
    const [room] = (await listOn(other)).items;
    expect(room).toBeDefined();
    const closed = await sapa.app.inject({
      method: 'DELETE',
      url: '/api/cs/chatRoom?forceClose=true',
      headers: adc.headers,
      payload: { roomId: room!.id },
    });
    expect(closed.statusCode).toBe(200);
    expect(
      await eventually(async () => !(await listOn(other)).items.some((item) => item.id === room!.id), 900),
    ).toBe(true);
  });
});
