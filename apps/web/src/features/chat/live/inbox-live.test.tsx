import type { ChatMessage, ChatRoom } from '@sapa/contracts';
import { type InfiniteData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection } from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session';
import { buildMessage, buildRoom, inboxFrame } from '../../../test/chat-fixtures';
import { FakeSocket } from '../../../test/fake-socket';
import { buildSession } from '../../../test/session-fixture';
import { chatKeys, EMPTY_FILTER } from '../api/chat-keys';
import { putMessage } from './inbox-cache';
import { useInboxLive } from './use-inbox-live';

const latest = () => FakeSocket.instances.at(-1) as FakeSocket;

type Pages<T> = InfiniteData<{ items: T[]; lastEvaluatedKey: string | null }, string | null>;
const pages = <T,>(items: T[]): Pages<T> => ({
  pages: [{ items, lastEvaluatedKey: null }],
  pageParams: [null],
});

const myRoom = buildRoom({ id: 'room-1', csId: 'cs-1' });
const greeting = buildMessage({ id: 'm-1', roomId: 'room-1', content: 'Halo' });

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(chatKeys.roomList(EMPTY_FILTER), pages([myRoom]));
  queryClient.setQueryData(chatKeys.messages('room-1'), pages([greeting]));
  queryClient.setQueryData(chatKeys.room('room-1'), myRoom);
  const connection = new RealtimeConnection({
    getToken: () => 'token-1',
    url: 'ws://portal.test/ws',
    WebSocket: FakeSocket as never,
  });
  const arrived: string[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useInboxLive((message) => arrived.push(message.id), connection), { wrapper });
  connection.open();
  const list = () =>
    queryClient.getQueryData<Pages<ChatRoom>>(chatKeys.roomList(EMPTY_FILTER))!.pages.flatMap((p) => p.items);
  const conversation = () =>
    queryClient.getQueryData<Pages<ChatMessage>>(chatKeys.messages('room-1'))!.pages.flatMap((p) => p.items);
  return { queryClient, connection, arrived, list, conversation };
}

beforeEach(() => {
  vi.useFakeTimers();
  useSessionStore.setState({ session: buildSession({ role: 'USC', chatRole: 'CS', csId: 'cs-1' }) });
});

afterEach(() => {
  FakeSocket.instances = [];
  vi.useRealTimers();
});

