import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { fillField } from '../../../test/fill-field';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';
import { EMPTY_HISTORY_FILTERS, historyQueryParams } from '../api/cs-history-api';

const room = {
  id: 'room-1',
  roomId: 'room-1',
  shortId: 42,
  clientId: 'client-1',
  customerPhoneNumber: '6281299990001',
  phoneNumber: '6281299990001',
  name: 'Rina',
  csId: 'cs-1',
  status: 'closed',
  createdAt: '2026-11-20T08:00:00.000Z',
  assignedAt: null,
  closedAt: '2026-11-20T09:00:00.000Z',
  closedBy: 'usv@demo.test',
  priority: null,
  category: null,
  tags: [],
  remarks: 'Paket sudah sampai',
  mediaPlatform: 'whatsapp',
  channel: 'whatsapp',
  campaign: null,
  isBot: false,
  isInternal: false,
  mergedInto: null,
  assignmentReason: null,
  lastMessage: null,
  unreadCount: 0,
};
const agent = { csId: 'cs-1', name: 'Budi Santoso', email: 'budi@demo.test' };

const message = (id: string, at: string, fields: Record<string, unknown>) => ({
  messageId: id,
  id,
  roomId: 'room-1',
  type: 'text',
  url: null,
  mimeType: null,
  isInternal: false,
  status: null,
  error: null,
  providerMessageId: null,
  replyToProviderMessageId: null,
  reaction: null,
  readAt: null,
  createdAt: at,
  csId: null,
  fromCs: false,
  ...fields,
});
// Newest first, as the API pages them: the customer, Budi, then the supervisor after a transfer.
const TRANSCRIPT = [
  message('m3', '2026-11-20T08:40:00.000Z', { content: 'Sudah saya cek', fromCs: true, csId: 'cs-9' }),
  message('e1', '2026-11-20T08:30:00.000Z', {
    type: 'room_event',
    content: JSON.stringify({
      event: 'transferred',
      from: 'Budi Santoso',
      to: 'Sari Supervisor',
      tag: null,
      by: 'Budi Santoso',
    }),
    fromCs: true,
    csId: 'cs-1',
    isInternal: true,
  }),
  message('m2', '2026-11-20T08:10:00.000Z', { content: 'Sebentar ya', fromCs: true, csId: 'cs-1' }),
  message('m1', '2026-11-20T08:05:00.000Z', { content: 'Paket saya belum sampai' }),
];

