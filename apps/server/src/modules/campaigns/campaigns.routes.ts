import {
  campaignDashboardOperations,
  campaignsOperations as ops,
  statusMessagesOperations,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/audit/index.js';
import type { Exports } from '../../platform/exports/index.js';
import { sendCsv } from '../../platform/http-io.js';
import { routeOperation } from '../../platform/operation-route.js';
import { batchesRoutes } from './batches/batches.routes.js';
import type { BatchDeps } from './batches/batches.service.js';
import { previewParamTranslator } from './batches/param-translator-preview.js';
import {
  activateCampaign,
  createCampaign,
  deactivateCampaign,
  editCampaign,
  getCampaign,
  getCampaignVersions,
  listClientCampaigns,
  removeCampaign,
  submitCampaign,
} from './campaigns.service.js';
import { campaignSummary, dailyCampaignProgress } from './dashboard/dashboard.service.js';
import { resourcesRoutes } from './resources/resources.routes.js';
import { retryPlans } from './retry-plans/retry-plans.service.js';
import {
  listStatusMessages,
  requestStatusMessagesExport,
  STATUS_MESSAGES_EXPORT,
} from './status-messages/status-messages.service.js';
import { windowOpening, windows } from './windows/windows.service.js';

/** Campaigns, sending windows and retry plans (issue 14, decision 0028); the services check who may. */
export const campaignsRoutes: FastifyPluginAsyncZod<{ deps: BatchDeps; exports: Exports }> = async (
  app,
  { deps, exports },
) => {
  const { db } = deps;
  await app.register(batchesRoutes, { deps });
  await app.register(resourcesRoutes, { deps });
  routeOperation(app, ops.previewParamTranslator, (request) =>
    previewParamTranslator(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, ops.listCampaigns, (request) =>
    listClientCampaigns(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, ops.createCampaign, (request) => createCampaign(db, actorOf(request), request.body));
  routeOperation(app, ops.getCampaign, (request) =>
    getCampaign(db, request.ctx.actor!, request.params.campaignId),
  );
  routeOperation(app, ops.updateCampaign, (request) =>
    editCampaign(db, actorOf(request), request.params.campaignId, request.body),
  );
  routeOperation(app, ops.deleteCampaign, (request) =>
    removeCampaign(db, actorOf(request), request.params.campaignId),
  );
  routeOperation(app, ops.listCampaignVersions, (request) =>
    getCampaignVersions(db, request.ctx.actor!, request.params.campaignId),
  );
  routeOperation(app, ops.submitCampaign, (request) =>
    submitCampaign(db, actorOf(request), request.params.campaignId),
  );
  routeOperation(app, ops.activateCampaign, (request) =>
    activateCampaign(db, actorOf(request), request.params.campaignId),
  );
  routeOperation(app, ops.deactivateCampaign, (request) =>
    deactivateCampaign(db, actorOf(request), request.params.campaignId),
  );

  routeOperation(app, ops.listWindows, (request) => windows.list(db, request.ctx.actor!));
  routeOperation(app, ops.createWindow, (request) => windows.create(db, actorOf(request), request.body));
  routeOperation(app, ops.getWindow, (request) =>
    windows.get(db, request.ctx.actor!, request.params.windowId),
  );
  routeOperation(app, ops.updateWindow, (request) =>
    windows.edit(db, actorOf(request), request.params.windowId, request.body),
  );
  routeOperation(app, ops.deleteWindow, (request) =>
    windows.remove(db, actorOf(request), request.params.windowId),
  );
  routeOperation(app, ops.windowNextOpening, (request) =>
    windowOpening(
      db,
      request.ctx.actor!,
      request.params.windowId,
      request.query.at ? new Date(request.query.at) : new Date(),
    ),
  );

  routeOperation(app, ops.listRetryPlans, (request) => retryPlans.list(db, request.ctx.actor!));
  routeOperation(app, ops.createRetryPlan, (request) =>
    retryPlans.create(db, actorOf(request), request.body),
  );
  routeOperation(app, ops.getRetryPlan, (request) =>
    retryPlans.get(db, request.ctx.actor!, request.params.retryPlanId),
  );
  routeOperation(app, ops.updateRetryPlan, (request) =>
    retryPlans.edit(db, actorOf(request), request.params.retryPlanId, request.body),
  );
  routeOperation(app, ops.deleteRetryPlan, (request) =>
    retryPlans.remove(db, actorOf(request), request.params.retryPlanId),
  );

  const status = statusMessagesOperations;
  routeOperation(app, status.listStatusMessages, (request) =>
    listStatusMessages(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, status.requestStatusMessagesExport, (request) =>
    requestStatusMessagesExport(db, exports, request.ctx.actor!, request.body),
  );
  routeOperation(app, status.listStatusMessagesExports, (request) =>
    exports.list(request.ctx.actor!, [STATUS_MESSAGES_EXPORT], request.query),
  );
  routeOperation(app, status.downloadStatusMessagesExport, async (request, reply) => {
    const file = await exports.file(request.ctx.actor!, STATUS_MESSAGES_EXPORT, request.params.exportId);
    return sendCsv(reply, file.fileName, file.body);
  });

  routeOperation(app, campaignDashboardOperations.campaignSummary, (request) =>
    campaignSummary(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, campaignDashboardOperations.dailyCampaignProgress, (request) =>
    dailyCampaignProgress(db, request.ctx.actor!, request.query),
  );
};
