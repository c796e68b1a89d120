import type { ChatTemplate, RoomCategory } from '@sapa/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const template: ChatTemplate = {
  id: 'template-1',
  name: 'Thanks',
  content: 'Terima kasih',
  shortcut: '/thx',
  isClosingRemark: false,
  active: true,
  createdBy: 'adc@demo.test',
  createdAt: '2026-11-23T03:00:00.000Z',
  updatedAt: '2026-11-23T03:00:00.000Z',
};

describe('chat templates', () => {
  it('checks a new template before sending it and shows a taken name under the name field', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/cs/chatTemplate?'))
          return jsonResponse(200, { items: [template], total: 1, pageNumber: 1, pageSize: 10 });
        if (request.path === '/api/cs/chatTemplate' && request.method === 'PUT')
          return errorResponse(409, 'template_exists', 'A chat template with this name already exists');
        return undefined;
      },
    });
    renderApp('/config/chatTemplate');
    expect(await screen.findByRole('cell', { name: 'Thanks' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New template' }));
    const form = await screen.findByRole('form', { name: 'New chat template' });
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(within(form).getByText('Enter a name')).toBeTruthy();
    expect(within(form).getByText('Enter the text of the template')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(within(form).getByLabelText(/^Name/), 'Thanks');
    await user.type(within(form).getByLabelText(/^Text/), 'Terima kasih banyak');
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await within(form).findByText('A chat template with this name already exists')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'Thanks',
      content: 'Terima kasih banyak',
      shortcut: null,
      isClosingRemark: false,
      active: true,
    });
  });

  it('deactivates a template through the action path', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/cs/chatTemplate?'))
          return jsonResponse(200, { items: [template], total: 1, pageNumber: 1, pageSize: 10 });
        if (request.path === '/api/cs/chatTemplate/action')
          return jsonResponse(200, { action: 'deactivate', affected: 1 });
        return undefined;
      },
    });
    renderApp('/config/chatTemplate');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Thanks' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/api/cs/chatTemplate/action')?.body).toEqual({
        action: 'deactivate',
        ids: ['template-1'],
      }),
    );
  });
});

describe('room categories', () => {
  it('adds a category and says so when the name is taken', async () => {
    const categories: RoomCategory[] = [
      { id: 'cat-1', name: 'Billing', createdAt: '2026-11-23T03:00:00.000Z' },
    ];
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path !== '/api/cs/roomCategory') return undefined;
        if (request.method === 'GET') return jsonResponse(200, { items: categories });
        const { name } = request.body as { name: string };
        if (name === 'Billing')
          return errorResponse(409, 'category_exists', 'A room category with this name already exists');
        const created = { id: 'cat-2', name, createdAt: '2026-11-23T04:00:00.000Z' };
        categories.push(created);
        return jsonResponse(201, created);
      },
    });
    renderApp('/config/roomCategory');
    expect(await screen.findByRole('cell', { name: 'Billing' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New category' }));
    const form = await screen.findByRole('form', { name: 'New room category' });
    await user.type(within(form).getByLabelText(/^Name/), 'Billing');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A category with this name already exists')).toBeTruthy();

    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Shipping');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('cell', { name: 'Shipping' })).toBeTruthy();
    expect(
      requests
        .filter((request) => request.method === 'POST' && request.path === '/api/cs/roomCategory')
        .map((request) => request.body),
    ).toEqual([{ name: 'Billing' }, { name: 'Shipping' }]);
  });
});
