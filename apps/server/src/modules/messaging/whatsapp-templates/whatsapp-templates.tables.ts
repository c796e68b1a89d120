import { TEMPLATE_CATEGORIES, TEMPLATE_STATUSES } from '@sapa/contracts';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A WhatsApp message template of one of the client's numbers: what was submitted (the draft), and what
 * Meta (or the sandbox's review) says of it. Unique per number, name and language, as on Meta's side.
 */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    channelId: uuid('channel_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category', { enum: TEMPLATE_CATEGORIES }).notNull(),
    status: text('status', { enum: TEMPLATE_STATUSES }).notNull(),
    reason: text('reason'),
    /** Meta's template id (`hsm_id`), once the submission was accepted. */
    providerTemplateId: text('provider_template_id'),
    /** Header, body, footer, buttons and their examples, in our form (`TemplateDraftSchema`). */
    draft: jsonb('draft').notNull(),
    /** The time of the status event last applied: an older (replayed) event does not move it back. */
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** Sandbox only: when its review decides. */
    reviewDueAt: timestamp('review_due_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('whatsapp_templates_name_key').on(t.clientId, t.channelId, t.name, t.language),
    index('whatsapp_templates_created_idx').on(t.clientId, t.createdAt),
  ],
);
