import { ConfigurationSchema, CsConfigPatchSchema, ErrorBodySchema } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CS_TAGS, csAccess, security } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import { getConfiguration, saveConfiguration, setDefaultBot } from './configuration.service.js';

export const configurationRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const response = { 200: ConfigurationSchema, 400: ErrorBodySchema, 404: ErrorBodySchema };

  app.get(
    '/api/cs/configuration',
    {
      config: { access: csAccess.inbox },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'The customer-service configuration, every field with its default',
        querystring: z.object({ clientId: z.string().optional() }),
        response,
      },
    },
    async (request) => getConfiguration(db, request.ctx.actor!, request.query.clientId),
  );

  app.put(
    '/api/cs/configuration',
    {
      config: { access: csAccess.admins },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Change fields of this client’s configuration (the body is the config object)',
        body: CsConfigPatchSchema,
        response,
      },
    },
    async (request) => saveConfiguration(db, request.ctx.actor!, request.body),
  );

  app.post(
    '/api/cs/configuration',
    {
      config: { access: csAccess.admins },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Save a client’s configuration (a super admin may name any client)',
        body: z.object({ clientId: z.string(), config: CsConfigPatchSchema }),
        response,
      },
    },
    async (request) => saveConfiguration(db, request.ctx.actor!, request.body.config, request.body.clientId),
  );

  app.put(
    '/api/cs/configuration/defaultBot',
    {
      config: { access: csAccess.admins },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Choose the default chat bot',
        body: z.object({ id: z.string().min(1) }),
        response,
      },
    },
    async (request) => setDefaultBot(db, request.ctx.actor!, request.body.id),
  );
};
