import { auditOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../database.js';
import { routeOperation } from '../operation-route.js';
import { exportAuditCsv, listAudit } from './audit.service.js';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  routeOperation(app, auditOperations.listAuditTrail, (request) =>
    listAudit(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, auditOperations.exportAuditTrail, (request, reply) => {
    const stream = exportAuditCsv(db, request.ctx.actor!, {
      ...request.query,
      pageSize: 10,
      pageNumber: 0,
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-trail.csv"')
      .send(stream);
  });
};
