import multipart from '@fastify/multipart';
import { BATCH_FILE_MAX_BYTES, batchesOperations as ops } from '@sapa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyOf } from '../../../platform/access-policy.js';
import { type AuditActor, actorOf } from '../../../platform/audit/index.js';
import { openOperationUpload, routeOperation } from '../../../platform/operation-route.js';
import {
  type BatchDeps,
  exportBatchErrorInput,
  exportBatchInput,
  getBatch,
  getBatchErrorInput,
  getBatchInput,
  listClientBatches,
  markBatchRowPaid,
  uploadBatch,
} from './batches.service.js';

/** The public API's caller as the audit trail records it: the client's key, and from where. */
function apiCaller(request: FastifyRequest): AuditActor {
  const userAgent = request.headers['user-agent'];
  return {
    actor: apiKeyOf(request),
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  };
}

/** Notification files and their batches (issue 14 items 2-3), in the portal and the public API. */
export const batchesRoutes: FastifyPluginAsyncZod<{ deps: BatchDeps }> = async (app, { deps }) => {
  const { db } = deps;
  await app.register(multipart, {
    limits: { files: 1, fileSize: BATCH_FILE_MAX_BYTES, fields: 5, parts: 6 },
  });

  routeOperation(app, ops.uploadBatch, async (request) => {
    const upload = await openOperationUpload(request, ops.uploadBatch);
    return uploadBatch(deps, actorOf(request), {
      campaign: { codeOrName: upload.fields.campaignName },
      scheduledTime: upload.fields.scheduledTime,
      stream: upload.stream,
      fileName: upload.fileName,
      source: 'upload',
    });
  });
  routeOperation(app, ops.listBatches, (request) => listClientBatches(db, request.ctx.actor!, request.query));
  routeOperation(app, ops.getBatch, (request) => getBatch(db, request.ctx.actor!, request.params.batchId));
  routeOperation(app, ops.batchInput, (request) =>
    getBatchInput(db, request.ctx.actor!, request.params.batchId, request.query),
  );
  routeOperation(app, ops.exportBatchInput, async (request, reply) => {
    const { fileName, stream } = await exportBatchInput(db, request.ctx.actor!, request.params.batchId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(stream);
  });
  routeOperation(app, ops.batchErrorInput, (request) =>
    getBatchErrorInput(db, request.ctx.actor!, request.params.batchId, request.query),
  );
  routeOperation(app, ops.exportBatchErrorInput, async (request, reply) => {
    const { fileName, stream } = await exportBatchErrorInput(
      db,
      request.ctx.actor!,
      request.params.batchId,
      request.query.kind,
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(stream);
  });

  routeOperation(app, ops.markBatchRowPaid, (request) =>
    markBatchRowPaid(db, actorOf(request), request.params.batchId, request.body),
  );

  routeOperation(app, ops.apiUploadBatch, async (request) => {
    const caller = apiCaller(request);
    const upload = await openOperationUpload(request, ops.apiUploadBatch);
    return uploadBatch(deps, caller, {
      campaign: { code: request.params.campaignCode },
      scheduledTime: upload.fields.scheduledTime,
      stream: upload.stream,
      fileName: upload.fileName,
      source: 'api',
    });
  });
  routeOperation(app, ops.apiGetBatch, (request) => getBatch(db, apiKeyOf(request), request.params.batchId));
  routeOperation(app, ops.apiMarkBatchRowPaid, (request) =>
    markBatchRowPaid(db, apiCaller(request), request.params.batchId, request.body),
  );
};
