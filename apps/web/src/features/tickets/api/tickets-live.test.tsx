import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection } from '../../../lib/realtime';
import { inboxFrame } from '../../../test/chat-fixtures';
import { FakeSocket } from '../../../test/fake-socket';
import { ticketKeys, useTicketsLive } from './tickets-api';

const CLIENT = 'client-1';
const latest = () => FakeSocket.instances.at(-1) as FakeSocket;

const ticket = {
  id: 't-1',
  roomId: 'room-1',
  roomShortId: 12,
  customerPhoneNumber: '6281300000001',
  customerName: 'Rina',
  subject: 'Paket terlambat',
  status: 'pending',
  priority: 'normal',
  assigneeCsId: 'cs-1',
  assigneeName: 'Ayu',
  dueAt: null,
  overdue: false,
  createdBy: 'sad@demo.test',
  createdAt: '2026-11-27T02:00:00.000Z',
  updatedAt: '2026-11-27T02:00:00.000Z',
  resolvedAt: null,
};

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const list = ticketKeys.list(CLIENT, { pageNumber: 1, pageSize: 10 } as never);
  const detail = ticketKeys.detail(CLIENT, 't-1');
  const daily = ticketKeys.daily(CLIENT, '2026-11-21', '2026-11-27');
  for (const key of [list, detail, daily]) queryClient.setQueryData(key, {});
  const connection = new RealtimeConnection({
    getToken: () => 'token-1',
    url: 'ws://portal.test/ws',
    WebSocket: FakeSocket as never,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useTicketsLive(CLIENT, connection), { wrapper });
  connection.open();
  const stale = () => [list, detail, daily].map((key) => queryClient.getQueryState(key)?.isInvalidated);
  return { stale };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  FakeSocket.instances = [];
  vi.useRealTimers();
});

describe('the ticket screens, live from the socket', () => {
  it('refresh the list, the open ticket and the daily figures when a ticket changes', async () => {
    const { stale } = setUp();
    await vi.advanceTimersByTimeAsync(1);
    latest().serverOpens();
    latest().serverSends({ type: 'ready', seq: 1 });
    latest().serverSends(inboxFrame(2, 'ROOM_READ', { data: { roomId: 'room-1', read: 1 } }));
    expect(stale()).toEqual([false, false, false]);
    latest().serverSends(
      inboxFrame(3, 'TICKET_UPDATED', { data: { ticketId: 't-1', roomId: 'room-1', ticket } }),
    );
    expect(stale()).toEqual([true, true, true]);
  });
});
