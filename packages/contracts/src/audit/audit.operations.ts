import { access } from '../access/access-rule.js';
import { AuditPageSchema, AuditQuerySchema } from '../admin/admin.schemas.js';
import { defineOperation } from '../operations/define-operation.js';

const tags = ['audit'];

/** The audit trail of administrative changes (spec §6). */
export const auditOperations = {
  listAuditTrail: defineOperation({
    method: 'GET',
    path: '/api/audit-trail',
    access: access.right('AUDIT_VIEW'),
    tags,
    summary: 'Administrative changes, newest first: every client for super admins, else the own client',
    query: AuditQuerySchema,
    response: AuditPageSchema,
    errors: [404],
  }),
  exportAuditTrail: defineOperation({
    method: 'GET',
    path: '/api/audit-trail/export',
    access: access.right('AUDIT_VIEW'),
    tags,
    summary: 'The filtered audit trail as CSV (streamed)',
    query: AuditQuerySchema.omit({ pageSize: true, pageNumber: true }),
    answer: { kind: 'file', contentType: 'text/csv' },
  }),
};
