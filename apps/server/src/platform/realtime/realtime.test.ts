import { REALTIME_CLOSE } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSeqs, listenOnFreePort, openSocket } from '../../test/socket-client.js';
import { createTestApp, logIn, type TestApp } from '../../test/test-app.js';
import type { PublishInput } from './realtime.types.js';

const timings = { helloTimeoutMs: 300, heartbeatMs: 250, sessionCheckMs: 200 };

function roomEvent(
  clientId: string,
  text: string,
  audience: PublishInput['audience'] = { all: true },
): PublishInput {
  return {
    clientId,
    audience,
    // The socket carries payloads as they are; this one is marked by its text, not a real message.
    payload: {
      typeNotif: 'NEW_MESSAGE',
      messageId: null,
      data: { text },
      chat: null,
      chatroom: null,
    } as unknown as PublishInput['payload'],
  };
}

describe('live socket', () => {
  let sapa: TestApp;
  let url: string;
  beforeAll(async () => {
    sapa = await createTestApp({}, { realtimeTimings: timings });
    url = await listenOnFreePort(sapa.app);
  });
  afterAll(async () => sapa?.close());

  it('closes a socket whose hello carries no valid token', async () => {
    const socket = await openSocket(url, { token: 'not-a-token', lastSeq: null });
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
  });

  it('closes a socket that sends no hello in time, or a malformed one', async () => {
    const silent = await openSocket(url);
    expect((await silent.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
    const malformed = await openSocket(url);
    malformed.send({ type: 'hello' });
    expect((await malformed.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
  });

  it('answers ready with the newest sequence, then delivers events to the audience of the same client only', async () => {
    const agent = await logIn(sapa.app, 'usc@demo.test');
    const admin = await logIn(sapa.app, 'adc@demo.test');
    const other = await logIn(sapa.app, 'usc2@demo.test');
    const clientId = agent.session.clientId;
    const agentSocket = await openSocket(url, { token: agent.session.token, lastSeq: null });
    const adminSocket = await openSocket(url, { token: admin.session.token, lastSeq: null });
    const otherSocket = await openSocket(url, { token: other.session.token, lastSeq: null });
    for (const socket of [agentSocket, adminSocket, otherSocket]) {
      await socket.waitFor((messages) => messages[0]?.type === 'ready');
    }

    await sapa.realtime.publish(roomEvent(clientId, 'for agents', { chatRoles: ['CS'] }));
    await sapa.realtime.publish(roomEvent(clientId, 'for the admin', { userIds: [admin.session.userId] }));
    await sapa.realtime.publish(roomEvent(clientId, 'for everyone'));
    await agentSocket.waitFor((messages) => eventSeqs(messages).length === 2);
    await adminSocket.waitFor((messages) => eventSeqs(messages).length === 2);

    const texts = (messages: typeof agentSocket.messages) =>
      messages.flatMap((message) =>
        message.type === 'event' ? [(message.data as { text: string }).text] : [],
      );
    expect(texts(agentSocket.messages)).toEqual(['for agents', 'for everyone']);
    expect(texts(adminSocket.messages)).toEqual(['for the admin', 'for everyone']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(eventSeqs(otherSocket.messages)).toEqual([]);
    for (const socket of [agentSocket, adminSocket, otherSocket]) await socket.close();
  });

  it('delivers an event published inside a transaction only after that transaction commits', async () => {
    const agent = await logIn(sapa.app, 'usc@demo.test');
    const socket = await openSocket(url, { token: agent.session.token, lastSeq: null });
    await socket.waitFor((messages) => messages[0]?.type === 'ready');
    await sapa.database.db
      .transaction(async (tx) => {
        await sapa.realtime.publish(roomEvent(agent.session.clientId, 'rolled back'), tx);
        tx.rollback();
      })
      .catch(() => undefined);
    let seqInTx = 0;
    await sapa.database.db.transaction(async (tx) => {
      seqInTx = await sapa.realtime.publish(roomEvent(agent.session.clientId, 'committed'), tx);
      await tx.execute(sql`select pg_sleep(0.2)`);
      expect(eventSeqs(socket.messages)).toEqual([]);
    });
    await socket.waitFor((messages) => eventSeqs(messages).length === 1);
    expect(eventSeqs(socket.messages)).toEqual([seqInTx]);
    await socket.close();
  });

  it('replays every missed event in order after a reconnect, then continues live with no gap and no duplicate', async () => {
    const agent = await logIn(sapa.app, 'use@demo.test');
    const clientId = agent.session.clientId;
    const first = await openSocket(url, { token: agent.session.token, lastSeq: null });
    await first.waitFor((messages) => messages[0]?.type === 'ready');
    for (let i = 0; i < 3; i++) await sapa.realtime.publish(roomEvent(clientId, `before ${i}`));
    await first.waitFor((messages) => eventSeqs(messages).length === 3);
    const lastSeen = eventSeqs(first.messages).at(-1)!;
    await first.close();

    for (let i = 0; i < 5; i++) await sapa.realtime.publish(roomEvent(clientId, `while away ${i}`));
    // Publishing keeps going while the socket reconnects and replays.
    const publishing = (async () => {
      for (let i = 0; i < 20; i++) await sapa.realtime.publish(roomEvent(clientId, `during ${i}`));
    })();
    const second = await openSocket(url, { token: agent.session.token, lastSeq: lastSeen });
    await publishing;
    const expected = Array.from({ length: 25 }, (_, i) => lastSeen + 1 + i);
    await second.waitFor((messages) => eventSeqs(messages).length >= 25);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(second.messages[0]?.type).toBe('ready');
    expect(eventSeqs(second.messages)).toEqual(expected);
    await second.close();
  });

  it('tells a socket to reset when the events it missed were already pruned', async () => {
    const agent = await logIn(sapa.app, 'usc@demo.test');
    const clientId = agent.session.clientId;
    const seq = await sapa.realtime.publish(roomEvent(clientId, 'old'));
    await sapa.realtime.publish(roomEvent(clientId, 'old too'));
    const pruned = await sapa.realtime.prune(new Date(Date.now() + 48 * 3_600_000));
    expect(pruned).toBeGreaterThan(0);
    const socket = await openSocket(url, { token: agent.session.token, lastSeq: seq - 1 });
    await socket.waitFor((messages) => messages.length > 0);
    expect(socket.messages[0]).toEqual({ type: 'reset', seq: seq + 1 });
    const next = await sapa.realtime.publish(roomEvent(clientId, 'new'));
    await socket.waitFor((messages) => eventSeqs(messages).length === 1);
    expect(eventSeqs(socket.messages)).toEqual([next]);
    await socket.close();
  });

  it('closes the sockets of a session that logs out', async () => {
    const agent = await logIn(sapa.app, 'usc@demo.test');
    const socket = await openSocket(url, { token: agent.session.token, lastSeq: null });
    await socket.waitFor((messages) => messages[0]?.type === 'ready');
    const response = await sapa.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: agent.headers,
    });
    expect(response.statusCode).toBe(200);
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it("closes a super admin's socket when the session switches to another client, so it reconnects there", async () => {
    const sad = await logIn(sapa.app, 'sad@demo.test');
    const other = await logIn(sapa.app, 'adc2@demo.test');
    const socket = await openSocket(url, { token: sad.session.token, lastSeq: null });
    await socket.waitFor((messages) => messages[0]?.type === 'ready');
    const switched = await sapa.app.inject({
      method: 'PUT',
      url: '/api/users/ownClientId',
      headers: sad.headers,
      payload: { clientId: other.session.clientId },
    });
    expect(switched.statusCode).toBe(200);
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it('drops a socket that stops answering heartbeats and keeps one that answers', async () => {
    const agent = await logIn(sapa.app, 'usc@demo.test');
    const dead = await openSocket(url, { token: agent.session.token, lastSeq: null }, { autoPong: false });
    const alive = await openSocket(url, { token: agent.session.token, lastSeq: null });
    await dead.waitFor((messages) => messages[0]?.type === 'ready');
    const { code } = await dead.closed;
    expect(code).toBe(1006);
    const seq = await sapa.realtime.publish(roomEvent(agent.session.clientId, 'still here'));
    await alive.waitFor((messages) => eventSeqs(messages).includes(seq));
    await alive.close();
  });

  it('schedules the pruning of old events', async () => {
    await sapa.jobs.start({ work: false });
    const schedules = await sapa.jobs.boss.getSchedules();
    expect(schedules.map((schedule) => schedule.name)).toContain('realtime.prune-events');
  });
});

describe.runIf(process.env.DATABASE_URL)('live socket across two server processes', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({}, { realtimeTimings: timings });
    second = await createTestApp({}, { realtimeTimings: timings, database: first.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('delivers an event published by one process to a socket connected to the other', async () => {
    const url = await listenOnFreePort(first.app);
    const agent = await logIn(first.app, 'usc@demo.test');
    const socket = await openSocket(url, { token: agent.session.token, lastSeq: null });
    await socket.waitFor((messages) => messages[0]?.type === 'ready');
    const seqs: number[] = [];
    for (let i = 0; i < 10; i++) {
      seqs.push(
        await second.realtime.publish(roomEvent(agent.session.clientId, `from the other process ${i}`)),
      );
    }
    await socket.waitFor((messages) => eventSeqs(messages).length === 10);
    expect(eventSeqs(socket.messages)).toEqual(seqs);
    await socket.close();
  });

  it('listens again after its listening connection is killed and delivers what was published meanwhile', async () => {
    const url = await listenOnFreePort(second.app);
    const agent = await logIn(first.app, 'use@demo.test');
    const socket = await openSocket(url, { token: agent.session.token, lastSeq: null });
    await socket.waitFor((messages) => messages[0]?.type === 'ready');
    await first.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'sapa-listen' and datname = current_database()`,
    );
    const seqs: number[] = [];
    for (let i = 0; i < 5; i++) {
      seqs.push(await first.realtime.publish(roomEvent(agent.session.clientId, `while reconnecting ${i}`)));
    }
    await socket.waitFor((messages) => eventSeqs(messages).length === 5, 15_000);
    expect(eventSeqs(socket.messages)).toEqual(seqs);
    await socket.close();
  });
});
