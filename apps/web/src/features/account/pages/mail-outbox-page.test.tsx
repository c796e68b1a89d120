import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const MAIL = {
  id: 'mail-1',
  clientId: 'client-1',
  to: 'ayu@demo.test',
  subject: 'Reset your Sapa password',
  text: 'Hello Ayu,\n\nTo choose a new password, open:\nhttp://localhost:3000/#/reset-password?token=abc\n\nThe link works once.',
  createdAt: '2026-11-23T10:00:00.000Z',
};

beforeEach(() => {
  resetShell();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('mail outbox', () => {
  it('lists the sandbox mail and opens one with its link clickable', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'SAD' }) });
    const { requests } = mockShellApi(buildSession({ role: 'SAD' }), {
      routes: (request) =>
        request.path.startsWith('/api/mail/outbox')
          ? jsonResponse(200, { pageSize: 20, pageNumber: 0, total: 1, items: [MAIL] })
          : undefined,
    });
    renderApp('/settings/mailOutbox');
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Mail outbox' });
    expect(within(table).getByText('ayu@demo.test')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: /Read/ }));

    const dialog = await screen.findByRole('dialog');
    const link = within(dialog).getByRole('link');
    expect(link.getAttribute('href')).toBe('http://localhost:3000/#/reset-password?token=abc');
    expect(within(dialog).getByTestId('mail-text').textContent).toContain('The link works once.');

    await user.type(screen.getByLabelText('Recipient email (full address)'), 'Ayu@Demo.test');
    await waitFor(() =>
      expect(requests.some((request) => request.path.includes('to=ayu%40demo.test'))).toBe(true),
    );
  });

  it('is the super admin’s only', async () => {
    useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
    mockShellApi(buildSession({ role: 'ADC' }));
    const { router } = renderApp('/settings/mailOutbox');

    await waitFor(() => expect(router.state.location.pathname).not.toBe('/settings/mailOutbox'));
  });
});
