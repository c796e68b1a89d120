import type { CsExport } from '@sapa/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
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

const anExport = (overrides: Partial<CsExport>): CsExport => ({
  id: 'export-1',
  kind: 'chatroomHistory',
  asType: 'csv',
  status: 'running',
  progress: 40,
  total: 10,
  processed: 4,
  fileName: null,
  error: null,
  request: { query: { startDate: '2026-11-01', endDate: '2026-11-20' } },
  requestedBy: 'adc@demo.test',
  createdAt: '2026-11-23T03:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const page = (items: CsExport[]) =>
  jsonResponse(200, { items, total: items.length, pageNumber: 1, pageSize: 10 });

describe('exports page', () => {
  it('asks again while an export is being built and offers its file once ready', async () => {
    let polls = 0;
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (!request.path.startsWith('/api/cs/exports?')) return undefined;
        polls += 1;
        return page([
          polls === 1
            ? anExport({})
            : anExport({ status: 'done', progress: 100, processed: 10, fileName: 'chatroom-history.csv' }),
        ]);
      },
    });
    renderApp('/exports');
    const table = await screen.findByRole('table', { name: 'Exports' });
    expect(within(table).getByText('Building')).toBeTruthy();
    expect(within(table).getByText('4 of 10 rows')).toBeTruthy();
    expect(within(table).getByText('Closed 2026-11-01 – 2026-11-20')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Download' })).toBeNull();

    expect(await within(table).findByRole('button', { name: 'Download' }, { timeout: 5_000 })).toBeTruthy();
    expect(within(table).getByText('Ready')).toBeTruthy();
    const listCalls = requests.filter((request) => request.path.startsWith('/api/cs/exports?'));
    expect(listCalls[0]!.path).toBe('/api/cs/exports?pageNumber=1&pageSize=10');
  });

  it('requests a chat-history export for the dates given, every matching room', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/cs/exports?')) return page([]);
        if (request.path === '/api/cs/exportChatroomHistory' && request.method === 'POST')
          return jsonResponse(202, anExport({ status: 'queued', progress: 0 }));
        return undefined;
      },
    });
    renderApp('/exports');
    expect(await screen.findByText('No exports yet: start one with New export.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Chat history' }));
    const form = await screen.findByRole('form', { name: 'Export chat history' });
    await user.type(within(form).getByLabelText('Closed from'), '2026-11-01');
    await user.type(within(form).getByLabelText('Closed to'), '2026-11-20');
    await user.click(within(form).getByRole('button', { name: 'Start export' }));
    await waitFor(() =>
      // Only the export request: the page's metrics report is a POST too, and may come first.
      expect(
        requests.find(
          (request) => request.method === 'POST' && request.path === '/api/cs/exportChatroomHistory',
        )?.body,
      ).toEqual({
        asType: 'csv',
        pageSize: -1,
        startDate: '2026-11-01',
        endDate: '2026-11-20',
      }),
    );
  });

  it('offers customer exports to admins only', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'USC', chatRole: 'CS' }) });
    mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => (request.path.startsWith('/api/cs/exports?') ? page([]) : undefined),
    });
    renderApp('/exports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New export' }));
    expect(await screen.findByRole('menuitem', { name: 'Chat history' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Customers' })).toBeNull();
  });
});
