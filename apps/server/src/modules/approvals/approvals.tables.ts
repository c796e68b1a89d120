import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Maker-checker tasks (spec §4 "Approval tasks"): a proposed change to a protected resource, held as
 * its type and JSON payload until another user of the same client approves or rejects it.
 */
export const approvalTasks = pgTable(
  'approval_tasks',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    type: text('type').notNull(),
    /** What the change is about, for lists: e.g. "New user ana@example.com (USC)". */
    summary: text('summary').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    makerUserId: uuid('maker_user_id').notNull(),
    makerEmail: text('maker_email').notNull(),
    checkerUserId: uuid('checker_user_id'),
    checkerEmail: text('checker_email'),
    note: text('note'),
    /** What applying the change answered (e.g. the created user's id), kept for the approved list. */
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('approval_tasks_client_status_idx').on(t.clientId, t.status, t.createdAt),
    index('approval_tasks_client_maker_idx').on(t.clientId, t.makerUserId, t.createdAt),
  ],
);

export type ApprovalTaskRow = typeof approvalTasks.$inferSelect;
