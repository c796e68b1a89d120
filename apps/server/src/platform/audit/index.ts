import type { FastifyRequest } from 'fastify';
import type { AuditActor } from './audit.service.js';

export { auditRoutes } from './audit.routes.js';
export { type AuditActor, type AuditChange, recordAudit } from './audit.service.js';
export { auditLogs } from './audit.tables.js';

/** The caller of an authenticated route as the audit trail records them: their actor, and from where. */
export function actorOf(request: FastifyRequest): AuditActor {
  const actor = request.ctx.actor;
  if (!actor) throw new Error('actorOf needs an authenticated route');
  const userAgent = request.headers['user-agent'];
  return { actor, ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}
