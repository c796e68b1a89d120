import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    /** The channel the change belongs to, when it does: its named makers and checkers apply. */
    channel: text('channel'),
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

/**
 * Who makes and who checks the changes of one channel of a client (`/<channel>/manage`). While a
 * channel names nobody, the rights alone decide; once it names someone, only its makers propose and
 * only its checkers decide that channel's tasks.
 */
export const checkerMakerUsers = pgTable(
  'checker_maker_users',
  {
    clientId: uuid('client_id').notNull(),
    channel: text('channel').notNull(),
    userId: uuid('user_id').notNull(),
    maker: boolean('maker').notNull(),
    checker: boolean('checker').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByEmail: text('updated_by_email'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.channel, t.userId] })],
);

export type CheckerMakerUserRow = typeof checkerMakerUsers.$inferSelect;
