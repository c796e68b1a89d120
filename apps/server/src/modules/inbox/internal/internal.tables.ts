import { integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';

/**
 * Unread messages of an internal room, per participant (decision 0037): a message one agent writes is
 * unread for the others in the room, not for its writer, so the room's single customer count cannot hold it.
 */
export const csInternalUnreads = pgTable(
  'cs_internal_unreads',
  {
    clientId: uuid('client_id').notNull(),
    roomId: uuid('room_id').notNull(),
    csId: uuid('cs_id').notNull(),
    unreadCount: integer('unread_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.roomId, t.csId] })],
);
