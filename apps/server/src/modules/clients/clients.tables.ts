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

/** Tenants. A client's own id is the `client_id` every tenant-owned row carries. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey(),
    clientName: text('client_name').notNull(),
    abbreviatedClientName: text('abbreviated_client_name'),
    clientBizType: text('client_biz_type'),
    clientAddress: text('client_address'),
    clientPhoneNumber: text('client_phone_number'),
    clientMobileNumber: text('client_mobile_number'),
    timezone: text('timezone').notNull().default('Asia/Jakarta'),
    countryCode: text('country_code').notNull().default('ID'),
    countryPhone: text('country_phone').notNull().default('62'),
    /** JSON text, as the session state carries it (spec §3). */
    logTypes: text('log_types').notNull().default('[]'),
    chatbotDashboard: boolean('chatbot_dashboard').notNull().default(false),
    mainFeature: text('main_feature'),
    /** The 12-bit feature mask of spec §3. */
    features: integer('features').notNull().default(0),
    /** Maker-checker: user creation and role changes by the client's admins wait for a second admin. */
    approvalRequired: boolean('approval_required').notNull().default(false),
    status: text('status', { enum: ['active', 'deactivated'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clients_name_idx').on(sql`lower(${t.clientName})`)],
);

export type ClientRow = typeof clients.$inferSelect;

/** The client's secret for the public API (/api/v1): shown once, kept as a SHA-256 hash, rotatable. */
export const clientApiSecrets = pgTable(
  'client_api_secrets',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    secretHash: text('secret_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // A secret arrives alone on a public API call, so it is found by its hash.
    uniqueIndex('client_api_secrets_hash_key').on(t.secretHash),
  ],
);
