import { CS_CONFIG_DEFAULTS } from '@sapa/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { buildRoom } from '../../../test/chat-fixtures';
import { jsonResponse, mockFetch, type SentRequest } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { CustomerPanel } from './customer-panel';

const agent = (id: string, name: string) => ({
  csId: id,
  id,
  kind: 'cs',
  userId: null,
  name,
  csName: name,
  email: `${id}@demo.test`,
  tags: [],
  activeBot: false,
  botName: null,
  csData: {},
  percentageWeight: 50,
  capacity: 10,
  deactivated: false,
  deleted: false,
  isDeleted: false,
  oneSignalId: null,
  status: 'online',
  statusSince: '2026-11-23T08:00:00.000Z',
});

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'USC', chatRole: 'CS', csId: 'cs-1' }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('customer panel', () => {
  it('lists the customer’s past conversations with the colleague who handled each', async () => {
    const past = buildRoom({
      id: 'room-0',
      shortId: 7,
      csId: 'cs-2',
      status: 'closed',
      closedAt: '2026-11-20T09:00:00.000Z',
      remarks: 'Alamat diperbarui',
    });
    const { requests } = mockFetch((request: SentRequest) => {
      const path = request.path.split('?')[0];
      if (path === '/api/cs/chatRoom/history')
        return jsonResponse(200, { items: [past], lastEvaluatedKey: null, total: 1 });
      if (path === '/api/cs/customerService')
        return jsonResponse(200, {
          items: [agent('cs-1', 'Ayu'), agent('cs-2', 'Eko')],
          lastEvaluatedKey: null,
        });
      if (path === '/api/cs/configuration')
        return jsonResponse(200, { clientId: 'client-1', config: CS_CONFIG_DEFAULTS, defaultBot: null });
      return jsonResponse(404, { error: { code: 'customer_not_found', message: 'Customer not found' } });
    });
    renderWithProviders(<CustomerPanel room={buildRoom()} />);
    const list = await screen.findByRole('list', { name: 'Past conversations' });
    expect(await within(list).findByText('Handled by Eko')).toBeTruthy();
    expect(within(list).getByText('Alamat diperbarui')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/cs/chatRoom/history')).toMatchObject({
      method: 'POST',
      body: { customerPhoneNumber: '6281200000001' },
    });
  });
});
