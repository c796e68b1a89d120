import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { REPORT_ROLES } from '../access/route-guards.js';
import { pageOf } from '../admin/admin.schemas.js';
import { ExportPageQuerySchema, ExportPageSchema, ExportSchema } from '../exports/exports.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import { StatusCountsSchema } from './campaign-dashboard.operations.js';
import {
  BatchStatusSchema,
  CampaignChannelSchema,
  CampaignCodeSchema,
  NotificationStatusSchema,
} from './campaigns.schemas.js';
import { StatusMessageSchema } from './status-messages.operations.js';

// Spec §2 `/report` (query, reportPage, download, notificationHistory) for the report roles of §6; spec §9:
// the default report filter is 'Newest - Oldest' with today as the date range; reports are CSV exports
// built as a job with progress (decision 0030). Also `/voice/voiceHistory` and `/scenario-diagram`.
const tags = ['reports'];
const LOCAL_DATE = z.iso.date('A date is YYYY-MM-DD');
const ID = z.string().max(64);

/** What a report selects: notifications of every channel the reader may see, or of one. */
export const ReportFiltersSchema = z.object({
  channel: CampaignChannelSchema.optional().describe('Every channel the reader may see when left out'),
  campaignId: ID.optional(),
  status: NotificationStatusSchema.optional(),
  startDate: LOCAL_DATE.optional().describe("First local day (the client's time zone); today by default"),
  endDate: LOCAL_DATE.optional().describe('Last local day, included; the start day by default'),
  recipient: z.string().trim().max(320).optional().describe('The number or address, or its beginning'),
  sort: z.enum(['newest', 'oldest']).default('newest').describe("'Newest - Oldest' by default"),
});
export type ReportFilters = z.infer<typeof ReportFiltersSchema>;

export const ReportHistoryQuerySchema = ReportFiltersSchema.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
  pageNumber: z.coerce.number().int().min(0).default(0),
});

/** A report's figures: counts by status, by channel and per local day over the range. */
export const ReportSummarySchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  channels: z.array(CampaignChannelSchema).describe('The channels counted (those the reader may see)'),
  total: z.number().int(),
  counts: StatusCountsSchema,
  byChannel: z.array(
    z.object({ channel: CampaignChannelSchema, total: z.number().int(), counts: StatusCountsSchema }),
  ),
  days: z.array(
    z.object({
      date: z.string(),
      total: z.number().int(),
      reached: z.number().int().describe('sent, delivered, read or answered'),
      failed: z.number().int().describe('failed, expired, busy or no answer'),
    }),
  ),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

export const ReportHistoryPageSchema = pageOf(StatusMessageSchema);

/** What a call ended as: answered, busy, nobody answered, failed, or not over yet. */
export const CALL_OUTCOMES = ['answered', 'busy', 'no_answer', 'failed', 'pending'] as const;
export const CallOutcomeSchema = z.enum(CALL_OUTCOMES);
export type CallOutcome = z.infer<typeof CallOutcomeSchema>;

export const VoiceHistoryFiltersSchema = z.object({
  startDate: LOCAL_DATE.optional().describe("First local day (the client's time zone); today by default"),
  endDate: LOCAL_DATE.optional().describe('Last local day, included; the start day by default'),
  campaignId: ID.optional(),
  outcome: CallOutcomeSchema.optional(),
  recipient: z.string().trim().max(320).optional().describe('The number, or its beginning'),
  sort: z.enum(['newest', 'oldest']).default('newest'),
});
export type VoiceHistoryFilters = z.infer<typeof VoiceHistoryFiltersSchema>;

export const VoiceHistoryQuerySchema = VoiceHistoryFiltersSchema.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
  pageNumber: z.coerce.number().int().min(0).default(0),
});

/** One call: an attempt of a voice notification. */
export const VoiceCallSchema = z.object({
  notificationId: z.string(),
  attempt: z.number().int(),
  batchId: z.string(),
  campaignCode: z.string().nullable(),
  campaignName: z.string().nullable(),
  recipient: z.string(),
  status: NotificationStatusSchema,
  outcome: CallOutcomeSchema,
  provider: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  errorMessage: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  chargedSeconds: z.number().int().nullable().describe("By the provider's minimum and increment"),
  dtmf: z.string().nullable().describe('The keys pressed when the script asked for an answer'),
  hasRecording: z.boolean().describe('The call played an uploaded recording (download it)'),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type VoiceCall = z.infer<typeof VoiceCallSchema>;

export const VoiceCallTotalsSchema = z.object({
  calls: z.number().int(),
  answered: z.number().int(),
  durationSeconds: z.number().int(),
  averageSeconds: z.number().nullable().describe('Per answered call'),
  chargedSeconds: z.number().int(),
});

export const VoiceHistoryPageSchema = pageOf(VoiceCallSchema).extend({ totals: VoiceCallTotalsSchema });
export type VoiceHistoryPage = z.infer<typeof VoiceHistoryPageSchema>;

/** A step of the scenario diagram: upload, approval, window, an attempt, or an outcome. */
export const ScenarioNodeSchema = z.object({
  id: z.string(),
  kind: z.enum(['upload', 'approval', 'window', 'attempt', 'outcome']),
  /** For attempts: the channel and the attempt's number on it (1 is the first, 2 the first retry). */
  channel: CampaignChannelSchema.nullable(),
  attemptOnChannel: z.number().int().nullable(),
  /** For outcomes: `reached`, `failed`, `rejected` (rows not sent), `pending` (still in flight). */
  outcome: z.enum(['reached', 'failed', 'rejected', 'pending']).nullable(),
  count: z.number().int().describe('Notifications (or rows) that reached this step'),
});

export const ScenarioEdgeSchema = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string(),
  kind: z.enum(['next', 'retry', 'fallback', 'outcome']),
  count: z.number().int(),
});

