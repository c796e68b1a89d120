import type { CampaignChannel } from '@sapa/contracts';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { campaignBatches, campaignNotifications } from '../campaigns.tables.js';
import { type LocalDays, withinLocalDays } from '../local-days.js';

/** Self-service messages of the days, newest first; only `sentBy`'s when given. */
export async function listSelfServiceRows(
  db: Executor,
  clientId: string,
  filters: { channel?: CampaignChannel | undefined; sentBy: string | null; days: LocalDays },
  page: { limit: number; offset: number },
) {
  const where = inClient(
    campaignNotifications,
    clientId,
    eq(campaignBatches.source, 'self_service'),
    withinLocalDays(campaignNotifications.createdAt, filters.days),
    filters.channel ? eq(campaignBatches.channel, filters.channel) : undefined,
    filters.sentBy !== null ? eq(campaignBatches.createdBy, filters.sentBy) : undefined,
  );
  const join: SQL = inClient(
    campaignBatches,
    campaignNotifications.clientId,
    eq(campaignBatches.id, campaignNotifications.batchId),
  );
  const rows = await db
    .select({
      notificationId: campaignNotifications.id,
      batchId: campaignNotifications.batchId,
      channel: campaignNotifications.channel,
      recipient: campaignNotifications.recipient,
      status: campaignNotifications.status,
      template: campaignBatches.template,
      sentBy: campaignBatches.createdBy,
      errorCode: campaignNotifications.errorCode,
      createdAt: campaignNotifications.createdAt,
      updatedAt: campaignNotifications.updatedAt,
    })
    .from(campaignNotifications)
    .innerJoin(campaignBatches, join)
    .where(where)
    .orderBy(desc(campaignNotifications.createdAt), desc(campaignNotifications.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaignNotifications)
    .innerJoin(campaignBatches, join)
    .where(where);
  return { rows, total: Number(counted?.count ?? 0) };
}
