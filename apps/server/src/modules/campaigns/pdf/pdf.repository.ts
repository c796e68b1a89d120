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

/**
 * Unsafe (every client): the clients with batches that carry a PDF script, for the retention job,
 * which then works one client at a time.
 */
export async function unsafeListPdfClients(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ clientId: campaignBatches.clientId })
    .from(campaignBatches)
    .where(isNotNull(campaignBatches.pdfScript));
  return rows.map((row) => row.clientId);
}

/** A script's link lifetime in days, from a batch's snapshot (30 when an old snapshot lacks it). */
const linkDaysOf = sql<number>`coalesce((${campaignBatches.pdfScript}->>'linkDays')::int, 30)`;

/**
 * A client's batches some of whose PDFs may be past keeping: created before `now` minus their links'
 * days and `keepDays` (no PDF of a batch is older than the batch), with PDFs left. A page after `afterId`.
 */
export async function listRetentionBatches(
  db: Executor,
  clientId: string,
  input: { now: Date; keepDays: number; afterId: string | null; limit: number },
) {
  return db
    .select({ id: campaignBatches.id, linkDays: linkDaysOf })
    .from(campaignBatches)
    .where(
      inClient(
        campaignBatches,
        clientId,
        isNotNull(campaignBatches.pdfScript),
        input.afterId ? sql`${campaignBatches.id} > ${input.afterId}` : undefined,
        sql`${campaignBatches.createdAt} < ${input.now}::timestamptz - make_interval(days => ${linkDaysOf} + ${input.keepDays})`,
        sql`exists (select 1 from ${campaignPdfDocuments} d where d.client_id = ${campaignBatches.clientId} and d.batch_id = ${campaignBatches.id})`,
      ),
    )
    .orderBy(campaignBatches.id)
    .limit(input.limit);
}

/**
 * Deletes up to `limit` PDFs of a batch whose last link expired before `cutoff` (a link lasts its days
 * from the claim that issued it, and every claim moves the notification's `updated_at`); rows another
 * run holds are skipped. Answers the stored files they named.
 */
export async function deleteExpiredPdfDocuments(
  db: Executor,
  input: { clientId: string; batchId: string; cutoff: Date; limit: number },
): Promise<string[]> {
  const result = await db.execute<{ file_id: string }>(sql`
    with doomed as (
      select d.notification_id from ${campaignPdfDocuments} d
      join ${campaignNotifications} n on n.client_id = d.client_id and n.id = d.notification_id
      where d.client_id = ${input.clientId} and d.batch_id = ${input.batchId}
        and greatest(d.created_at, n.updated_at) < ${input.cutoff}
      order by d.row_no
      limit ${input.limit}
      for update of d skip locked
    )
    delete from ${campaignPdfDocuments} d using doomed
    where d.client_id = ${input.clientId} and d.notification_id = doomed.notification_id
    returning d.file_id`);
  return result.rows.map((row) => row.file_id);
}

/** Of these stored files, those no PDF of the client names any more. */
export async function unreferencedPdfFiles(db: Executor, clientId: string, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ fileId: campaignPdfDocuments.fileId })
    .from(campaignPdfDocuments)
    .where(inClient(campaignPdfDocuments, clientId, inArray(campaignPdfDocuments.fileId, fileIds)));
  const used = new Set(rows.map((row) => row.fileId));
  return [...new Set(fileIds)].filter((id) => !used.has(id));
}
