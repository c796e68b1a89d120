import { CS_CONFIG_DEFAULTS, type CsConfig } from '@sapa/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRoom } from '../../../test/chat-fixtures';
import { errorResponse, jsonResponse, mockFetch, type SentRequest } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { CloseRoomDialog } from './close-room-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REMARK = {
  id: 'tpl-r',
  name: 'Resolved',
  content: 'Resolved: answered the customer',
  shortcut: null,
  isClosingRemark: true,
  active: true,
};

function server(config: Partial<CsConfig>, history: ReturnType<typeof buildRoom>[] = []) {
  return mockFetch((request: SentRequest) => {
    const path = request.path.split('?')[0];
    if (path === '/api/cs/chatRoom/history' && request.method === 'POST')
      return jsonResponse(200, { items: history, lastEvaluatedKey: null, total: history.length });
    if (path === '/api/cs/configuration')
      return jsonResponse(200, {
        clientId: 'client-1',
        config: { ...CS_CONFIG_DEFAULTS, ...config },
        defaultBot: null,
      });
    if (path === '/api/cs/chatTemplate') return jsonResponse(200, { items: [REMARK], total: 1 });
    if (path === '/api/cs/roomCategory')
      return jsonResponse(200, {
        items: [{ id: 'cat-1', name: 'Delivery', createdAt: '2026-11-01T00:00:00Z' }],
      });
    if (path === '/api/cs/chatRoom/category')
      return jsonResponse(200, buildRoom({ category: { id: 'cat-1', name: 'Delivery' } }));
    if (path === '/api/cs/chatRoom' && request.method === 'DELETE')
      return jsonResponse(
        200,
        buildRoom({ status: 'closed', remarks: (request.body as { remarks?: string }).remarks ?? null }),
      );
    return errorResponse(404, 'not_found', path ?? '');
  });
}

describe('close dialog', () => {
  it('requires remarks and a category when the configuration says so, then closes', async () => {
    const { requests } = server({
      mandatoryRemarksTemplate: true,
      mandatoryCategory: true,
      showTemplateClosingRemarks: true,
    });
    const onClose = vi.fn();
    renderWithProviders(<CloseRoomDialog room={buildRoom()} opened forceClose={false} onClose={onClose} />);
    const form = await screen.findByRole('form', { name: 'Close conversation' });
    const user = userEvent.setup();

    await user.click(within(form).getByRole('button', { name: 'Close conversation' }));
    expect(await within(form).findByText('Closing remarks are required')).toBeTruthy();
    expect(within(form).getByText('Pick a category before closing')).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    // The remarks template fills the remarks; the category is picked in the dialog.
    await user.click(within(form).getByRole('combobox', { name: 'Closing remarks template' }));
    await user.click(await screen.findByRole('option', { name: 'Resolved' }));
    expect((within(form).getByRole('textbox', { name: /^Remarks/ }) as HTMLTextAreaElement).value).toBe(
      REMARK.content,
    );
    await user.click(within(form).getByRole('combobox', { name: /^Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Delivery' }));
    await user.click(within(form).getByRole('button', { name: 'Close conversation' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const category = requests.find((request) => request.path.startsWith('/api/cs/chatRoom/category'));
    expect(category?.path).toContain('categoryId=cat-1');
    const close = requests.find((request) => request.method === 'DELETE');
    expect(close?.body).toEqual({ roomId: 'room-1', remarks: REMARK.content });
    expect(requests.indexOf(category!)).toBeLessThan(requests.indexOf(close!));
  });

  it('closes without remarks or category when neither is required, and force-closes for a supervisor', async () => {
    const { requests } = server({});
    const onClose = vi.fn();
    renderWithProviders(
      <CloseRoomDialog room={buildRoom({ csId: 'cs-2' })} opened forceClose onClose={onClose} />,
    );
    const form = await screen.findByRole('form', { name: 'Close conversation' });
    expect(within(form).queryByRole('combobox', { name: 'Closing remarks template' })).toBeNull();
    expect(within(form).queryByRole('combobox', { name: /^Category/ })).toBeNull();
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Force close' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const close = requests.find((request) => request.method === 'DELETE');
    expect(close?.path).toBe('/api/cs/chatRoom?forceClose=true');
    expect(close?.body).toEqual({ roomId: 'room-1' });
  });

  it('shows the server’s refusal when remarks became required meanwhile', async () => {
    mockFetch((request: SentRequest) => {
      const path = request.path.split('?')[0];
      if (path === '/api/cs/configuration')
        return jsonResponse(200, { clientId: 'client-1', config: CS_CONFIG_DEFAULTS, defaultBot: null });
      if (path === '/api/cs/chatRoom')
        return errorResponse(400, 'remarks_required', 'Closing remarks are required');
      return jsonResponse(200, { items: [] });
    });
    renderWithProviders(<CloseRoomDialog room={buildRoom()} opened forceClose={false} onClose={vi.fn()} />);
    const form = await screen.findByRole('form', { name: 'Close conversation' });
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Close conversation' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Closing remarks are required');
  });

  it('offers to merge into the customer’s previous conversation and closes with isMarge', async () => {
    const earlier = (id: string, shortId: number, createdAt: string, channel = 'whatsapp') =>
      buildRoom({ id, shortId, status: 'closed', createdAt, channel });
    const { requests } = server({}, [
      earlier('room-old', 7, '2026-10-01T00:00:00.000Z'),
      earlier('room-prev', 9, '2026-11-10T00:00:00.000Z'),
      earlier('room-tg', 10, '2026-11-20T00:00:00.000Z', 'telegram'),
    ]);
    const onClose = vi.fn();
    renderWithProviders(<CloseRoomDialog room={buildRoom()} opened forceClose={false} onClose={onClose} />);
    const form = await screen.findByRole('form', { name: 'Close conversation' });
    // The latest closed conversation on the same channel: the one the server merges into.
    const merge = await within(form).findByRole('checkbox', {
      name: 'Merge into the customer’s previous conversation #9',
    });
    expect(
      within(form).getByText(
        'Its messages move into that closed conversation, so the customer’s history reads as one.',
      ),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(merge);
    await user.click(within(form).getByRole('button', { name: 'Close conversation' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const close = requests.find((request) => request.method === 'DELETE');
    expect(close?.path).toBe('/api/cs/chatRoom?isMarge=true');
  });

  it('offers no merge when the customer has no earlier closed conversation, and closes without it', async () => {
    const { requests } = server({}, []);
    const onClose = vi.fn();
    renderWithProviders(<CloseRoomDialog room={buildRoom()} opened forceClose={false} onClose={onClose} />);
    const form = await screen.findByRole('form', { name: 'Close conversation' });
    await vi.waitFor(() =>
      expect(requests.some((request) => request.path.startsWith('/api/cs/chatRoom/history'))).toBe(true),
    );
    expect(within(form).queryByRole('checkbox')).toBeNull();
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Close conversation' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((request) => request.method === 'DELETE')?.path).toBe('/api/cs/chatRoom');
  });
});
