import { chatOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import { listMessagesOfContact } from './chat.service.js';

/**
 * A customer's messages: under the customers' path (spec §7) but chat contents, so the inbox answers it
 * under the rules of /api/cs/chat (issue 11, defect 3).
 */
export const contactMessagesRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  routeOperation(app, chatOperations.listMessagesOfContact, (request) =>
    listMessagesOfContact(db, request.ctx.actor!, request.query.contactNumber),
  );
};
