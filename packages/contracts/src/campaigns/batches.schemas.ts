import { z } from 'zod';
import { pageOf } from '../admin/admin.schemas.js';
import { PageQuerySchema } from '../usage/usage.schemas.js';
import {
  BATCH_REJECT_KINDS,
  BATCH_SOURCES,
  BatchStatusSchema,
  CampaignChannelSchema,
  CampaignTypeSchema,
  NotificationStatusSchema,
} from './campaigns.schemas.js';

// Batches: one uploaded file (or API list) of a campaign, read through its param translator into
// notifications (issue 14 items 2-3; decision 0028 "Dispatch").

/** The largest notification file accepted: a million rows of a few columns fit well under it. */
export const BATCH_FILE_MAX_BYTES = 256 * 1024 * 1024;

/** When the batch is sent: ISO 8601 with an offset; absent means as soon as it may. */
export const ScheduledTimeSchema = z.iso
  .datetime({
    offset: true,
    error: 'scheduledTime is an ISO 8601 time with its offset, e.g. 2026-12-01T09:00:00+07:00',
  })
  .optional();

/** Spec §7 "upload notification file (campaignName, optional scheduledTime)". */
export const BatchUploadFieldsSchema = z.object({
  campaignName: z
    .string({ error: 'Name the campaign (its code or its name)' })
    .trim()
    .min(1, 'Name the campaign (its code or its name)')
    .max(200)
    .describe("The campaign's code, or its name when no campaign has that code"),
  scheduledTime: ScheduledTimeSchema,
});

export const BatchApiUploadFieldsSchema = z.object({ scheduledTime: ScheduledTimeSchema });

export const BatchRejectKindSchema = z.enum(BATCH_REJECT_KINDS);

export const BatchSchema = z.object({
  batchId: z.string(),
  campaignId: z.string().nullable(),
  campaignCode: z.string().nullable(),
  campaignVersion: z.number().int().nullable(),
  source: z.enum(BATCH_SOURCES),
  channel: CampaignChannelSchema,
  type: CampaignTypeSchema,
  status: BatchStatusSchema,
  fileName: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  rowsRead: z.number().int().describe('Rows read so far (the progress of an upload being read)'),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  blacklistedCount: z.number().int(),
  duplicateCount: z.number().int(),
  pendingTaskId: z.string().nullable().describe('The approval task the batch waits for'),
  statusNote: z.string().nullable().describe("Why it failed, or the checker's note"),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Batch = z.infer<typeof BatchSchema>;
export const BatchPageSchema = pageOf(BatchSchema);

/** What an upload answers at once (202): the batch is read by a job; poll it for its counts. */
export const BatchAcceptedSchema = z.object({ batchId: z.string(), status: BatchStatusSchema });
export type BatchAccepted = z.infer<typeof BatchAcceptedSchema>;

export const BatchListQuerySchema = PageQuerySchema.extend({
  campaignId: z.string().max(64).optional(),
  channel: CampaignChannelSchema.optional().describe("Only this channel's batches (the screens' appType)"),
  status: BatchStatusSchema.optional(),
  startDate: z.iso
    .date('A date is YYYY-MM-DD')
    .optional()
    .describe('Created from this local date; today by default'),
  endDate: z.iso.date('A date is YYYY-MM-DD').optional().describe('Created up to this local date included'),
});

export const BatchParamsSchema = z.object({ batchId: z.string() });

export const BatchNotificationSchema = z.object({
  notificationId: z.string(),
  rowNo: z.number().int(),
  step: z.number().int(),
  channel: CampaignChannelSchema,
  recipient: z.string(),
  params: z.record(z.string(), z.string()),
  status: NotificationStatusSchema,
  dueAt: z.string(),
  attemptCount: z.number().int(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  dueDate: z.string().nullable(),
  amount: z.number().nullable(),
  paidAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export const BatchNotificationPageSchema = pageOf(BatchNotificationSchema);

export const BatchInputQuerySchema = PageQuerySchema.extend({
  status: NotificationStatusSchema.optional(),
  recipient: z.string().trim().max(320).optional().describe('Recipients starting with this text'),
});

export const BatchRejectSchema = z.object({
  rowNo: z.number().int().describe('The row in the file, the header being row 1'),
  kind: BatchRejectKindSchema,
  reason: z.string(),
  raw: z.record(z.string(), z.string()).describe('The row as read, to correct and upload again'),
});
export const BatchRejectPageSchema = pageOf(BatchRejectSchema);

export const BatchErrorInputQuerySchema = PageQuerySchema.extend({ kind: BatchRejectKindSchema.optional() });

/**
 * A collection reminder's row paid (issue 14 item 11): by its row in the file, or by its recipient
 * (narrowed by the rows' `reference` parameter, e.g. an invoice number, when given).
 */
export const MarkPaidRequestSchema = z
  .object({
    rowNo: z.number().int().min(2).optional().describe('The row in the file (the header is row 1)'),
    recipient: z
      .string()
      .trim()
      .min(1)
      .max(320)
      .optional()
      .describe('As written in the file; normalised alike'),
    reference: z.string().trim().min(1).max(200).optional().describe('The `reference` parameter of the rows'),
  })
  .refine((body) => (body.rowNo === undefined) !== (body.recipient === undefined), {
    message: 'Give either rowNo or recipient',
    path: ['rowNo'],
  });
export type MarkPaidRequest = z.infer<typeof MarkPaidRequestSchema>;
export const MarkPaidResultSchema = z.object({
  rows: z.number().int().describe('Rows of the batch now marked paid'),
  canceled: z.number().int().describe('Reminders that were still queued and will not be sent'),
});
