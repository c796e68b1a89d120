import { bigint, boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// Another module's table, imported only for the foreign key (one database schema, decision 0022).
import { clients } from '../clients/clients.tables.js';

/**
 * One subscription per client (spec §3 "Subscription"). A client without a row is not on a trial.
 * `expired_at` is epoch milliseconds as the spec's API carries it; -1 means it never expires.
 */
export const subscriptions = pgTable('subscriptions', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  isTrial: boolean('is_trial').notNull().default(false),
  expiredAt: bigint('expired_at', { mode: 'number' }).notNull().default(-1),
  chatRole: text('chat_role'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
