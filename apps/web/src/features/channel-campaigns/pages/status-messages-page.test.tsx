import type { Export, StatusMessage } from '@sapa/contracts';
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
  useSessionStore.setState({ session: buildSession({ role: 'ADC', features: ['SMS', 'WHATSAPP'] }) });
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const aMessage: StatusMessage = {
  notificationId: 'n-1',
  batchId: 'b-1',
  campaignId: 'c-1',
  campaignCode: 'TAGIHAN-01',
  campaignName: 'Tagihan November',
  channel: 'SMS',
  recipient: '6281271000001',
  status: 'delivered',
  attempts: 1,
  providerMessageId: 'A1B2C3D4E5F60708',
  errorCode: null,
  errorMessage: null,
  createdAt: '2026-11-27T01:00:00.000Z',
  dueAt: '2026-11-27T01:00:00.000Z',
  sentAt: '2026-11-27T01:00:01.000Z',
  deliveredAt: '2026-11-27T01:00:03.000Z',
  readAt: null,
  updatedAt: '2026-11-27T01:00:03.000Z',
};

const anExport = (overrides: Partial<Export>): Export => ({
  id: 'export-1',
  kind: 'campaignStatusMessages',
  asType: 'csv',
  status: 'queued',
  progress: 0,
  total: null,
  processed: 0,
  fileName: null,
  error: null,
  request: { channel: 'SMS', sort: 'newest' },
  requestedBy: 'adc@demo.test',
  createdAt: '2026-11-27T02:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const page = <T,>(items: T[]) =>
  jsonResponse(200, { items, total: items.length, pageNumber: 0, pageSize: 10 });

describe('status messages', () => {
  it("lists today's messages of the channel, then exports them as a job: progress, then the file", async () => {
    let polls = 0;
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        const path = request.path;
        if (path.startsWith('/api/campaigns/status-messages?')) return page([aMessage]);
        if (path === '/api/campaigns/status-messages/exports' && request.method === 'POST')
          return jsonResponse(202, anExport({}));
        if (path.startsWith('/api/campaigns/status-messages/exports?')) {
          polls += 1;
          return page([
            polls === 1
              ? anExport({ status: 'running', progress: 40, total: 10, processed: 4 })
              : anExport({
                  status: 'done',
                  progress: 100,
                  total: 10,
                  processed: 10,
                  fileName: 'status-messages.csv',
                }),
          ]);
        }
        if (path === '/api/campaigns/status-messages/exports/export-1/file')
          return new Response('notificationId\nn-1\n', {
            status: 200,
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="status-messages.csv"',
            },
          });
        return undefined;
      },
    });
    renderApp('/sms/status-messages');
    const table = await screen.findByRole('table', { name: 'Status messages' });
    expect(await within(table).findByText('6281271000001')).toBeTruthy();
    expect(within(table).getByText('TAGIHAN-01')).toBeTruthy();
    expect(within(table).getByText('Delivered')).toBeTruthy();
    const listCall = requests.find((request) => request.path.startsWith('/api/campaigns/status-messages?'));
    expect(listCall!.path).toContain('channel=SMS');
    expect(listCall!.path).toContain('sort=newest');
    expect(listCall!.path).toContain('pageNumber=0');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const job = await screen.findByRole('region', { name: 'Your export' });
    await waitFor(() =>
      expect(
        requests.find(
          (request) => request.method === 'POST' && request.path.endsWith('/status-messages/exports'),
        )?.body,
      ).toMatchObject({ channel: 'SMS', sort: 'newest' }),
    );
    expect(await within(job).findByText('4 of 10 rows')).toBeTruthy();
    expect(within(job).getByText('Building')).toBeTruthy();
    expect(within(job).queryByRole('button', { name: 'Download' })).toBeNull();

    const download = await within(job).findByRole('button', { name: 'Download' }, { timeout: 5_000 });
    expect(within(job).getByText('Ready')).toBeTruthy();
    await user.click(download);
    await waitFor(() =>
      expect(
        requests.some((request) => request.path === '/api/campaigns/status-messages/exports/export-1/file'),
      ).toBe(true),
    );
  });

  it('says why, without a retry, when the server refuses the reader', async () => {
    mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) =>
        request.path.startsWith('/api/campaigns/status-messages?')
          ? errorResponse(
              403,
              'forbidden',
              "Only the client's admins and the SMS makers and checkers may do this.",
            )
          : undefined,
    });
    renderApp('/sms/status-messages');
    expect(await screen.findByText(/Only the client's admins and the SMS makers/)).toBeTruthy();
    expect(screen.getByText('Not available to you')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
