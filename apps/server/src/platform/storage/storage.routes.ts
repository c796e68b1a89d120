import { ErrorBodySchema } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '../../lib/ids.js';
import type { Database } from '../database.js';
import { access } from '../request-context.js';
import { fileNotFound, type Storage } from './storage.js';

export const storageRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/api/files/:fileId',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['files'],
        summary: "A stored file (such as a customer's media) of the caller's client",
        security: [{ bearer: [] }],
        params: z.object({ fileId: z.string() }),
        response: { 200: z.unknown(), 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (!isId(request.params.fileId)) throw fileNotFound();
      const file = await storage.get(db, request.ctx.session!.clientId, request.params.fileId);
      reply.header('content-type', file.mimeType);
      reply.header('content-length', String(file.size));
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      if (file.fileName) {
        reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      }
      return reply.send(storage.open(file));
    },
  );
};
