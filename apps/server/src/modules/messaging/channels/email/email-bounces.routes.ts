import { providerCallbackOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyOf } from '../../../../platform/access-policy.js';
import type { Database } from '../../../../platform/database.js';
import { routeOperation } from '../../../../platform/operation-route.js';
import type { StatusPort } from '../channel-kit.js';
import { receiveEmailBounce } from './email-bounces.js';

/** The bounce webhook a client's mail service calls with the client's API secret. */
export const emailBounceRoutes: FastifyPluginAsyncZod<{ db: Database; statuses: StatusPort }> = async (
  app,
  deps,
) => {
  routeOperation(app, providerCallbackOperations.emailBounce, (request) => {
    const userAgent = request.headers['user-agent'];
    return receiveEmailBounce(
      deps,
      {
        actor: apiKeyOf(request),
        ip: request.ip ?? null,
        userAgent: typeof userAgent === 'string' ? userAgent : null,
      },
      request.body,
    );
  });
};
