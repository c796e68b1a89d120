import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A saved analytics dashboard: chart widgets over the client's customer-service data (spec §7 /analytics). */
export const csAnalyticsDashboards = pgTable(
  'cs_analytics_dashboards',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** `{ kind, title?, rangeDays }[]`, validated by the contracts' AnalyticsWidgetSchema. */
    widgets: jsonb('widgets').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('cs_analytics_dashboards_created_idx').on(t.clientId, t.createdAt),
  ],
);

/**
 * A scheduled email digest of chosen figures (spec §7 "Email pulse"). `nextRunAt` is the next instant
 * it leaves (null while paused); the scheduler claims due rows by moving it on.
 */
export const csEmailPulses = pgTable(
  'cs_email_pulses',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    recipients: text('recipients').array().notNull(),
    widgets: text('widgets').array().notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly'] }).notNull(),
    dayOfWeek: integer('day_of_week'),
    hour: integer('hour').notNull(),
    status: text('status', { enum: ['active', 'paused'] })
      .notNull()
      .default('active'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** The scheduled instant of the last digest sent: a repeated send job for it does nothing. */
    lastRunFor: timestamp('last_run_for', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('cs_email_pulses_created_idx').on(t.clientId, t.createdAt),
    // The scheduler's look across clients: only active pulses have a next run.
    index('cs_email_pulses_due_idx').on(t.nextRunAt).where(sql`status = 'active'`),
  ],
);

/** Per client: the Metabase dashboard embedded on /analytics/metabase, its secret key sealed (AES-256-GCM). */
export const csAnalyticsSettings = pgTable('cs_analytics_settings', {
  clientId: uuid('client_id').primaryKey(),
  metabaseSiteUrl: text('metabase_site_url').notNull(),
  metabaseSecretSealed: text('metabase_secret_sealed').notNull(),
  metabaseDashboardId: integer('metabase_dashboard_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CsAnalyticsDashboardRow = typeof csAnalyticsDashboards.$inferSelect;
export type CsEmailPulseRow = typeof csEmailPulses.$inferSelect;
