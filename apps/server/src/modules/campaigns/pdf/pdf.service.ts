import {
  type CampaignChannel,
  type CampaignContent,
  PDF_KEEP_DAYS_AFTER_LINK,
  PDF_LINK_PARAM,
  type PdfScript,
} from '@sapa/contracts';
import { isId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import type { AuditActor } from '../../../platform/audit/index.js';
import type { Database, Executor } from '../../../platform/database.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { Storage, StoredFile } from '../../../platform/storage/index.js';
import { batchNotFound } from '../batches/batches.errors.js';
import { findBatch } from '../batches/batches.repository.js';
import { previewParamTranslator } from '../batches/param-translator-preview.js';
import { requireCampaignAccess } from '../campaigns.access.js';
import { editCampaign, getCampaign } from '../campaigns.service.js';
import {
  countCampaignPdfs,
  deleteExpiredPdfDocuments,
  findPdfDocument,
  findPdfDocuments,
  findPdfSources,
  insertPdfDocument,
  listBatchPdfDocuments,
  listPdfBatches,
  listPdfCampaignRows,
  listRetentionBatches,
  unreferencedPdfFiles,
  unsafeListPdfClients,
} from './pdf.repository.js';
import { pdfLinkUrl, readPdfLinkToken } from './pdf-link.js';
import { checkPdfScript } from './pdf-script-check.js';
import { pdfFileName, renderPdf } from './render-pdf.js';

/** What an email's attachment names (messaging resolves it at send time through `attachment`). */
export const PDF_ATTACHMENT_REF = 'campaign-pdf:';
/** The stored files of recipients' PDFs: only the retention job deletes them (decision 0052). */
const PDF_FILE_OWNER = 'campaign-pdf';
/** PDFs deleted per transaction by the retention job: a chunk's rows stay locked only briefly. */
const RETENTION_CHUNK = 200;
export const PDF_RETENTION_JOB = 'campaigns.pdf-retention';

const linkNotFound = () =>
  notFound('pdf_link_not_found', 'This link is not valid. Use the link of the message you received.');
const linkExpired = () =>
  new AppError(403, 'pdf_link_expired', 'This link has expired. Ask the sender for the document again.');
const pdfNotFound = () => notFound('pdf_not_found', 'This PDF does not exist.');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

export type CampaignPdfDeps = {
  db: Database;
  storage: Storage;
  /** Signs the recipients' short links; used for nothing else. */
  linkKey: Buffer;
  publicUrl: string;
  log: { warn(object: object, message: string): void };
};

export type CampaignPdfs = ReturnType<typeof createCampaignPdfs>;

/**
 * The recipients' PDFs at send time (decision 0046): rendered once per notification in the dispatch
 * path (never in a request), one at a time, kept in platform storage and recorded; an email attaches
 * the file, an SMS, WhatsApp or Telegram message links to it.
 */
export function createCampaignPdfs(deps: CampaignPdfDeps) {
  const { db, storage } = deps;

  /** Renders and stores the PDFs of these notifications that have none yet; answers every one's record. */
  async function ensure(clientId: string, notificationIds: string[]) {
    const existing = await findPdfDocuments(db, clientId, notificationIds);
    const have = new Set(existing.map((row) => row.notificationId));
    const missing = notificationIds.filter((id) => !have.has(id));
    const sources = await findPdfSources(db, clientId, missing);
    for (const source of sources) {
      if (!source.pdfScript) continue;
      try {
        const bytes = await renderPdf(source.pdfScript, source.params, { documentId: source.notificationId });
        const fileName = pdfFileName(source.pdfScript, source.params);
        const file = await storage.save(db, {
          clientId,
          bytes,
          mimeType: 'application/pdf',
          fileName,
          owner: PDF_FILE_OWNER,
        });
        const row = await insertPdfDocument(db, {
          clientId,
          notificationId: source.notificationId,
          batchId: source.batchId,
          rowNo: source.rowNo,
          recipient: source.recipient,
          fileId: file.id,
          fileName,
          size: bytes.length,
        });
        if (row) existing.push(row);
      } catch (error) {
        deps.log.warn(
          { err: error, clientId, notificationId: source.notificationId },
          'a recipient PDF could not be rendered',
        );
      }
    }
    return existing;
  }

  /** The short link a message carries to its recipient's PDF, valid for the script's `linkDays`. */
  const linkFor = (clientId: string, notificationId: string, script: PdfScript, now: Date) =>
    pdfLinkUrl(deps.linkKey, deps.publicUrl, {
      clientId,
      notificationId,
      expiresAt: new Date(now.getTime() + script.linkDays * 86_400_000),
    });

  return {
    linkFor,
    /** The parameters a row's messages are rendered with: its own, and the link to its PDF. */
    paramsWithLink: (
      clientId: string,
      notificationId: string,
      script: PdfScript,
      params: Record<string, string>,
      now: Date,
    ) => ({ ...params, [PDF_LINK_PARAM]: linkFor(clientId, notificationId, script, now) }),
    /** Before a chunk is sent: its PDFs exist (rendered now when not yet), so every link and attachment works. */
    async prepare(clientId: string, notificationIds: string[]) {
      await ensure(clientId, notificationIds);
    },
    /** An email's attachment by its reference, read from storage (rendered first when it never was). */
    async attachment(clientId: string, ref: string) {
      const notificationId = ref.startsWith(PDF_ATTACHMENT_REF) ? ref.slice(PDF_ATTACHMENT_REF.length) : '';
      if (!isId(notificationId)) throw new Error(`Unknown attachment ${ref}`);
      const [document] = await ensure(clientId, [notificationId]);
      if (!document) throw new Error(`The PDF of notification ${notificationId} could not be made`);
      const file = await storage.get(db, clientId, document.fileId);
      return {
        filename: document.fileName,
        contentType: 'application/pdf',
        content: await readAll(storage.open(file)),
      };
    },
    /** The file a recipient's short link opens: 404 when not signed by us, 403 once expired. */
    async openByToken(token: string, now = new Date()) {
      const target = readPdfLinkToken(deps.linkKey, token);
      if (!target) throw linkNotFound();
      if (target.expiresAt.getTime() < now.getTime()) throw linkExpired();
      const document = await findPdfDocument(db, target.clientId, target.notificationId);
      if (!document) {
        // A link to a recipient's PDF that is gone (deleted by retention) or was never made: the
        // recipient asks the sender again, as for an expired link. Another client's ids stay unknown.
        const [source] = await findPdfSources(db, target.clientId, [target.notificationId]);
        throw source?.pdfScript ? linkExpired() : linkNotFound();
      }
      // Deleted by retention while this link was being read.
      const file = await storage.get(db, target.clientId, document.fileId).catch(() => null);
      if (!file || !(await storage.exists(file))) throw linkExpired();
      return { fileName: document.fileName, file };
    },
    /**
     * Deletes the PDFs whose last download link expired more than `keepDays` ago (decision 0052): per
     * client, per batch, in chunks of 200 rows claimed with SKIP LOCKED, each chunk's rows and its
     * stored files in one transaction. Safe to run twice or at once; a later retry renders again.
     */
    async sweepExpired(now = new Date(), keepDays = PDF_KEEP_DAYS_AFTER_LINK) {
      let deleted = 0;
      for (const clientId of await unsafeListPdfClients(db)) {
        let afterId: string | null = null;
        for (;;) {
          const batches = await listRetentionBatches(db, clientId, { now, keepDays, afterId, limit: 100 });
          for (const batch of batches) {
            const cutoff = new Date(now.getTime() - (batch.linkDays + keepDays) * 86_400_000);
            for (;;) {
              const count = await db.transaction(async (tx) => {
                const fileIds = await deleteExpiredPdfDocuments(tx, {
                  clientId,
                  batchId: batch.id,
                  cutoff,
                  limit: RETENTION_CHUNK,
                });
                const unused = await unreferencedPdfFiles(tx, clientId, fileIds);
                await storage.discard(tx, clientId, unused, PDF_FILE_OWNER);
                return fileIds.length;
              });
              deleted += count;
              if (count < RETENTION_CHUNK) break;
            }
          }
          if (batches.length < 100) break;
          afterId = batches.at(-1)!.id;
        }
      }
      return { deleted };
    },
  };
}

// ---- what people do (routes) ----

const contentOf = (campaign: Awaited<ReturnType<typeof getCampaign>>): CampaignContent => ({
  name: campaign.name,
  type: campaign.type,
  template: campaign.template,
  fallbackTemplates: campaign.fallbackTemplates,
  paramTranslator: campaign.paramTranslator,
  retryPlanId: campaign.retryPlanId,
  windowId: campaign.windowId,
  sender: campaign.sender,
  reminderOffsets: campaign.reminderOffsets,
  pdfScript: campaign.pdfScript,
});

/** Sets or removes a campaign's PDF script: an edit of the campaign, under its approval rules. */
export async function updatePdfScript(
  db: Database,
  caller: AuditActor,
  campaignId: string,
  pdfScript: PdfScript | null,
) {
  const campaign = await getCampaign(db, caller.actor, campaignId);
  return editCampaign(db, caller, campaign.campaignId, { ...contentOf(campaign), pdfScript });
}

/** A script rendered for a sample row read through the campaign's translator (not saved, nothing sent). */
export async function previewPdf(
  db: Executor,
  actor: Actor,
  campaignId: string,
  body: { pdfScript: PdfScript; row: Record<string, string> },
) {
  const campaign = await getCampaign(db, actor, campaignId);
  checkPdfScript(campaign.channel, campaign.paramTranslator, body.pdfScript);
  const read = await previewParamTranslator(db, actor, {
    channel: campaign.channel,
    paramTranslator: campaign.paramTranslator,
    row: body.row,
  });
  if (!read.ok)
    throw new AppError(400, 'pdf_preview_row_invalid', `The sample row is refused: ${read.reason}`, [
      { path: 'row', message: read.reason },
    ]);
  const bytes = await renderPdf(body.pdfScript, read.params);
  return { fileName: pdfFileName(body.pdfScript, read.params), bytes };
}

export async function listPdfCampaigns(
  db: Executor,
  actor: Actor,
  query: { channel: CampaignChannel; pageSize: number; pageNumber: number },
) {
  await requireCampaignAccess(db, actor, query.channel, 'view');
  const page = { pageSize: query.pageSize, pageNumber: query.pageNumber };
  const { items, total } = await listPdfCampaignRows(db, actor.clientId, query.channel, page);
  const ids = items.map((item) => item.id);
  const [batches, counts] = await Promise.all([
    listPdfBatches(db, actor.clientId, ids, 5),
    countCampaignPdfs(db, actor.clientId, ids),
  ]);
  return {
    ...page,
    total,
    items: items.map((item) => ({
      campaignId: item.id,
      code: item.code,
      name: item.name,
      status: item.status,
      fileName: item.fileName,
      pdfCount: counts.get(item.id) ?? 0,
      batches: batches
        .filter((batch) => batch.campaignId === item.id)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map((batch) => ({
          batchId: batch.id,
          status: batch.status,
          fileName: batch.fileName,
          createdAt: batch.createdAt.toISOString(),
          validCount: batch.validCount,
          pdfCount: batch.pdfCount,
        })),
    })),
  };
}

async function viewBatch(db: Executor, actor: Actor, batchId: string) {
  const batch = isId(batchId) ? await findBatch(db, actor.clientId, batchId) : null;
  if (!batch) throw batchNotFound();
  await requireCampaignAccess(db, actor, batch.channel, 'view');
  return batch;
}

export async function listBatchPdfs(
  db: Executor,
  actor: Actor,
  batchId: string,
  page: { pageSize: number; pageNumber: number },
) {
  const batch = await viewBatch(db, actor, batchId);
  const { items, total } = await listBatchPdfDocuments(db, actor.clientId, batch.id, page);
  return {
    ...page,
    total,
    items: items.map((row) => ({
      notificationId: row.notificationId,
      rowNo: row.rowNo,
      recipient: row.recipient,
      fileName: row.fileName,
      size: row.size,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export async function getBatchPdf(
  db: Executor,
  storage: Storage,
  actor: Actor,
  batchId: string,
  notificationId: string,
): Promise<{ fileName: string; file: StoredFile }> {
  const batch = await viewBatch(db, actor, batchId);
  const document = isId(notificationId)
    ? await findPdfDocument(db, actor.clientId, notificationId, batch.id)
    : null;
  if (!document) throw pdfNotFound();
  return { fileName: document.fileName, file: await storage.get(db, actor.clientId, document.fileId) };
}
