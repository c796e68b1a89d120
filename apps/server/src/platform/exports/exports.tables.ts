import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A requested export of any kind (chat-room history, customers, campaign status messages, OTP requests,
 * …), built by a job that reports its progress. The finished file is a stored file; `content` holds the
 * files of exports finished before files were stored (kept so they still download).
 */
export const exportRequests = pgTable(
  'export_requests',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    /** The producer that builds it: a name a module registers (`chatroomHistory`, `customers`, …). */
    kind: text('kind').notNull(),
    asType: text('as_type').notNull().default('csv'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    /** What to export and who asked (their scope limits the rows, as on screen). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    requestedBy: text('requested_by').notNull(),
    total: integer('total'),
    processed: integer('processed').notNull().default(0),
    fileName: text('file_name'),
    fileId: uuid('file_id'),
    content: text('content'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('export_requests_kind_idx').on(t.clientId, t.kind, t.createdAt),
  ],
);

export type ExportRequestRow = typeof exportRequests.$inferSelect;
