import { sandboxOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOperation } from '../../../platform/operation-route.js';
import type { Messaging } from '../messaging.service.js';
import type { OutboundRow } from '../messaging.tables.js';

const entry = (row: OutboundRow) => ({
  id: row.id,
  channel: row.channel,
  recipient: row.recipient,
  content: row.content,
  source: row.source,
  status: row.status,
  statusHistory: row.statusHistory as Record<string, string>,
  providerMessageId: row.providerMessageId,
  errorCode: row.errorCode,
  errorMessage: row.errorMessage,
  details: row.details ?? null,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** `GET /api/sandbox/outbox`: what each channel received for the caller's client, from the ledger. */
export const sandboxOutboxRoutes: FastifyPluginAsyncZod<{ messaging: Messaging }> = async (
  app,
  { messaging },
) => {
  routeOperation(app, sandboxOperations.listOutbox, async (request) => {
    const { rows, total, page, pageSize } = await messaging.listOutbox(request.ctx.actor!, request.query);
    return { items: rows.map(entry), total, page, pageSize };
  });
};
