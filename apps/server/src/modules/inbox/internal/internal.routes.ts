import { internalChatOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import { listInternalRooms } from './internal.service.js';

/** Internal chat: the caller's internal rooms with their own unread counts. */
export const internalRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  routeOperation(app, internalChatOperations.listInternalRooms, (request) =>
    listInternalRooms(deps.db, request.ctx.actor!, request.query),
  );
};
