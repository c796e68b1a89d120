import { storageOperations } from '@sapa/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../lib/ids.js';
import type { Database } from '../database.js';
import { routeOperation } from '../operation-route.js';
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

  routeOperation(app, storageOperations.getFile, async (request, reply) => {
    if (!isId(request.params.fileId)) throw fileNotFound();
    const file = await storage.get(db, request.ctx.actor!.clientId, request.params.fileId);
    return sendFile(reply, file, 'private, max-age=31536000, immutable');
  });
  routeOperation(app, storageOperations.getSharedFile, async (request, reply) => {
    const { clientId, fileId } = request.params;
    if (!isId(clientId) || !isId(fileId)) throw fileNotFound();
    const file = await storage.getShared(db, { clientId, fileId, ...request.query });
    return sendFile(reply, file, 'public, max-age=3600');
  });
};
