import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The client's tag list: suggestions for customers' and agents' tags, which stay plain text. */
export const csTags = pgTable(
  'cs_tags',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_tags_name_key').on(t.clientId, t.name),
    index('cs_tags_created_idx').on(t.clientId, t.createdAt),
  ],
);

export type CsTagRow = typeof csTags.$inferSelect;
