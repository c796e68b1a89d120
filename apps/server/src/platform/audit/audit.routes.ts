import { AuditPageSchema, AuditQuerySchema, ErrorBodySchema } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../database.js';
import { access } from '../request-context.js';
import { exportAuditCsv, listAudit } from './audit.service.js';

const security = [{ bearer: [] }];

export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/audit-trail',
    {
      config: { access: access.right('AUDIT_VIEW') },
      schema: {
        tags: ['audit'],
        summary: 'Administrative changes, newest first: every client for super admins, else the own client',
        security,
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => listAudit(db, request.ctx.session!, request.query),
  );

  app.get(
    '/api/audit-trail/export',
    {
      config: { access: access.right('AUDIT_VIEW') },
      schema: {
        tags: ['audit'],
        summary: 'The filtered audit trail as CSV (streamed)',
        security,
        querystring: AuditQuerySchema.omit({ pageSize: true, pageNumber: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const stream = exportAuditCsv(db, request.ctx.session!, {
        ...request.query,
        pageSize: 10,
        pageNumber: 0,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-trail.csv"')
        .send(stream);
    },
  );
};
