import type { OtpChannel } from '@sapa/contracts';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A client's verification service (Twilio Verify's): how its codes and messages look. */
export const verifyServices = pgTable(
  'verify_services',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    codeLength: integer('code_length').notNull(),
    channels: jsonb('channels').$type<OtpChannel[]>().notNull(),
    locale: text('locale').$type<'en' | 'id'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('verify_services_client_name_idx').on(t.clientId, t.name),
  ],
);
export type VerifyServiceRow = typeof verifyServices.$inferSelect;
