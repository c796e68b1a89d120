import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A conversation with one customer on one of the client's numbers. `queued` waits for an agent, `open`
 * has one, `closed` is history. At most one room per customer and number is not closed.
 */
export const csRooms = pgTable(
  'cs_rooms',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    /** Short human id, per client. */
    shortId: integer('short_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    customerPhoneNumber: text('customer_phone_number').notNull(),
    customerName: text('customer_name'),
    channel: text('channel').notNull().default('whatsapp'),
    mediaPlatform: text('media_platform').notNull().default('whatsapp'),
    /**
     * The client's number (provider channel) the customer wrote to: replies go out from it and its
     * 24-hour window applies. Null for internal rooms (and rooms from before numbers were recorded).
     */
    channelId: uuid('channel_id'),
    status: text('status', { enum: ['queued', 'open', 'closed'] }).notNull(),
    csId: uuid('cs_id'),
    isBot: boolean('is_bot').notNull().default(false),
    /**
     * The bot held this room at some moment (set by a trigger whenever is_bot turns true, never
     * cleared): bot containment counts these rooms after a hand-off has cleared is_bot (decision 0038).
     */
    botHandled: boolean('bot_handled').notNull().default(false),
    isInternal: boolean('is_internal').notNull().default(false),
    priority: text('priority'),
    categoryId: text('category_id'),
    categoryName: text('category_name'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    remarks: text('remarks'),
    campaign: text('campaign'),
    /** Why the room went to its agent (strategy, weight, load) or why it waits. */
    assignmentReason: text('assignment_reason'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
    mergedInto: uuid('merged_into'),
    /** The agent who opened an internal room: they keep seeing it. */
    openedByCsId: uuid('opened_by_cs_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview'),
    lastMessageFromCs: boolean('last_message_from_cs'),
    unreadCount: integer('unread_count').notNull().default(0),
    /** When the customer was asked to rate the conversation after it closed (CSAT), if they were. */
    csatRequestedAt: timestamp('csat_requested_at', { withTimezone: true }),
    /** The customer's rating, 1 (bad) to 3 (good): the first answer only. */
    csatScore: integer('csat_score'),
    csatAt: timestamp('csat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_rooms_short_id_key').on(t.clientId, t.shortId),
    // One live room per customer and number: concurrent arrivals cannot open two. A room with no
    // number (seeded history) counts as one number of its own, not as distinct from every other.
    uniqueIndex('cs_rooms_live_key')
      .on(
        t.clientId,
        t.customerPhoneNumber,
        t.channel,
        sql`coalesce(${t.channelId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      )
      .where(sql`status <> 'closed' and not is_internal`),
    index('cs_rooms_list_idx').on(t.clientId, t.status, t.csId, t.createdAt, t.id),
    index('cs_rooms_created_idx').on(t.clientId, t.createdAt, t.id),
    // The inbox list: rooms not closed, newest first, a small slice of a large history.
    index('cs_rooms_live_created_idx').on(t.clientId, t.createdAt, t.id).where(sql`status <> 'closed'`),
    index('cs_rooms_closed_idx').on(t.clientId, t.closedAt),
  ],
);

/** Per-client counter behind room short ids. */
export const csRoomCounters = pgTable('cs_room_counters', {
  clientId: uuid('client_id').primaryKey(),
  lastShortId: integer('last_short_id').notNull(),
});

export const csRoomCategories = pgTable(
  'cs_room_categories',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_room_categories_name_key').on(t.clientId, t.name),
  ],
);

export type CsRoomRow = typeof csRooms.$inferSelect;
