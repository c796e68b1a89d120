import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { CLIENT_ADMIN_ROLES } from '../access/roles.js';
import { defineOperation } from '../operations/define-operation.js';
import {
  OUTBOUND_STATUSES,
  OutboundChannelSchema,
  OutboundContentSchema,
  OutboundDetailsSchema,
} from './messaging.schemas.js';

const tags = ['sandbox'];

export const SandboxOutboxQuerySchema = z.object({
  channel: OutboundChannelSchema.optional(),
  recipient: z.string().trim().min(1).max(320).optional().describe('Exactly this recipient'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * One message a sandbox provider received, as it received it (the ledger keeps no readable body of a
 * sensitive message), with its ledger row's status, history and source; newest first.
 */
export const SandboxOutboxEntrySchema = z.object({
  id: z.string(),
  channel: OutboundChannelSchema,
  recipient: z.string(),
  content: OutboundContentSchema,
  source: z.string(),
  status: z.enum(OUTBOUND_STATUSES),
  /** The first time each status was reached (ISO times). */
  statusHistory: z.record(z.string(), z.string()),
  providerMessageId: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  details: OutboundDetailsSchema.nullable(),
  attempts: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SandboxOutboxEntry = z.infer<typeof SandboxOutboxEntrySchema>;

export const SandboxOutboxPageSchema = z.object({
  items: z.array(SandboxOutboxEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** What the sandbox providers (SMS, email, Telegram, voice, WhatsApp) received for the caller's client. */
export const sandboxOperations = {
  listOutbox: defineOperation({
    method: 'GET',
    path: '/api/sandbox/outbox',
    access: access.roles(...CLIENT_ADMIN_ROLES),
    tags,
    summary: "What each channel received for the caller's client, newest first",
    query: SandboxOutboxQuerySchema,
    response: SandboxOutboxPageSchema,
    errors: [400, 401, 403],
  }),
};
