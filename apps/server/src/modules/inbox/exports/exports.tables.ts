import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A requested export (chat-room history or customers), built by a job that reports its progress. */
export const csExports = pgTable(
  'cs_exports',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: ['chatroomHistory', 'customers'] }).notNull(),
    asType: text('as_type').notNull().default('csv'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    /** What to export and who asked (their scope limits the rows, as on screen). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    requestedBy: text('requested_by').notNull(),
    total: integer('total'),
    processed: integer('processed').notNull().default(0),
    fileName: text('file_name'),
    /** The finished file; exports are kept small by their filters and page size. */
    content: text('content'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('cs_exports_kind_idx').on(t.clientId, t.kind, t.createdAt),
  ],
);

export type CsExportRow = typeof csExports.$inferSelect;
