import { cleanup, screen, waitFor } from '@testing-library/react';
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
  useSessionStore.setState({ session: buildSession({ role: 'ADC', features: ['OTP', 'VERIFY'] }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve() {
  return mockShellApi(useSessionStore.getState().session!, {
    routes: (request: SentRequest) => {
      const path = request.path.split('?')[0];
      if (path === '/api/otp/requests')
        return jsonResponse(200, { items: [], total: 0, pageSize: 10, pageNumber: 0 });
      if (path === '/api/otp/exports' && request.method === 'GET')
        return jsonResponse(200, { items: [], total: 0, pageSize: 5, pageNumber: 1 });
      if (path === '/api/otp/exports' && request.method === 'POST')
        return jsonResponse(202, {
          id: 'exp-1',
          kind: 'otpRequests',
          status: 'queued',
          progress: 0,
          total: null,
          createdAt: '2026-11-27T08:00:00.000Z',
        });
      return undefined;
    },
  });
}

describe('OTP and Verify details exports', () => {
  it.each([
    ['/otp/otpDetails', 'otp'],
    ['/verify/details', 'verify'],
  ])('%s exports only its own kind of requests', async (path, kind) => {
    const { requests } = serve();
    renderApp(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const asked = () =>
      requests.find((request) => request.method === 'POST' && request.path === '/api/otp/exports');
    await waitFor(() => expect(asked()).toBeDefined());
    expect(asked()?.body).toEqual({ kind });
  });
});
