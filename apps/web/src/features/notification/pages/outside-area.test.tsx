import type { Batch, CampaignNotificationAttemptsSchema } from '@sapa/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, type SentRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { resetShell } from '../../../test/reset-shell';
import { buildSession } from '../../../test/session-fixture';
import { mockShellApi } from '../../../test/shell-api';

beforeEach(() => {
  resetShell();
  useSessionStore.setState({
    session: buildSession({ role: 'ADC', features: ['SMS', 'WHATSAPP', 'VOICE'], mainFeature: 'SMS' }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const smsBatch: Batch = {
  batchId: 'b-1',
  campaignId: null,
  campaignCode: null,
  campaignVersion: null,
  source: 'api',
  channel: 'SMS',
  type: 'blast',
  status: 'finished',
  fileName: 'tagihan.csv',
  scheduledAt: null,
  rowsRead: 3,
  validCount: 3,
  invalidCount: 0,
  blacklistedCount: 0,
  duplicateCount: 0,
  pendingTaskId: null,
  statusNote: null,
  createdBy: 'u-1',
  createdAt: '2026-11-27T01:00:00.000Z',
  updatedAt: '2026-11-27T01:00:00.000Z',
  startedAt: '2026-11-27T01:00:00.000Z',
  finishedAt: '2026-11-27T01:05:00.000Z',
};

// An SMS notification that fell back to WhatsApp: it belongs to both areas, not to voice.
const fellBack: z.infer<typeof CampaignNotificationAttemptsSchema> = {
  notificationId: 'n-1',
  batchId: 'b-1',
  rowNo: 2,
  recipient: '6281200000001',
  channel: 'WHATSAPP',
  status: 'delivered',
  attempts: [
    {
      attempt: 1,
      channel: 'SMS',
      provider: 'sandbox',
      providerMessageId: 'p-1',
      status: 'failed',
      error: { code: 'undelivered', message: 'Undelivered' },
      startedAt: '2026-11-27T01:00:00.000Z',
      endedAt: '2026-11-27T01:00:01.000Z',
      durationSeconds: null,
      chargedSeconds: null,
    },
    {
      attempt: 2,
      channel: 'WHATSAPP',
      provider: 'sandbox',
      providerMessageId: 'p-2',
      status: 'delivered',
      error: null,
      startedAt: '2026-11-27T01:01:00.000Z',
      endedAt: '2026-11-27T01:01:01.000Z',
      durationSeconds: null,
      chargedSeconds: null,
    },
  ],
};

function mockApi() {
  return mockShellApi(useSessionStore.getState().session!, {
    routes: (request: SentRequest) => {
      if (request.path === '/api/campaign-batches/b-1') return jsonResponse(200, smsBatch);
      if (request.path.startsWith('/api/campaign-batches/b-1/progress'))
        return jsonResponse(200, {
          batchId: 'b-1',
          campaignId: null,
          channel: 'SMS',
          status: 'finished',
          scheduledAt: null,
          startedAt: smsBatch.startedAt,
          finishedAt: smsBatch.finishedAt,
          counts: { delivered: 3 },
          checkpoint: null,
        });
      if (request.path.startsWith('/api/campaign-notifications/n-1/attempts'))
        return jsonResponse(200, fellBack);
      return undefined;
    },
  });
}

describe("a campaign screen opened under another channel's path", () => {
  it('refuses an SMS batch under /whatsapp with a not-found state and a way back', async () => {
    mockApi();
    renderApp('/whatsapp/campaign/campaign-batch-detail?batchId=b-1');
    expect(await screen.findByText('No such batch in this client.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('It is not part of the WhatsApp area.')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Back to this area's campaigns" }).getAttribute('href')).toBe(
      '/whatsapp/campaign/list',
    );
    expect(screen.queryByText('tagihan.csv', { exact: false })).toBeNull();
  }, 40_000);

  it('shows the same batch under /sms and under /notification', async () => {
    mockApi();
    renderApp('/sms/campaign/campaign-batch-detail?batchId=b-1');
    expect(await screen.findByText('tagihan.csv', { exact: false }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('No such batch in this client.')).toBeNull();
    cleanup();
    renderApp('/notification/campaign-batch-detail?batchId=b-1');
    expect(await screen.findByText('tagihan.csv', { exact: false })).toBeTruthy();
  }, 40_000);

  it("keeps a notification that fell back in both channels' areas, and refuses it elsewhere", async () => {
    mockApi();
    renderApp('/whatsapp/campaign/campaign-attempt?notificationId=n-1');
    expect(await screen.findByTestId('attempts-recipient', {}, { timeout: 15_000 })).toBeTruthy();
    cleanup();
    renderApp('/voice/campaign/campaign-attempt?notificationId=n-1');
    expect(await screen.findByText('No such notification in this client.')).toBeTruthy();
    expect(screen.getByText('It is not part of the Voice area.')).toBeTruthy();
    expect(screen.queryByTestId('attempts-recipient')).toBeNull();
  }, 40_000);
});
