import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const csCustomers = pgTable(
  'cs_customers',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    /** Digits only, international format without '+'. */
    phoneNumber: text('phone_number').notNull(),
    name: text('name'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    userData: jsonb('user_data').$type<Record<string, unknown>>().notNull().default({}),
    mediaPlatform: text('media_platform').notNull().default('whatsapp'),
    imgProfileUrl: text('img_profile_url'),
    csId: uuid('cs_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_customers_phone_key').on(t.clientId, t.phoneNumber),
  ],
);

export const csTags = pgTable(
  'cs_tags',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_tags_name_key').on(t.clientId, t.name),
    index('cs_tags_created_idx').on(t.clientId, t.createdAt),
  ],
);

export type CsCustomerRow = typeof csCustomers.$inferSelect;
export type CsTagRow = typeof csTags.$inferSelect;
