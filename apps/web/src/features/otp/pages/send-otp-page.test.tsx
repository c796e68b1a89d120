import { cleanup, screen } from '@testing-library/react';
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
  useSessionStore.setState({ session: buildSession({ role: 'USP', features: ['OTP'] }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('send OTP page', () => {
  it('sends a code, then says how a wrong and a right check went', async () => {
    const checks: unknown[] = [];
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path === '/api/otp/request')
          return jsonResponse(200, {
            requestId: 'req-1',
            status: 'pending',
            expiresAt: '2026-11-26T03:10:00.000Z',
          });
        if (request.path === '/api/otp/verify') {
          checks.push(request.body);
          return checks.length === 1
            ? jsonResponse(200, { requestId: 'req-1', status: 'pending', valid: false, attemptsLeft: 4 })
            : jsonResponse(200, { requestId: 'req-1', status: 'approved', valid: true, attemptsLeft: 3 });
        }
        return undefined;
      },
    });
    renderApp('/otp/sendOTP');
    await screen.findByRole('heading', { name: 'Send OTP' });
    await userEvent.type(screen.getByRole('textbox', { name: /Destination/ }), '0812 1234 5678');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { name: 'Code sent' });
    const sent = requests.find((request) => request.path === '/api/otp/request');
    expect(sent?.body).toEqual({ destination: '0812 1234 5678', channel: 'sms', codeLength: 6 });

    const code = screen.getByRole('textbox', { name: /^Code( \*)?$/ });
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Check code' }));
    expect((await screen.findByRole('status')).textContent).toBe('Wrong code. 4 attempts left.');
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Check code' }));
    await screen.findByText('The code is right: the request is approved.');
    expect(checks).toEqual([
      { requestId: 'req-1', code: '000000' },
      { requestId: 'req-1', code: '123456' },
    ]);
  });
});
