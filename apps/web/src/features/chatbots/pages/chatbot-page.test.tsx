import type { ChatBot } from '@sapa/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
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
  useSessionStore.setState({ session: buildSession({ role: 'ADC' }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const action = {
  id: 'action-1',
  botId: 'bot-1',
  botActionName: 'ask_name',
  position: 0,
  type: 'ask' as const,
  text: 'Siapa nama Anda?',
  imageUrl: null,
  options: [],
  branches: [],
  saveAs: 'name',
  next: null,
  handOffTag: null,
  handOffCsId: null,
  template: null,
};
const bot: ChatBot = {
  id: 'bot-1',
  botName: 'Penyambut',
  description: '',
  schedule: 'outsideBusinessHours',
  kind: 'flow',
  projectId: null,
  active: true,
  isDefault: true,
  actions: [action],
  createdAt: '2026-11-27T03:00:00.000Z',
  updatedAt: '2026-11-27T03:00:00.000Z',
};

describe('chatbot flow editor', () => {
  it('lists the bots, checks a new action before saving and saves the flow in the order shown', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/cs/chatbot?'))
          return jsonResponse(200, { items: [bot], total: 1, pageNumber: 1, pageSize: 10 });
        if (request.path.startsWith('/api/cs/chatbot/validation?'))
          return jsonResponse(200, { items: [], total: 0, pageNumber: 1, pageSize: 100 });
        if (request.path.startsWith('/api/cs/chatbot/action?') && request.method === 'POST') {
          const { actions } = request.body as { actions: { botActionName: string }[] };
          return jsonResponse(200, {
            items: actions.map((a, position) => ({ ...action, ...a, id: `a-${position}`, position })),
            total: actions.length,
            pageNumber: 1,
            pageSize: actions.length,
          });
        }
        return undefined;
      },
    });
    renderApp('/config/chatbot');
    expect(await screen.findByRole('cell', { name: /Penyambut/ })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Outside business hours' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Penyambut' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bot Penyambut' });
    expect(within(dialog).getByDisplayValue('Siapa nama Anda?')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Add action' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save flow' }));
    expect(await within(dialog).findByText('Action 2: Write what the bot says')).toBeTruthy();
    const flowSaves = () => requests.filter((request) => request.path.startsWith('/api/cs/chatbot/action'));
    expect(flowSaves()).toHaveLength(0);

    const texts = within(dialog).getAllByLabelText('What the bot says');
    await user.type(texts[1]!, 'Halo!');
    await user.click(within(dialog).getByRole('button', { name: 'Move step_2 up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save flow' }));
    await waitFor(() => expect(flowSaves()).toHaveLength(1));
    const sent = flowSaves()[0]!;
    expect(sent.path).toBe('/api/cs/chatbot/action?botName=Penyambut');
    expect(
      (sent.body as { actions: { botActionName: string; type: string; text: string }[] }).actions,
    ).toEqual([
      expect.objectContaining({ botActionName: 'step_2', type: 'text', text: 'Halo!' }),
      expect.objectContaining({ botActionName: 'ask_name', type: 'ask', saveAs: 'name' }),
    ]);
    // The saved action that waits for an answer gets its check form.
    expect(await within(dialog).findByText('Action ask_name')).toBeTruthy();
  }, 40_000);

  it('adds a template action: a picker of approved templates, one input per variable and the bubble preview', async () => {
    const approved = {
      id: 'tpl-1',
      channelId: 'ch-1',
      displayPhoneNumber: '+62 21 5150 0001',
      name: 'sapa_salam',
      language: 'id',
      category: 'UTILITY',
      status: 'APPROVED',
      reason: null,
      providerTemplateId: '1',
      draft: {
        header: null,
        body: { text: 'Halo {{1}}, terima kasih sudah menghubungi kami.', examples: ['Rina'] },
        footer: 'Balas STOP untuk berhenti',
        buttons: [],
        securityRecommendation: false,
        codeExpirationMinutes: null,
      },
      statusAt: null,
      syncedAt: null,
      createdAt: '2026-11-27T03:00:00.000Z',
      updatedAt: '2026-11-27T03:00:00.000Z',
    };
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/cs/chatbot?'))
          return jsonResponse(200, { items: [bot], total: 1, pageNumber: 1, pageSize: 10 });
        if (request.path.startsWith('/api/cs/chatbot/validation?'))
          return jsonResponse(200, { items: [], total: 0, pageNumber: 1, pageSize: 100 });
        if (request.path === '/api/cs/chatbot/templates') return jsonResponse(200, { items: [approved] });
        if (request.path.startsWith('/api/cs/chatbot/action?') && request.method === 'POST') {
          const { actions } = request.body as { actions: { botActionName: string }[] };
          return jsonResponse(200, {
            items: actions.map((a, position) => ({ ...action, ...a, id: `a-${position}`, position })),
            total: actions.length,
            pageNumber: 1,
            pageSize: actions.length,
          });
        }
        return undefined;
      },
    });
    renderApp('/config/chatbot');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Penyambut' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bot Penyambut' });
    await user.click(within(dialog).getByRole('button', { name: 'Add action' }));
    const types = within(dialog).getAllByRole('combobox', { name: 'Type' });
    await user.click(types[1]!);
    await user.click(await screen.findByRole('option', { name: 'Send an approved WhatsApp template' }));
    await user.click(await within(dialog).findByRole('combobox', { name: 'Approved template' }));
    await user.click(await screen.findByRole('option', { name: 'sapa_salam (id)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value of {{1}}' }), '{{{{name}}');
    // The bubble shows the customer's data by its key until it is filled in.
    const bubble = within(dialog).getByRole('figure', { name: 'Preview of the template message' });
    expect(within(bubble).getByText('Halo «name», terima kasih sudah menghubungi kami.')).toBeTruthy();
    expect(within(bubble).getByText('Balas STOP untuk berhenti')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Save flow' }));
    const flowSaves = () => requests.filter((request) => request.path.startsWith('/api/cs/chatbot/action'));
    await waitFor(() => expect(flowSaves()).toHaveLength(1));
    expect((flowSaves()[0]!.body as { actions: unknown[] }).actions[1]).toEqual(
      expect.objectContaining({
        type: 'template',
        template: { name: 'sapa_salam', language: 'id', parameters: ['{{name}}'] },
      }),
    );
  }, 40_000);
});
