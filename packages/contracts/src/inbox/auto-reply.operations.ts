import { z } from 'zod';
import { defineOperation } from '../operations/define-operation.js';
import { TemplateMessageSchema } from './bots.schemas.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';

/**
 * Auto-reply (spec §7 "Auto-reply: GET, POST"; screens `/config/AutoReply`, `/whatsapp/auto-reply`):
 * rules that answer a customer's message by themselves, each at most once per period per customer
 * (decision 0036).
 */
export const AUTO_REPLY_TRIGGERS = [
  'keyword',
  'outsideBusinessHours',
  'noAgentOnline',
  'firstMessage',
] as const;
export type AutoReplyTrigger = (typeof AUTO_REPLY_TRIGGERS)[number];

/** Longest wait between two replies of one rule to one customer: 30 days, in minutes. */
export const AUTO_REPLY_MAX_PERIOD_MINUTES = 43_200;

export const AutoReplyRuleSchema = z.object({
  id: z.string(),
  trigger: z.enum(AUTO_REPLY_TRIGGERS),
  /** For the keyword trigger: words or phrases, any of which (ignoring case) in the message fires it. */
  keywords: z.array(z.string()),
  reply: z.string(),
  /** A customer gets this rule's reply at most once in this many minutes. */
  periodMinutes: z.number(),
  enabled: z.boolean(),
  /** Sent instead of the reply when the customer's 24-hour window is closed (decision 0044). */
  template: z.object({ name: z.string(), language: z.string(), parameters: z.array(z.string()) }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AutoReplyRule = z.infer<typeof AutoReplyRuleSchema>;

export const AutoReplyListSchema = z.object({ items: z.array(AutoReplyRuleSchema) });

const KeywordSchema = z
  .string()
  .trim()
  .min(1, 'A keyword cannot be empty')
  .max(100, 'A keyword has at most 100 characters');

export const AutoReplySaveSchema = z
  .object({
    /** Absent: a new rule; present: a change to that rule. */
    id: z.string().max(64).optional(),
    trigger: z.enum(AUTO_REPLY_TRIGGERS),
    keywords: z.array(KeywordSchema).max(50, 'At most 50 keywords').default([]),
    reply: z.string().trim().min(1, 'Write the reply').max(4096, 'A reply has at most 4096 characters'),
    periodMinutes: z
      .number()
      .int()
      .min(1, 'The period is at least one minute')
      .max(AUTO_REPLY_MAX_PERIOD_MINUTES, 'The period is at most 30 days')
      .default(1440),
    enabled: z.boolean().default(true),
    /**
     * An approved WhatsApp template sent instead of the reply when the customer's 24-hour window is
     * closed; without one the rule is skipped there (decision 0044).
     */
    template: TemplateMessageSchema.nullable().default(null),
  })
  .refine((rule) => rule.trigger !== 'keyword' || rule.keywords.length > 0, {
    message: 'A keyword rule needs at least one keyword',
    path: ['keywords'],
  });
export type AutoReplySave = z.input<typeof AutoReplySaveSchema>;

/** POST with `remove`: deletes the rule. */
export const AutoReplyRemoveSchema = z.object({ id: z.string().max(64), remove: z.literal(true) });

const errors = [400, 403, 404, 409] as const;

export const autoReplyOperations = {
  listAutoReplies: defineOperation({
    method: 'GET',
    path: '/api/cs/auto-reply',
    access: inboxAccess.admins,
    tags,
    summary:
      'The auto-reply rules, in the order they are tried (keyword, outside hours, no agent, first message)',
    query: z.object({ id: z.string().max(64).optional() }),
    response: AutoReplyListSchema,
    errors,
  }),
  saveAutoReply: defineOperation({
    method: 'POST',
    path: '/api/cs/auto-reply',
    access: inboxAccess.admins,
    tags,
    summary: 'Create an auto-reply rule, change the one named by id, or remove it (`remove: true`)',
    body: z.union([AutoReplyRemoveSchema, AutoReplySaveSchema]),
    response: z.union([AutoReplyRuleSchema, z.object({ deleted: z.number() })]),
    errors,
  }),
};

/** The type of an automatic message in a room (an auto-reply or the maintenance message). */
export const AUTO_REPLY_MESSAGE_TYPE = 'auto_reply';
