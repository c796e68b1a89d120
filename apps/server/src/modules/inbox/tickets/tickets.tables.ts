import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A conversation (room) turned into a ticket: followed with a status, an assignee, a priority and a
 * due time until it is resolved. A room has at most one ticket that is not resolved (decision 0037).
 */
export const csTickets = pgTable(
  'cs_tickets',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    roomId: uuid('room_id').notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['open', 'pending', 'resolved'] }).notNull(),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] }).notNull(),
    assigneeCsId: uuid('assignee_cs_id'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Who opened it, as shown to people (name or email). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_tickets_room_unresolved_key').on(t.clientId, t.roomId).where(sql`status <> 'resolved'`),
    index('cs_tickets_list_idx').on(t.clientId, t.createdAt, t.id),
    index('cs_tickets_status_idx').on(t.clientId, t.status, t.createdAt),
    index('cs_tickets_room_idx').on(t.clientId, t.roomId),
  ],
);

/** What changed on a ticket, when and by whom: its history. */
export const csTicketEvents = pgTable(
  'cs_ticket_events',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    change: text('change', {
      enum: ['created', 'status', 'priority', 'assignee', 'dueAt', 'subject'],
    }).notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    by: text('by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('cs_ticket_events_ticket_idx').on(t.clientId, t.ticketId, t.at),
  ],
);

export type CsTicketRow = typeof csTickets.$inferSelect;
export type CsTicketEventRow = typeof csTicketEvents.$inferSelect;
