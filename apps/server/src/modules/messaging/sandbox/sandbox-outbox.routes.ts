import { sandboxOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOperation } from '../../../platform/operation-route.js';
import type { Messaging } from '../messaging.service.js';
import type { OutboundRow } from '../messaging.tables.js';
import type { ReceivedMessage, SandboxReceived } from './sandbox-received.js';

/**
 * One message as the sandbox received it (its words, which the ledger may not keep: decision 0048),
 * with what became of it from the ledger row it was sent for (status, history, source, attempts).
 */
const entry = (received: ReceivedMessage, row: OutboundRow | undefined) => ({
  id: row?.id ?? received.key,
  channel: received.channel,
  recipient: row?.recipient ?? received.recipient,
  content: received.content,
  source: row?.source ?? '',
  status: row?.status ?? 'sent',
  statusHistory: (row?.statusHistory ?? { sent: received.receivedAt.toISOString() }) as Record<
    string,
    string
  >,
  providerMessageId: received.providerMessageId,
  errorCode: row?.errorCode ?? null,
  errorMessage: row?.errorMessage ?? null,
  details: row?.details ?? null,
  attempts: row?.attempts ?? 1,
  createdAt: (row?.createdAt ?? received.receivedAt).toISOString(),
  updatedAt: (row?.updatedAt ?? received.receivedAt).toISOString(),
});

/**
 * `GET /api/sandbox/outbox`: what each sandbox provider received for the caller's client, from the
 * sandbox's own record (not the ledger), newest first.
 */
export const sandboxOutboxRoutes: FastifyPluginAsyncZod<{
  messaging: Messaging;
  received: SandboxReceived;
}> = async (app, { messaging, received }) => {
  routeOperation(app, sandboxOperations.listOutbox, async (request) => {
    const actor = request.ctx.actor!;
    const { page, pageSize, channel, recipient } = request.query;
    const { rows, total } = received.list(
      actor.clientId,
      { channel, recipient },
      { limit: pageSize, offset: (page - 1) * pageSize },
    );
    const ledger = new Map(
      (
        await messaging.findOutboundByIds(
          actor,
          rows.map((row) => row.key),
        )
      ).map((row) => [row.id, row]),
    );
    return { items: rows.map((row) => entry(row, ledger.get(row.key))), total, page, pageSize };
  });
};
