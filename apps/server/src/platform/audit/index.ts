import type { FastifyRequest } from 'fastify';
import type { Actor } from './audit.service.js';

export { auditRoutes } from './audit.routes.js';
export { type Actor, type AuditChange, recordAudit } from './audit.service.js';
export { auditLogs } from './audit.tables.js';

/** The caller of an authenticated route as the audit trail records them. */
export function actorOf(request: FastifyRequest): Actor {
  const session = request.ctx.session;
  if (!session) throw new Error('actorOf needs an authenticated route');
  const userAgent = request.headers['user-agent'];
  return { session, ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}
