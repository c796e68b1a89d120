import type { OutboundDetails } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CHANNEL_NAMES, type OutboundContent } from './channel.ports.js';

export const OUTBOUND_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type OutboundStatus = (typeof OUTBOUND_STATUSES)[number];

/**
 * The outbound ledger: every message any feature sends, on any channel. A row is written in the
 * sender's transaction (`queued`), sent by the `messaging.send` job, and its status only moves forward.
 */
export const messagingOutbound = pgTable(
  'messaging_outbound',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    channel: text('channel', { enum: CHANNEL_NAMES }).notNull(),
    /** The client's account on the channel (a WhatsApp number's id); null: the channel chooses. */
    channelAccountId: text('channel_account_id'),
    recipient: text('recipient').notNull(),
    /** What was sent; a sensitive row keeps only its redacted copy (`redactContent`, decision 0048). */
    content: jsonb('content').$type<OutboundContent>().notNull(),
    /** The body is a secret (an OTP's code): the ledger never holds it readable. */
    sensitive: boolean('sensitive').notNull().default(false),
    /**
     * A sensitive row's content sealed (AES-256-GCM) while it waits to be sent, so any sender (job,
     * retry, sweep) can send it; erased when the row is sent or failed. Always null otherwise.
     */
    contentSealed: text('content_sealed'),
    /** The feature that sent it ('inbox'), told the outcome through its port. */
    source: text('source').notNull(),
    /** The feature's own id for it (the inbox: the chat message id). */
    sourceRef: text('source_ref'),
    /** A second send with the same key answers the first row and sends nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: OUTBOUND_STATUSES }).notNull().default('queued'),
    /** When each status was reached (ISO times), kept even when a late status does not move the row. */
    statusHistory: jsonb('status_history').$type<Partial<Record<OutboundStatus, string>>>().notNull(),
    providerMessageId: text('provider_message_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** What the provider reported beyond the status: a call's duration and charged seconds. */
    details: jsonb('details').$type<OutboundDetails>(),
    attempts: integer('attempts').notNull().default(0),
    /** A sender holds the row until then: another one (job, sweep) leaves it alone meanwhile. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * `status = 'queued'`, derived for the sweep's index (decision 0061): keyed on this and `created_at`
     * rather than on `status` and `updated_at`, a claim (stays queued) and a delivery report (sent →
     * delivered → read) change no indexed column and can be HOT updates.
     */
    queued: boolean('queued').generatedAlwaysAs(sql`status = 'queued'`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('messaging_outbound_idempotency_key').on(t.clientId, t.idempotencyKey),
    uniqueIndex('messaging_outbound_provider_key').on(t.clientId, t.channel, t.providerMessageId),
    // Only rows still waiting: the sweep finds them without reading the whole ledger.
    index('messaging_outbound_queued_idx').on(t.clientId, t.createdAt).where(sql`queued`),
  ],
);

export type OutboundRow = typeof messagingOutbound.$inferSelect;
export type NewOutboundRow = typeof messagingOutbound.$inferInsert;
