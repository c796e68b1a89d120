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
};
