import type {
  BatchRejectKind,
  BatchSource,
  BatchStatus,
  CampaignChannel,
  CampaignContent,
  CampaignStatus,
  NotificationStatus,
  PdfScript,
  RetryDelay,
  RetryOutcome,
  WindowRange,
} from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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
    /** The message on each fallback channel of the retry plan (decision 0028, "Fallback templates"). */
    fallbackTemplates: jsonb('fallback_templates')
      .$type<CampaignContent['fallbackTemplates']>()
      .notNull()
      .default([]),
    paramTranslator: jsonb('param_translator').$type<CampaignContent['paramTranslator']>().notNull(),
    retryPlanId: uuid('retry_plan_id'),
    windowId: uuid('window_id'),
    sender: text('sender'),
    /** A collection reminder's days relative to each row's due date. */
    reminderOffsets: jsonb('reminder_offsets').$type<number[]>(),
    /** The per-recipient PDF (decision 0046); null: the campaign sends none. */
    pdfScript: jsonb('pdf_script').$type<PdfScript>(),
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

/**
 * One upload, API list or self-service send (decision 0028). It keeps a snapshot of what it sends (the
 * campaign version's channel, template, sender and retry plan), so an edit of the campaign while it runs
 * changes nothing already queued; API and self-service batches have no campaign.
 */
export const campaignBatches = pgTable(
  'campaign_batches',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    campaignId: uuid('campaign_id'),
    campaignVersion: integer('campaign_version'),
    source: text('source').$type<BatchSource>().notNull(),
    channel: text('channel').$type<CampaignChannel>().notNull(),
    type: text('type').$type<CampaignContent['type']>().notNull().default('blast'),
    template: jsonb('template').$type<CampaignContent['template']>().notNull(),
    /** The campaign's fallback templates as they were: what a row falling back to another channel sends. */
    fallbackTemplates: jsonb('fallback_templates')
      .$type<CampaignContent['fallbackTemplates']>()
      .notNull()
      .default([]),
    sender: text('sender'),
    /** The campaign version's PDF script as it was: what each recipient's PDF is rendered from. */
    pdfScript: jsonb('pdf_script').$type<PdfScript>(),
    /** The retry plan as it was when the batch was made (null: one attempt, no fallback). */
    retryPlan: jsonb('retry_plan').$type<{
      maxAttempts: number;
      delay: RetryDelay;
      retryOn: RetryOutcome[];
      fallbackChannels: CampaignChannel[];
    } | null>(),
    windowId: uuid('window_id'),
    status: text('status').$type<BatchStatus>().notNull().default('ingesting'),
    fileName: text('file_name'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** Ingest counters: rows read so far (the progress bar) and what became of them. */
    rowsRead: integer('rows_read').notNull().default(0),
    validCount: integer('valid_count').notNull().default(0),
    invalidCount: integer('invalid_count').notNull().default(0),
    blacklistedCount: integer('blacklisted_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    /** The approval task the batch waits for, and the checker's note once decided. */
    pendingTaskId: uuid('pending_task_id'),
    statusNote: text('status_note'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('campaign_batches_client_created_idx').on(t.clientId, t.createdAt),
    index('campaign_batches_client_campaign_idx').on(t.clientId, t.campaignId, t.createdAt),
    index('campaign_batches_active_idx')
      .on(t.clientId, t.status)
      .where(sql`status in ('scheduled', 'running', 'paused')`),
    foreignKey({
      name: 'campaign_batches_campaign_fk',
      columns: [t.clientId, t.campaignId],
      foreignColumns: [campaigns.clientId, campaigns.id],
    }),
  ],
);
export type CampaignBatchRow = typeof campaignBatches.$inferSelect;

/** Rows of an upload that did not become notifications: invalid (with the reason), blacklisted, duplicate. */
export const campaignBatchRejects = pgTable(
  'campaign_batch_rejects',
  {
    clientId: uuid('client_id').notNull(),
    batchId: uuid('batch_id').notNull(),
    /** The row's number in the file, the header being row 1. */
    rowNo: integer('row_no').notNull(),
    kind: text('kind').$type<BatchRejectKind>().notNull(),
    reason: text('reason').notNull(),
    /** The row as read (column → cell), so it can be corrected and uploaded again. */
    raw: jsonb('raw').$type<Record<string, string>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.batchId, t.rowNo] }),
    index('campaign_batch_rejects_kind_idx').on(t.clientId, t.batchId, t.kind, t.rowNo),
    foreignKey({
      name: 'campaign_batch_rejects_batch_fk',
      columns: [t.clientId, t.batchId],
      foreignColumns: [campaignBatches.clientId, campaignBatches.id],
    }).onDelete('cascade'),
  ],
);
export type CampaignBatchRejectRow = typeof campaignBatchRejects.$inferSelect;

/**
 * One message to one recipient (a row of a batch; a collection reminder has one per `step`). Its status
 * is the progress: written after each send, never skipped by a cursor (decision 0028, crash-exactness).
 */
