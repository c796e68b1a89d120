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

/**
 * A real provider a client configured for a channel (an SMSC over SMPP, an HTTP SMS gateway, an SMTP
 * relay …). Several per channel; the default one sends. Secrets are one JSON object sealed with the
 * encryption key (platform/secrets), never answered: `secret_hints` holds what the API shows instead.
 */
export const channelProviders = pgTable(
  'channel_providers',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    channel: text('channel', { enum: ['sms', 'email', 'telegram', 'voice'] }).notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    secretsSealed: text('secrets_sealed').notNull(),
    secretHints: jsonb('secret_hints').$type<Record<string, string>>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Raised by every applied change: live instances built from an older version are replaced. */
    version: integer('version').notNull().default(1),
    /** The edit request waiting for a checker, if any (one at a time per provider). */
    pendingTaskId: uuid('pending_task_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('channel_providers_name_key').on(t.clientId, t.channel, t.name),
    uniqueIndex('channel_providers_default_key').on(t.clientId, t.channel).where(sql`is_default`),
  ],
);

/**
 * A change of a provider as a maker asked for it: applied at once, or kept here until a checker of
 * the channel decides its approval task. The task's payload names this row only, never a secret.
 */
export const providerEditRequests = pgTable(
  'provider_edit_requests',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    /** For a create: the id the provider will get once approved. */
    providerId: uuid('provider_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete', 'default'] }).notNull(),
    channel: text('channel', { enum: ['sms', 'email', 'telegram', 'voice'] }).notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    secretsSealed: text('secrets_sealed').notNull(),
    secretHints: jsonb('secret_hints').$type<Record<string, string>>().notNull(),
    isDefault: boolean('is_default').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    taskId: uuid('task_id'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('provider_edit_requests_provider_idx').on(t.clientId, t.providerId, t.status),
  ],
);

export type ChannelProviderRow = typeof channelProviders.$inferSelect;
export type ProviderEditRequestRow = typeof providerEditRequests.$inferSelect;
