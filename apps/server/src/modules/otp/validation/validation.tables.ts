import type { NumberType, ValidationError, ValidationRunStatus } from '@sapa/contracts';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One validation of a list or a file from the portal, with its progress and counts. */
export const validationRuns = pgTable(
  'validation_runs',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    source: text('source').$type<'list' | 'csv' | 'xlsx'>().notNull(),
    status: text('status').$type<ValidationRunStatus>().notNull(),
    country: text('country').notNull(),
    /** The uploaded file in storage until the job has read it. */
    fileKey: text('file_key'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    valid: integer('valid').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    blacklisted: integer('blacklisted').notNull().default(0),
    error: text('error'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('validation_runs_created_idx').on(t.clientId, t.createdAt),
  ],
);
export type ValidationRunRow = typeof validationRuns.$inferSelect;

/** A run's result per input row, in input order (`row`). */
export const validationResults = pgTable(
  'validation_results',
  {
    clientId: uuid('client_id').notNull(),
    runId: uuid('run_id').notNull(),
    row: integer('row').notNull(),
    input: text('input').notNull(),
    valid: boolean('valid').notNull(),
    e164: text('e164'),
    nationalFormat: text('national_format'),
    country: text('country'),
    type: text('type').$type<NumberType>(),
    error: text('error').$type<ValidationError>(),
    duplicate: boolean('duplicate').notNull(),
    blacklisted: boolean('blacklisted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.runId, t.row] })],
);
export type ValidationResultRecord = typeof validationResults.$inferSelect;
