import { subscriptionOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/database.js';
import { routeOperation } from '../../platform/operation-route.js';
import { changeSubscription, createSubscription, getSubscription } from './subscriptions.service.js';

export const subscriptionsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  routeOperation(app, subscriptionOperations.getMySubscription, (request) =>
    getSubscription(db, request.ctx.actor!, request.query.clientId),
  );
  routeOperation(app, subscriptionOperations.createSubscription, (request) =>
    createSubscription(db, request.body),
  );
  routeOperation(app, subscriptionOperations.updateSubscription, (request) =>
    changeSubscription(db, request.body),
  );
};
