import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { buildRoom } from '../../../test/chat-fixtures';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

beforeEach(() => resetShell());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const waiting = buildRoom({
  id: 'room-w',
  csId: null,
  status: 'queued',
  name: 'Budi Santoso',
  tags: ['billing'],
  lastMessage: { content: 'Tagihan ganda', at: new Date().toISOString(), fromCs: false },
});
const withBot = buildRoom({ id: 'room-b', csId: null, status: 'queued', isBot: true, name: 'Siti Rahma' });
const page = (items: unknown[]) => jsonResponse(200, { items, lastEvaluatedKey: null });

function server(session: ReturnType<typeof buildSession>) {
  return mockShellApi(session, {
    routes: (request: SentRequest) => {
      const path = request.path.split('?')[0] ?? '';
      if (path === '/api/cs/chatRoom/info') return jsonResponse(200, { queued: 1, open: 0, bot: 1 });
      if (path === '/api/cs/chatRoom' && request.method === 'GET') return page([waiting]);
      if (path === '/api/cs/chatRoom/bot' && request.method === 'GET') return page([withBot]);
      if (path === '/api/cs/chatRoom/transfer')
        return jsonResponse(200, { ...waiting, status: 'open', csId: session.csId });
      if (path === '/api/cs/strategy/distribute') return jsonResponse(200, { distributed: 1, assigned: 1 });
      if (path === '/api/cs/chatRoom/bot' && request.method === 'DELETE')
        return jsonResponse(200, { closed: 1 });
      if (path === '/api/cs/chatRoom/detail')
        return jsonResponse(200, { ...waiting, status: 'open', csId: session.csId });
      if (path.startsWith('/api/cs/'))
        return jsonResponse(200, { items: [], tags: [], lastEvaluatedKey: null });
      return undefined;
    },
  });
}

describe('chat queue', () => {
  it('lets an agent take a waiting room, which opens it in the workspace', async () => {
    const session = buildSession({ role: 'USC', chatRole: 'CS', csId: 'cs-1', email: 'usc@demo.test' });
    useSessionStore.setState({ session });
    const { requests } = server(session);
    const { router } = renderApp('/customerService/chat/queue');
    const table = await screen.findByRole('table', { name: 'Waiting' });
    const row = (await within(table).findByText('Budi Santoso')).closest('tr')!;
    expect(row.textContent).toContain('Tagihan ganda');
    expect(row.textContent).toContain('billing');
    await userEvent.setup().click(within(row as HTMLElement).getByRole('button', { name: 'Take' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/customerService/chat'));
    expect(router.state.location.search).toBe('?room=room-w');
    const transfer = requests.find((request) => request.path === '/api/cs/chatRoom/transfer');
    expect(transfer?.body).toEqual({ roomId: 'room-w', toCsId: 'cs-1' });
    // Agents have no bulk actions on the bot queue.
    expect(screen.queryByRole('button', { name: 'Distribute to agents' })).toBeNull();
  });

  it('lets a supervisor distribute the bot rooms and close them all, after confirming', async () => {
    const session = buildSession({ role: 'USV', chatRole: 'SPV', csId: 'cs-9', email: 'usv@demo.test' });
    useSessionStore.setState({ session });
    const { requests } = server(session);
    renderApp('/customerService/chat/queue');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /With the bot/ }));
    const table = await screen.findByRole('table', { name: 'With the bot' });
    expect(await within(table).findByText('Siti Rahma')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Distribute to agents' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Moved to the agents: 1, of which assigned at once: 1.')).toBeTruthy();
    expect(
      requests.some((request) => request.method === 'PUT' && request.path === '/api/cs/strategy/distribute'),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Close all' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Conversations closed: 1.')).toBeTruthy();
    expect(
      requests.some((request) => request.method === 'DELETE' && request.path === '/api/cs/chatRoom/bot'),
    ).toBe(true);
  });
});
