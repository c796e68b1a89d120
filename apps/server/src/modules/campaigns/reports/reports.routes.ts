import { reportsOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/database.js';
import { type Exports, exportNotFound } from '../../../platform/exports/index.js';
import { sendCsv } from '../../../platform/http-io.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { Storage } from '../../../platform/storage/index.js';
import {
  notificationHistory,
  REPORT_EXPORT,
  reportCampaigns,
  reportSummary,
  requestReport,
} from './reports.service.js';
import { campaignScenario } from './scenario.service.js';
import { getCallRecording, voiceHistory } from './voice-history.service.js';

/** Reports (spec §2 `/report`), the voice history and the scenario diagram's counts (decision 0041). */
export const reportsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: Storage;
  exports: Exports;
}> = async (app, { db, storage, exports }) => {
  routeOperation(app, ops.reportCampaigns, (request) => reportCampaigns(db, request.ctx.actor!));
  routeOperation(app, ops.reportSummary, (request) => reportSummary(db, request.ctx.actor!, request.query));
  routeOperation(app, ops.notificationHistory, (request) =>
    notificationHistory(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, ops.requestReport, (request) =>
    requestReport(db, exports, request.ctx.actor!, request.body),
  );
  routeOperation(app, ops.listReports, (request) =>
    exports.list(request.ctx.actor!, [REPORT_EXPORT], request.query),
  );
  routeOperation(app, ops.getReport, async (request) => {
    const report = await exports.get(request.ctx.actor!, request.params.exportId);
    if (report.kind !== REPORT_EXPORT) throw exportNotFound();
    return report;
  });
  routeOperation(app, ops.downloadReport, async (request, reply) => {
    const file = await exports.file(request.ctx.actor!, REPORT_EXPORT, request.params.exportId);
    return sendCsv(reply, file.fileName, file.body);
  });

  routeOperation(app, ops.voiceHistory, (request) => voiceHistory(db, request.ctx.actor!, request.query));
  routeOperation(app, ops.voiceRecording, async (request, reply) => {
    const file = await getCallRecording(
      db,
      storage,
      request.ctx.actor!,
      request.params.notificationId,
      request.params.attempt,
    );
    reply.header('content-type', file.mimeType);
    reply.header('content-length', String(file.size));
    reply.header('cache-control', 'private, max-age=3600');
    reply.header(
      'content-disposition',
      `inline; filename*=UTF-8''${encodeURIComponent(file.fileName ?? 'recording')}`,
    );
    return reply.send(storage.open(file));
  });

  routeOperation(app, ops.campaignScenario, (request) =>
    campaignScenario(db, request.ctx.actor!, request.query),
  );
};
