import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';
import {
  CampaignChannelSchema,
  NOTIFICATION_STATUSES,
  type NotificationStatus,
} from './campaigns.schemas.js';

// The campaign parts of the dashboards (spec §1, §2 `/dashboard/<channel>`): notification summary,
// call durations (total, average, charged) and daily campaign progress with its search by code.
const tags = ['campaigns'];
const LOCAL_DATE = z.iso.date('A date is YYYY-MM-DD');

export const StatusCountsSchema = z.object(
  Object.fromEntries(NOTIFICATION_STATUSES.map((status) => [status, z.number().int()])) as Record<
    NotificationStatus,
    z.ZodNumber
  >,
);
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

export const CampaignSummaryQuerySchema = z.object({
  channel: CampaignChannelSchema,
  startDate: LOCAL_DATE.optional().describe("First local day (the client's time zone); today by default"),
  endDate: LOCAL_DATE.optional().describe('Last local day, included; the start day by default'),
});

export const CampaignSummarySchema = z.object({
  channel: CampaignChannelSchema,
  startDate: z.string(),
  endDate: z.string(),
  total: z.number().int(),
  counts: StatusCountsSchema,
  /** Of the notifications that ended, the share that reached the recipient (sent or further, or answered). */
  successRate: z.number().nullable(),
  days: z.array(
    z.object({
      date: z.string(),
      total: z.number().int(),
      reached: z.number().int().describe('sent, delivered, read or answered'),
      failed: z.number().int().describe('failed, expired, busy or no answer'),
    }),
  ),
  /** Voice only: the calls' durations, total, average per answered call, and as charged. */
  calls: z
    .object({
      answered: z.number().int(),
      durationSeconds: z.number().int(),
      averageSeconds: z.number().nullable(),
      chargedSeconds: z.number().int(),
    })
    .nullable(),
});
export type CampaignSummary = z.infer<typeof CampaignSummarySchema>;

export const DailyProgressQuerySchema = z.object({
  channel: CampaignChannelSchema.optional(),
  code: z.string().trim().max(64).optional().describe('Search by campaign code'),
  date: LOCAL_DATE.optional().describe('The local day; today by default'),
});

export const DailyProgressSchema = z.object({
  date: z.string(),
  items: z.array(
    z.object({
      campaignId: z.string(),
      code: z.string(),
      name: z.string(),
      channel: CampaignChannelSchema,
      total: z.number().int(),
      counts: StatusCountsSchema,
      /** 0–100: the share no longer queued or sending. */
      progress: z.number(),
    }),
  ),
});
export type DailyProgress = z.infer<typeof DailyProgressSchema>;

export const ActiveCustomersQuerySchema = z.object({
  channel: CampaignChannelSchema.optional().describe(
    'One channel; every channel the caller may read by default',
  ),
  date: LOCAL_DATE.optional().describe('The last local day counted; today by default'),
  days: z.coerce.number().int().min(1).max(92).default(30).describe('Local days in the daily series'),
  months: z.coerce.number().int().min(1).max(12).default(6).describe('Local months in the monthly series'),
});

/**
 * Active customers (spec §1 "monthly and daily active customers", decision 0047): distinct recipients a
 * campaign message reached on the channel (sent, delivered, read or answered), counted on the local day
 * or month of the send in the client's time zone. Every day and month of the range is listed, zero or not.
 */
export const ActiveCustomersSchema = z.object({
  channels: z.array(CampaignChannelSchema),
  timezone: z.string(),
  date: z.string(),
  /** Distinct recipients reached on `date`. */
  today: z.number().int(),
  /** Distinct recipients reached in the month of `date`, up to and including it. */
  thisMonth: z.number().int(),
  daily: z.array(z.object({ date: z.string(), customers: z.number().int() })),
  monthly: z.array(z.object({ month: z.string().describe('YYYY-MM'), customers: z.number().int() })),
});
export type ActiveCustomers = z.infer<typeof ActiveCustomersSchema>;

export const campaignDashboardOperations = {
  activeCustomers: defineOperation({
    method: 'GET',
    path: '/api/campaigns/dashboard/active-customers',
    access: access.authenticated(),
    tags,
    summary:
      'Daily and monthly active customers: distinct recipients reached on a channel per local day and month',
    query: ActiveCustomersQuerySchema,
    response: ActiveCustomersSchema,
    errors: [400, 403],
  }),
  campaignSummary: defineOperation({
    method: 'GET',
    path: '/api/campaigns/dashboard/summary',
    access: access.authenticated(),
    tags,
    summary:
      "A channel's notifications over local days: counts by status, per day, and for voice the call durations",
    query: CampaignSummaryQuerySchema,
    response: CampaignSummarySchema,
    errors: [400, 403],
  }),
  dailyCampaignProgress: defineOperation({
    method: 'GET',
    path: '/api/campaigns/dashboard/daily-progress',
    access: access.authenticated(),
    tags,
    summary:
      "Today's progress of each campaign that sends, searchable by campaign code (empty: no data for today)",
    query: DailyProgressQuerySchema,
    response: DailyProgressSchema,
    errors: [400, 403],
  }),
};
