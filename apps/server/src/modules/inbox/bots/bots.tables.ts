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

/** A client's chat bot (decision 0035): a flow of actions, or an external provider's project. */
export const csBots = pgTable(
  'cs_bots',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    botName: text('bot_name').notNull(),
    description: text('description').notNull().default(''),
    schedule: text('schedule', { enum: ['always', 'outsideBusinessHours', 'noAgentOnline'] })
      .notNull()
      .default('always'),
    kind: text('kind', { enum: ['flow', 'external'] })
      .notNull()
      .default('flow'),
    projectId: uuid('project_id'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_bots_name_key').on(t.clientId, t.botName),
  ],
);

export type BotOptionValue = { title: string; next: string | null };
/** An approved WhatsApp template to send, with its body's values (`{{key}}`: the customer's userData). */
export type TemplateMessageValue = { name: string; language: string; parameters: string[] };
export type BotBranchValue = { keywords: string[]; next: string };

/** One state of a bot's flow, in `position` order; the first starts a conversation. */
export const csBotActions = pgTable(
  'cs_bot_actions',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    botId: uuid('bot_id').notNull(),
    botActionName: text('bot_action_name').notNull(),
    position: integer('position').notNull(),
    type: text('type', {
      enum: ['text', 'image', 'ask', 'buttons', 'list', 'template', 'handoff', 'close'],
    }).notNull(),
    text: text('text').notNull().default(''),
    imageUrl: text('image_url'),
    options: jsonb('options').$type<BotOptionValue[]>().notNull().default([]),
    branches: jsonb('branches').$type<BotBranchValue[]>().notNull().default([]),
    saveAs: text('save_as'),
    next: text('next'),
    handOffTag: text('hand_off_tag'),
    handOffCsId: uuid('hand_off_cs_id'),
    /** `template` actions: which approved template (decision 0044). */
    template: jsonb('template').$type<TemplateMessageValue>(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_bot_actions_name_key').on(t.clientId, t.botId, t.botActionName),
    index('cs_bot_actions_position_idx').on(t.clientId, t.botId, t.position),
  ],
);

/** How the answer to one state is checked (spec §3 "Bot validation: botId, stateName"). */
export const csBotValidations = pgTable(
  'cs_bot_validations',
  {
    clientId: uuid('client_id').notNull(),
    botId: uuid('bot_id').notNull(),
    stateName: text('state_name').notNull(),
    rule: text('rule', { enum: ['text', 'number', 'email', 'phone', 'oneOf'] }).notNull(),
    min: integer('min'),
    max: integer('max'),
    values: jsonb('values').$type<string[]>().notNull().default([]),
    errorMessage: text('error_message').notNull(),
    maxRetries: integer('max_retries').notNull().default(2),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.botId, t.stateName] })],
);

/**
 * Where a bot room's conversation stands: the bot, the state waiting for an answer, failed answers
 * so far, and the last customer message the engine has handled (its cursor: a turn is idempotent).
 */
export const csBotSessions = pgTable(
  'cs_bot_sessions',
  {
    clientId: uuid('client_id').notNull(),
    roomId: uuid('room_id').notNull(),
    botId: uuid('bot_id').notNull(),
    state: text('state'),
    retries: integer('retries').notNull().default(0),
    /** What the bot stored in the customer's `userData` during this conversation, shown on hand-off. */
    collected: jsonb('collected').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['active', 'handedOff', 'closed'] })
      .notNull()
      .default('active'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /**
     * The handled messages sent at `handledAt`: providers stamp messages to the second, so several may
     * share it and their ids do not tell their order; the next turn takes the others.
     */
    handledIds: jsonb('handled_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.roomId] }),
    index('cs_bot_sessions_active_idx').on(t.clientId, t.status),
  ],
);

/** An external bot provider connection (spec §2 `ChatBotProvider/:provider/:name`). */
export const csBotProviders = pgTable(
  'cs_bot_providers',
  {
    clientId: uuid('client_id').notNull(),
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    webhookUrl: text('webhook_url'),
    /** The signing secret, sealed (AES-256-GCM). */
    secretSealed: text('secret_sealed'),
    connected: boolean('connected').notNull().default(false),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.provider, t.name] })],
);

/** Spec §3 Kata AI project: projectName, projectDesc, id, kata_ai_projectId. */
export const csBotProjects = pgTable(
  'cs_bot_projects',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    projectName: text('project_name').notNull(),
    projectDesc: text('project_desc').notNull().default(''),
    kataAiProjectId: text('kata_ai_project_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('cs_bot_projects_provider_idx').on(t.clientId, t.provider, t.name),
  ],
);

export type CsBotRow = typeof csBots.$inferSelect;
export type CsBotActionRow = typeof csBotActions.$inferSelect;
export type CsBotValidationRow = typeof csBotValidations.$inferSelect;
export type CsBotSessionRow = typeof csBotSessions.$inferSelect;
export type CsBotProviderRow = typeof csBotProviders.$inferSelect;
export type CsBotProjectRow = typeof csBotProjects.$inferSelect;
