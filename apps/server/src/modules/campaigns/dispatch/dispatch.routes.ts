import { dispatchOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/database.js';
import { routeOperation } from '../../../platform/operation-route.js';
import { batchControl } from './batch-control.service.js';

/** Pause, resume, cancel and retry batches; their progress and attempts (decision 0028, "Dispatch"). */
export const dispatchRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  routeOperation(app, ops.pauseBatch, (request) =>
    batchControl.pause(db, request.ctx.actor!, request.params.batchId),
  );
  routeOperation(app, ops.resumeBatch, (request) =>
    batchControl.resume(db, request.ctx.actor!, request.params.batchId),
  );
  routeOperation(app, ops.cancelBatch, (request) =>
    batchControl.cancel(db, request.ctx.actor!, request.params.batchId),
  );
  routeOperation(app, ops.retryFailedBatch, (request) =>
    batchControl.retryFailed(db, request.ctx.actor!, request.params.batchId),
  );
  routeOperation(app, ops.pauseCampaignBatches, (request) =>
    batchControl.forCampaign(db, request.ctx.actor!, request.params.campaignId, 'pause'),
  );
  routeOperation(app, ops.resumeCampaignBatches, (request) =>
    batchControl.forCampaign(db, request.ctx.actor!, request.params.campaignId, 'resume'),
  );
  routeOperation(app, ops.cancelCampaignBatches, (request) =>
    batchControl.forCampaign(db, request.ctx.actor!, request.params.campaignId, 'cancel'),
  );
  routeOperation(app, ops.getBatchProgress, (request) =>
    batchControl.progress(db, request.ctx.actor!, request.params.batchId),
  );
  routeOperation(app, ops.getNotificationAttempts, (request) =>
    batchControl.attempts(db, request.ctx.actor!, request.params.notificationId),
  );
};
