import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMessage } from '../../../test/chat-fixtures';
import { errorResponse, jsonResponse, mockFetch, type SentRequest } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { Composer } from './composer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const TEMPLATE = {
  id: 'tpl-1',
  name: 'order_follow_up',
  content: 'Halo {{1}}, pesanan Anda sudah kami proses.',
  shortcut: null,
  isClosingRemark: false,
  active: true,
  createdBy: 'adc@demo.test',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** A server whose window answer the test decides; sends are echoed as stored messages. */
function server(window: () => { open: boolean; closesAt: string | null }) {
  return mockFetch((request: SentRequest) => {
    const path = request.path.split('?')[0];
    if (path === '/api/cs/chat/window')
      return jsonResponse(200, { roomId: 'room-1', internal: false, ...window() });
    if (path === '/api/cs/chatTemplate')
      return jsonResponse(200, { items: [TEMPLATE], total: 1, pageNumber: 0, pageSize: 200 });
    if (path === '/api/cs/chat' && request.method === 'POST') {
      if (!window().open) return errorResponse(422, 'customer_window_closed', 'closed');
      const body = request.body as { content: string };
      return jsonResponse(
        201,
        buildMessage({ id: 'sent-1', fromCs: true, content: body.content, status: 'sent' }),
      );
    }
    if (path === '/api/cs/chat/template' && request.method === 'POST')
      return jsonResponse(
        201,
        buildMessage({ id: 'sent-2', fromCs: true, type: 'template', status: 'sent' }),
      );
    return errorResponse(404, 'not_found', path ?? '');
  });
}

const posts = (requests: SentRequest[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path.split('?')[0] === path);

describe('chat box and the 24-hour window', () => {
  it('allows free text while the window is open and shows how long it stays open', async () => {
    const closesAt = new Date(Date.now() + (2 * 60 + 30) * 60_000 - 5_000).toISOString();
    const { requests } = server(() => ({ open: true, closesAt }));
    renderWithProviders(<Composer roomId="room-1" />);

    expect((await screen.findByTestId('window-countdown')).textContent).toBe(
      'Free text allowed for 2 h 30 min more (24-hour window).',
    );
    expect(screen.queryByTestId('window-closed')).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Kami cek sekarang{Enter}');

    await vi.waitFor(() => expect(posts(requests, '/api/cs/chat')).toHaveLength(1));
    expect(posts(requests, '/api/cs/chat')[0]?.body).toEqual({
      roomId: 'room-1',
      type: 'text',
      content: 'Kami cek sekarang',
    });
    await vi.waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(''),
    );
  });

  it('refuses free text once the window closed and requires a template', async () => {
    const { requests } = server(() => ({ open: false, closesAt: null }));
    renderWithProviders(<Composer roomId="room-1" />);

    expect(await screen.findByTestId('window-closed')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Send a template' });
    const user = userEvent.setup();

    await user.click(within(form).getByRole('button', { name: 'Send template' }));
    expect(await screen.findByText('Pick a template to send')).toBeTruthy();

    await user.click(within(form).getByRole('combobox', { name: /^Template\s*\*?$/ }));
    await user.click(await screen.findByRole('option', { name: 'order_follow_up' }));
    expect(screen.getByTestId('template-preview').textContent).toBe(TEMPLATE.content);
    await user.click(within(form).getByRole('button', { name: 'Send template' }));
    expect(await screen.findByText('Fill in this value')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: /Value for 1/ }), 'Rina');
    await user.click(within(form).getByRole('button', { name: 'Send template' }));

    await vi.waitFor(() => expect(posts(requests, '/api/cs/chat/template')).toHaveLength(1));
    expect(posts(requests, '/api/cs/chat/template')[0]?.body).toEqual({
      roomId: 'room-1',
      templateId: 'tpl-1',
      language: 'id',
      parameters: ['Rina'],
    });
    expect(posts(requests, '/api/cs/chat')).toHaveLength(0);
  });

  it('switches to templates by itself when the countdown runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let closesAt = Date.now() + 90_000;
    const { requests } = server(() =>
      Date.now() < closesAt
        ? { open: true, closesAt: new Date(closesAt).toISOString() }
        : { open: false, closesAt: null },
    );
    renderWithProviders(<Composer roomId="room-1" />);
    expect((await screen.findByTestId('window-countdown')).textContent).toContain('0 h 2 min');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(95_000);
    });
    expect(await screen.findByTestId('window-closed')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    // The box asked the server again rather than trusting the clock alone.
    expect(
      requests.filter((request) => request.path.startsWith('/api/cs/chat/window')).length,
    ).toBeGreaterThan(1);
    closesAt = 0;
  });
});

