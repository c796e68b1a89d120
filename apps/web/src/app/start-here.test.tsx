import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { useSessionStore } from '../lib/session';
import { renderApp } from '../test/render';
import { resetShell } from '../test/reset-shell';
import { buildSession } from '../test/session-fixture';
import { mockShellApi } from '../test/shell-api';

beforeEach(() => resetShell());

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function signIn(overrides: Parameters<typeof buildSession>[0]) {
  const session = buildSession(overrides);
  useSessionStore.setState({ session });
  return session;
}

describe('landing pages of roles whose screens come later', () => {
  it('lands a report user on the report query screen itself (issue 17 built it), with no welcome', async () => {
    mockShellApi(signIn({ role: 'USR', name: 'Rudi Report', features: ['OTP', 'CS', 'WHATSAPP'] }));
    renderApp('/report');
    expect(await screen.findByRole('heading', { name: 'Report', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate report' })).toBeTruthy();
    expect(screen.queryByTestId('start-here')).toBeNull();
  });

  it('welcomes a user who is no supervisor on the customer-service dashboard instead of refusing them, in Indonesian', async () => {
    // USP lands on the OTP dashboard (issue 15); a self-service sender without senders lands here.
    const { requests } = mockShellApi(
      signIn({ role: 'USO', name: 'Putri OTP', features: ['OTP', 'CS'], mainFeature: 'CS' }),
    );
    await i18n.changeLanguage('id');
    renderApp('/dashboard/customer-service');
    const start = await screen.findByTestId('start-here');
    expect(within(start).getByRole('heading', { name: 'Selamat datang, Putri OTP' })).toBeTruthy();
    expect(requests.some((request) => request.path.startsWith('/api/cs/dashboard'))).toBe(false);
  });

  it('shows what works on a later screen that is not the landing page, and marks later screens in the menu', async () => {
    mockShellApi(signIn({ role: 'ADC', features: ['OTP', 'CS', 'CATALOG'], mainFeature: 'CS' }));
    renderApp('/catalogues/items');
    await screen.findByRole('heading', { name: 'Catalogue is not available yet' });
    expect(screen.queryByTestId('start-here')).toBeNull();
    const usable = screen.getByTestId('usable-now');
    expect(within(usable).getByRole('link', { name: 'Customer service · Chat' })).toBeTruthy();
    expect(within(usable).queryByRole('link', { name: /Catalogue/ })).toBeNull();

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const catalogue = within(nav).getByTestId('nav-area-catalogues');
    expect(catalogue.textContent).toContain('Coming in a later release');
    await userEvent.setup().click(within(nav).getByTestId('nav-area-customerService'));
    const chat = within(nav).getByRole('link', { name: 'Chat' });
    expect(within(chat).queryByTestId('nav-soon')).toBeNull();
    expect(within(nav).getAllByTestId('nav-soon').length).toBeGreaterThan(0);
  });
});
