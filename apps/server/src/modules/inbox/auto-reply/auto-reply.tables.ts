import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TemplateMessageValue } from '../bots/bots.tables.js';

/** Auto-reply rules of a client (decision 0036): one each for the non-keyword triggers, any number of keyword ones. */
export const csAutoReplyRules = pgTable(
  'cs_auto_reply_rules',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    trigger: text('trigger', {
      enum: ['keyword', 'outsideBusinessHours', 'noAgentOnline', 'firstMessage'],
    }).notNull(),
    /** Lower-cased, trimmed: matched against the lower-cased message text. */
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    reply: text('reply').notNull(),
    periodMinutes: integer('period_minutes').notNull().default(1440),
    enabled: boolean('enabled').notNull().default(true),
    /** Sent instead of `reply` when the customer's 24-hour window is closed (decision 0044). */
    template: jsonb('template').$type<TemplateMessageValue>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_auto_reply_rules_trigger_key')
      .on(t.clientId, t.trigger)
      .where(sql`${t.trigger} <> 'keyword'`),
    index('cs_auto_reply_rules_created_idx').on(t.clientId, t.createdAt),
  ],
);

export type CsAutoReplyRuleRow = typeof csAutoReplyRules.$inferSelect;

/**
 * When a customer last got each automatic reply (`rule_key`: a rule's id, or `maintenance`): the
 * rate limit is one conditional upsert on this row, so two messages at once cannot both win.
 */
export const csAutoReplySends = pgTable(
  'cs_auto_reply_sends',
  {
    clientId: uuid('client_id').notNull(),
    ruleKey: text('rule_key').notNull(),
    customerPhone: text('customer_phone').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.ruleKey, t.customerPhone] })],
);
