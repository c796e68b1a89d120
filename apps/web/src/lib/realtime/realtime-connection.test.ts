import { REALTIME_CLOSE } from '@sapa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fake-socket';
import { RealtimeConnection, type RealtimeStatus } from './realtime-connection';

const latest = () => FakeSocket.instances.at(-1) as FakeSocket;

/** Lets the socket library run its timers: it opens sockets after a (zero or growing) delay. */
const settle = (ms = 1) => vi.advanceTimersByTimeAsync(ms);

/** Waits (in fake time) for the library to open its next socket, as soon as it does. */
async function nextSocket(after: FakeSocket): Promise<FakeSocket> {
  for (let waited = 0; latest() === after; waited += 50) {
    if (waited > 15_000) throw new Error('no new socket was opened');
    await settle(50);
  }
  return latest();
}

async function connect(token: () => string | null = () => 'token-1') {
  const connection = new RealtimeConnection({
    getToken: token,
    url: 'ws://portal.test/ws',
    WebSocket: FakeSocket as never,
  });
  const events: number[] = [];
  const statuses: RealtimeStatus[] = [];
  const resets = vi.fn();
  connection.subscribe({
    onEvent: (event) => events.push(event.seq),
    onStatus: (status) => statuses.push(status),
    onReset: resets,
  });
  connection.open();
  await settle();
  return { connection, events, statuses, resets };
}

const event = (seq: number) => ({
  type: 'event',
  seq,
  typeNotif: 'chat',
  messageId: `m-${seq}`,
  data: {},
  chat: null,
  chatroom: null,
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  FakeSocket.instances = [];
  vi.useRealTimers();
});

describe('live socket', () => {
  it('says hello with the access token once open, and is ready when the server says so', async () => {
    const { statuses } = await connect();
    latest().serverOpens();

    expect(latest().url).toBe('ws://portal.test/ws');
    expect(latest().sent).toEqual([{ type: 'hello', token: 'token-1', lastSeq: null }]);
    latest().serverSends({ type: 'ready', seq: 7 });
    expect(statuses).toEqual(['connecting', 'ready']);
  });

  it('delivers events once, in order, and resumes from the last one after a reconnect', async () => {
    const { events } = await connect();
    latest().serverOpens();
    latest().serverSends({ type: 'ready', seq: 7 });
    latest().serverSends(event(8));
    latest().serverSends(event(9));
    latest().serverSends(event(9));
    expect(events).toEqual([8, 9]);

    const first = latest();
    first.serverCloses(1006);
    (await nextSocket(first)).serverOpens();

    expect(latest().sent).toEqual([{ type: 'hello', token: 'token-1', lastSeq: 9 }]);
    latest().serverSends({ type: 'ready', seq: 10 });
    latest().serverSends(event(10));
    expect(events).toEqual([8, 9, 10]);
  });

  it('asks for a refetch when the server cannot replay the gap', async () => {
    const { resets } = await connect();
    latest().serverOpens();
    latest().serverSends({ type: 'reset', seq: 40 });
    expect(resets).toHaveBeenCalledTimes(1);
  });

  it('ignores frames it does not understand', async () => {
    const { events } = await connect();
    latest().serverOpens();
    latest().dispatchEvent(Object.assign(new Event('message'), { data: 'not json' }));
    latest().serverSends({ type: 'event', seq: 'x' });
    expect(events).toEqual([]);
  });

  it('stops reconnecting when the server refuses the token, and tries again with a renewed one', async () => {
    let token = 'old';
    const { connection, statuses } = await connect(() => token);
    latest().serverOpens();
    latest().serverCloses(REALTIME_CLOSE.unauthenticated);
    await vi.advanceTimersByTimeAsync(20_000);

    expect(FakeSocket.instances).toHaveLength(1);
    expect(statuses.at(-1)).toBe('unauthenticated');

    token = 'new';
    connection.retryWithNewToken();
    await settle();
    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: 'hello', token: 'new', lastSeq: null }]);
  });

  it('closes for good when asked (logout, session expiry) and opens no new socket', async () => {
    const { connection, statuses } = await connect();
    latest().serverOpens();

    connection.close();
    await vi.advanceTimersByTimeAsync(20_000);

    expect(FakeSocket.instances).toHaveLength(1);
    expect(latest().readyState).toBe(3);
    expect(statuses.at(-1)).toBe('closed');
  });

  it('gives up after 10 failed attempts with a max-retry status, quietly', async () => {
    const errors = vi.spyOn(console, 'error');
    const { statuses } = await connect();
    for (let attempt = 0; attempt < 12; attempt += 1) {
      latest().serverCloses(1006);
      await vi.advanceTimersByTimeAsync(11_000);
    }

    expect(FakeSocket.instances.length).toBeLessThanOrEqual(11);
    expect(statuses.at(-1)).toBe('gaveUp');
    expect(errors).not.toHaveBeenCalled();
  });
});
