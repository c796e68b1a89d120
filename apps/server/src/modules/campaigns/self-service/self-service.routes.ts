import { selfServiceOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/database.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { Messaging } from '../../messaging/index.js';
import { listSelfServiceHistory, sendSelfService } from './self-service.service.js';

/** The channels' self-service send and its history (role USO; the client's admins too). */
export const selfServiceRoutes: FastifyPluginAsyncZod<{ db: Database; messaging: Messaging }> = async (
  app,
  deps,
) => {
  routeOperation(app, ops.sendSelfService, (request) =>
    sendSelfService(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, ops.selfServiceHistory, (request) =>
    listSelfServiceHistory(deps.db, request.ctx.actor!, request.query),
  );
};
