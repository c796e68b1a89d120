import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Installation-wide secrets (not tenant data): the login RSA key pair, sealed with the root secret. */
export const platformKeys = pgTable('platform_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
