import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The sandbox outbox: in embedded mode without SMTP, mail the portal sends lands here and the super
 * admin reads it in the portal, so flows like password reset work with no outside account.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), index('mail_outbox_time_idx').on(t.createdAt)],
);