describe('uploading an image', () => {
  const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const withObjectUrls = () => {
    // jsdom has no object URLs; the preview only needs a string.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
  };

  function uploadServer(answer: () => Response) {
    return mockFetch((request: SentRequest) => {
      const path = request.path.split('?')[0];
      if (path === '/api/cs/chat/window')
        return jsonResponse(200, { roomId: 'room-1', internal: false, open: true, closesAt: null });
      if (path === '/api/cs/chatTemplate')
        return jsonResponse(200, { items: [], total: 0, pageNumber: 0, pageSize: 200 });
      if (path === '/api/cs/chat/image' && request.method === 'POST') return answer();
      return errorResponse(404, 'not_found', path ?? '');
    });
  }

  it('previews the picked image, sends it with its caption as multipart and clears the box', async () => {
    withObjectUrls();
    const { requests } = uploadServer(() =>
      jsonResponse(
        201,
        buildMessage({ id: 'img-1', fromCs: true, type: 'image', content: 'Struk', url: '/api/files/f-1' }),
      ),
    );
    renderWithProviders(<Composer roomId="room-1" />);
    await screen.findByTestId('window-countdown');
    const user = userEvent.setup();
    const file = new File([PNG_BYTES], 'struk.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('image-file-input'), file);

    const attachment = await screen.findByTestId('image-attachment');
    expect(within(attachment).getByRole('img', { name: 'Image to send' })).toBeTruthy();
    await user.type(within(attachment).getByRole('textbox', { name: 'Caption (optional)' }), 'Struk');
    await user.click(within(attachment).getByRole('button', { name: 'Send image' }));

    await vi.waitFor(() => expect(posts(requests, '/api/cs/chat/image')).toHaveLength(1));
    const form = posts(requests, '/api/cs/chat/image')[0]?.body as FormData;
    expect(form.get('roomId')).toBe('room-1');
    expect(form.get('caption')).toBe('Struk');
    expect((form.get('file') as File).name).toBe('struk.png');
    // Fields before the file: the server reads them as it reaches the file.
    expect([...form.keys()]).toEqual(['roomId', 'caption', 'file']);
    await vi.waitFor(() => expect(screen.queryByTestId('image-attachment')).toBeNull());
  });

  it('refuses a file that is not an image or too large before uploading, and shows the server’s refusal', async () => {
    withObjectUrls();
    const { requests } = uploadServer(() => errorResponse(413, 'image_too_large', 'too large'));
    renderWithProviders(<Composer roomId="room-1" />);
    await screen.findByTestId('window-countdown');
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByTestId('image-file-input');

    await user.upload(input, new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only JPEG, PNG or WebP images can be sent.');
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(input, huge);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This image is larger than 5 MB. Send a smaller one.',
    );
    expect(screen.queryByTestId('image-attachment')).toBeNull();

    await user.upload(input, new File([PNG_BYTES], 'ok.png', { type: 'image/png' }));
    const attachment = await screen.findByTestId('image-attachment');
    await user.click(within(attachment).getByRole('button', { name: 'Send image' }));
    expect((await within(attachment).findByRole('alert')).textContent).toBe(
      'This image is larger than 5 MB. Send a smaller one.',
    );
    expect(posts(requests, '/api/cs/chat/image')).toHaveLength(1);
  });

  it('takes a pasted screenshot or a dropped image as the attachment', async () => {
    withObjectUrls();
    uploadServer(() => jsonResponse(201, buildMessage({ id: 'img-2', fromCs: true, type: 'image' })));
    renderWithProviders(<Composer roomId="room-1" />);
    await screen.findByTestId('window-countdown');
    const pasted = new File([PNG_BYTES], 'screenshot.png', { type: 'image/png' });
    fireEvent.paste(screen.getByRole('textbox', { name: 'Message' }), { clipboardData: { files: [pasted] } });
    expect((await screen.findByTestId('image-attachment')).textContent).toContain('screenshot.png');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove the image' }));
    expect(screen.queryByTestId('image-attachment')).toBeNull();
    const dropped = new File([PNG_BYTES], 'dropped.webp', { type: 'image/webp' });
    fireEvent.drop(screen.getByRole('form', { name: 'Reply' }), {
      dataTransfer: { files: [dropped], types: ['Files'] },
    });
    expect((await screen.findByTestId('image-attachment')).textContent).toContain('dropped.webp');
  });
});

describe('template shortcuts', () => {
  const THANKS = {
    ...TEMPLATE,
    id: 'tpl-2',
    name: 'Thank you',
    content: 'Terima kasih!',
    shortcut: '/thanks',
  };
  const FOLLOW_UP = { ...TEMPLATE, shortcut: 'follow' };

  function shortcutServer() {
    return mockFetch((request: SentRequest) => {
      const path = request.path.split('?')[0];
      if (path === '/api/cs/chat/window')
        return jsonResponse(200, { roomId: 'room-1', internal: false, open: true, closesAt: null });
      if (path === '/api/cs/chatTemplate')
        return jsonResponse(200, { items: [FOLLOW_UP, THANKS], total: 2, pageNumber: 0, pageSize: 200 });
      if (path === '/api/cs/chat' && request.method === 'POST')
        return jsonResponse(201, buildMessage({ id: 'sent-1', fromCs: true, status: 'sent' }));
      return errorResponse(404, 'not_found', path ?? '');
    });
  }

  it('opens a filtered picker on `/`, and Enter inserts the highlighted template without sending', async () => {
    const { requests } = shortcutServer();
    renderWithProviders(<Composer roomId="room-1" />);
    const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    const user = userEvent.setup();
    await user.type(box, 'Baik. /');
    const picker = await screen.findByRole('listbox', { name: 'Chat templates' });
    expect(within(picker).getAllByRole('option')).toHaveLength(2);

    await user.type(box, 'tha');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['/thanksThank youTerima kasih!']);
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(box.value).toBe('Baik. Terima kasih!'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(posts(requests, '/api/cs/chat')).toHaveLength(0);

    // Now Enter sends what was inserted.
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(posts(requests, '/api/cs/chat')).toHaveLength(1));
    expect(posts(requests, '/api/cs/chat')[0]?.body).toMatchObject({ content: 'Baik. Terima kasih!' });
  });

  it('moves with the arrow keys, asks for the parameters and marks what is still to fill', async () => {
    shortcutServer();
    renderWithProviders(<Composer roomId="room-1" />);
    const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    const user = userEvent.setup();
    await user.type(box, '/');
    const picker = await screen.findByRole('listbox');
    const options = () => within(picker).getAllByRole('option');
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    // `follow` sorts before `thanks`: the first is the order follow-up with one placeholder.
    expect(options()[0]?.textContent).toContain('/follow');
    await user.keyboard('{Enter}');

    const form = await screen.findByRole('form', { name: 'Fill in “order_follow_up”' });
    expect(within(form).getByTestId('template-parameters-preview').querySelector('mark')?.textContent).toBe(
      '{{1}}',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Value for 1' }), 'Rina{Enter}');
    await vi.waitFor(() => expect(box.value).toBe('Halo Rina, pesanan Anda sudah kami proses.'));
    expect(screen.queryByTestId('template-parameters')).toBeNull();
  });

  it('closes on Escape and then lets Enter send the typed text as it is', async () => {
    const { requests } = shortcutServer();
    renderWithProviders(<Composer roomId="room-1" />);
    const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    const user = userEvent.setup();
    await user.type(box, '/tha');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(posts(requests, '/api/cs/chat')).toHaveLength(1));
    expect(posts(requests, '/api/cs/chat')[0]?.body).toMatchObject({ content: '/tha' });
  });
});

describe('sending an image by link', () => {
  it('sends only a link to one of our files, refusing another site’s before asking the server', async () => {
    const { requests } = server(() => ({ open: true, closesAt: null }));
    renderWithProviders(<Composer roomId="room-1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send an image by link' }));
    const link = await screen.findByRole('textbox', { name: /Image link/ });
    await user.type(link, 'https://tracker.example.net/pixel.gif');
    await user.click(screen.getByRole('button', { name: 'Send image' }));
    expect(
      await screen.findByText(
        'Enter a link to an image in Sapa (/api/files/…); links to other sites are not allowed.',
      ),
    ).toBeTruthy();
    expect(posts(requests, '/api/cs/chat')).toHaveLength(0);

    await user.clear(link);
    await user.type(link, '/api/files/0193a2b4-0000-7000-8000-000000000001');
    await user.click(screen.getByRole('button', { name: 'Send image' }));
    await vi.waitFor(() => expect(posts(requests, '/api/cs/chat')).toHaveLength(1));
    expect(posts(requests, '/api/cs/chat')[0]?.body).toMatchObject({
      roomId: 'room-1',
      type: 'image',
      url: '/api/files/0193a2b4-0000-7000-8000-000000000001',
    });
  });
});
