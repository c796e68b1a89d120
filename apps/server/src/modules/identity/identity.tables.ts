import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.tables.js';

export const users = pgTable(
  'users',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** Stored lower-cased: the login name. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    chatRole: text('chat_role'),
    csId: uuid('cs_id'),
    status: text('status', { enum: ['active', 'deactivated', 'pending', 'locked'] })
      .notNull()
      .default('active'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // Logging in looks a user up by email before any client is known (decision 0002).
    uniqueIndex('users_email_key').on(t.email),
    index('users_client_role_idx').on(t.clientId, t.role),
  ],
);

/**
 * A login: one refresh-token family. It lives at most SESSION_MAX_DAYS and ends at logout,
 * on refresh-token reuse, or when its user is locked out.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The client this session acts for; only a super admin may point it elsewhere. */
    activeClientId: uuid('active_client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('auth_sessions_user_idx').on(t.clientId, t.userId),
    index('auth_sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; each is used once and replaced. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    sessionId: uuid('session_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.clientId, t.sessionId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;
