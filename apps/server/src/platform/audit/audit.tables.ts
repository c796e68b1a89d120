import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every administrative change: who (user and email, kept even if the user goes), what (action on an
 * entity), before and after, when and from where. Rows belong to the client whose data changed.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('audit_logs_client_time_idx').on(t.clientId, t.createdAt),
    index('audit_logs_client_entity_idx').on(t.clientId, t.entityType, t.entityId),
    // The super admin's view spans clients, newest first.
    index('audit_logs_time_idx').on(t.createdAt),
  ],
);

export type AuditLogRow = typeof auditLogs.$inferSelect;
