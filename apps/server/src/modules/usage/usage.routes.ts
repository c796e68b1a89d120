import {
  ActivityLogSchema,
  ApiMetricBatchSchema,
  ErrorBodySchema,
  LogTypeSchema,
  PageMetricSchema,
  PageQuerySchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/database.js';
import { access } from '../../platform/request-context.js';
import { listUsagePage, recordActivityLog, recordApiMetrics, recordPageMetric } from './usage.service.js';

const SavedSchema = z.object({ saved: z.number() });
const security = [{ bearer: [] }];
const tags = ['usage'];
const ListQuerySchema = PageQuerySchema.extend({
  clientId: z.uuid().optional().describe('Only this client; all clients when omitted'),
});
const LogListQuerySchema = ListQuerySchema.extend({ type: LogTypeSchema.optional() });
const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), pageSize: z.number(), pageNumber: z.number() });

export const usageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/metrics/api',
    {
      config: { access: access.authenticated() },
      schema: {
        tags,
        security,
        summary: 'Record a batch of API call timings',
        body: ApiMetricBatchSchema,
        response: { 200: SavedSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => recordApiMetrics(db, request.ctx.session!, request.body),
  );

  app.post(
    '/api/metrics/page',
    {
      config: { access: access.authenticated() },
      schema: {
        tags,
        security,
        summary: 'Record the time spent on a page',
        body: PageMetricSchema,
        response: { 200: SavedSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => recordPageMetric(db, request.ctx.session!, request.body),
  );

  app.post(
    '/api/logs',
    {
      config: { access: access.authenticated() },
      schema: {
        tags,
        security,
        summary: 'Record an activity log entry',
        body: ActivityLogSchema,
        response: { 200: SavedSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => recordActivityLog(db, request.ctx.session!, request.body),
  );

  const lists = [
    {
      url: '/api/metrics/api',
      kind: 'api',
      summary: 'API call timings, newest first (super admin)',
      item: z.object({
        id: z.string(),
        clientId: z.string(),
        userId: z.string(),
        endpoint: z.string(),
        role: z.string(),
        duration: z.number().describe('Milliseconds'),
        status: z.number(),
        createdAt: z.string(),
      }),
    },
    {
      url: '/api/metrics/page',
      kind: 'page',
      summary: 'Page visits, newest first (super admin)',
      item: z.object({
        id: z.string(),
        clientId: z.string(),
        userId: z.string(),
        pageName: z.string(),
        startTime: z.string(),
        endTime: z.string(),
        createdAt: z.string(),
      }),
    },
    {
      url: '/api/logs',
      kind: 'logs',
      summary: 'Activity logs, newest first (super admin)',
      item: z.object({
        id: z.string(),
        clientId: z.string(),
        userId: z.string().nullable(),
        type: z.string(),
        event: z.string(),
        result: z.string(),
        createdAt: z.string(),
      }),
    },
  ] as const;

  for (const list of lists) {
    app.get(
      list.url,
      {
        config: { access: access.roles('SAD') },
        schema: {
          tags,
          security,
          summary: list.summary,
          querystring: list.kind === 'logs' ? LogListQuerySchema : ListQuerySchema,
          response: { 200: page(list.item) },
        },
      },
      async (request) => {
        const { clientId, pageSize, pageNumber, type } = request.query as z.infer<typeof LogListQuerySchema>;
        const result = await listUsagePage(db, list.kind, clientId, { pageSize, pageNumber }, type);
        // The rows come from one of three tables; the response schema checks each against its list's item.
        return result as never;
      },
    );
  }
};
