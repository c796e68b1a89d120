import { CS_CONFIG_DEFAULTS } from '@sapa/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRoom } from '../../../test/chat-fixtures';
import { errorResponse, jsonResponse, mockFetch, type SentRequest } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { RoomList } from './room-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Counts the observers the list starts: the browser's IntersectionObserver is the scroll trigger. */
function observerSpy() {
  const observed: Element[] = [];
  class FakeObserver {
    observe(target: Element) {
      observed.push(target);
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return observed;
}

function server(isInfinityScroll: boolean) {
  return mockFetch((request: SentRequest) => {
    const [path, search = ''] = request.path.split('?');
    if (path === '/api/cs/configuration')
      return jsonResponse(200, {
        clientId: 'client-1',
        config: { ...CS_CONFIG_DEFAULTS, isInfinityScroll },
        defaultBot: null,
      });
    if (path === '/api/cs/chatRoom') {
      const next = new URLSearchParams(search).get('lastEvaluatedKey');
      return next
        ? jsonResponse(200, {
            items: [buildRoom({ id: 'room-2', customerPhoneNumber: '62812000002' })],
            lastEvaluatedKey: null,
          })
        : jsonResponse(200, { items: [buildRoom()], lastEvaluatedKey: 'page-2' });
    }
    return errorResponse(404, 'not_found', path ?? '');
  });
}

describe('room list paging and order', () => {
  it('asks for the latest message first by default', async () => {
    observerSpy();
    const { requests } = server(true);
    renderWithProviders(<RoomList selectedId={null} onSelect={vi.fn()} />);
    await screen.findByTestId('room-6281200000001');
    const list = requests.find((request) => request.path.startsWith('/api/cs/chatRoom?'));
    expect(list?.path).toContain('sortBy=lastMessage');
    expect(list?.path).toContain('orderByDate=desc');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveProperty('value', 'Latest message first');
  });

  it('loads further pages only from "Load more" when the configuration turns infinite scroll off', async () => {
    const observed = observerSpy();
    const { requests } = server(false);
    renderWithProviders(<RoomList selectedId={null} onSelect={vi.fn()} />);
    await screen.findByTestId('room-6281200000001');
    await vi.waitFor(() =>
      expect(requests.some((request) => request.path === '/api/cs/configuration')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(observed).toHaveLength(0);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByTestId('room-62812000002');
    expect(requests.some((request) => request.path.includes('lastEvaluatedKey=page-2'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('watches the end of the list when infinite scroll is on', async () => {
    const observed = observerSpy();
    server(true);
    renderWithProviders(<RoomList selectedId={null} onSelect={vi.fn()} />);
    await screen.findByTestId('room-6281200000001');
    await vi.waitFor(() => expect(observed.length).toBeGreaterThan(0));
  });

  it('draws the filters only once opened, and counts those set while they are closed', async () => {
    observerSpy();
    const { requests } = server(true);
    renderWithProviders(<RoomList selectedId={null} onSelect={vi.fn()} />);
    await screen.findByTestId('room-6281200000001');
    expect(screen.queryByRole('combobox', { name: 'Last reply' })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('combobox', { name: 'Last reply' }));
    await user.click(await screen.findByRole('option', { name: 'From the customer' }));
    await vi.waitFor(() =>
      expect(requests.some((request) => request.path.includes('filterLastReply=customer'))).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    expect(screen.queryByRole('combobox', { name: 'Last reply' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters (1)' }).getAttribute('aria-expanded')).toBe('false');
  });
});
