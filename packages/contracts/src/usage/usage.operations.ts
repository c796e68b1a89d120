import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';
import {
  ActivityLogSchema,
  ApiMetricBatchSchema,
  LogTypeSchema,
  PageMetricSchema,
  PageQuerySchema,
} from './usage.schemas.js';

const tags = ['usage'];
const SavedSchema = z.object({ saved: z.number() });

export const UsageListQuerySchema = PageQuerySchema.extend({
  clientId: z.uuid().optional().describe('Only this client; all clients when omitted'),
});
export const ActivityLogListQuerySchema = UsageListQuerySchema.extend({ type: LogTypeSchema.optional() });

/** A page of one usage list (the field order is the one the API has always documented). */
const usagePageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), pageSize: z.number(), pageNumber: z.number() });

export const ApiMetricRowSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  userId: z.string(),
  endpoint: z.string(),
  role: z.string(),
  duration: z.number().describe('Milliseconds'),
  status: z.number(),
  createdAt: z.string(),
});
export type ApiMetricRow = z.infer<typeof ApiMetricRowSchema>;

export const PageMetricRowSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  userId: z.string(),
  pageName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  createdAt: z.string(),
});
export type PageMetricRow = z.infer<typeof PageMetricRowSchema>;

/** One activity log row of `GET /api/logs` (spec §3 log types). */
export const ActivityLogRowSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  userId: z.string().nullable(),
  /** The user's name, for people to read; null without a user or once the user is gone. */
  userName: z.string().nullable(),
  type: z.string(),
  event: z.string(),
  result: z.string(),
  createdAt: z.string(),
});
export type ActivityLogRow = z.infer<typeof ActivityLogRowSchema>;

/** Usage tracking of spec §7: every session records its calls, pages and activity; SAD reads them. */
export const usageOperations = {
  recordApiMetrics: defineOperation({
    method: 'POST',
    path: '/api/metrics/api',
    access: access.authenticated(),
    tags,
    summary: 'Record a batch of API call timings',
    body: ApiMetricBatchSchema,
    response: SavedSchema,
    errors: [400],
  }),
  recordPageMetric: defineOperation({
    method: 'POST',
    path: '/api/metrics/page',
    access: access.authenticated(),
    tags,
    summary: 'Record the time spent on a page',
    body: PageMetricSchema,
    response: SavedSchema,
    errors: [400],
  }),
  recordActivityLog: defineOperation({
    method: 'POST',
    path: '/api/logs',
    access: access.authenticated(),
    tags,
    summary: 'Record an activity log entry',
    body: ActivityLogSchema,
    response: SavedSchema,
    errors: [400],
  }),
  listApiMetrics: defineOperation({
    method: 'GET',
    path: '/api/metrics/api',
    access: access.roles('SAD'),
    tags,
    summary: 'API call timings, newest first (super admin)',
    query: UsageListQuerySchema,
    response: usagePageOf(ApiMetricRowSchema),
  }),
  listPageMetrics: defineOperation({
    method: 'GET',
    path: '/api/metrics/page',
    access: access.roles('SAD'),
    tags,
    summary: 'Page visits, newest first (super admin)',
    query: UsageListQuerySchema,
    response: usagePageOf(PageMetricRowSchema),
  }),
  listActivityLogs: defineOperation({
    method: 'GET',
    path: '/api/logs',
    access: access.roles('SAD'),
    tags,
    summary: 'Activity logs, newest first (super admin)',
    query: ActivityLogListQuerySchema,
    response: usagePageOf(ActivityLogRowSchema),
  }),
};
