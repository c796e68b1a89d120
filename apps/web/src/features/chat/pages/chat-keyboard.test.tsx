import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session';
import { buildRoom } from '../../../test/chat-fixtures';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

beforeEach(() => resetShell());

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const mine = buildRoom({ id: 'room-a', name: 'Ani', customerPhoneNumber: '6281200000011' });
const waiting = buildRoom({
  id: 'room-b',
  name: 'Budi',
  csId: null,
  status: 'queued',
  customerPhoneNumber: '6281200000012',
});
const rooms = [mine, waiting];

function server(session: ReturnType<typeof buildSession>) {
  return mockShellApi(session, {
    routes: (request: SentRequest) => {
      const path = request.path.split('?')[0] ?? '';
      const query = new URLSearchParams(request.path.split('?')[1] ?? '');
      if (path === '/api/cs/chatRoom' && request.method === 'GET')
        return jsonResponse(200, { items: rooms, lastEvaluatedKey: null });
      if (path === '/api/cs/chatRoom/detail')
        return jsonResponse(200, rooms.find((room) => room.id === query.get('id')) ?? mine);
      if (path === '/api/cs/chatRoom/transfer')
        return jsonResponse(200, { ...waiting, status: 'open', csId: session.csId });
      if (path === '/api/cs/chat/window')
        return jsonResponse(200, { roomId: 'room-a', internal: false, open: true, closesAt: null });
      if (path.startsWith('/api/cs/'))
        return jsonResponse(200, { items: [], tags: [], lastEvaluatedKey: null });
      return undefined;
    },
  });
}

const press = (key: string, target: Element = document.body) => fireEvent.keyDown(target, { key });

describe('the workspace keyboard', () => {
  it('moves between rooms, focuses the chat box, takes a waiting room and opens the close dialog', async () => {
    const session = buildSession({ role: 'USC', chatRole: 'CS', csId: 'cs-1', email: 'usc@demo.test' });
    useSessionStore.setState({ session });
    const { requests } = server(session);
    const { router } = renderApp('/customerService/chat');
    await screen.findByTestId('room-6281200000011');

    press('j');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?room=room-a'));
    press('j');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?room=room-b'));
    press('j'); // the last room stays chosen
    press('k');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?room=room-a'));
    press('j');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?room=room-b'));

    // `a` takes the waiting room, as the Take button does.
    await vi.waitFor(() => expect(screen.getByTestId('room-title').textContent).toBe('Budi'));
    await screen.findByRole('button', { name: 'Take' });
    press('a');
    await vi.waitFor(() =>
      expect(requests.find((request) => request.path === '/api/cs/chatRoom/transfer')?.body).toEqual({
        roomId: 'room-b',
        toCsId: 'cs-1',
      }),
    );

    // `r` goes to the chat box; letters typed there are text, not shortcuts. (The taken room moved
    // to the top of the list, so Ani is picked by hand.)
    fireEvent.click(screen.getByTestId('room-6281200000011'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?room=room-a'));
    const box = await screen.findByRole('textbox', { name: 'Message' });
    press('r');
    await vi.waitFor(() => expect(document.activeElement).toBe(box));
    press('j', box);
    press('c', box);
    expect(router.state.location.search).toBe('?room=room-a');
    expect(screen.queryByRole('dialog', { name: 'Close conversation' })).toBeNull();

    // Esc leaves the box; then `c` opens the close dialog.
    press('Escape', box);
    expect(document.activeElement).not.toBe(box);
    press('c');
    expect(await screen.findByRole('dialog', { name: 'Close conversation' })).toBeTruthy();
    // With a dialog open, the page's shortcuts wait.
    press('j');
    expect(router.state.location.search).toBe('?room=room-a');
  });

  it('lists the shortcuts on `?`, in Indonesian too', async () => {
    const session = buildSession({ role: 'USC', chatRole: 'CS', csId: 'cs-1', email: 'usc@demo.test' });
    useSessionStore.setState({ session });
    server(session);
    await i18n.changeLanguage('id');
    renderApp('/customerService/chat');
    await screen.findByTestId('room-6281200000011');
    press('?');
    const overlay = await screen.findByRole('dialog', { name: 'Pintasan keyboard' });
    expect(within(overlay).getByText('Percakapan berikutnya')).toBeTruthy();
    expect(within(overlay).getByText('Tugaskan ke saya (ambil percakapan yang menunggu)')).toBeTruthy();
    expect(within(overlay).getAllByRole('row')).toHaveLength(10);
    await userEvent.setup().keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pintasan keyboard' })).toBeNull());
  });
});
