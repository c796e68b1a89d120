import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const agent = {
  csId: 'cs-1',
  id: 'cs-1',
  kind: 'cs',
  userId: null,
  name: 'Budi Santoso',
  csName: 'Budi Santoso',
  email: 'budi@demo.test',
  tags: ['billing'],
  activeBot: false,
  botName: null,
  csData: {},
  percentageWeight: 60,
  capacity: 5,
  deactivated: false,
  deleted: false,
  isDeleted: false,
  oneSignalId: null,
  status: 'online',
  statusSince: '2026-11-23T08:00:00.000Z',
  lastLogin: null,
  lastLogout: null,
};

beforeEach(() => {
  resetShell();
  useSessionStore.setState({
    session: buildSession({ role: 'USV', chatRole: 'SPV', email: 'usv@demo.test' }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(create: (request: SentRequest) => Response) {
  return mockShellApi(useSessionStore.getState().session!, {
    routes: (request) => {
      const path = request.path.split('?')[0];
      if (path === '/api/cs/customerService' && request.method === 'GET')
        return jsonResponse(200, { items: [agent], lastEvaluatedKey: null });
      if (path === '/api/cs/customerService/tags') return jsonResponse(200, { tags: ['billing', 'sales'] });
      if (path === '/api/cs/tag/list')
        return jsonResponse(200, { items: [], total: 0, pageNumber: 1, pageSize: 500 });
      if (path === '/api/cs/customerService' && request.method === 'POST') return create(request);
      return undefined;
    },
  });
}

async function openNewAgentForm() {
  renderApp('/customerService/manage');
  expect(await screen.findByText('Budi Santoso')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'New agent' }));
  return screen.findByRole('form', { name: 'New agent' });
}

describe('agent form', () => {
  it('checks name, email and weight before sending anything', async () => {
    const { requests } = serve(() => jsonResponse(201, agent));
    const form = await openNewAgentForm();
    const user = userEvent.setup({ delay: null });
    await user.type(within(form).getByLabelText(/Email/), 'not-an-email');
    await user.clear(within(form).getByLabelText(/Routing weight/));
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await within(form).findByText('Enter a name.')).toBeTruthy();
    expect(within(form).getByText('Enter a valid email address.')).toBeTruthy();
    expect(within(form).getByText('Enter a weight from 0 to 100.')).toBeTruthy();
    expect(within(form).getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
    expect(
      requests.some((request) => request.path === '/api/cs/customerService' && request.method === 'POST'),
    ).toBe(false);
  });

  it('creates an agent with csName, tags and weight, and puts a taken email under the email field', async () => {
    let answer: Response = errorResponse(409, 'agent_exists', 'An agent with this email already exists');
    const { requests } = serve(() => answer);
    const form = await openNewAgentForm();
    const user = userEvent.setup({ delay: null });
    await user.type(within(form).getByLabelText(/Name/), 'Sari Dewi');
    await user.type(within(form).getByLabelText(/Email/), 'Sari@Demo.test');
    await user.type(within(form).getByRole('combobox', { name: /Tags/ }), 'sales{enter}');
    const weight = within(form).getByLabelText(/Routing weight/);
    await user.clear(weight);
    await user.type(weight, '40');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await within(form).findByText('An agent with this email already exists')).toBeTruthy();
    const sent = requests.find(
      (request) => request.method === 'POST' && request.path === '/api/cs/customerService',
    );
    expect(sent?.body).toEqual({
      csName: 'Sari Dewi',
      email: 'sari@demo.test',
      tags: ['sales'],
      percentageWeight: 40,
      activeBot: false,
      botName: null,
    });

    answer = jsonResponse(201, {
      ...agent,
      csId: 'cs-2',
      id: 'cs-2',
      name: 'Sari Dewi',
      email: 'sari@demo.test',
    });
    await user.clear(within(form).getByLabelText(/Email/));
    await user.type(within(form).getByLabelText(/Email/), 'sari2@demo.test');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Sari Dewi was added.')).toBeTruthy();
  });

  it('hides the changes from an agent without the right', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'USC', chatRole: 'CS', csId: 'cs-1' }) });
    serve(() => jsonResponse(201, agent));
    renderApp('/customerService/manage');
    expect(await screen.findByText('Budi Santoso')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New agent' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });
});
