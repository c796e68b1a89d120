import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { errorResponse, jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const task = {
  taskId: 'task-1',
  clientId: 'client-1',
  type: 'user.create',
  summary: 'New user sari@demo.test (USC)',
  payload: { name: 'Sari', email: 'sari@demo.test', role: 'USC' },
  status: 'pending',
  makerUserId: 'maker-1',
  makerEmail: 'maker@demo.test',
  channel: null,
  checkerUserId: null,
  checkerEmail: null,
  note: null,
  result: null,
  createdAt: '2026-11-23T06:00:00.000Z',
  decidedAt: null,
};

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'ADC', userId: 'checker-1' }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(routes: (request: SentRequest) => Response | undefined) {
  return mockShellApi(useSessionStore.getState().session!, {
    routes: (request) =>
      routes(request) ?? (request.path === '/api/tasks/task/task-1' ? jsonResponse(200, task) : undefined),
  });
}

async function openTask() {
  renderApp('/users/tasks/task-1');
  await screen.findByRole('heading', { name: 'New user sari@demo.test (USC)' });
}

describe('approval task', () => {
  it('shows the proposed change and, once approved, the new user’s temporary password', async () => {
    const { requests } = serve((request) =>
      request.path === '/api/tasks/task/task-1/approve'
        ? jsonResponse(200, {
            task: { ...task, status: 'approved', checkerUserId: 'checker-1', checkerEmail: 'adc@demo.test' },
            oneTime: { temporaryPassword: 'Tmp#Sari-5678' },
          })
        : undefined,
    );
    await openTask();
    const change = screen.getByRole('table', { name: 'Proposed change' });
    expect(within(change).getByText('sari@demo.test')).toBeTruthy();
    expect(within(change).getAllByText('(new)').length).toBe(3);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    expect((await screen.findByTestId('one-time-secret')).textContent).toBe('Tmp#Sari-5678');
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.path)).toEqual([
      '/api/tasks/task/task-1/approve',
    ]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows the server’s refusal when the maker tries to approve their own change', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'ADC', userId: 'maker-1' }) });
    serve((request) =>
      request.path === '/api/tasks/task/task-1/approve'
        ? errorResponse(
            403,
            'own_task',
            'You cannot approve or reject your own change; another admin must check it.',
          )
        : undefined,
    );
    await openTask();
    expect(
      screen.getByText('You proposed this change: another admin of the client must check it.'),
    ).toBeTruthy();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You cannot approve or reject your own change');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('leaves the decision to others when the user’s role may not approve', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'ADU', userId: 'adu-1' }) });
    serve((request) =>
      request.path === '/api/users/me/rights'
        ? jsonResponse(200, { userId: 'adu-1', roleCode: 'ADU', rightCodes: ['USER_VIEW', 'TASK_CREATE'] })
        : undefined,
    );
    await openTask();

    expect(
      await screen.findByText('Another admin with the right to approve changes decides this task.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('asks for a note before rejecting, then sends it', async () => {
    const { requests } = serve((request) =>
      request.path === '/api/tasks/task/task-1/reject'
        ? jsonResponse(200, { ...task, status: 'rejected', note: 'Wrong role', checkerUserId: 'checker-1' })
        : undefined,
    );
    await openTask();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why the change is rejected')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Note/), 'Wrong role');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('The change is rejected.')).toBeTruthy();
    const sent = requests.find((request) => request.method === 'PUT');
    expect(sent).toMatchObject({ path: '/api/tasks/task/task-1/reject', body: { note: 'Wrong role' } });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
