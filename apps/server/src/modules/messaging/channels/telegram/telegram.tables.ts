import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A one-time code for the bot's deep link (`https://t.me/<bot>?start=<code>`): the recipient who opens
 * it links their chat to this phone number (spec §7 "Telegram code/auth").
 */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    clientId: uuid('client_id').notNull(),
    code: text('code').notNull(),
    /** International digits. */
    phone: text('phone').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.code] })],
);

/** Which chat a recipient's phone number reaches on this client's bot; a later link replaces it. */
export const telegramChatLinks = pgTable(
  'telegram_chat_links',
  {
    clientId: uuid('client_id').notNull(),
    phone: text('phone').notNull(),
    chatId: text('chat_id').notNull(),
    /** How the link was made: the deep link's code, or a contact the recipient shared with the bot. */
    linkedBy: text('linked_by', { enum: ['code', 'contact'] }).notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.phone] })],
);

export type TelegramChatLinkRow = typeof telegramChatLinks.$inferSelect;

/**
 * What `setWebhook` answered for the client's running bot configuration: asked again when the
 * configuration changes (saved, or approved by a checker), shown beside the provider.
 */
export const telegramWebhookRegistrations = pgTable(
  'telegram_webhook_registrations',
  {
    clientId: uuid('client_id').notNull(),
    /** One row per client: the running (default) bot's registration. */
    providerId: uuid('provider_id').notNull(),
    providerVersion: integer('provider_version').notNull(),
    url: text('url').notNull(),
    /** Null while the job has not answered yet. */
    ok: boolean('ok'),
    /** Telegram's own words ("Webhook was set"), or why it failed. */
    description: text('description'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId] })],
);
export type TelegramWebhookRegistrationRow = typeof telegramWebhookRegistrations.$inferSelect;
