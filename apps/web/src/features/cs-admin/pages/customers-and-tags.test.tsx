import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const customer = {
  id: 'cust-1',
  phoneNumber: '6281234500001',
  name: 'Rina Kartika',
  tags: ['vip', 'billing'],
  userData: {},
  mediaPlatform: 'whatsapp',
  imgProfileUrl: null,
  csId: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};
const tag = { id: 'tag-1', name: 'vip', description: 'Big spenders', createdAt: '2026-11-01T00:00:00.000Z' };

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(extra: (request: SentRequest) => Response | undefined = () => undefined) {
  return mockShellApi(useSessionStore.getState().session!, {
    routes: (request) => {
      const answer = extra(request);
      if (answer) return answer;
      const path = request.path.split('?')[0];
      if (path === '/api/cs/customers' && request.method === 'GET')
        return jsonResponse(200, { items: [customer], lastEvaluatedKey: null });
      if (path === '/api/cs/customers/tags') return jsonResponse(200, { tags: ['billing', 'vip'] });
      if (path === '/api/cs/tag/list' && request.method === 'GET')
        return jsonResponse(200, { items: [tag], total: 1, pageNumber: 1, pageSize: 10 });
      return undefined;
    },
  });
}

describe('customers', () => {
  it('adds and takes away tags with one upsert (tags added, removeTag taken away)', async () => {
    const { requests } = serve((request) =>
      request.method === 'POST' && request.path === '/api/cs/customers'
        ? jsonResponse(200, { ...customer, tags: ['vip', 'loyal'] })
        : undefined,
    );
    renderApp('/customers');
    expect(await screen.findByText('Rina Kartika')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Edit tags' }));
    const form = await screen.findByRole('form', { name: 'Edit tags' });
    const field = within(form).getByRole('combobox', { name: /Tags/ });
    await user.type(field, 'loyal{enter}');
    // The pill's remove button for "billing".
    const billing = within(form).getByText('billing').closest('.mantine-Pill-root') as HTMLElement;
    await user.click(within(billing).getByRole('button', { hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The tags were saved.')).toBeTruthy();
    const sent = requests.find(
      (request) => request.method === 'POST' && request.path === '/api/cs/customers',
    );
    expect(sent?.body).toEqual({ phoneNumber: '6281234500001', tags: ['loyal'], removeTag: ['billing'] });
  });

  it('asks the tag endpoint when filtering by tags', async () => {
    const { requests } = serve((request) =>
      request.path.startsWith('/api/cs/customers/data/tags')
        ? jsonResponse(200, { items: [customer], lastEvaluatedKey: null })
        : undefined,
    );
    renderApp('/customers');
    expect(await screen.findByText('Rina Kartika')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Filter by tags' }));
    await user.click(await screen.findByRole('option', { name: 'vip' }));
    await vi.waitFor(() =>
      expect(
        requests.some((request) => request.path.startsWith('/api/cs/customers/data/tags?tags=vip')),
      ).toBe(true),
    );
  });
});

describe('tag list', () => {
  it('deletes a tag after the confirmation', async () => {
    const { requests } = serve((request) =>
      request.method === 'DELETE' ? jsonResponse(200, tag) : undefined,
    );
    renderApp('/tag');
    expect(await screen.findByText('Big spenders')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the tag?' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The tag vip was deleted.')).toBeTruthy();
    expect(requests.find((request) => request.method === 'DELETE')?.path).toBe('/api/cs/tag/list?id=tag-1');
  });

  it('shows that a name is taken under the name field', async () => {
    serve((request) =>
      request.method === 'POST' && request.path === '/api/cs/tag/list'
        ? errorResponse(409, 'tag_exists', 'A tag with this name already exists')
        : undefined,
    );
    renderApp('/tag');
    expect(await screen.findByText('Big spenders')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'New tag' }));
    const form = await screen.findByRole('form', { name: 'New tag' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Enter a name.')).toBeTruthy();
    await user.type(within(form).getByLabelText(/^Tag/), 'vip');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('A tag with this name already exists')).toBeTruthy();
  });
});
