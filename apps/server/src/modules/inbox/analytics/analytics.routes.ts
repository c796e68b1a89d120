import { analyticsOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import { routeOperation } from '../../../platform/operation-route.js';
import { findClient } from '../../clients/index.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  deleteAnalyticsDashboard,
  getChatbotDashboard,
  getDashboardAnalytics,
  listAnalyticsDashboards,
  previewDashboardAnalytics,
  saveAnalyticsDashboard,
} from './analytics.service.js';
import {
  changeEmailPulseStatus,
  createEmailPulse,
  listEmailPulses,
  updateEmailPulse,
} from './email-pulse.service.js';
import { getMetabaseEmbed, saveMetabaseSettings } from './metabase.service.js';

const timezoneOf = async (db: Executor, clientId: string) => (await findClient(db, clientId))?.timezone;

/** Analytics dashboards, the chatbot dashboard, the Metabase embed and email pulses (spec §7 "Analytics"). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const encryptionKey = () => {
    if (!deps.encryptionKey) throw new AppError(503, 'not_configured', 'Secrets cannot be stored here');
    return deps.encryptionKey;
  };
  routeOperation(app, analyticsOperations.listDashboards, (request) =>
    listAnalyticsDashboards(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, analyticsOperations.saveDashboard, (request) =>
    saveAnalyticsDashboard(db, request.ctx.actor!, request.query.id, request.body),
  );
  routeOperation(app, analyticsOperations.deleteDashboard, (request) =>
    deleteAnalyticsDashboard(db, request.ctx.actor!, request.query.id),
  );
  routeOperation(app, analyticsOperations.getDashboardAnalytics, async (request) => {
    const actor = request.ctx.actor!;
    return getDashboardAnalytics(db, actor, request.query, await timezoneOf(db, actor.clientId));
  });
  routeOperation(app, analyticsOperations.previewDashboardAnalytics, async (request) => {
    const actor = request.ctx.actor!;
    return previewDashboardAnalytics(
      db,
      actor,
      request.query,
      request.body,
      await timezoneOf(db, actor.clientId),
    );
  });
  routeOperation(app, analyticsOperations.getChatbotDashboard, async (request) => {
    const actor = request.ctx.actor!;
    return getChatbotDashboard(db, actor, request.query, await timezoneOf(db, actor.clientId));
  });
  routeOperation(app, analyticsOperations.getMetabaseEmbed, (request) =>
    getMetabaseEmbed(db, encryptionKey(), request.ctx.actor!),
  );
  routeOperation(app, analyticsOperations.saveMetabaseSettings, (request) =>
    saveMetabaseSettings(db, encryptionKey(), request.ctx.actor!, request.body),
  );
  routeOperation(app, analyticsOperations.listEmailPulses, (request) =>
    listEmailPulses(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, analyticsOperations.createEmailPulse, (request) =>
    createEmailPulse(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, analyticsOperations.updateEmailPulse, (request) =>
    updateEmailPulse(db, request.ctx.actor!, request.query.id, request.body),
  );
  routeOperation(app, analyticsOperations.changeEmailPulseStatus, (request) =>
    changeEmailPulseStatus(db, request.ctx.actor!, request.query.id, request.body.status),
  );
};
