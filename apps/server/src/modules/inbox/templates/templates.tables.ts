import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Canned answers agents insert into a chat; closing-remark templates feed the close dialog. */
export const csChatTemplates = pgTable(
  'cs_chat_templates',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    /** Typed after '/' in the chat box to insert the template. */
    shortcut: text('shortcut'),
    isClosingRemark: boolean('is_closing_remark').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_chat_templates_name_key').on(t.clientId, t.name),
    index('cs_chat_templates_created_idx').on(t.clientId, t.createdAt),
  ],
);

export type CsChatTemplateRow = typeof csChatTemplates.$inferSelect;
