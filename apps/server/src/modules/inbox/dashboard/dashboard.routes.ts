import { dashboardOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../../platform/database.js';
import { sendCsv } from '../../../platform/http-io.js';
import { routeOperation } from '../../../platform/operation-route.js';
import { findClient } from '../../clients/index.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  exportResponseReportCsv,
  getDailyActiveCustomers,
  getDailySeries,
  getDashboard,
  getRealtimeStatus,
  getResponseReport,
} from './dashboard.service.js';

const timezoneOf = async (db: Executor, clientId: string) => (await findClient(db, clientId))?.timezone;

export const dashboardRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  routeOperation(app, dashboardOperations.getSummary, async (request) => {
    const actor = request.ctx.actor!;
    return getDashboard(db, actor, request.query, await timezoneOf(db, actor.clientId));
  });
  routeOperation(app, dashboardOperations.getRealtimeStatus, (request) =>
    getRealtimeStatus(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, dashboardOperations.getDailyActiveCustomers, async (request) => {
    const actor = request.ctx.actor!;
    return getDailyActiveCustomers(db, actor, request.query.date, await timezoneOf(db, actor.clientId));
  });
  routeOperation(app, dashboardOperations.getDailySeries, async (request) => {
    const actor = request.ctx.actor!;
    return getDailySeries(db, actor, request.query, await timezoneOf(db, actor.clientId));
  });
  routeOperation(app, dashboardOperations.getResponseReport, async (request) => {
    const actor = request.ctx.actor!;
    return getResponseReport(db, actor, request.query, await timezoneOf(db, actor.clientId));
  });
  routeOperation(app, dashboardOperations.exportResponseReport, async (request, reply) => {
    const actor = request.ctx.actor!;
    const { fileName, csv } = await exportResponseReportCsv(
      db,
      actor,
      request.query,
      await timezoneOf(db, actor.clientId),
    );
    return sendCsv(reply, fileName, csv);
  });
};
