import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildMessage } from '../../../test/chat-fixtures';
import { errorResponse, jsonResponse, mockFetch, type SentRequest } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ConversationView } from './conversation-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

const older = buildMessage({
  id: 'm-1',
  content: 'Pesanan INV-1 belum sampai',
  providerMessageId: 'wamid.1',
  createdAt: '2026-11-20T09:00:00.000Z',
});
const answer = buildMessage({
  id: 'm-2',
  content: 'Kami cek, Kak',
  fromCs: true,
  status: 'read',
  createdAt: '2026-11-20T09:05:00.000Z',
});
const reply = buildMessage({
  id: 'm-3',
  content: 'Yang ini ya',
  replyToProviderMessageId: 'wamid.1',
  createdAt: '2026-11-23T08:00:00.000Z',
});

describe('conversation', () => {
  it('shows the newest page, loads older messages on demand, with date separators, ticks and reply context', async () => {
    const { requests } = mockFetch((request: SentRequest) => {
      if (!request.path.startsWith('/api/cs/chat?')) return errorResponse(404, 'not_found', request.path);
      return request.path.includes('lastEvaluatedKey=page-2')
        ? jsonResponse(200, { items: [answer, older], lastEvaluatedKey: null })
        : jsonResponse(200, { items: [reply], lastEvaluatedKey: 'page-2' });
    });
    renderWithProviders(<ConversationView roomId="room-1" />);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByText('Yang ini ya')).toBeTruthy();
    // The quoted message is not loaded yet.
    expect(within(log).getByTestId('reply-context').textContent).toBe('Replying to an earlier message');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load older messages' }));
    await vi.waitFor(() => expect(within(log).getAllByTestId('chat-message')).toHaveLength(3));
    expect(requests.at(-1)?.path).toContain('lastEvaluatedKey=page-2');
    const texts = within(log)
      .getAllByTestId('chat-message')
      .map((bubble) => bubble.textContent ?? '');
    expect(texts[0]).toContain('Pesanan INV-1 belum sampai');
    expect(texts[1]).toContain('Kami cek, Kak');
    expect(texts[2]).toContain('Yang ini ya');
    expect(within(log).getAllByTestId('date-separator')).toHaveLength(2);
    expect(within(log).getByRole('img', { name: 'Read' })).toBeTruthy();
    expect(within(log).getByTestId('reply-context').textContent).toBe('Pesanan INV-1 belum sampai');
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });
});

describe('WhatsApp payload kinds', () => {
  const kinds = [
    buildMessage({
      id: 'k-1',
      type: 'contacts',
      content: 'Budi Santoso\n+62 812-3456-7890 (CELL)',
      providerMessageId: 'wamid.k1',
      reaction: '👍',
      createdAt: '2026-11-20T09:00:00.000Z',
    }),
    buildMessage({
      id: 'k-2',
      type: 'system',
      content: 'Rina changed their phone number',
      createdAt: '2026-11-20T09:01:00.000Z',
    }),
    buildMessage({
      id: 'k-3',
      type: 'flow',
      content: 'full_name: Rina Wijaya\nsize: M',
      createdAt: '2026-11-20T09:02:00.000Z',
    }),
  ];
  const serve = () =>
    mockFetch((request: SentRequest) =>
      request.path.startsWith('/api/cs/chat?')
        ? jsonResponse(200, { items: [...kinds].reverse(), lastEvaluatedKey: null })
        : errorResponse(404, 'not_found', request.path),
    );

  it('shows a contact card, a system notice and a Flow response with a label each, and a reaction on its message', async () => {
    serve();
    renderWithProviders(<ConversationView roomId="room-1" />);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await vi.waitFor(() => expect(within(log).getAllByTestId('chat-message')).toHaveLength(3));
    const [contact, system, flow] = within(log).getAllByTestId('chat-message');
    expect(contact!.textContent).toContain('Contact card');
    expect(contact!.textContent).toContain('Budi Santoso');
    expect(contact!.textContent).toContain('+62 812-3456-7890 (CELL)');
    expect(within(contact!).getByLabelText('Customer reacted 👍')).toBeTruthy();
    expect(system!.textContent).toContain('WhatsApp notice');
    expect(system!.textContent).toContain('Rina changed their phone number');
    expect(flow!.textContent).toContain('Form response');
    expect(flow!.textContent).toContain('full_name: Rina Wijaya');
    expect(log.textContent).not.toContain('cannot show');
  });

  it('labels them in Indonesian too', async () => {
    await i18n.changeLanguage('id');
    serve();
    renderWithProviders(<ConversationView roomId="room-1" />);
    const log = await screen.findByRole('log');
    await vi.waitFor(() => expect(within(log).getAllByTestId('chat-message')).toHaveLength(3));
    const [contact, system, flow] = within(log).getAllByTestId('chat-message');
    expect(contact!.textContent).toContain('Kartu kontak');
    expect(within(contact!).getByLabelText('Pelanggan bereaksi 👍')).toBeTruthy();
    expect(system!.textContent).toContain('Pemberitahuan WhatsApp');
    expect(flow!.textContent).toContain('Jawaban formulir');
  });
});

describe('room events', () => {
  const events = [
    buildMessage({
      id: 'e-1',
      type: 'room_event',
      isInternal: true,
      fromCs: true,
      content: JSON.stringify({ event: 'transferred', from: 'Ayu', to: 'Budi', tag: null, by: 'Sari' }),
      createdAt: '2026-11-20T09:00:00.000Z',
    }),
    buildMessage({
      id: 'e-2',
      type: 'room_event',
      isInternal: true,
      fromCs: true,
      content: JSON.stringify({ event: 'queued', from: 'Budi', to: null, tag: 'billing', by: 'Budi' }),
      createdAt: '2026-11-20T09:01:00.000Z',
    }),
    // A row that is not a readable event never breaks the conversation.
    buildMessage({
      id: 'e-3',
      type: 'room_event',
      isInternal: true,
      fromCs: true,
      content: '{"event":',
      createdAt: '2026-11-20T09:02:00.000Z',
    }),
  ];

  it('shows transfers as lines across the conversation, not as bubbles, in the reader’s language', async () => {
    mockFetch((request: SentRequest) =>
      request.path.startsWith('/api/cs/chat?')
        ? jsonResponse(200, { items: [...events].reverse(), lastEvaluatedKey: null })
        : errorResponse(404, 'not_found', request.path),
    );
    renderWithProviders(<ConversationView roomId="room-1" />);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await vi.waitFor(() => expect(within(log).getAllByTestId('room-event')).toHaveLength(3));
    expect(within(log).queryAllByTestId('chat-message')).toHaveLength(0);
    const lines = within(log)
      .getAllByTestId('room-event')
      .map((line) => line.textContent ?? '');
    expect(lines[0]).toMatch(/^Transferred from Ayu to Budi by Sari · /);
    expect(lines[1]).toMatch(/^Sent to the billing queue by Budi; waiting for an agent · /);
    expect(lines[2]).toMatch(/^The room changed hands · /);
  });
});
