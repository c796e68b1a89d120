import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { pageOf } from '../admin/admin.schemas.js';
import { ExportPageQuerySchema, ExportPageSchema, ExportSchema } from '../exports/exports.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import { CampaignChannelSchema, NotificationStatusSchema } from './campaigns.schemas.js';

// Spec §7 "status messages and export" of each channel's campaigns; spec §9: the default filter is
// 'Newest - Oldest' with today as the date range, exports are CSV built as a job.
const tags = ['campaigns'];
const LOCAL_DATE = z.iso.date('A date is YYYY-MM-DD');

export const StatusMessageFiltersSchema = z.object({
  channel: CampaignChannelSchema,
  startDate: LOCAL_DATE.optional().describe("First local day (the client's time zone); today by default"),
  endDate: LOCAL_DATE.optional().describe('Last local day, included; the start day by default'),
  campaignId: z.string().max(64).optional(),
  batchId: z.string().max(64).optional(),
  status: NotificationStatusSchema.optional(),
  recipient: z.string().trim().max(320).optional().describe('The number or address, or its beginning'),
  sort: z.enum(['newest', 'oldest']).default('newest').describe("'Newest - Oldest' by default"),
});
export type StatusMessageFilters = z.infer<typeof StatusMessageFiltersSchema>;

export const StatusMessageQuerySchema = StatusMessageFiltersSchema.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
  pageNumber: z.coerce.number().int().min(0).default(0),
});

export const StatusMessageSchema = z.object({
  notificationId: z.string(),
  batchId: z.string(),
  campaignId: z.string().nullable(),
  campaignCode: z.string().nullable(),
  campaignName: z.string().nullable(),
  channel: CampaignChannelSchema.describe('The channel of the latest attempt (a fallback may differ)'),
  recipient: z.string(),
  status: NotificationStatusSchema,
  attempts: z.number().int(),
  providerMessageId: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type StatusMessage = z.infer<typeof StatusMessageSchema>;
export const StatusMessagePageSchema = pageOf(StatusMessageSchema);

export const statusMessagesOperations = {
  listStatusMessages: defineOperation({
    method: 'GET',
    path: '/api/campaigns/status-messages',
    access: access.authenticated(),
    tags,
    summary: "A channel's notifications with their latest status: today's by default, newest first",
    query: StatusMessageQuerySchema,
    response: StatusMessagePageSchema,
    errors: [400, 403],
  }),
  requestStatusMessagesExport: defineOperation({
    method: 'POST',
    path: '/api/campaigns/status-messages/exports',
    access: access.authenticated(),
    tags,
    summary: 'Export the status messages the filters select as CSV; built by a job with progress',
    body: StatusMessageFiltersSchema,
    response: ExportSchema,
    status: 202,
    errors: [400, 403],
  }),
  listStatusMessagesExports: defineOperation({
    method: 'GET',
    path: '/api/campaigns/status-messages/exports',
    access: access.authenticated(),
    tags,
    summary: 'Requested status-message exports with their progress, newest first (yours, or all for admins)',
    query: ExportPageQuerySchema,
    response: ExportPageSchema,
    errors: [400, 403],
  }),
  downloadStatusMessagesExport: defineOperation({
    method: 'GET',
    path: '/api/campaigns/status-messages/exports/:exportId/file',
    access: access.authenticated(),
    tags,
    summary: 'The finished CSV of a status-message export',
    params: z.object({ exportId: z.string() }),
    answer: { kind: 'file', contentType: 'text/csv' },
    errors: [403, 404],
  }),
};
