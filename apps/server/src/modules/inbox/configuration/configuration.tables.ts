import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One customer-service configuration per client (spec §3); absent fields take the defaults. */
export const csConfigurations = pgTable('cs_configurations', {
  clientId: uuid('client_id').primaryKey(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  defaultBotId: text('default_bot_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
