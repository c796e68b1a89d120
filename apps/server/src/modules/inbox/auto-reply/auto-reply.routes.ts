import { autoReplyOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import { listAutoReplies, saveAutoReply } from './auto-reply.service.js';

/** `/api/cs/auto-reply` (spec §7 "Auto-reply: GET, POST"). */
export const autoReplyRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  routeOperation(app, autoReplyOperations.listAutoReplies, (request) =>
    listAutoReplies(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, autoReplyOperations.saveAutoReply, (request) =>
    saveAutoReply(db, request.ctx.actor!, request.body),
  );
};
