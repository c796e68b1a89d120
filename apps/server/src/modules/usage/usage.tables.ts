import { index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const apiMetrics = pgTable(
  'api_metrics',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    role: text('role').notNull(),
    durationMs: real('duration_ms').notNull(),
    status: integer('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('api_metrics_created_idx').on(t.clientId, t.createdAt),
  ],
);

export const pageMetrics = pgTable(
  'page_metrics',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    pageName: text('page_name').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('page_metrics_created_idx').on(t.clientId, t.createdAt),
  ],
);

/** Activity logs posted by the portal (spec §3 log types). */
export const activityLogs = pgTable(
  'activity_logs',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id'),
    type: text('type').notNull(),
    event: text('event').notNull(),
    result: text('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('activity_logs_created_idx').on(t.clientId, t.createdAt),
    index('activity_logs_type_idx').on(t.clientId, t.type, t.createdAt),
  ],
);
