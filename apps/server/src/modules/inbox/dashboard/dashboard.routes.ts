import {
  CsDailySeriesSchema,
  CsDashboardSummarySchema,
  CsRealtimeStatusPageSchema,
  ErrorBodySchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../../platform/database.js';
import { findClient } from '../../clients/index.js';
import { CS_TAGS, csAccess, security } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  getDailyActiveCustomers,
  getDailySeries,
  getDashboard,
  getRealtimeStatus,
} from './dashboard.service.js';

const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema };
const supervisors = { access: csAccess.supervisors };
const timezoneOf = async (db: Executor, clientId: string) => (await findClient(db, clientId))?.timezone;

export const dashboardRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.get(
    '/api/cs/dashboard',
    {
      config: supervisors,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Total, open and closed conversations and active CS for local days startDate..endDate',
        querystring: z.object({ startDate: z.string().optional(), endDate: z.string().optional() }),
        response: {
          200: CsDashboardSummarySchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const actor = request.ctx.actor!;
      return getDashboard(db, actor, request.query, await timezoneOf(db, actor.clientId));
    },
  );
  app.get(
    '/api/cs/dashboard/realtime-status',
    {
      config: supervisors,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Every agent’s status now with their open rooms, paged',
        querystring: z.object({
          pageSize: z.coerce.number().int().min(1).max(200).optional(),
          pageNumber: z.coerce.number().int().min(0).optional(),
        }),
        response: {
          200: CsRealtimeStatusPageSchema,
          ...errors,
        },
      },
    },
    async (request) => getRealtimeStatus(db, request.ctx.actor!, request.query),
  );
  app.get(
    '/api/cs/dashboard/daily-active-customer',
    {
      config: supervisors,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Customers who wrote on a local day, in total and by hour',
        querystring: z.object({ date: z.string().optional() }),
        response: {
          200: z.object({
            date: z.string(),
            timezone: z.string(),
            total: z.number(),
            byHour: z.array(z.object({ hour: z.number(), customers: z.number() })),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const actor = request.ctx.actor!;
      return getDailyActiveCustomers(db, actor, request.query.date, await timezoneOf(db, actor.clientId));
    },
  );
  app.get(
    '/api/cs/dashboard/daily',
    {
      config: supervisors,
      schema: {
        tags: CS_TAGS,
        security,
        summary:
          'Active customers and tickets (conversations opened) for each local day from..to (at most 92 days)',
        querystring: z.object({ from: z.string().optional(), to: z.string().optional() }),
        response: {
          200: CsDailySeriesSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const actor = request.ctx.actor!;
      return getDailySeries(db, actor, request.query, await timezoneOf(db, actor.clientId));
    },
  );
};
