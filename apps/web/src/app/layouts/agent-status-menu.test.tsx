import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection } from '../../lib/realtime';
import { useSessionStore } from '../../lib/session';
import { inboxFrame } from '../../test/chat-fixtures';
import { FakeSocket } from '../../test/fake-socket';
import { jsonResponse, mockFetch, type SentRequest } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { resetShell } from '../../test/reset-shell';
import { buildSession } from '../../test/session-fixture';
import { AgentStatusMenu } from './agent-status-menu';

const latest = () => FakeSocket.instances.at(-1) as FakeSocket;

function setUp(server: { status: string; openRooms?: number }) {
  useSessionStore.setState({
    session: buildSession({ role: 'USC', chatRole: 'CS', csId: 'cs-1', status: 'offline' }),
  });
  const mock = mockFetch((request: SentRequest) => {
    const path = request.path.split('?')[0];
    if (path === '/api/cs/customerService/me') return jsonResponse(200, agent(server.status));
    if (path === '/api/cs/chatRoom/info')
      return jsonResponse(200, { queued: 0, open: server.openRooms ?? 0, bot: 0 });
    if (path === '/api/cs/customerService/status') {
      const body = request.body as { status: string; releaseRooms?: boolean };
      server.status = body.status;
      return jsonResponse(200, {
        status: body.status,
        since: new Date().toISOString(),
        released: body.releaseRooms ? (server.openRooms ?? 0) : 0,
      });
    }
    return jsonResponse(404, { error: { code: 'route_not_found', message: path } });
  });
  const connection = new RealtimeConnection({
    getToken: () => 'access-1',
    url: 'ws://portal.test/ws',
    WebSocket: FakeSocket as never,
  });
  renderWithProviders(<AgentStatusMenu connection={connection} />);
  connection.open();
  return { ...mock, connection };
}

function agent(status: string) {
  return {
    csId: 'cs-1',
    id: 'cs-1',
    kind: 'cs',
    userId: 'user-1',
    name: 'Ayu',
    csName: 'Ayu',
    email: 'usc@demo.test',
    tags: [],
    activeBot: false,
    botName: null,
    csData: {},
    percentageWeight: 100,
    capacity: 10,
    deactivated: false,
    deleted: false,
    isDeleted: false,
    oneSignalId: null,
    status,
    statusSince: new Date().toISOString(),
  };
}

const pill = () => screen.getByTestId('agent-status').textContent;

beforeEach(() => resetShell());
afterEach(() => {
  cleanup();
  FakeSocket.instances = [];
  vi.unstubAllGlobals();
});

describe('agent status pill', () => {
  it('shows the server’s status, not the one the session started with', async () => {
    setUp({ status: 'online' });
    await waitFor(() => expect(pill()).toContain('Online'));
    expect(useSessionStore.getState().session?.status).toBe('online');
  });

  it('changes live when the server sets the agent offline, and only for the agent’s own csId', async () => {
    setUp({ status: 'online' });
    await waitFor(() => expect(pill()).toContain('Online'));
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
    latest().serverOpens();
    latest().serverSends({ type: 'ready', seq: 1 });
    latest().serverSends(
      inboxFrame(2, 'AGENT_STATUS', { data: { csId: 'cs-2', email: 'use@demo.test', status: 'offline' } }),
    );
    latest().serverSends(
      inboxFrame(3, 'AGENT_STATUS', { data: { csId: 'cs-1', email: 'usc@demo.test', status: 'offline' } }),
    );
    await waitFor(() => expect(pill()).toContain('Offline'));
  });

  it('asks an agent going offline with open rooms whether to hand them back, and tells the server', async () => {
    const { requests } = setUp({ status: 'online', openRooms: 2 });
    await waitFor(() => expect(pill()).toContain('Online'));
    const user = userEvent.setup();
    await user.click(screen.getByTestId('agent-status'));
    await user.click(await screen.findByRole('menuitem', { name: /Offline/ }));
    expect(await screen.findByText(/You have 2 open conversations/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hand back' }));
    await waitFor(() => expect(pill()).toContain('Offline'));
    expect(requests.find((request) => request.path === '/api/cs/customerService/status')).toMatchObject({
      method: 'PUT',
      body: { status: 'offline', releaseRooms: true },
    });
    expect(await screen.findByText('2 conversations went back to the queue')).toBeTruthy();
  });

  it('lets the agent keep their rooms, or cancel and stay online', async () => {
    const { requests } = setUp({ status: 'online', openRooms: 1 });
    await waitFor(() => expect(pill()).toContain('Online'));
    const user = userEvent.setup();
    await user.click(screen.getByTestId('agent-status'));
    await user.click(await screen.findByRole('menuitem', { name: /Away/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(pill()).toContain('Online');
    await user.click(screen.getByTestId('agent-status'));
    await user.click(await screen.findByRole('menuitem', { name: /Away/ }));
    await user.click(await screen.findByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(pill()).toContain('Away'));
    expect(requests.filter((request) => request.path === '/api/cs/customerService/status')).toMatchObject([
      { body: { status: 'away' } },
    ]);
  });
});
