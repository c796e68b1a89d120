import { notificationsApiOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyOf } from '../../../platform/access-policy.js';
import type { Database } from '../../../platform/database.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { Messaging } from '../../messaging/index.js';
import { notificationsApi } from './notifications-api.service.js';

/** `/api/v1/notifications`: tenants' systems send and read notifications with the client's API secret. */
export const notificationsApiRoutes: FastifyPluginAsyncZod<{ db: Database; messaging: Messaging }> = async (
  app,
  deps,
) => {
  const api = notificationsApi(deps);
  routeOperation(app, ops.sendNotification, (request) =>
    api.send(apiKeyOf(request), request.body, request.headers['idempotency-key']),
  );
  routeOperation(app, ops.getNotification, (request) => api.get(apiKeyOf(request), request.params.id));
};
