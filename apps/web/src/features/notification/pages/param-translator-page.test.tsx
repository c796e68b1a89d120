import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

const CAMPAIGN = {
  campaignId: 'c-1',
  code: 'BILL-1',
  channel: 'SMS',
  name: 'Bill reminder',
  type: 'blast',
  template: { channel: 'SMS', text: 'Hi {{name}}, pay {{amount}}.' },
  fallbackTemplates: [],
  paramTranslator: {
    recipient: 'phone',
    rules: [
      { from: 'Phone', to: 'phone', kind: 'phone', trim: true, required: true },
      { from: 'Name', to: 'name', kind: 'text', trim: true, required: false, default: 'customer' },
      { from: 'Amount', to: 'amount', kind: 'currency', trim: true, required: false, locale: 'id' },
    ],
  },
  retryPlanId: null,
  windowId: null,
  sender: null,
  reminderOffsets: null,
  status: 'active',
  version: 1,
  pendingTaskId: null,
  pendingVersion: null,
  statusNote: null,
  createdBy: 'adc@demo.test',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

beforeEach(() => {
  resetShell();
  useSessionStore.setState({ session: buildSession({ role: 'ADC', features: ['SMS'], mainFeature: null }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type PreviewBody = {
  channel: string;
  paramTranslator: { rules: { from: string }[] };
  row: Record<string, string>;
};

/** The server's answer, as the real translator would give it for these few cases. */
function preview(body: PreviewBody) {
  const phone = body.row.Phone ?? '';
  if (/[a-z]/i.test(phone))
    return jsonResponse(200, { ok: false, reason: `Column "Phone": "${phone}" is not a phone number` });
  return jsonResponse(200, {
    ok: true,
    recipient: `62${phone.replace(/\D/g, '').replace(/^0/, '')}`,
    params: {
      phone: `62${phone.replace(/\D/g, '').replace(/^0/, '')}`,
      name: (body.row.Name ?? '').trim() || 'customer',
      amount: (body.row.Amount ?? '').replace(/\./g, ''),
    },
  });
}

describe('the param translator page', () => {
  it('previews a sample row through the server as an upload would read it, and follows edits', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/campaigns?'))
          return jsonResponse(200, { items: [CAMPAIGN], total: 1, pageNumber: 0, pageSize: 50 });
        if (request.path === '/api/campaigns/c-1') return jsonResponse(200, CAMPAIGN);
        if (request.path === '/api/campaigns/param-translator/preview')
          return preview(request.body as PreviewBody);
        return undefined;
      },
    });
    renderApp('/sms/campaign/param-translator?campaignId=c-1');

    const result = await screen.findByRole('table', { name: 'What the row becomes' }, { timeout: 10_000 });
    expect(within(result).getAllByText('6281234567890')).toHaveLength(2); // the recipient, and its parameter
    expect(within(result).getByText('150000')).toBeTruthy();
    const asked = requests.filter((request) => request.path === '/api/campaigns/param-translator/preview');
    expect(asked.at(-1)?.body).toMatchObject({
      channel: 'SMS',
      paramTranslator: { recipient: 'phone' },
      row: { Phone: '0812-3456-7890', Name: ' Budi Santoso ', Amount: '150.000' },
    });

    // A cell the upload would refuse says why.
    const sample = screen.getByRole('group', { name: 'Sample row' });
    fireEvent.change(within(sample).getByLabelText('Phone'), { target: { value: 'call me' } });
    expect(
      await screen.findByText('Column "Phone": "call me" is not a phone number', {}, { timeout: 5000 }),
    ).toBeTruthy();

    // A renamed column gets its own sample cell, and the preview asks with the new name.
    fireEvent.change(screen.getByLabelText('File column 2'), { target: { value: 'Full name' } });
    await waitFor(
      () =>
        expect(
          requests.filter((request) => request.path === '/api/campaigns/param-translator/preview').at(-1)
            ?.body,
        ).toMatchObject({ row: { 'Full name': ' Budi Santoso ' } }),
      { timeout: 5000 },
    );
  });

  it('says what to fix instead of asking the server when the translator is invalid', async () => {
    const { requests } = mockShellApi(useSessionStore.getState().session!, {
      routes: (request: SentRequest) => {
        if (request.path.startsWith('/api/campaigns?'))
          return jsonResponse(200, { items: [CAMPAIGN], total: 1, pageNumber: 0, pageSize: 50 });
        if (request.path === '/api/campaigns/c-1') return jsonResponse(200, CAMPAIGN);
        if (request.path === '/api/campaigns/param-translator/preview')
          return preview(request.body as PreviewBody);
        return undefined;
      },
    });
    renderApp('/sms/campaign/param-translator?campaignId=c-1');
    await screen.findByRole('table', { name: 'What the row becomes' }, { timeout: 10_000 });
    const before = requests.length;
    fireEvent.change(screen.getByLabelText('Parameter of column 2'), { target: { value: 'bad name!' } });
    expect(await screen.findByText('A parameter name has letters, digits and underscores')).toBeTruthy();
    expect(screen.getByText('Fix the translator to see the preview')).toBeTruthy();
    expect(
      requests.slice(before).some((request) => request.path === '/api/campaigns/param-translator/preview'),
    ).toBe(false);
  });
});
