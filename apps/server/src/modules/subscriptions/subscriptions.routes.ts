import {
  CreateSubscriptionSchema,
  ErrorBodySchema,
  SubscriptionQuerySchema,
  SubscriptionSchema,
  UpdateSubscriptionSchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/database.js';
import { access } from '../../platform/request-context.js';
import { changeSubscription, createSubscription, getSubscription } from './subscriptions.service.js';

const security = [{ bearer: [] }];
const tags = ['subscriptions'];

export const subscriptionsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/cs/subscriptions/me',
    {
      // No feature rule: the trial page must load while the trial is over.
      config: { access: access.authenticated() },
      schema: {
        tags,
        security,
        summary: "The subscription of the session's client (a super admin may name another client)",
        querystring: SubscriptionQuerySchema,
        response: { 200: SubscriptionSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => getSubscription(db, request.ctx.session!, request.query.clientId),
  );

  app.post(
    '/api/cs/subscriptions',
    {
      config: { access: access.roles('SAD') },
      schema: {
        tags,
        security,
        summary: "Create a client's subscription (super admin)",
        body: CreateSubscriptionSchema,
        response: {
          200: SubscriptionSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => createSubscription(db, request.body),
  );

  app.put(
    '/api/cs/subscriptions',
    {
      config: { access: access.roles('SAD') },
      schema: {
        tags,
        security,
        summary: "Change a client's subscription (super admin)",
        body: UpdateSubscriptionSchema,
        response: { 200: SubscriptionSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => changeSubscription(db, request.body),
  );
};
