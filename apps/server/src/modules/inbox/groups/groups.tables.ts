import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A WhatsApp group of the client (decision 0037): a subject, participants and admins by phone number,
 * and its WhatsApp group id once known (given when linked, or learnt from the first message written in
 * it). Its messages are chat messages whose room id is the group's id.
 */
export const csGroups = pgTable(
  'cs_groups',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    subject: text('subject').notNull(),
    /** WhatsApp's group id; null until the group is linked to one. */
    providerGroupId: text('provider_group_id'),
    /** The client's number (provider channel) the group lives on. */
    channelId: uuid('channel_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview'),
    unreadCount: integer('unread_count').notNull().default(0),
    /**
     * Whether WhatsApp has the group as we do (decision 0043): `pending` while a job pushes a change,
     * `synced`, or `failed` with `sync_error` saying why.
     */
    syncState: text('sync_state', { enum: ['pending', 'synced', 'failed'] })
      .notNull()
      .default('synced'),
    syncError: text('sync_error'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** The create call's request id while WhatsApp has not told the group id yet. */
    providerRequestId: text('provider_request_id'),
    /** The subject WhatsApp has; differs from `subject` until a rename is pushed. */
    providerSubject: text('provider_subject'),
    inviteLink: text('invite_link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_groups_provider_key').on(t.clientId, t.providerGroupId),
    index('cs_groups_list_idx').on(t.clientId, t.createdAt, t.id),
  ],
);

/** A member of a group, by phone number; admins may manage the group on WhatsApp. */
export const csGroupParticipants = pgTable(
  'cs_group_participants',
  {
    clientId: uuid('client_id').notNull(),
    groupId: uuid('group_id').notNull(),
    phoneNumber: text('phone_number').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * `invited` (entered here; WhatsApp groups are invite-only), `joined` (WhatsApp said so, or they
     * wrote in the group), `removing` (a job takes them out at WhatsApp).
     */
    state: text('state', { enum: ['invited', 'joined', 'removing'] })
      .notNull()
      .default('joined'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.groupId, t.phoneNumber] })],
);

export type CsGroupRow = typeof csGroups.$inferSelect;
export type CsGroupParticipantRow = typeof csGroupParticipants.$inferSelect;
