import { AGENT_STATUS_PATH } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundText } from '../../../test/inbox-fakes.js';
import { listenOnFreePort, openSocket, type TestSocket } from '../../../test/socket-client.js';
import { createTestApp, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { csAgents } from '../agents/agents.tables.js';
import { createInboxPort, createPresence } from '../index.js';
import { csRooms } from '../rooms/rooms.tables.js';
import { saveConnection } from './presence.repository.js';

describe('presence follows live sockets', () => {
  let sapa: TestApp;
  let url: string;
  let adc: LoggedIn;
  let usc: LoggedIn;
  let use: LoggedIn;
  let clientId: string;
  // The fake clock: presence reads it; each test moves it forward by hand.
  let now = new Date();
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
    return now;
  };
  const port = createInboxPort({});
  const statusOf = async (agent: LoggedIn) => {
    const [row] = await sapa.database.db
      .select({ status: csAgents.status })
      .from(csAgents)
      .where(and(eq(csAgents.clientId, clientId), eq(csAgents.id, agent.session.csId!)));
    return row!.status;
  };
  const roomOf = async (phone: string) => {
    const [row] = await sapa.database.db
      .select()
      .from(csRooms)
      .where(and(eq(csRooms.clientId, clientId), eq(csRooms.customerPhoneNumber, phone)));
    return row!;
  };
  const tab = async (agent: LoggedIn) => {
    const socket = await openSocket(url, { token: agent.session.token, lastSeq: null });
    await socket.waitFor((frames) => frames.some((frame) => frame.type === 'ready'));
    await sapa.presence.settle();
    return socket;
  };
  const closeTab = async (socket: TestSocket) => {
    await socket.close();
    // The server sees the close a moment after the client does.
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await sapa.presence.settle();
    }
  };
  /** A sweep at the fake time, after this process's heartbeat at that time (live sockets stay fresh). */
  const sweepAt = async (at: Date) => {
    await sapa.presence.heartbeat(at);
    return sapa.presence.sweep(at);
  };

  beforeAll(async () => {
    sapa = await createTestApp(
      {},
      { presenceTimings: { sweepMs: 3_600_000, heartbeatMs: 3_600_000, clock: () => now } },
    );
    url = await listenOnFreePort(sapa.app);
    adc = await logIn(sapa.app, 'adc@demo.test');
    clientId = adc.session.clientId;
    for (const [csName, email] of [
      ['Ayu', 'usc@demo.test'],
      ['Eko', 'use@demo.test'],
    ]) {
      await sapa.app.inject({
        method: 'POST',
        url: '/api/cs/customerService',
        headers: adc.headers,
        payload: { csName, email, capacity: 10, percentageWeight: 50 },
      });
    }
    await sapa.app.inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { autoAssignTicket: true, presenceGraceSeconds: 60 },
    });
    [usc, use] = await Promise.all([logIn(sapa.app, 'usc@demo.test'), logIn(sapa.app, 'use@demo.test')]);
  });
  afterAll(async () => sapa?.close());

  const goOnline = async (agent: LoggedIn) => {
    const response = await sapa.app.inject({
      method: 'PUT',
      url: AGENT_STATUS_PATH,
      headers: agent.headers,
      payload: { status: 'online' },
    });
    expect(response.json().status).toBe('online');
  };

  it('never routes to an agent who is online on paper but has no live socket', async () => {
    now = new Date();
    await goOnline(usc);
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281300300001', 'halo'));
    const room = await roomOf('6281300300001');
    expect(room).toMatchObject({
      status: 'queued',
      csId: null,
      assignmentReason: 'queued: no agent is online',
    });
    // Their tab connects: the waiting room is theirs now.
    const socket = await tab(usc);
    expect(await roomOf('6281300300001')).toMatchObject({ status: 'open', csId: usc.session.csId });
    await closeTab(socket);
  });

  it('counts several tabs as one presence, and sets the agent offline only after the grace period', async () => {
    now = new Date();
    const [first, second] = [await tab(usc), await tab(usc)];
    const watcher = await tab(use);
    await goOnline(use);
    await closeTab(first);
    // One tab is left: still connected, still routed to (the customer's own agent goes first).
    expect(await sweepAt(later(120))).toBe(0);
    expect(await statusOf(usc)).toBe('online');

    await closeTab(second);
    // Gone now: a new customer goes to the other online agent at once.
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281300300002', 'halo'));
    expect((await roomOf('6281300300002')).csId).toBe(use.session.csId);
    expect(await sweepAt(later(59))).toBe(0);
    expect(await statusOf(usc)).toBe('online');

    expect(await sweepAt(later(2))).toBe(1);
    expect(await statusOf(usc)).toBe('offline');
    // The room usc never answered went back to the queue and on to the agent still here.
    expect(await roomOf('6281300300001')).toMatchObject({
      status: 'open',
      csId: use.session.csId,
    });
    await watcher.waitFor((frames) =>
      frames.some(
        (frame) =>
          frame.type === 'event' &&
          frame.typeNotif === 'AGENT_STATUS' &&
          (frame.data as { csId: string; status: string }).csId === usc.session.csId &&
          (frame.data as { status: string }).status === 'offline',
      ),
    );
    await closeTab(watcher);
  });

  it('keeps an agent who comes back within the grace period', async () => {
    now = new Date();
    await goOnline(usc);
    const first = await tab(usc);
    await closeTab(first);
    later(30);
    const back = await tab(usc);
    expect(await sweepAt(later(90))).toBe(0);
    expect(await statusOf(usc)).toBe('online');
    await closeTab(back);
  });

  it('leaves no ghost after a restart: a dead process’s sockets go stale and the agent goes offline', async () => {
    now = new Date();
    const socket = await tab(use);
    expect(await statusOf(use)).toBe('online');
    await closeTab(socket);
    // What a process that crashed leaves behind: a row saying use holds a socket there.
    await saveConnection(sapa.database.db, {
      clientId,
      csId: use.session.csId!,
      nodeId: 'a-process-that-died',
      sockets: 1,
      seenAt: later(1),
    });
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281300300003', 'halo'));
    // Within the heartbeat window the row is still believed, hence routed to.
    expect((await roomOf('6281300300003')).csId).toBe(use.session.csId);
    expect(await sweepAt(later(50))).toBe(0);
    expect(await statusOf(use)).toBe('online');
    expect(await sweepAt(later(11))).toBe(1);
    expect(await statusOf(use)).toBe('offline');
  });

  it('gives agents the grace period to reconnect after the server starts, then sets ghosts offline', async () => {
    now = new Date();
    await goOnline(use);
    // The server was down ten minutes; the agent's last socket was seen before that.
    await saveConnection(sapa.database.db, {
      clientId,
      csId: use.session.csId!,
      nodeId: 'the-process-before-the-restart',
      sockets: 1,
      seenAt: new Date(now.getTime() - 600_000),
    });
    const booted = createPresence({ db: sapa.database.db, clock: () => now });
    expect(await booted.sweep(later(30))).toBe(0);
    expect(await statusOf(use)).toBe('online');
    expect(await booted.sweep(later(31))).toBe(1);
    expect(await statusOf(use)).toBe('offline');
  });

  it('reads the grace period from the client’s configuration', async () => {
    now = new Date();
    await sapa.app.inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { presenceGraceSeconds: 5 },
    });
    const socket = await tab(usc);
    await goOnline(usc);
    await closeTab(socket);
    expect(await sweepAt(later(4))).toBe(0);
    expect(await sweepAt(later(2))).toBe(1);
    expect(await statusOf(usc)).toBe('offline');
    const refused = await sapa.app.inject({
      method: 'PUT',
      url: '/api/cs/configuration',
      headers: adc.headers,
      payload: { presenceGraceSeconds: 0 },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('hands every open room back when an agent goes offline and asks for it, and keeps them otherwise', async () => {
    now = new Date();
    const tabs = [await tab(usc), await tab(use)];
    await goOnline(usc);
    await sapa.app.inject({
      method: 'PUT',
      url: AGENT_STATUS_PATH,
      headers: use.headers,
      payload: { status: 'offline' },
    });
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281300300010', 'halo'));
    await port.receiveInbound(sapa.database.db, inboundText(clientId, '6281300300011', 'halo'));
    expect((await roomOf('6281300300010')).csId).toBe(usc.session.csId);
    const away = await sapa.app.inject({
      method: 'PUT',
      url: AGENT_STATUS_PATH,
      headers: usc.headers,
      payload: { status: 'away' },
    });
    expect(away.json()).toMatchObject({ status: 'away', released: 0 });
    const before = await sapa.database.db
      .select({ id: csRooms.id })
      .from(csRooms)
      .where(
        and(eq(csRooms.clientId, clientId), eq(csRooms.csId, usc.session.csId!), eq(csRooms.status, 'open')),
      );
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect((await roomOf('6281300300010')).csId).toBe(usc.session.csId);
    const offline = await sapa.app.inject({
      method: 'PUT',
      url: AGENT_STATUS_PATH,
      headers: usc.headers,
      payload: { status: 'offline', releaseRooms: true },
    });
    // Rooms left waiting by earlier tests came to usc too: every one of them goes back.
    const mine = async () =>
      (
        await sapa.database.db
          .select({ id: csRooms.id })
          .from(csRooms)
          .where(
            and(
              eq(csRooms.clientId, clientId),
              eq(csRooms.csId, usc.session.csId!),
              eq(csRooms.status, 'open'),
            ),
          )
      ).length;
    expect(offline.json()).toMatchObject({ status: 'offline' });
    expect(offline.json().released).toBeGreaterThanOrEqual(2);
    expect(await mine()).toBe(0);
    // Nobody is online: both wait in the queue, saying why.
    for (const phone of ['6281300300010', '6281300300011'])
      expect(await roomOf(phone)).toMatchObject({ status: 'queued', csId: null });
    for (const socket of tabs) await closeTab(socket);
  });
});
