import { ErrorBodySchema } from '@sapa/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '../../lib/ids.js';
import type { Database } from '../database.js';
import { access } from '../request-context.js';
import { fileNotFound, type Storage, type StoredFile } from './storage.js';

export const storageRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  const sendFile = (reply: FastifyReply, file: StoredFile, cacheControl: string) => {
    reply.header('content-type', file.mimeType);
    reply.header('content-length', String(file.size));
    reply.header('cache-control', cacheControl);
    if (file.fileName) {
      reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    }
    return reply.send(storage.open(file));
  };

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
      return sendFile(reply, file, 'private, max-age=31536000, immutable');
    },
  );
  app.get(
    '/api/files/shared/:clientId/:fileId',
    {
      config: { access: access.public() },
      schema: {
        tags: ['files'],
        summary:
          'A stored file by a signed link that expires (an image sent to a customer, fetched by the provider without a login)',
        params: z.object({ clientId: z.string(), fileId: z.string() }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
        response: { 200: z.unknown(), 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { clientId, fileId } = request.params;
      if (!isId(clientId) || !isId(fileId)) throw fileNotFound();
      const file = await storage.getShared(db, { clientId, fileId, ...request.query });
      return sendFile(reply, file, 'public, max-age=3600');
    },
  );
};
