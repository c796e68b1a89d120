import type { Ticket, TicketDetail } from '@sapa/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { buildMessage, buildRoom } from '../../../test/chat-fixtures';
import { errorResponse, jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const TICKET_ID = '0190a000-0000-7000-8000-0000000000aa';

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'SAD' }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function buildTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: TICKET_ID,
    roomId: 'room-1',
    roomShortId: 12,
    customerPhoneNumber: '6281300000001',
    customerName: 'Rina',
    subject: 'Barang rusak saat diterima',
    status: 'open',
    priority: 'high',
    assigneeCsId: 'cs-1',
    assigneeName: 'Ayu',
    dueAt: null,
    overdue: false,
    createdBy: 'usc@demo.test',
    createdAt: '2026-11-26T02:00:00.000Z',
    updatedAt: '2026-11-26T02:00:00.000Z',
    resolvedAt: null,
    ...overrides,
  };
}

/** A server that keeps one ticket and applies the PUTs it receives. */
function serveTicket() {
  let ticket = buildTicket();
  const history: TicketDetail['history'] = [
    { id: 'e1', at: ticket.createdAt, by: 'usc@demo.test', change: 'created', from: null, to: 'open' },
  ];
  const mock = mockShellApi(useSessionStore.getState().session!, {
    routes: (request: SentRequest) => {
      const url = new URL(request.path, 'http://localhost');
      if (url.pathname === '/api/cs/tickets/detail') {
        if (url.searchParams.get('id') !== TICKET_ID)
          return errorResponse(404, 'ticket_not_found', 'Ticket not found');
        const detail: TicketDetail = {
          ticket,
          room: buildRoom({ id: 'room-1', shortId: 12 }),
          messages: [
            buildMessage({ id: 'm1', roomId: 'room-1', content: 'Pesanan saya rusak', fromCs: false }),
          ],
          history,
        };
        return jsonResponse(200, detail);
      }
      if (url.pathname === '/api/cs/tickets' && request.method === 'PUT') {
        const body = request.body as { status: Ticket['status'] };
        history.push({
          id: `e${history.length + 1}`,
          at: ticket.createdAt,
          by: 'sad@demo.test',
          change: 'status',
          from: ticket.status,
          to: body.status,
        });
        ticket = {
          ...ticket,
          status: body.status,
          resolvedAt: body.status === 'resolved' ? ticket.createdAt : null,
        };
        return jsonResponse(200, ticket);
      }
      return undefined;
    },
  });
  return mock;
}

describe('ticket detail', () => {
  it('shows the ticket with its conversation and history, and resolves it', async () => {
    const { requests } = serveTicket();
    renderApp(`/call-center/ticket/${TICKET_ID}`);

    expect(await screen.findByText('Pesanan saya rusak', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Barang rusak saat diterima' })).toBeTruthy();
    expect(screen.getByText('Pesanan saya rusak')).toBeTruthy();
    expect(screen.getByText('Ticket opened')).toBeTruthy();
    expect(screen.getByText('Assignee: Ayu')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reopen' })).toBeTruthy());
    const put = requests.find(
      (request) => request.method === 'PUT' && request.path.startsWith('/api/cs/tickets'),
    );
    expect(put?.body).toEqual({ id: TICKET_ID, status: 'resolved' });
    expect(await screen.findByText('Status changed')).toBeTruthy();
    expect(screen.getByText('open → resolved')).toBeTruthy();
  });

  it('says so when the ticket does not exist', async () => {
    serveTicket();
    renderApp('/call-center/ticket/0190a000-0000-7000-8000-0000000000bb');
    expect(await screen.findByText('This ticket does not exist, or you may not see it.')).toBeTruthy();
  });
});
