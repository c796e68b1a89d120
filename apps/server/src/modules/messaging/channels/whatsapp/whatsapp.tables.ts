import { sql } from 'drizzle-orm';
import {
  doublePrecision,
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

/** A client's WhatsApp business number and how we reach its provider. */
export const whatsappChannels = pgTable(
  'whatsapp_channels',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    provider: text('provider', { enum: ['cloud', 'sandbox'] }).notNull(),
    phoneNumberId: text('phone_number_id').notNull(),
    displayPhoneNumber: text('display_phone_number').notNull(),
    wabaId: text('waba_id'),
    /** Sealed with the encryption key (platform/secrets). */
    accessTokenSealed: text('access_token_sealed'),
    appSecretSealed: text('app_secret_sealed').notNull(),
    verifyToken: text('verify_token').notNull(),
    /**
     * The number as Meta last described it (`GET /{phone-number-id}` in the refresh job, or the number's
     * quality and name webhooks): Meta's own values, kept as text because Meta adds new ones.
     */
    verifiedName: text('verified_name'),
    nameStatus: text('name_status'),
    qualityRating: text('quality_rating'),
    messagingLimitTier: text('messaging_limit_tier'),
    throughputLevel: text('throughput_level'),
    codeVerificationStatus: text('code_verification_status'),
    platformType: text('platform_type'),
    /** When Meta last answered the refresh job, and what went wrong on the last try (null when it worked). */
    graphReadAt: timestamp('graph_read_at', { withTimezone: true }),
    graphError: text('graph_error'),
    /** Set when a refresh is asked for, cleared when the job ends: the screen shows it as running. */
    refreshRequestedAt: timestamp('refresh_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // Webhooks name the number, not the client: the number finds its client (decision 0008).
    uniqueIndex('whatsapp_channels_phone_number_id_key').on(t.phoneNumberId),
    index('whatsapp_channels_verify_token_idx').on(t.verifyToken),
  ],
);

/**
 * Every signed webhook body as received (sanitised), kept for audit and reprocessing. It is written
 * before the 200; its messages and statuses are processed afterwards in bounded batches, and
 * `processed_items` says how far (decision 0020).
 */
export const whatsappWebhookEvents = pgTable(
  'whatsapp_webhook_events',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    channelId: uuid('channel_id').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Messages and statuses of this body already processed, in order. */
    processedItems: integer('processed_items').notNull().default(0),
    /** Null until every message and status is processed: the sweep picks these up after a crash. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('whatsapp_webhook_events_received_idx').on(t.clientId, t.receivedAt),
    // Small: only deliveries still being processed. Read by the sweep across clients.
    index('whatsapp_webhook_events_unprocessed_idx')
      .on(t.clientId, t.receivedAt)
      .where(sql`processed_at is null`),
  ],
);

/** The provider-side ledger: every message in or out, once per provider message id. */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    channelId: uuid('channel_id').notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerName: text('customer_name'),
    type: text('type').notNull(),
    text: text('text'),
    mediaId: text('media_id'),
    mediaMimeType: text('media_mime_type'),
    mediaFileName: text('media_file_name'),
    /** Our copy of the media (platform/storage), once the copy job ran. */
    mediaFileId: uuid('media_file_id'),
    mediaError: text('media_error'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    replyToProviderMessageId: text('reply_to_provider_message_id'),
    /** Outbound only: null until the provider reports; then sent < delivered < read, or failed. */
    status: text('status', { enum: ['sent', 'delivered', 'read', 'failed'] }),
    statusSentAt: timestamp('status_sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    errorCode: text('error_code'),
    errorTitle: text('error_title'),
    /** The provider's timestamp of the message (inbound) or when we sent it (outbound). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('whatsapp_messages_provider_id_key').on(t.clientId, t.channelId, t.providerMessageId),
    index('whatsapp_messages_customer_idx').on(
      t.clientId,
      t.channelId,
      t.customerPhone,
      t.direction,
      t.sentAt,
    ),
  ],
);

/** A status that arrived before its message was recorded; applied when the message appears. */
export const whatsappPendingStatuses = pgTable(
  'whatsapp_pending_statuses',
  {
    clientId: uuid('client_id').notNull(),
    channelId: uuid('channel_id').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status', { enum: ['sent', 'delivered', 'read', 'failed'] }).notNull(),
    errorCode: text('error_code'),
    errorTitle: text('error_title'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.channelId, t.providerMessageId, t.status] })],
);
