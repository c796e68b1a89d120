import { usageOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/database.js';
import { routeOperation } from '../../platform/operation-route.js';
import {
  listUsagePage,
  recordActivityLog,
  recordApiMetrics,
  recordPageMetric,
  type UsageUsers,
} from './usage.service.js';

export const usageRoutes: FastifyPluginAsyncZod<{ db: Database; users: UsageUsers }> = async (
  app,
  { db, users },
) => {
  routeOperation(app, usageOperations.recordApiMetrics, (request) =>
    recordApiMetrics(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, usageOperations.recordPageMetric, (request) =>
    recordPageMetric(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, usageOperations.recordActivityLog, (request) =>
    recordActivityLog(db, request.ctx.actor!, request.body),
  );

  // The rows come from one of three tables; the response schema checks each against its list's item.
  routeOperation(app, usageOperations.listApiMetrics, async (request) => {
    const { clientId, pageSize, pageNumber } = request.query;
    return (await listUsagePage(db, users, 'api', clientId, { pageSize, pageNumber })) as never;
  });
  routeOperation(app, usageOperations.listPageMetrics, async (request) => {
    const { clientId, pageSize, pageNumber } = request.query;
    return (await listUsagePage(db, users, 'page', clientId, { pageSize, pageNumber })) as never;
  });
  routeOperation(app, usageOperations.listActivityLogs, async (request) => {
    const { clientId, pageSize, pageNumber, type } = request.query;
    return (await listUsagePage(db, users, 'logs', clientId, { pageSize, pageNumber }, type)) as never;
  });
};
