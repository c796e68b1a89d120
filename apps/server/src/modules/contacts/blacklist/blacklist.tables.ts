import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Numbers a client may not send to (opt-outs, complaints, a client's own block list), per channel or on
 * every channel ('all'). Campaigns, OTP and the inbox check it before they send (issue 14 brings screens).
 */
export const contactsBlacklist = pgTable(
  'contacts_blacklist',
  {
    clientId: uuid('client_id').notNull(),
    /**
     * International digits without '+', as customers are stored (lib/phone `digits`); for the email
     * channel, the lower-cased address (the table predates email entries; the name stays).
     */
    phone: text('phone').notNull(),
    /** A channel name ('whatsapp', 'sms', …) or 'all'. */
    channel: text('channel').notNull(),
    reason: text('reason'),
    /** Who blocked it: a user's email, an API key's name, or a system process (an opt-out keyword). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.phone, t.channel] })],
);

export type BlacklistRow = typeof contactsBlacklist.$inferSelect;
