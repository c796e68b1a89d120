import { pdfScriptOperations as ops } from '@sapa/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/audit/index.js';
import type { Database } from '../../../platform/database.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { Storage } from '../../../platform/storage/index.js';
import {
  type CampaignPdfs,
  getBatchPdf,
  listBatchPdfs,
  listPdfCampaigns,
  previewPdf,
  updatePdfScript,
} from './pdf.service.js';

/** A header-safe file name: ASCII in `filename`, the exact name in `filename*` (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const sendPdf = (
  reply: FastifyReply,
  kind: 'inline' | 'attachment',
  fileName: string,
  body: Buffer | NodeJS.ReadableStream,
) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', disposition(kind, fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);

/** PDF scripts, previews, the PDFs per batch and the recipients' short links (decision 0046). */
export const campaignPdfRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: Storage;
  pdfs: CampaignPdfs;
}> = async (app, { db, storage, pdfs }) => {
  routeOperation(app, ops.updatePdfScript, (request) =>
    updatePdfScript(db, actorOf(request), request.params.campaignId, request.body.pdfScript),
  );
  routeOperation(app, ops.previewPdfScript, async (request, reply) => {
    const { fileName, bytes } = await previewPdf(
      db,
      request.ctx.actor!,
      request.params.campaignId,
      request.body,
    );
    return sendPdf(reply, 'inline', fileName, bytes);
  });
  routeOperation(app, ops.listPdfCampaigns, (request) =>
    listPdfCampaigns(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, ops.listBatchPdfs, (request) =>
    listBatchPdfs(db, request.ctx.actor!, request.params.batchId, request.query),
  );
  routeOperation(app, ops.downloadBatchPdf, async (request, reply) => {
    const { fileName, file } = await getBatchPdf(
      db,
      storage,
      request.ctx.actor!,
      request.params.batchId,
      request.params.notificationId,
    );
    return sendPdf(reply, 'attachment', fileName, storage.open(file));
  });
  routeOperation(app, ops.downloadRecipientPdf, async (request, reply) => {
    const { fileName, file } = await pdfs.openByToken(request.params.token);
    reply.header('x-robots-tag', 'noindex');
    return sendPdf(reply, 'inline', fileName, storage.open(file));
  });
};
