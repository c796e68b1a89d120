import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SandboxPhonePage } from './sandbox-phone-page';

const BUSINESS = { phoneNumberId: '100000000000001', displayPhoneNumber: '+62 21 5150 0001' };

function renderPage() {
  const router = createMemoryRouter([{ path: '/sandbox/whatsapp', element: <SandboxPhonePage /> }], {
    initialEntries: ['/sandbox/whatsapp'],
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('sandbox phone page', () => {
  it('lets a person play a customer, write to the business and see the reply with its read ticks', async () => {
    const messages = [
      {
        id: 'wamid.in-1',
        direction: 'in',
        type: 'text',
        text: 'Halo, pesanan saya?',
        status: null,
        errorTitle: null,
        replyTo: null,
        sentAt: '2026-11-22T03:00:00.000Z',
      },
      {
        id: 'wamid.out-1',
        direction: 'out',
        type: 'text',
        text: 'Sedang dikirim, Kak',
        status: 'read',
        errorTitle: null,
        replyTo: 'wamid.in-1',
        sentAt: '2026-11-22T03:01:00.000Z',
      },
      {
        id: 'wamid.out-2',
        direction: 'out',
        type: 'image',
        text: 'Foto paket',
        mediaUrl: '/api/files/shared/client-1/file-1?expires=1&signature=abc',
        status: 'delivered',
        errorTitle: null,
        replyTo: null,
        sentAt: '2026-11-22T03:02:00.000Z',
      },
    ];
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/sandbox/whatsapp/100000000000001') return jsonResponse(200, BUSINESS);
      if (request.method === 'POST') return jsonResponse(200, { id: 'wamid.in-2' });
      return jsonResponse(200, { messages });
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your WhatsApp name'), 'Dewi');
    await user.click(screen.getByRole('button', { name: 'Start chatting' }));

    expect(await screen.findByText('Sedang dikirim, Kak')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Read' })).toBeTruthy();
    expect(screen.getByText('Chat with +62 21 5150 0001')).toBeTruthy();
    // An image the business sent shows itself, with its caption.
    expect(screen.getByRole('img', { name: 'Foto paket' }).getAttribute('src')).toBe(messages[2]!.mediaUrl);
    expect(screen.getByText('Foto paket')).toBeTruthy();

    await user.type(screen.getByLabelText('Message'), 'Terima kasih{Enter}');
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      path: '/api/sandbox/whatsapp/100000000000001/messages',
      body: { from: '6281234567890', name: 'Dewi', text: 'Terima kasih' },
    });
    expect(requests.find((request) => request.method === 'POST')!.headers.get('authorization')).toBeNull();
  });

  it('says so when the number is not on the sandbox', async () => {
    mockFetch(() =>
      errorResponse(
        404,
        'sandbox_not_in_use',
        'The sandbox WhatsApp provider is not in use for this number.',
      ),
    );
    renderPage();
    expect(await screen.findByText('This number is not on the sandbox')).toBeTruthy();
    expect(screen.getByText('The sandbox WhatsApp provider is not in use for this number.')).toBeTruthy();
    expect(screen.queryByLabelText('Message')).toBeNull();
  });
});