describe('socket events in the query cache', () => {
  it('updates the list and the conversation exactly once across a reconnect that replays events', async () => {
    const { connection, arrived, list, conversation } = setUp();
    await vi.advanceTimersByTimeAsync(1);
    latest().serverOpens();
    latest().serverSends({ type: 'ready', seq: 5 });

    const second = buildMessage({ id: 'm-2', roomId: 'room-1', content: 'Paket saya belum sampai' });
    const afterSecond = buildRoom({
      id: 'room-1',
      unreadCount: 1,
      lastMessage: { content: second.content, at: second.createdAt, fromCs: false },
    });
    const newcomer = buildRoom({ id: 'room-2', csId: null, status: 'queued', customerPhoneNumber: '62812' });
    latest().serverSends(inboxFrame(6, 'NEW_MESSAGE', { chat: second, chatroom: afterSecond }));
    latest().serverSends(inboxFrame(7, 'NEW_ROOM', { chatroom: newcomer }));
    expect(conversation().map((m) => m.id)).toEqual(['m-2', 'm-1']);
    expect(list().map((r) => r.id)).toEqual(['room-2', 'room-1']);

    // The connection drops; on the new one the server replays from its own point, overlapping ours.
    const first = latest();
    first.close(1006);
    for (let waited = 0; latest() === first && waited < 15_000; waited += 50)
      await vi.advanceTimersByTimeAsync(50);
    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: 'hello', token: 'token-1', lastSeq: 7 }]);
    const third = buildMessage({ id: 'm-3', roomId: 'room-1', content: 'Halo?' });
    const afterThird = buildRoom({
      id: 'room-1',
      unreadCount: 2,
      lastMessage: { content: third.content, at: third.createdAt, fromCs: false },
    });
    latest().serverSends({ type: 'ready', seq: 9 });
    latest().serverSends(inboxFrame(6, 'NEW_MESSAGE', { chat: second, chatroom: afterSecond }));
    latest().serverSends(inboxFrame(7, 'NEW_ROOM', { chatroom: newcomer }));
    latest().serverSends(inboxFrame(8, 'NEW_MESSAGE', { chat: third, chatroom: afterThird }));
    latest().serverSends(
      inboxFrame(9, 'MESSAGE_STATUS', { chat: { ...greeting, status: 'read' }, data: { roomId: 'room-1' } }),
    );

    expect(conversation().map((m) => m.id)).toEqual(['m-3', 'm-2', 'm-1']);
    expect(conversation().find((m) => m.id === 'm-1')?.status).toBe('read');
    // The list runs by latest message: the room that just heard from its customer is back on top, once.
    expect(list().map((r) => r.id)).toEqual(['room-1', 'room-2']);
    expect(list().find((r) => r.id === 'room-1')?.unreadCount).toBe(2);
    // One chime per customer message, none for the replays.
    expect(arrived).toEqual(['m-2', 'm-3']);
    connection.close();
  });

  it('keeps the agent’s own message once when the socket echoes the send', async () => {
    const { queryClient, connection, conversation } = setUp();
    await vi.advanceTimersByTimeAsync(1);
    latest().serverOpens();
    latest().serverSends({ type: 'ready', seq: 1 });
    const reply = buildMessage({
      id: 'm-9',
      roomId: 'room-1',
      fromCs: true,
      status: 'sent',
      content: 'Siap',
    });
    putMessage(queryClient, reply);
    latest().serverSends(inboxFrame(2, 'NEW_MESSAGE', { chat: reply, chatroom: myRoom }));
    latest().serverSends(inboxFrame(3, 'MESSAGE_STATUS', { chat: { ...reply, status: 'delivered' } }));
    expect(conversation().filter((m) => m.id === 'm-9')).toHaveLength(1);
    expect(conversation()[0]?.status).toBe('delivered');
    connection.close();
  });

  it('keeps ticks the socket already moved when the send request answers later with its queued message', async () => {
    const { queryClient, connection, conversation } = setUp();
    await vi.advanceTimersByTimeAsync(1);
    latest().serverOpens();
    latest().serverSends({ type: 'ready', seq: 1 });
    const queued = buildMessage({
      id: 'm-8',
      roomId: 'room-1',
      fromCs: true,
      status: 'pending',
      content: 'Siap',
    });
    const sent = { ...queued, status: 'sent', providerMessageId: 'wamid.8' };
    // The server sends after its commit: the socket can bring `sent` before the request's answer.
    latest().serverSends(inboxFrame(2, 'NEW_MESSAGE', { chat: queued, chatroom: myRoom }));
    latest().serverSends(inboxFrame(3, 'MESSAGE_STATUS', { chat: sent }));
    putMessage(queryClient, queued);
    expect(conversation().find((m) => m.id === 'm-8')).toMatchObject({
      status: 'sent',
      providerMessageId: 'wamid.8',
    });
    // A later answer that is further along still wins.
    putMessage(queryClient, { ...sent, status: 'read' });
    expect(conversation().find((m) => m.id === 'm-8')?.status).toBe('read');
    connection.close();
  });

  it('drops a room from the list when it closes or goes to another agent', async () => {
    const { connection, list, queryClient } = setUp();
    await vi.advanceTimersByTimeAsync(1);
    latest().serverOpens();
    latest().serverSends({ type: 'ready', seq: 1 });
    latest().serverSends(
      inboxFrame(2, 'ROOM_TRANSFERRED', { chatroom: buildRoom({ id: 'room-1', csId: 'cs-2' }) }),
    );
    expect(list()).toEqual([]);
    latest().serverSends(
      inboxFrame(3, 'ROOM_CLOSED', {
        chatroom: buildRoom({ id: 'room-1', status: 'closed', remarks: 'Done' }),
      }),
    );
    expect(queryClient.getQueryData<ChatRoom>(chatKeys.room('room-1'))?.status).toBe('closed');
    connection.close();
  });

  it('refetches everything it shows when the server cannot replay the gap', async () => {
    const { connection, queryClient } = setUp();
    await vi.advanceTimersByTimeAsync(1);
    latest().serverOpens();
    latest().serverSends({ type: 'reset', seq: 50 });
    expect(queryClient.getQueryState(chatKeys.roomList(EMPTY_FILTER))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(chatKeys.messages('room-1'))?.isInvalidated).toBe(true);
    connection.close();
  });

  it('moves a room with a new message to the top of lists sorted by latest message, and only those', async () => {
    const { queryClient, connection } = setUp();
    const at = (minute: number) => `2026-11-23T09:${String(minute).padStart(2, '0')}:00.000Z`;
    const room = (id: string, minute: number) =>
      buildRoom({ id, csId: 'cs-1', lastMessage: { content: 'Halo', at: at(minute), fromCs: false } });
    const byStart = { ...EMPTY_FILTER, sortBy: 'createdAt' as const };
    const rooms = [room('room-a', 30), room('room-b', 20), room('room-c', 10)];
    queryClient.setQueryData(chatKeys.roomList(EMPTY_FILTER), {
      pages: [
        { items: rooms.slice(0, 2), lastEvaluatedKey: 'next' },
        { items: rooms.slice(2), lastEvaluatedKey: null },
      ],
      pageParams: [null, 'next'],
    });
    queryClient.setQueryData(chatKeys.roomList(byStart), pages(rooms));
    const ids = (filter: typeof EMPTY_FILTER) =>
      queryClient
        .getQueryData<Pages<ChatRoom>>(chatKeys.roomList(filter))!
        .pages.map((page) => page.items.map((item) => item.id));
    await vi.advanceTimersByTimeAsync(1);
    latest().serverOpens();
    latest().serverSends({ type: 'ready', seq: 1 });

    // room-c (on the second page) hears from its customer: first of the first page.
    const message = buildMessage({ id: 'm-c', roomId: 'room-c', content: 'Ada kabar?', createdAt: at(40) });
    latest().serverSends(inboxFrame(2, 'NEW_MESSAGE', { chat: message, chatroom: room('room-c', 40) }));
    expect(ids(EMPTY_FILTER)).toEqual([['room-c', 'room-a', 'room-b'], []]);
    // A change that brings no newer activity (a priority) leaves the room where it is.
    latest().serverSends(
      inboxFrame(3, 'ROOM_UPDATED', { chatroom: { ...room('room-b', 20), priority: 'high' } }),
    );
    expect(ids(EMPTY_FILTER)).toEqual([['room-c', 'room-a', 'room-b'], []]);
    expect(
      queryClient
        .getQueryData<Pages<ChatRoom>>(chatKeys.roomList(EMPTY_FILTER))!
        .pages[0]!.items.find((item) => item.id === 'room-b')?.priority,
    ).toBe('high');
    // A list by start keeps its order.
    expect(ids(byStart)).toEqual([['room-a', 'room-b', 'room-c']]);
    connection.close();
  });
});
