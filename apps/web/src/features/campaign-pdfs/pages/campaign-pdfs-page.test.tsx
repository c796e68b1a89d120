import type { Campaign, PdfCampaign } from '@sapa/contracts';
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
  useSessionStore.setState({
    session: buildSession({ role: 'ADC', features: ['SMS', 'EMAIL', 'WHATSAPP'] }),
  });
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = <T,>(items: T[]) =>
  jsonResponse(200, { items, total: items.length, pageNumber: 0, pageSize: 10 });

const aPdfCampaign: PdfCampaign = {
  campaignId: 'c-1',
  code: 'ESTATEMENT',
  name: 'E-statement',
  status: 'active',
  fileName: 'statement-{{account}}.pdf',
  pdfCount: 2,
  batches: [
    {
      batchId: 'b-1',
      status: 'finished',
      fileName: 'november.csv',
      createdAt: '2026-11-27T01:00:00.000Z',
      validCount: 2,
      pdfCount: 2,
    },
  ],
};

const aCampaign: Campaign = {
  campaignId: 'c-1',
  code: 'ESTATEMENT',
  channel: 'EMAIL',
  name: 'E-statement',
  type: 'blast',
  template: { channel: 'EMAIL', subject: 'Statement', html: '<p>Hi</p>' },
  fallbackTemplates: [],
  paramTranslator: {
    recipient: 'to',
    rules: [
      { from: 'Email', to: 'to', kind: 'email', trim: true, required: true },
      { from: 'Account', to: 'account', kind: 'text', trim: true, required: false },
    ],
  },
  retryPlanId: null,
  windowId: null,
  sender: null,
  reminderOffsets: null,
  pdfScript: null,
  status: 'active',
  version: 1,
  pendingTaskId: null,
  pendingVersion: null,
  statusNote: null,
  createdBy: 'adc@demo.test',
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
};

describe('campaign PDFs', () => {
  it("lists the area's campaigns with a PDF, a batch's PDFs, and downloads one", async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/campaign-pdfs?')) return page([aPdfCampaign]);
        if (request.path.startsWith('/api/campaign-batches/b-1/pdfs?'))
          return page([
            {
              notificationId: 'n-1',
              rowNo: 2,
              recipient: 'sari@example.com',
              fileName: 'statement-AC-1.pdf',
              size: 4096,
              createdAt: '2026-11-27T01:00:05.000Z',
            },
          ]);
        if (request.path === '/api/campaign-batches/b-1/pdfs/n-1')
          return new Response('%PDF-1.7', {
            status: 200,
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="s.pdf"',
            },
          });
        return undefined;
      },
    });
    renderApp('/sms/pdf');
    // The first screen of the file loads its chunk and the shell: give it time.
    const table = await screen.findByRole('table', { name: 'Campaigns with a PDF' }, { timeout: 15_000 });
    expect(await within(table).findByText('ESTATEMENT')).toBeTruthy();
    expect(requests.find((request) => request.path.startsWith('/api/campaign-pdfs?'))!.path).toContain(
      'channel=SMS',
    );
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /november\.csv/ }));
    const pdfs = await screen.findByRole('table', { name: 'PDFs of the batch' });
    expect(await within(pdfs).findByText('sari@example.com')).toBeTruthy();
    await user.click(within(pdfs).getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/campaign-batches/b-1/pdfs/n-1')).toBe(true),
    );
  }, 30_000);

  it('says so when no campaign of the channel sends a PDF, and shows a refusal as an error', async () => {
    mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) =>
        request.path.startsWith('/api/campaign-pdfs?') ? page([]) : undefined,
    });
    renderApp('/email/pdf');
    expect(await screen.findByText(/No Email campaign sends a PDF yet/)).toBeTruthy();
    cleanup();
    mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) =>
        request.path.startsWith('/api/campaign-pdfs?')
          ? errorResponse(403, 'not_campaign_user', 'Only the WHATSAPP makers and checkers may do this.')
          : undefined,
    });
    renderApp('/whatsapp/pdf');
    expect(await screen.findByText('Only the WHATSAPP makers and checkers may do this.')).toBeTruthy();
  });

  it("edits a campaign's PDF script, flags unknown parameters at once, previews the server's PDF and saves", async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/campaigns?')) return page([aCampaign]);
        if (request.path === '/api/campaigns/c-1/pdf-script/preview')
          return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
        if (request.path === '/api/campaigns/c-1/pdf-script' && request.method === 'PUT')
          return jsonResponse(200, { outcome: 'pending_approval', campaign: aCampaign, taskId: 't-1' });
        return undefined;
      },
    });
    renderApp('/email/pdf-script/ESTATEMENT');
    expect(await screen.findByText('E-statement', {}, { timeout: 5_000 })).toBeTruthy();
    const user = userEvent.setup();
    const heading = screen.getAllByLabelText('Text')[0]!;
    await user.clear(heading);
    await user.click(heading);
    await user.paste('Hi {{nope}}');
    expect(await screen.findByText(/\{\{nope\}\} is not a parameter of this campaign/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save PDF script' })).toHaveProperty('disabled', true);
    await user.clear(heading);
    await user.click(heading);
    await user.paste('Statement {{account}}');
    await user.click(screen.getByLabelText('Account'));
    await user.paste('AC-9');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTitle('PDF preview')).toHaveProperty('src', 'blob:preview');
    const sent = requests.find((request) => request.path === '/api/campaigns/c-1/pdf-script/preview');
    expect(sent?.body).toMatchObject({
      row: { Account: 'AC-9' },
      pdfScript: { blocks: [{ kind: 'heading', text: 'Statement {{account}}' }, { kind: 'keyValue' }] },
    });
    await user.click(screen.getByRole('button', { name: 'Save PDF script' }));
    expect(await screen.findByText(/waits for a checker/)).toBeTruthy();
  }, 30_000);

  it('says the campaign does not exist when no campaign has the code', async () => {
    mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => (request.path.startsWith('/api/campaigns?') ? page([]) : undefined),
    });
    renderApp('/email/pdf-script/NOPE');
    expect(await screen.findByText('There is no campaign NOPE in this client.')).toBeTruthy();
  });
});
