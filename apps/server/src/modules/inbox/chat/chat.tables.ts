import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A message in a room: from the customer, from an agent, or internal between agents. */
export const csMessages = pgTable(
  'cs_messages',
  {
    clientId: uuid('client_id').notNull(),
    /** Our messageId. */
    id: uuid('id').notNull(),
    roomId: uuid('room_id').notNull(),
    channel: text('channel').notNull().default('whatsapp'),
    /** The provider's id (WhatsApp wamid); unique per client and channel, so deliveries repeat safely. */
    providerMessageId: text('provider_message_id'),
    type: text('type').notNull(),
    content: text('content'),
    url: text('url'),
    mimeType: text('mime_type'),
    fromCs: boolean('from_cs').notNull(),
    csId: uuid('cs_id'),
    isInternal: boolean('is_internal').notNull().default(false),
    /** Who wrote a private note (type `note`), as shown to the agents. */
    authorName: text('author_name'),
    replyToProviderMessageId: text('reply_to_provider_message_id'),
    /** The customer's reaction (an emoji) to this message; null when none or taken away. */
    reaction: text('reaction'),
    /** Delivery ticks of an outbound message: sent < delivered < read; failed keeps its error. */
    status: text('status', { enum: ['pending', 'sent', 'delivered', 'read', 'failed'] }),
    errorCode: text('error_code'),
    errorTitle: text('error_title'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_messages_provider_key').on(t.clientId, t.channel, t.providerMessageId),
    index('cs_messages_room_idx').on(t.clientId, t.roomId, t.createdAt, t.id),
  ],
);

export type CsMessageRow = typeof csMessages.$inferSelect;
