import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The WhatsApp sandbox's record of the groups it created on a sandbox number, as Meta keeps them: the
 * group id it gave, the subject, the invite link and who joined. The sandbox answers the Groups API
 * from here (decision 0043).
 */
export const whatsappSandboxGroups = pgTable(
  'whatsapp_sandbox_groups',
  {
    clientId: uuid('client_id').notNull(),
    /** The group id the sandbox gave, shaped like Meta's. */
    groupId: text('group_id').notNull(),
    channelId: uuid('channel_id').notNull(),
    requestId: text('request_id').notNull(),
    subject: text('subject').notNull(),
    inviteLink: text('invite_link').notNull(),
    /** Phone digits of the members (joined by the invite link). */
    participants: jsonb('participants').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.groupId] })],
);

export type SandboxGroupRow = typeof whatsappSandboxGroups.$inferSelect;
