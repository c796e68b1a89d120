import { ClientInfoSchema, ErrorBodySchema, ListClientInfoSchema } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '../../lib/ids.js';
import type { Database } from '../../platform/database.js';
import { access } from '../../platform/request-context.js';
import { clientNotFound, getClientInfo, getListClientInfo } from './clients.service.js';

export const clientsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/clients/me',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['clients'],
        summary: 'My client info; super admins also get every client (listClientInfo)',
        security: [{ bearer: [] }],
        response: { 200: ListClientInfoSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => getListClientInfo(db, request.ctx.session!),
  );

  app.get(
    '/api/clients/:clientId',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['clients'],
        summary: "A client's info: the session's own client, or any client for a super admin",
        security: [{ bearer: [] }],
        params: z.object({ clientId: z.string() }),
        response: { 200: ClientInfoSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      if (!isId(request.params.clientId)) throw clientNotFound();
      return getClientInfo(db, request.ctx.session!, request.params.clientId);
    },
  );
};