beforeEach(() => {
  resetShell();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(exports: (request: SentRequest) => Response | undefined = () => undefined) {
  return mockShellApi(useSessionStore.getState().session!, {
    routes: (request) => {
      const answer = exports(request);
      if (answer) return answer;
      const path = request.path.split('?')[0];
      if (path === '/api/cs/chatRoom/history')
        return jsonResponse(200, { items: [room], lastEvaluatedKey: null, total: 1 });
      if (path === '/api/cs/customerService')
        return jsonResponse(200, {
          items: [
            {
              ...agent,
              id: 'cs-1',
              kind: 'cs',
              userId: null,
              csName: agent.name,
              tags: ['billing'],
              activeBot: false,
              botName: null,
              csData: {},
              percentageWeight: 100,
              capacity: 5,
              deactivated: false,
              deleted: false,
              isDeleted: false,
              oneSignalId: null,
              status: 'online',
              statusSince: '2026-11-23T08:00:00.000Z',
            },
          ],
          lastEvaluatedKey: null,
        });
      if (path === '/api/cs/customerService/tags') return jsonResponse(200, { tags: ['billing'] });
      if (path === '/api/cs/chat') return jsonResponse(200, { items: TRANSCRIPT, lastEvaluatedKey: null });
      if (path === '/api/cs/roomCategory')
        return jsonResponse(200, {
          items: [{ id: 'cat-1', name: 'Delivery', createdAt: '2026-11-01T00:00:00.000Z' }],
        });
      if (path === '/api/cs/exportChatroomHistory')
        return jsonResponse(200, { items: [], total: 0, pageNumber: 1, pageSize: 5 });
      return undefined;
    },
  });
}

const historyCalls = (requests: { path: string }[]) =>
  requests
    .filter((request) => request.path.startsWith('/api/cs/chatRoom/history'))
    .map((request) => Object.fromEntries(new URL(request.path, 'http://x').searchParams));

describe('a closed room’s transcript', () => {
  it('names who sent each reply, shows the recorded transfer and the close inline, in the client’s time zone', async () => {
    useSessionStore.setState({
      session: buildSession({
        role: 'USV',
        chatRole: 'SPV',
        csId: 'cs-9',
        name: 'Sari Supervisor',
        email: 'usv@demo.test',
      }),
    });
    serve();
    renderApp('/customerService/chatHistory');
    await userEvent.setup().click(await screen.findByText('#42'));
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await within(log).findByText('Sebentar ya');
    const text = log.textContent ?? '';
    expect(text).toContain('Budi Santoso');
    expect(text).toContain('Sari Supervisor');
    // The transfer as the server recorded it, where it happened (not guessed from who answered).
    expect(within(log).getByTestId('transcript-room-event').textContent).toMatch(
      /^Transferred from Budi Santoso to Sari Supervisor by Budi Santoso · /,
    );
    expect(within(log).getByTestId('transcript-closed').textContent).toMatch(
      /^Closed by Sari Supervisor · .*Paket sudah sampai$/,
    );
    // 08:05 UTC is 3:05 PM in Jakarta, the client's zone, whatever the browser's.
    expect(text).toContain('3:05');
    expect(text).not.toContain('8:05');
  });
});

describe('chat history filters', () => {
  it('turns the filters into the API’s query parameters, trimmed, blanks left out', () => {
    expect(
      historyQueryParams({ ...EMPTY_HISTORY_FILTERS, shortId: ' 42 ', remarks: '  ', csTag: 'vip' }, 2, 10),
    ).toEqual({ status: 'closed', shortId: '42', csTag: 'vip', pageSize: 10, pageNumber: 2 });
  });

  it('sends every filter the supervisor sets when they search', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'USV', chatRole: 'SPV' }) });
    const { requests } = serve();
    renderApp('/customerService/chatHistory');
    expect(await screen.findByText('#42')).toBeTruthy();
    expect(historyCalls(requests)[0]).toEqual({ status: 'closed', pageSize: '10', pageNumber: '1' });

    const form = screen.getByRole('form', { name: 'History filters' });
    const user = userEvent.setup({ delay: null });
    await fillField(user, within(form).getByLabelText('Room number'), ' 42 ');
    await fillField(user, within(form).getByLabelText('Customer name'), 'Rina');
    await fillField(user, within(form).getByLabelText('Customer phone'), '6281299990001');
    await fillField(user, within(form).getByLabelText('Remarks'), 'Paket');
    await fillField(user, within(form).getByLabelText('Agent email'), 'budi@demo.test');
    await fillField(user, within(form).getByLabelText('Closed by (email)'), 'usv@demo.test');
    await fillField(user, within(form).getByLabelText('Platform'), 'whatsapp');
    await user.click(within(form).getByRole('combobox', { name: 'Agent' }));
    await user.click(await screen.findByRole('option', { name: 'Budi Santoso' }));
    await user.click(within(form).getByRole('combobox', { name: 'Agent tag' }));
    await user.click(await screen.findByRole('option', { name: 'billing' }));
    await user.click(within(form).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Delivery' }));
    await user.type(within(form).getByLabelText('Closed from'), '2026-11-01');
    await user.type(within(form).getByLabelText('Closed until'), '2026-11-30');
    await user.click(within(form).getByRole('button', { name: 'Search' }));

    await vi.waitFor(() => expect(historyCalls(requests).length).toBe(2));
    expect(historyCalls(requests)[1]).toEqual({
      status: 'closed',
      shortId: '42',
      name: 'Rina',
      customerPhoneNumber: '6281299990001',
      remarks: 'Paket',
      csEmail: 'budi@demo.test',
      closedBy: 'usv@demo.test',
      mediaPlatform: 'whatsapp',
      csId: 'cs-1',
      csTag: 'billing',
      categoryName: 'Delivery',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      pageSize: '10',
      pageNumber: '1',
    });
  });

  it('does not offer the agent filters to an agent, who sees only their own rooms', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'USC', chatRole: 'CS', csId: 'cs-1' }) });
    serve();
    renderApp('/customerService/chatHistory');
    expect(await screen.findByText('#42')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'History filters' });
    expect(within(form).queryByLabelText('Agent email')).toBeNull();
    expect(within(form).queryByRole('combobox', { name: 'Agent' })).toBeNull();
    expect(screen.getByText(/Your closed chat rooms/)).toBeTruthy();
  });

  it('exports the filtered history through the job, follows its progress and offers the file when done', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'USV', chatRole: 'SPV' }) });
    const job = {
      id: 'exp-1',
      kind: 'chatroomHistory',
      asType: 'csv',
      status: 'queued',
      progress: 0,
      total: null,
      processed: 0,
      fileName: null,
      error: null,
      request: {},
      requestedBy: 'usv@demo.test',
      createdAt: '2026-11-23T08:00:00.000Z',
      finishedAt: null,
    };
    let listed: object[] = [];
    const { requests } = serve((request) => {
      if (!request.path.startsWith('/api/cs/exportChatroomHistory')) return undefined;
      if (request.method === 'POST') {
        listed = [{ ...job, status: 'running', progress: 50, total: 2, processed: 1 }];
        return jsonResponse(202, job);
      }
      const answer = jsonResponse(200, { items: listed, total: listed.length, pageNumber: 1, pageSize: 5 });
      if (listed.length)
        listed = [{ ...job, status: 'done', progress: 100, total: 2, processed: 2, fileName: 'history.csv' }];
      return answer;
    });
    renderApp('/customerService/chatHistory');
    expect(await screen.findByText('No export requested yet.')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Remarks'), 'Paket');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Running')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Download' }, { timeout: 5_000 })).toBeTruthy();
    const sent = requests.find(
      (request) => request.method === 'POST' && request.path === '/api/cs/exportChatroomHistory',
    );
    expect(sent?.body).toEqual({ status: 'closed', remarks: 'Paket', asType: 'csv', pageSize: -1 });
  });
});
