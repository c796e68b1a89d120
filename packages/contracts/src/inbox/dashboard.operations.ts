import { z } from 'zod';
import { defineOperation } from '../operations/define-operation.js';
import {
  CsDailySeriesSchema,
  CsDashboardSummarySchema,
  CsRealtimeStatusPageSchema,
} from './cs-admin.schemas.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';

const errors = [400, 403] as const;

/** Customers who wrote on a local day, in total and by hour. */
export const CsDailyActiveCustomersSchema = z.object({
  date: z.string(),
  timezone: z.string(),
  total: z.number(),
  byHour: z.array(z.object({ hour: z.number(), customers: z.number() })),
});

/** Median and 90th percentile of durations in seconds (linear interpolation); null without any. */
const DurationStatsSchema = z.object({ median: z.number().nullable(), p90: z.number().nullable() });
const ResponseFiguresSchema = {
  /** Conversations started in the range (for an agent: the ones they hold). */
  conversations: z.number(),
  /** From the customer's first message to the first answer sent by an agent (notes do not count). */
  firstResponse: DurationStatsSchema.extend({ count: z.number() }),
  /** From the customer's first message to the close, for the conversations closed so far. */
  resolution: DurationStatsSchema.extend({ count: z.number() }),
};
/** How fast customers are helped over local days from..to: per agent, per day, and conversations by local hour. */
export const CsResponseReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  overall: z.object(ResponseFiguresSchema),
  byAgent: z.array(z.object({ csId: z.string(), name: z.string(), ...ResponseFiguresSchema })),
  byDay: z.array(z.object({ date: z.string(), ...ResponseFiguresSchema })),
  byHour: z.array(z.object({ hour: z.number(), conversations: z.number() })),
});
export type CsResponseReport = z.infer<typeof CsResponseReportSchema>;

const ReportQuerySchema = z.object({ from: z.string().optional(), to: z.string().optional() });

/** The supervisors' dashboard: counts over local days and every agent's status now. */
export const dashboardOperations = {
  getSummary: defineOperation({
    method: 'GET',
    path: '/api/cs/dashboard',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Total, open and closed conversations and active CS for local days startDate..endDate',
    query: z.object({ startDate: z.string().optional(), endDate: z.string().optional() }),
    response: CsDashboardSummarySchema,
    errors,
  }),
  getRealtimeStatus: defineOperation({
    method: 'GET',
    path: '/api/cs/dashboard/realtime-status',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Every agent’s status now with their open rooms, paged',
    query: z.object({
      pageSize: z.coerce.number().int().min(1).max(200).optional(),
      pageNumber: z.coerce.number().int().min(0).optional(),
    }),
    response: CsRealtimeStatusPageSchema,
    errors,
  }),
  getDailyActiveCustomers: defineOperation({
    method: 'GET',
    path: '/api/cs/dashboard/daily-active-customer',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Customers who wrote on a local day, in total and by hour',
    query: z.object({ date: z.string().optional() }),
    response: CsDailyActiveCustomersSchema,
    errors,
  }),
  getDailySeries: defineOperation({
    method: 'GET',
    path: '/api/cs/dashboard/daily',
    access: inboxAccess.supervisors,
    tags,
    summary:
      'Active customers and tickets (conversations opened) for each local day from..to (at most 92 days)',
    query: z.object({ from: z.string().optional(), to: z.string().optional() }),
    response: CsDailySeriesSchema,
    errors,
  }),
  getResponseReport: defineOperation({
    method: 'GET',
    path: '/api/cs/dashboard/response-times',
    access: inboxAccess.supervisors,
    tags,
    summary:
      'First response and resolution times (median, p90) per agent and per local day, and conversations by local hour, for from..to (at most 92 days)',
    query: ReportQuerySchema,
    response: CsResponseReportSchema,
    errors,
  }),
  exportResponseReport: defineOperation({
    method: 'GET',
    path: '/api/cs/dashboard/response-times/export',
    access: inboxAccess.supervisors,
    tags,
    summary: 'The response-time report as CSV (one row per agent, per day and per hour)',
    query: ReportQuerySchema,
    answer: { kind: 'file', contentType: 'text/csv' },
    errors,
  }),
};
