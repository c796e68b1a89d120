import type { CampaignChannel, CampaignTemplate, NotificationStatus } from '@sapa/contracts';
import { newId } from '../lib/ids.js';
import {
  campaignAttempts,
  campaignBatches,
  campaignNotifications,
} from '../modules/campaigns/campaigns.tables.js';
import type { Executor } from '../platform/database.js';

// Rows of campaign batches, notifications and attempts written directly, for tests of what reads them.

const templates: Record<CampaignChannel, CampaignTemplate> = {
  SMS: { channel: 'SMS', text: 'Hi {{name}}' },
  EMAIL: { channel: 'EMAIL', subject: 'Hi', html: '<p>Hi {{name}}</p>' },
  WHATSAPP: { channel: 'WHATSAPP', name: 'reminder', language: 'id', parameters: ['{{name}}'] },
  TELEGRAM: { channel: 'TELEGRAM', text: 'Hi {{name}}' },
  VOICE: { channel: 'VOICE', script: 'Halo {{name}}', language: 'id-ID' },
};

export async function insertTestBatch(
  db: Executor,
  input: { clientId: string; channel: CampaignChannel; campaignId?: string | null },
) {
  const id = newId();
  await db.insert(campaignBatches).values({
    clientId: input.clientId,
    id,
    campaignId: input.campaignId ?? null,
    campaignVersion: input.campaignId ? 1 : null,
    source: input.campaignId ? 'upload' : 'api',
    channel: input.channel,
    template: templates[input.channel],
    status: 'running',
    createdBy: 'test',
  });
  return id;
}

export type TestNotification = {
  recipient: string;
  status: NotificationStatus;
  at?: Date;
  /** When the provider took it (the send's time); unset by default. */
  sentAt?: Date;
  errorCode?: string;
  attempts?: { status: NotificationStatus; durationSeconds?: number; chargedSeconds?: number }[];
};

/** Notifications of a batch, numbered from row 2 (the header is row 1), with their attempts; answers their ids. */
export async function insertTestNotifications(
  db: Executor,
  input: { clientId: string; batchId: string; channel: CampaignChannel },
  rows: TestNotification[],
) {
  const ids: string[] = [];
  for (const [index, row] of rows.entries()) {
    const id = newId();
    ids.push(id);
    const at = row.at ?? new Date();
    await db.insert(campaignNotifications).values({
      clientId: input.clientId,
      id,
      batchId: input.batchId,
      rowNo: index + 2,
      channel: input.channel,
      recipient: row.recipient,
      params: { name: `Customer ${index}` },
      status: row.status,
      attemptCount: row.attempts?.length ?? (row.status === 'queued' ? 0 : 1),
      errorCode: row.errorCode ?? null,
      dueAt: at,
      createdAt: at,
      updatedAt: at,
      sentAt: row.sentAt ?? null,
    });
    for (const [number, attempt] of (row.attempts ?? []).entries()) {
      await db.insert(campaignAttempts).values({
        clientId: input.clientId,
        notificationId: id,
        attempt: number + 1,
        channel: input.channel,
        provider: 'sandbox',
        status: attempt.status,
        startedAt: at,
        endedAt: at,
        durationSeconds: attempt.durationSeconds ?? null,
        chargedSeconds: attempt.chargedSeconds ?? null,
      });
    }
  }
  return ids;
}
