import type { CampaignChannel } from '@sapa/contracts';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import {
  type CampaignPdfDocumentRow,
  campaignBatches,
  campaignNotifications,
  campaignPdfDocuments,
  campaigns,
} from '../campaigns.tables.js';

export async function findPdfDocuments(
  db: Executor,
  clientId: string,
  notificationIds: string[],
): Promise<CampaignPdfDocumentRow[]> {
  if (notificationIds.length === 0) return [];
  return db
    .select()
    .from(campaignPdfDocuments)
    .where(
      inClient(campaignPdfDocuments, clientId, inArray(campaignPdfDocuments.notificationId, notificationIds)),
    );
}

export async function findPdfDocument(
  db: Executor,
  clientId: string,
  notificationId: string,
  batchId?: string,
) {
  const [row] = await db
    .select()
    .from(campaignPdfDocuments)
    .where(
      inClient(
        campaignPdfDocuments,
        clientId,
        eq(campaignPdfDocuments.notificationId, notificationId),
        batchId ? eq(campaignPdfDocuments.batchId, batchId) : undefined,
      ),
    );
  return row ?? null;
}

/** Records a rendered PDF; a second render of the same notification keeps the first. */
export async function insertPdfDocument(db: Executor, row: typeof campaignPdfDocuments.$inferInsert) {
  await db.insert(campaignPdfDocuments).values(row).onConflictDoNothing();
  return findPdfDocument(db, row.clientId, row.notificationId);
}

/** What a notification's PDF is rendered from: its row's parameters and its batch's script. */
export async function findPdfSources(db: Executor, clientId: string, notificationIds: string[]) {
  if (notificationIds.length === 0) return [];
  return db
    .select({
      notificationId: campaignNotifications.id,
      batchId: campaignNotifications.batchId,
      rowNo: campaignNotifications.rowNo,
      recipient: campaignNotifications.recipient,
      params: campaignNotifications.params,
      pdfScript: campaignBatches.pdfScript,
    })
    .from(campaignNotifications)
    .innerJoin(
      campaignBatches,
      inClient(
        campaignBatches,
        campaignNotifications.clientId,
        eq(campaignBatches.id, campaignNotifications.batchId),
      ),
    )
    .where(inClient(campaignNotifications, clientId, inArray(campaignNotifications.id, notificationIds)));
}

export async function listBatchPdfDocuments(
  db: Executor,
  clientId: string,
  batchId: string,
  page: { pageSize: number; pageNumber: number },
) {
  const where = inClient(campaignPdfDocuments, clientId, eq(campaignPdfDocuments.batchId, batchId));
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(campaignPdfDocuments)
      .where(where)
      .orderBy(campaignPdfDocuments.rowNo, campaignPdfDocuments.createdAt)
      .limit(page.pageSize)
      .offset(page.pageSize * page.pageNumber),
    db.select({ total: count() }).from(campaignPdfDocuments).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** A channel's campaigns that carry a PDF script, newest first. */
export async function listPdfCampaignRows(
  db: Executor,
  clientId: string,
  channel: CampaignChannel,
  page: { pageSize: number; pageNumber: number },
) {
  const where = inClient(campaigns, clientId, eq(campaigns.channel, channel), isNotNull(campaigns.pdfScript));
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: campaigns.id,
        code: campaigns.code,
        name: campaigns.name,
        status: campaigns.status,
        fileName: sql<string>`${campaigns.pdfScript}->>'fileName'`,
      })
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(page.pageSize)
      .offset(page.pageSize * page.pageNumber),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** The latest batches (at most `perCampaign` each) of these campaigns that rendered PDFs, with their counts. */
export async function listPdfBatches(
  db: Executor,
  clientId: string,
  campaignIds: string[],
  perCampaign: number,
) {
  if (campaignIds.length === 0) return [];
  const ranked = db
    .select({
      id: campaignBatches.id,
      campaignId: campaignBatches.campaignId,
      status: campaignBatches.status,
      fileName: campaignBatches.fileName,
      createdAt: campaignBatches.createdAt,
      validCount: campaignBatches.validCount,
      rank: sql<number>`row_number() over (partition by ${campaignBatches.campaignId} order by ${campaignBatches.createdAt} desc, ${campaignBatches.id} desc)`.as(
        'rank',
      ),
    })
    .from(campaignBatches)
    .where(
      inClient(
        campaignBatches,
        clientId,
        inArray(campaignBatches.campaignId, campaignIds),
        isNotNull(campaignBatches.pdfScript),
      ),
    )
    .as('ranked');
  const batches = await db.select().from(ranked).where(sql`${ranked.rank} <= ${perCampaign}`);
  if (batches.length === 0) return [];
  const counts = await db
    .select({ batchId: campaignPdfDocuments.batchId, pdfCount: count() })
    .from(campaignPdfDocuments)
    .where(
      inClient(
        campaignPdfDocuments,
        clientId,
        inArray(
          campaignPdfDocuments.batchId,
          batches.map((batch) => batch.id),
        ),
      ),
    )
    .groupBy(campaignPdfDocuments.batchId);
  const byBatch = new Map(counts.map((row) => [row.batchId, row.pdfCount]));
  return batches.map((batch) => ({ ...batch, pdfCount: byBatch.get(batch.id) ?? 0 }));
}

/** PDFs rendered for each of these campaigns, over all their batches. */
export async function countCampaignPdfs(db: Executor, clientId: string, campaignIds: string[]) {
  if (campaignIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ campaignId: campaignBatches.campaignId, pdfCount: count() })
    .from(campaignPdfDocuments)
    .innerJoin(
      campaignBatches,
      and(
        inClient(campaignBatches, campaignPdfDocuments.clientId),
        eq(campaignBatches.id, campaignPdfDocuments.batchId),
      ),
    )
    .where(inClient(campaignPdfDocuments, clientId, inArray(campaignBatches.campaignId, campaignIds)))
    .groupBy(campaignBatches.campaignId);
  return new Map(rows.map((row) => [row.campaignId!, row.pdfCount]));
}