export const ScenarioQuerySchema = z.object({
  campaignCode: CampaignCodeSchema,
  batchId: ID.optional().describe("The campaign's newest batch when left out"),
});

export const ScenarioSchema = z.object({
  campaign: z.object({
    campaignId: z.string(),
    code: z.string(),
    name: z.string(),
    channel: CampaignChannelSchema,
  }),
  batches: z.array(
    z.object({
      batchId: z.string(),
      status: BatchStatusSchema,
      fileName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  batchId: z.string().nullable().describe('The batch counted; null when the campaign has none'),
  /** The retry plan as the batch has it (the campaign's when there is no batch). */
  plan: z
    .object({ maxAttempts: z.number().int(), fallbackChannels: z.array(CampaignChannelSchema) })
    .nullable(),
  hasWindow: z.boolean(),
  nodes: z.array(ScenarioNodeSchema),
  edges: z.array(ScenarioEdgeSchema),
});
export type Scenario = z.infer<typeof ScenarioSchema>;

/** A campaign a report may be narrowed to. */
export const ReportCampaignSchema = z.object({
  campaignId: z.string(),
  code: z.string(),
  name: z.string(),
  channel: CampaignChannelSchema,
});

export const reportsOperations = {
  reportCampaigns: defineOperation({
    method: 'GET',
    path: '/api/campaigns/reports/campaigns',
    access: access.roles(...REPORT_ROLES),
    tags,
    summary:
      "The campaigns of the channels the reader's reports cover (the report's campaign filter), newest first",
    response: z.object({ items: z.array(ReportCampaignSchema) }),
    errors: [403],
  }),
  reportSummary: defineOperation({
    method: 'GET',
    path: '/api/campaigns/reports/summary',
    access: access.roles(...REPORT_ROLES),
    tags,
    summary: "A report's figures: notifications by status, by channel and per day (today by default)",
    query: ReportFiltersSchema,
    response: ReportSummarySchema,
    errors: [400, 403],
  }),
  notificationHistory: defineOperation({
    method: 'GET',
    path: '/api/campaigns/reports/notifications',
    access: access.roles(...REPORT_ROLES),
    tags,
    summary: 'Notifications of every channel the reader may see, filtered, newest first, a page at a time',
    query: ReportHistoryQuerySchema,
    response: ReportHistoryPageSchema,
    errors: [400, 403],
  }),
  requestReport: defineOperation({
    method: 'POST',
    path: '/api/campaigns/reports',
    access: access.roles(...REPORT_ROLES),
    tags,
    summary: 'Generate the report the filters select: a CSV built by a job with progress',
    body: ReportFiltersSchema,
    response: ExportSchema,
    status: 202,
    errors: [400, 403],
  }),
  listReports: defineOperation({
    method: 'GET',
    path: '/api/campaigns/reports',
    access: access.roles(...REPORT_ROLES),
    tags,
    summary: 'Generated reports with their progress, newest first (yours, or all for admins)',
    query: ExportPageQuerySchema,
    response: ExportPageSchema,
    errors: [400, 403],
  }),
  getReport: defineOperation({
    method: 'GET',
    path: '/api/campaigns/reports/:exportId',
    access: access.roles(...REPORT_ROLES),
    tags,
    summary: 'One generated report with its progress and filters',
    params: z.object({ exportId: ID }),
    response: ExportSchema,
    errors: [403, 404],
  }),
  downloadReport: defineOperation({
    method: 'GET',
    path: '/api/campaigns/reports/:exportId/file',
    access: access.roles(...REPORT_ROLES),
    tags,
    summary: 'The finished CSV of a generated report',
    params: z.object({ exportId: ID }),
    answer: { kind: 'file', contentType: 'text/csv' },
    errors: [403, 404],
  }),
  voiceHistory: defineOperation({
    method: 'GET',
    path: '/api/campaigns/voice-history',
    access: access.authenticated(),
    tags,
    summary: 'Calls with their outcome, duration, charged duration and DTMF answer, with totals',
    query: VoiceHistoryQuerySchema,
    response: VoiceHistoryPageSchema,
    errors: [400, 403],
  }),
  voiceRecording: defineOperation({
    method: 'GET',
    path: '/api/campaigns/voice-history/:notificationId/attempts/:attempt/recording',
    access: access.authenticated(),
    tags,
    summary: 'The uploaded recording a call played (WAV or MP3)',
    params: z.object({ notificationId: ID, attempt: z.coerce.number().int().min(1).max(1000) }),
    answer: { kind: 'file', contentType: 'application/octet-stream' },
    errors: [403, 404],
  }),
  campaignScenario: defineOperation({
    method: 'GET',
    path: '/api/campaigns/scenario',
    access: access.authenticated(),
    tags,
    summary:
      "A campaign's flow (upload, approval, window, attempts, retries, fallbacks, outcomes) with a batch's counts",
    query: ScenarioQuerySchema,
    response: ScenarioSchema,
    errors: [400, 403, 404],
  }),
};
