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
  useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const approved = {
  id: 'tpl-1',
  channelId: 'ch-1',
  displayPhoneNumber: '+62 21 5150 0001',
  name: 'di_luar_jam',
  language: 'id',
  category: 'UTILITY',
  status: 'APPROVED',
  reason: null,
  providerTemplateId: '1',
  draft: {
    header: { format: 'TEXT', text: 'Sapa Bank' },
    body: { text: 'Halo {{1}}, kami buka lagi pukul {{2}}.', examples: ['Rina', '08.00'] },
    footer: null,
    buttons: [],
    securityRecommendation: false,
    codeExpirationMinutes: null,
  },
  statusAt: null,
  syncedAt: null,
  createdAt: '2026-11-27T03:00:00.000Z',
  updatedAt: '2026-11-27T03:00:00.000Z',
};

describe('auto-reply rules', () => {
  it('gives a rule an approved template for outside the 24-hour window, asks for every value and saves it', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path === '/api/cs/auto-reply' && request.method === 'GET')
          return jsonResponse(200, { items: [] });
        if (request.path === '/api/cs/chatbot/templates') return jsonResponse(200, { items: [approved] });
        if (request.path === '/api/cs/auto-reply' && request.method === 'POST') {
          const body = request.body as Record<string, unknown>;
          return jsonResponse(200, {
            ...body,
            id: 'rule-1',
            createdAt: '2026-11-27T03:00:00.000Z',
            updatedAt: '2026-11-27T03:00:00.000Z',
          });
        }
        return undefined;
      },
    });
    renderApp('/config/AutoReply');
    const user = userEvent.setup();
    expect(await screen.findByText('No auto-reply rule yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New rule' }));
    const form = await screen.findByRole('form', { name: 'New rule' });
    await user.click(within(form).getByRole('combobox', { name: 'When' }));
    await user.click(await screen.findByRole('option', { name: 'Outside business hours' }));
    await user.type(within(form).getByRole('textbox', { name: 'Reply' }), 'Kami sedang tutup.');

    // The picker opens once the approved templates are in (its help says so until then).
    await within(form).findByText(/WhatsApp takes only approved templates/);
    await user.click(within(form).getByRole('combobox', { name: 'Template outside the 24-hour window' }));
    await user.click(await screen.findByRole('option', { name: 'di_luar_jam (id)' }));
    await user.type(within(form).getByRole('textbox', { name: 'Value of {{1}}' }), '{{{{name}}');

    // A value left empty is asked for before anything is sent.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Fill in every value of the template')).toBeTruthy();
    const saves = () => requests.filter((r) => r.path === '/api/cs/auto-reply' && r.method === 'POST');
    expect(saves()).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Value of {{2}}' }), '08.00');
    const bubble = within(form).getByRole('figure', { name: 'Template text' });
    expect(within(bubble).getByText('Sapa Bank')).toBeTruthy();
    expect(within(bubble).getByText('Halo «name», kami buka lagi pukul 08.00.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual(
      expect.objectContaining({
        trigger: 'outsideBusinessHours',
        reply: 'Kami sedang tutup.',
        template: { name: 'di_luar_jam', language: 'id', parameters: ['{{name}}', '08.00'] },
      }),
    );
  }, 40_000);

  it('says so when the approved templates cannot be loaded, and the rule can still be saved without one', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path === '/api/cs/auto-reply' && request.method === 'GET')
          return jsonResponse(200, { items: [] });
        if (request.path === '/api/cs/chatbot/templates') return errorResponse(500, 'internal', 'Unexpected');
        if (request.path === '/api/cs/auto-reply' && request.method === 'POST')
          return jsonResponse(200, {
            ...(request.body as Record<string, unknown>),
            id: 'rule-2',
            createdAt: '2026-11-27T03:00:00.000Z',
            updatedAt: '2026-11-27T03:00:00.000Z',
          });
        return undefined;
      },
    });
    renderApp('/config/AutoReply');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    const form = await screen.findByRole('form', { name: 'New rule' });
    expect(
      await within(form).findByText(
        'The approved templates could not be loaded. Try again in a moment.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    await user.type(within(form).getByRole('combobox', { name: 'Keywords' }), 'harga{enter}');
    await user.type(within(form).getByRole('textbox', { name: 'Reply' }), 'Daftar harga ada di situs kami.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const saves = () => requests.filter((r) => r.path === '/api/cs/auto-reply' && r.method === 'POST');
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual(
      expect.objectContaining({ trigger: 'keyword', keywords: ['harga'], template: null }),
    );
  }, 40_000);
});
