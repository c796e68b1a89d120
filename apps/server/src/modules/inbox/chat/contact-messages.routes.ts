import { ChatMessageSchema, ErrorBodySchema } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CS_TAGS, csAccess, security } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import { listMessagesOfContact } from './chat.service.js';

const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * A customer's messages: under the customers' path (spec §7) but chat contents, so the inbox answers it
 * under the rules of /api/cs/chat (issue 11, defect 3).
 */
export const contactMessagesRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const inbox = { access: csAccess.inbox };
  app.get(
    '/api/cs/customers/data/message',
    {
      config: inbox,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'A customer’s latest messages across rooms',
        querystring: z.object({ contactNumber: z.string().min(1) }),
        response: { 200: z.object({ items: z.array(ChatMessageSchema) }), ...errors },
      },
    },
    async (request) => listMessagesOfContact(db, request.ctx.actor!, request.query.contactNumber),
  );
};
