import { configurationOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import { getConfiguration, saveConfiguration, setDefaultBot } from './configuration.service.js';

export const configurationRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  routeOperation(app, configurationOperations.getConfiguration, (request) =>
    getConfiguration(db, request.ctx.actor!, request.query.clientId),
  );
  routeOperation(app, configurationOperations.patchConfiguration, (request) =>
    saveConfiguration(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, configurationOperations.saveConfiguration, (request) =>
    saveConfiguration(db, request.ctx.actor!, request.body.config, request.body.clientId),
  );
  routeOperation(app, configurationOperations.setDefaultBot, (request) =>
    setDefaultBot(db, request.ctx.actor!, request.body.id),
  );
};
