import { providersOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/audit/index.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { SmsReceipt } from '../channels/sms/sms.sandbox.js';
import { receiveSmsStatus } from './provider-callbacks.js';
import type { ProviderConfiguration } from './providers.service.js';

/** A channel's providers (`/api/channels/:channel/providers`): secrets go in, never out. */
export const providersRoutes: FastifyPluginAsyncZod<{ providers: ProviderConfiguration }> = async (
  app,
  { providers },
) => {
  routeOperation(app, ops.listProviderTypes, (request) =>
    providers.listProviderTypes(request.ctx.actor!, request.params.channel),
  );
  routeOperation(app, ops.listProviders, (request) =>
    providers.listProviders(request.ctx.actor!, request.params.channel),
  );
  routeOperation(app, ops.getProvider, (request) =>
    providers.getProvider(request.ctx.actor!, request.params.channel, request.params.providerId),
  );
  routeOperation(app, ops.createProvider, (request) =>
    providers.createProvider(actorOf(request), request.params.channel, request.body),
  );
  routeOperation(app, ops.updateProvider, (request) =>
    providers.updateProvider(
      actorOf(request),
      request.params.channel,
      request.params.providerId,
      request.body,
    ),
  );
  routeOperation(app, ops.setDefaultProvider, (request) =>
    providers.setDefaultProvider(actorOf(request), request.params.channel, request.params.providerId),
  );
  routeOperation(app, ops.deleteProvider, (request) =>
    providers.deleteProvider(actorOf(request), request.params.channel, request.params.providerId),
  );
  routeOperation(app, ops.listProviderEditRequests, (request) =>
    providers.listEditRequests(request.ctx.actor!, request.params.channel, request.query),
  );
  routeOperation(app, ops.testProvider, (request) =>
    providers.testProvider(request.ctx.actor!, request.params.channel, request.params.providerId),
  );
};

/** HTTP SMS gateways' status callbacks, outside the login; signed on the raw body. */
export const providerWebhookRoutes: FastifyPluginAsyncZod<{
  providers: ProviderConfiguration;
  smsReceipts(receipt: SmsReceipt): Promise<void>;
}> = async (app, deps) => {
  // The signature covers the exact bytes the gateway sent: keep them raw (this plugin's scope only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  routeOperation(app, ops.receiveSmsStatus, async (request) => {
    await receiveSmsStatus(deps, {
      clientId: request.params.clientId,
      providerId: request.params.providerId,
      body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      signature: request.headers['x-sapa-signature'],
    });
    return { received: true as const };
  });
};
