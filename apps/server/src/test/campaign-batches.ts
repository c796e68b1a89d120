import type { CampaignChannel, CampaignTemplate, NotificationStatus } from '@sapa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { newId } from '../lib/ids.js';
import {
  campaignAttempts,
  campaignBatches,
  campaignNotifications,
  campaignRetryPlans,
  campaignWindows,
} from '../modules/campaigns/campaigns.tables.js';
import type { Database } from '../platform/database.js';

/**
 * Batches and notifications written straight into the tables, as the upload leaves them (a batch
 * `scheduled` with its time, rows `queued` with `due_at`), so dispatch is tested without an upload.
 */
export type TestBatch = {
  clientId: string;
  channel?: CampaignChannel;
  template?: CampaignTemplate;
  /** Templates on the retry plan's fallback channels. */
  fallbackTemplates?: CampaignTemplate[];
  status?: 'scheduled' | 'running' | 'paused' | 'finished';
  scheduledAt?: Date;
  retryPlan?: typeof campaignBatches.$inferInsert.retryPlan;
  windowId?: string | null;
  campaignId?: string | null;
  type?: 'blast' | 'collection_reminder';
  /** The per-recipient PDF the batch renders (decision 0046). */
  pdfScript?: typeof campaignBatches.$inferInsert.pdfScript;
};

export const SMS_TEMPLATE: CampaignTemplate = {
  channel: 'SMS',
  text: 'Halo {{name}}, tagihan Anda {{amount}}.',
};

export async function insertTestBatch(db: Database, batch: TestBatch) {
  const id = newId();
  const channel = batch.channel ?? batch.template?.channel ?? 'SMS';
  await db.insert(campaignBatches).values({
    clientId: batch.clientId,
    id,
    campaignId: batch.campaignId ?? null,
    source: 'upload',
    channel,
    type: batch.type ?? 'blast',
    template: batch.template ?? SMS_TEMPLATE,
    fallbackTemplates: batch.fallbackTemplates ?? [],
    retryPlan: batch.retryPlan ?? null,
    windowId: batch.windowId ?? null,
    pdfScript: batch.pdfScript ?? null,
    status: batch.status ?? 'scheduled',
    scheduledAt: batch.scheduledAt ?? new Date(),
    createdBy: 'test',
  });
  return id;
}

export type TestRow = { recipient: string; params?: Record<string, string>; dueAt?: Date; paidAt?: Date };

/** Rows 1…n of a batch, queued (a multi-row insert per thousand). */
export async function insertTestNotifications(
  db: Database,
  clientId: string,
  batchId: string,
  rows: TestRow[],
  channel: CampaignChannel = 'SMS',
) {
  const values = rows.map((row, index) => ({
    clientId,
    id: newId(),
    batchId,
    rowNo: index + 2,
    channel,
    recipient: row.recipient,
    params: row.params ?? {},
    dueAt: row.dueAt ?? new Date(0),
    paidAt: row.paidAt ?? null,
  }));
  for (let start = 0; start < values.length; start += 1000)
    await db.insert(campaignNotifications).values(values.slice(start, start + 1000));
  return values.map((value) => value.id);
}

export async function insertTestWindow(
  db: Database,
  clientId: string,
  window: Omit<typeof campaignWindows.$inferInsert, 'clientId' | 'id' | 'name'>,
) {
  const id = newId();
  await db.insert(campaignWindows).values({ clientId, id, name: `window-${id}`, ...window });
  return id;
}

export async function insertTestRetryPlan(db: Database, clientId: string) {
  const id = newId();
  await db.insert(campaignRetryPlans).values({
    clientId,
    id,
    name: `plan-${id}`,
    maxAttempts: 2,
    delay: { kind: 'fixed', seconds: 60 },
    retryOn: ['failed'],
  });
  return id;
}

export async function batchOf(db: Database, clientId: string, batchId: string) {
  const [row] = await db
    .select()
    .from(campaignBatches)
    .where(and(eq(campaignBatches.clientId, clientId), eq(campaignBatches.id, batchId)));
  return row!;
}

export async function notificationsOf(db: Database, clientId: string, batchId: string) {
  return db
    .select()
    .from(campaignNotifications)
    .where(and(eq(campaignNotifications.clientId, clientId), eq(campaignNotifications.batchId, batchId)))
    .orderBy(asc(campaignNotifications.rowNo));
}

export async function attemptsOf(db: Database, clientId: string, notificationId: string) {
  return db
    .select()
    .from(campaignAttempts)
    .where(and(eq(campaignAttempts.clientId, clientId), eq(campaignAttempts.notificationId, notificationId)))
    .orderBy(asc(campaignAttempts.attempt));
}

export function countBy(rows: { status: NotificationStatus }[]) {
  const counts: Partial<Record<NotificationStatus, number>> = {};
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
}
