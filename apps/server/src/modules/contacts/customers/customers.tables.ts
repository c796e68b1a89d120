import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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

/** One customer import: checked on upload, then written by a job chunk by chunk (issue 11, defect 5). */
export const csCustomerImports = pgTable(
  'cs_customer_imports',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    /** Data rows in the file; `accepted` of them are written, the refused ones are listed in `report`. */
    total: integer('total').notNull(),
    accepted: integer('accepted').notNull(),
    /** Refused rows (bad phone numbers); `report` lists the first of them. */
    failed: integer('failed').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    report: jsonb('report').$type<ImportReportRow[]>().notNull().default([]),
    error: text('error'),
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('cs_customer_imports_created_idx').on(t.clientId, t.createdAt),
  ],
);

/** The accepted rows of an import waiting to be written, one bounded chunk per row; deleted once written. */
export const csCustomerImportChunks = pgTable(
  'cs_customer_import_chunks',
  {
    clientId: uuid('client_id').notNull(),
    importId: uuid('import_id').notNull(),
    seq: integer('seq').notNull(),
    rows: jsonb('rows').$type<ImportCustomerRow[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.importId, t.seq] })],
);

export type ImportReportRow = { row: number; phoneNumber: string | null; ok: boolean; error: string | null };
/** One accepted row, keyed as the chunk's SQL reads it (jsonb_to_recordset). */
export type ImportCustomerRow = {
  id: string;
  phone_number: string;
  name: string | null;
  tags: string[];
  media_platform: string | null;
};

export type CsCustomerRow = typeof csCustomers.$inferSelect;
export type CsCustomerImportRow = typeof csCustomerImports.$inferSelect;
