import type {
  CampaignChannel,
  CampaignContent,
  CampaignStatus,
  RetryDelay,
  RetryOutcome,
  WindowRange,
} from '@sapa/contracts';
import {
  foreignKey,
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

/** Named weekly sending hours of a client (decision 0028): nothing is sent outside them. */
export const campaignWindows = pgTable(
  'campaign_windows',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull().default('Asia/Jakarta'),
    ranges: jsonb('ranges').$type<WindowRange[]>().notNull(),
    blackoutDates: jsonb('blackout_dates').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('campaign_windows_client_name_idx').on(t.clientId, t.name),
  ],
);
export type CampaignWindowRow = typeof campaignWindows.$inferSelect;

/** How a client's notifications are tried again: attempts, delays, outcomes retried, channel fallback. */
export const campaignRetryPlans = pgTable(
  'campaign_retry_plans',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    maxAttempts: integer('max_attempts').notNull(),
    delay: jsonb('delay').$type<RetryDelay>().notNull(),
    retryOn: jsonb('retry_on').$type<RetryOutcome[]>().notNull(),
    fallbackChannels: jsonb('fallback_channels').$type<CampaignChannel[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('campaign_retry_plans_client_name_idx').on(t.clientId, t.name),
  ],
);
export type CampaignRetryPlanRow = typeof campaignRetryPlans.$inferSelect;

/**
 * A client's campaign: its code and channel never change; the other fields are the version that runs
 * (`version`). An edit waiting for a checker is a `campaign_versions` row, not these fields.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    channel: text('channel').$type<CampaignChannel>().notNull(),
    name: text('name').notNull(),
    type: text('type').$type<CampaignContent['type']>().notNull(),
    template: jsonb('template').$type<CampaignContent['template']>().notNull(),
    paramTranslator: jsonb('param_translator').$type<CampaignContent['paramTranslator']>().notNull(),
    retryPlanId: uuid('retry_plan_id'),
    windowId: uuid('window_id'),
    sender: text('sender'),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    version: integer('version').notNull().default(1),
    /** The approval task an activation or an edit waits for. */
    pendingTaskId: uuid('pending_task_id'),
    /** An edit request (a `campaign_versions` row) waiting for a checker; the running version stays. */
    pendingVersion: integer('pending_version'),
    /** The checker's note of the last rejection. */
    statusNote: text('status_note'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('campaigns_client_code_idx').on(t.clientId, t.code),
    index('campaigns_client_channel_idx').on(t.clientId, t.channel, t.createdAt),
    foreignKey({
      name: 'campaigns_retry_plan_fk',
      columns: [t.clientId, t.retryPlanId],
      foreignColumns: [campaignRetryPlans.clientId, campaignRetryPlans.id],
    }),
    foreignKey({
      name: 'campaigns_window_fk',
      columns: [t.clientId, t.windowId],
      foreignColumns: [campaignWindows.clientId, campaignWindows.id],
    }),
  ],
);
export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * Every version of a campaign's content: applied ones (history, and what a batch rendered with) and
 * edit requests waiting for a checker (`pending`), which keep the running version until approved.
 */
export const campaignVersions = pgTable(
  'campaign_versions',
  {
    clientId: uuid('client_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    version: integer('version').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
    content: jsonb('content').$type<CampaignContent>().notNull(),
    taskId: uuid('task_id'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.campaignId, t.version] }),
    foreignKey({
      name: 'campaign_versions_campaign_fk',
      columns: [t.clientId, t.campaignId],
      foreignColumns: [campaigns.clientId, campaigns.id],
    }).onDelete('cascade'),
  ],
);
export type CampaignVersionRow = typeof campaignVersions.$inferSelect;
