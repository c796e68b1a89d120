import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection } from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session';
import { buildMessage, inboxFrame } from '../../../test/chat-fixtures';
import { FakeSocket } from '../../../test/fake-socket';
import { errorResponse, jsonResponse, mockFetch, type SentRequest } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { TYPING_SHOWN_FOR_MS, useTypists } from '../live/typing';
import { Composer } from './composer';

const colleague = (id: string, name: string) => ({
  csId: id,
  id,
  kind: 'cs',
  userId: null,
  name,
  csName: name,
  email: `${id}@demo.test`,
  tags: [],
  activeBot: false,
  botName: null,
  csData: {},
  percentageWeight: 50,
  capacity: 10,
  deactivated: false,
  deleted: false,
  isDeleted: false,
  oneSignalId: null,
  status: 'online',
  statusSince: '2026-11-23T08:00:00.000Z',
});

function server() {
  return mockFetch((request: SentRequest) => {
    const path = request.path.split('?')[0];
    if (path === '/api/cs/chat/window')
      return jsonResponse(200, { roomId: 'room-1', internal: false, open: false, closesAt: null });
    if (path === '/api/cs/chatTemplate')
      return jsonResponse(200, { items: [], total: 0, pageNumber: 0, pageSize: 200 });
    if (path === '/api/cs/customerService')
      return jsonResponse(200, {
        items: [colleague('cs-1', 'Ayu'), colleague('cs-2', 'Eko')],
        lastEvaluatedKey: null,
      });
    if (path === '/api/cs/chat/typing') return jsonResponse(200, { roomId: 'room-1' });
    if (path === '/api/cs/chat/note') {
      const body = request.body as { content: string };
      return jsonResponse(
        201,
        buildMessage({ id: 'note-1', type: 'note', fromCs: true, isInternal: true, content: body.content }),
      );
    }
    return errorResponse(404, 'not_found', path ?? '');
  });
}

beforeEach(() => {
  resetShell();
  useSessionStore.setState({
    session: buildSession({ role: 'USV', chatRole: 'SPV', csId: 'cs-9', userId: 'user-9' }),
  });
});
afterEach(() => {
  cleanup();
  FakeSocket.instances = [];
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('private notes in the chat box', () => {
  it('writes a note with an @mention, even after the customer window closed, and never as a reply', async () => {
    const { requests } = server();
    renderWithProviders(<Composer roomId="room-1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Private note' }));
    expect(screen.getByText(/the customer never does/)).toBeTruthy();
    await user.click(screen.getAllByLabelText('Mention colleagues')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Ayu' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'tawarkan voucher ongkir{Enter}');
    const notes = requests.filter((request) => request.path === '/api/cs/chat/note');
    expect(notes).toMatchObject([
      {
        method: 'POST',
        body: { roomId: 'room-1', content: '@Ayu tawarkan voucher ongkir', mentions: ['cs-1'] },
      },
    ]);
    expect(requests.some((request) => request.path === '/api/cs/chat')).toBe(false);
    // Typing was announced once for the burst of keys, as a note.
    expect(requests.filter((request) => request.path === '/api/cs/chat/typing')).toMatchObject([
      { body: { roomId: 'room-1', mode: 'note' } },
    ]);
  });
});

describe('typing indicator', () => {
  it('shows who else types in this room and hides them a few seconds after they stop', async () => {
    vi.useFakeTimers();
    const connection = new RealtimeConnection({
      getToken: () => 'access-1',
      url: 'ws://portal.test/ws',
      WebSocket: FakeSocket as never,
    });
    function Probe() {
      const typists = useTypists('room-1', connection);
      return (
        <div data-testid="typists">{typists.map((typist) => `${typist.name}:${typist.mode}`).join(',')}</div>
      );
    }
    render(<Probe />);
    connection.open();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    const socket = FakeSocket.instances.at(-1)!;
    act(() => {
      socket.serverOpens();
      socket.serverSends({ type: 'ready', seq: 1 });
      socket.serverSends(
        inboxFrame(2, 'TYPING', { data: { roomId: 'room-1', userId: 'user-1', name: 'Ayu', mode: 'reply' } }),
      );
      // Another room, and the agent's own echo, are not shown.
      socket.serverSends(
        inboxFrame(3, 'TYPING', { data: { roomId: 'room-2', userId: 'user-2', name: 'Eko', mode: 'reply' } }),
      );
      socket.serverSends(
        inboxFrame(4, 'TYPING', { data: { roomId: 'room-1', userId: 'user-9', name: 'Me', mode: 'note' } }),
      );
    });
    expect(screen.getByTestId('typists').textContent).toBe('Ayu:reply');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TYPING_SHOWN_FOR_MS + 1_000);
    });
    expect(screen.getByTestId('typists').textContent).toBe('');
  });
});
