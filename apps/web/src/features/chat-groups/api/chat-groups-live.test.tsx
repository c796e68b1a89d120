import type { ChatGroupDetail } from '@sapa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection } from '../../../lib/realtime';
import { buildMessage, inboxFrame } from '../../../test/chat-fixtures';
import { FakeSocket } from '../../../test/fake-socket';
import { chatGroupKeys, useChatGroupsLive } from './chat-groups-api';

const CLIENT = 'client-1';
const latest = () => FakeSocket.instances.at(-1) as FakeSocket;

function buildGroup(overrides: Partial<ChatGroupDetail> = {}): ChatGroupDetail {
  return {
    id: 'group-1',
    subject: 'Mitra Bandung',
    providerGroupId: null,
    participantCount: 1,
    lastMessage: null,
    unreadCount: 0,
    syncState: 'pending',
    syncError: null,
    syncedAt: null,
    inviteLink: null,
    createdAt: '2026-11-27T02:00:00.000Z',
    updatedAt: '2026-11-27T02:00:00.000Z',
    participants: [
      { phoneNumber: '6281255550001', isAdmin: true, state: 'invited', addedAt: '2026-11-27T02:00:00.000Z' },
    ],
    ...overrides,
  };
}

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(chatGroupKeys.detail(CLIENT, 'group-1'), buildGroup());
  queryClient.setQueryData(chatGroupKeys.list(CLIENT, 1, ''), { items: [], total: 0 });
  queryClient.setQueryData(chatGroupKeys.messages(CLIENT, 'group-1'), { items: [] });
  queryClient.setQueryData(chatGroupKeys.messages(CLIENT, 'group-2'), { items: [] });
  const connection = new RealtimeConnection({
    getToken: () => 'token-1',
    url: 'ws://portal.test/ws',
    WebSocket: FakeSocket as never,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useChatGroupsLive(CLIENT, connection), { wrapper });
  connection.open();
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, stale };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  FakeSocket.instances = [];
  vi.useRealTimers();
});

describe('the chat group screen, live from the socket', () => {
  it('shows a group synced at WhatsApp, with its invite link, as soon as the socket says so', async () => {
    const { queryClient, stale } = setUp();
    await vi.advanceTimersByTimeAsync(1);
    latest().serverOpens();
    latest().serverSends({ type: 'ready', seq: 1 });
    const synced = buildGroup({
      providerGroupId: 'Y2FwaV9ncm91cDox',
      syncState: 'synced',
      inviteLink: 'https://chat.whatsapp.com/AbCdEf',
      participants: [
        { phoneNumber: '6281255550001', isAdmin: true, state: 'joined', addedAt: '2026-11-27T02:00:00.000Z' },
      ],
    });
    latest().serverSends(inboxFrame(2, 'GROUP_UPDATED', { data: { groupId: 'group-1', group: synced } }));
    expect(queryClient.getQueryData<ChatGroupDetail>(chatGroupKeys.detail(CLIENT, 'group-1'))).toMatchObject({
      syncState: 'synced',
      inviteLink: 'https://chat.whatsapp.com/AbCdEf',
      participants: [{ state: 'joined' }],
    });
    expect(stale(chatGroupKeys.list(CLIENT, 1, ''))).toBe(true);
  });

  it('refreshes only the conversation a message was written in', async () => {
    const { stale } = setUp();
    await vi.advanceTimersByTimeAsync(1);
    latest().serverOpens();
    latest().serverSends({ type: 'ready', seq: 1 });
    const message = buildMessage({ id: 'gm-1', roomId: 'group-2', content: 'Stok habis' });
    latest().serverSends(inboxFrame(2, 'GROUP_MESSAGE', { chat: message, data: { groupId: 'group-2' } }));
    expect(stale(chatGroupKeys.messages(CLIENT, 'group-2'))).toBe(true);
    expect(stale(chatGroupKeys.messages(CLIENT, 'group-1'))).toBe(false);
  });

  it('ignores a group event whose data does not fit, and other events', async () => {
    const { queryClient, stale } = setUp();
    await vi.advanceTimersByTimeAsync(1);
    latest().serverOpens();
    latest().serverSends({ type: 'ready', seq: 1 });
    latest().serverSends(
      inboxFrame(2, 'GROUP_UPDATED', { data: { groupId: 'group-1', group: { id: 'x' } } }),
    );
    latest().serverSends(inboxFrame(3, 'ROOM_READ', { data: { roomId: 'r', read: 1 } }));
    expect(
      queryClient.getQueryData<ChatGroupDetail>(chatGroupKeys.detail(CLIENT, 'group-1'))?.syncState,
    ).toBe('pending');
    expect(stale(chatGroupKeys.list(CLIENT, 1, ''))).toBe(false);
  });
});