export const campaignNotifications = pgTable(
  'campaign_notifications',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    batchId: uuid('batch_id').notNull(),
    rowNo: integer('row_no').notNull(),
    /** A collection reminder's offset index (0 for every other type). */
    step: integer('step').notNull().default(0),
    /** The channel now being tried (the batch's, or a fallback). */
    channel: text('channel').$type<CampaignChannel>().notNull(),
    recipient: text('recipient').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    channelIndex: integer('channel_index').notNull().default(0),
    attemptsOnChannel: integer('attempts_on_channel').notNull().default(0),
    attemptCount: integer('attempt_count').notNull().default(0),
    status: text('status').$type<NotificationStatus>().notNull().default('queued'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** A claim's lease: a row `sending` past it was held by a worker that died and is claimed again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The messaging ledger row of the current attempt. */
    outboundId: uuid('outbound_id'),
    providerMessageId: text('provider_message_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** A collection reminder's due date and amount; `paid_at` stops the later reminders. */
    dueDate: date('due_date'),
    amount: bigint('amount', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The public API's Idempotency-Key (kept 24 h): the same key answers the same notification. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * Derived from `status`, for the indexes only (decisions 0061, 0074): the indexes key on these rather than
     * on `status`, so a move that keeps them changes no indexed column and can be a HOT update. `pending`:
     * queued or being sent (the claim's index; it stays true through the claim, queued → sending, which is
     * therefore HOT, as are the lease's `claimed_until` changes, indexed nowhere); `reached`: the message
     * reached the recipient (the active customers' count; it stays true sent → delivered → read).
     */
    pending: boolean('pending').generatedAlwaysAs(sql`status in ('queued', 'sending')`),
    reached: boolean('reached').generatedAlwaysAs(sql`status in ('sent', 'delivered', 'read', 'answered')`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('campaign_notifications_row_idx').on(t.clientId, t.batchId, t.rowNo, t.step),
    // The claim: due rows of a client and channel, oldest first (decision 0028, "Claims"), and the rows
    // being sent, whose run-out leases the same claim takes back (decision 0074: no lease index).
    index('campaign_notifications_due_idx').on(t.clientId, t.channel, t.dueAt).where(sql`pending`),
    index('campaign_notifications_client_created_idx').on(t.clientId, t.createdAt),
    // No index on (client, recipient): the recipient filters are ILIKE '%…%' (status messages, reports) or a
    // prefix LIKE inside one batch, which a default btree cannot serve (decision 0061).
    // Active customers (decision 0047): distinct recipients reached per channel and local day or month,
    // read from the index alone (recipient rides along; `reached` rather than `status`, decision 0061).
    index('campaign_notifications_reached_idx')
      .on(t.clientId, t.channel, t.sentAt, t.recipient)
      .where(sql`sent_at is not null and reached`),
    uniqueIndex('campaign_notifications_idempotency_idx')
      .on(t.clientId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    foreignKey({
      name: 'campaign_notifications_batch_fk',
      columns: [t.clientId, t.batchId],
      foreignColumns: [campaignBatches.clientId, campaignBatches.id],
    }).onDelete('cascade'),
  ],
);
export type CampaignNotificationRow = typeof campaignNotifications.$inferSelect;

/** Every try of a notification: which provider, what it answered, and for a call how long it lasted. */
export const campaignAttempts = pgTable(
  'campaign_attempts',
  {
    clientId: uuid('client_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    /** 1, 2, … across channels. */
    attempt: integer('attempt').notNull(),
    channel: text('channel').$type<CampaignChannel>().notNull(),
    provider: text('provider'),
    outboundId: uuid('outbound_id'),
    providerMessageId: text('provider_message_id'),
    status: text('status').$type<NotificationStatus>().notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    chargedSeconds: integer('charged_seconds'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.notificationId, t.attempt] }),
    index('campaign_attempts_outbound_idx').on(t.clientId, t.outboundId),
    foreignKey({
      name: 'campaign_attempts_notification_fk',
      columns: [t.clientId, t.notificationId],
      foreignColumns: [campaignNotifications.clientId, campaignNotifications.id],
    }).onDelete('cascade'),
  ],
);
export type CampaignAttemptRow = typeof campaignAttempts.$inferSelect;

/**
 * A batch's progress (spec §7 "checkpoints"): counts per status and the last row claimed, derived from
 * the notifications after each chunk. Read by screens and events; never trusted to skip rows.
 */
export const campaignBatchCheckpoints = pgTable(
  'campaign_batch_checkpoints',
  {
    clientId: uuid('client_id').notNull(),
    batchId: uuid('batch_id').notNull(),
    counts: jsonb('counts').$type<Partial<Record<NotificationStatus, number>>>().notNull().default({}),
    lastRowNo: integer('last_row_no'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.batchId] }),
    foreignKey({
      name: 'campaign_batch_checkpoints_batch_fk',
      columns: [t.clientId, t.batchId],
      foreignColumns: [campaignBatches.clientId, campaignBatches.id],
    }).onDelete('cascade'),
  ],
);
export type CampaignBatchCheckpointRow = typeof campaignBatchCheckpoints.$inferSelect;

/**
 * One recipient's PDF (decision 0046), rendered once when its notification is first sent and kept in
 * platform storage: attached to the email, served by the SMS/WhatsApp/Telegram short link, and listed
 * on the channel's pdf page. Every attempt of the notification sends this same file.
 */
export const campaignPdfDocuments = pgTable(
  'campaign_pdf_documents',
  {
    clientId: uuid('client_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    batchId: uuid('batch_id').notNull(),
    rowNo: integer('row_no').notNull(),
    recipient: text('recipient').notNull(),
    /** The stored file (`stored_files`) of the same client. */
    fileId: uuid('file_id').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.notificationId] }),
    index('campaign_pdf_documents_batch_idx').on(t.clientId, t.batchId, t.rowNo),
    // Retention deletes a stored file only when no other PDF of the client names it (decision 0052).
    index('campaign_pdf_documents_file_idx').on(t.clientId, t.fileId),
    foreignKey({
      name: 'campaign_pdf_documents_notification_fk',
      columns: [t.clientId, t.notificationId],
      foreignColumns: [campaignNotifications.clientId, campaignNotifications.id],
    }).onDelete('cascade'),
  ],
);
export type CampaignPdfDocumentRow = typeof campaignPdfDocuments.$inferSelect;
