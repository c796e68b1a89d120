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
    /** Logins (and second-factor checks) are refused until then: a pause after repeated failures. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** TOTP secret, sealed with the encryption key; set at activation, in force once `mfaEnabled`. */
    mfaSecret: text('mfa_secret'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    mfaLastStep: integer('mfa_last_step'),
    consentAcceptedAt: timestamp('consent_accepted_at', { withTimezone: true }),
    consentVersion: text('consent_version'),
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

/** Single-use password reset links: only the SHA-256 of the token is kept; each lives 30 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.clientId, t.userId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;

/** Identity providers (SAML 2.0 or OpenID Connect) a client signs in with (spec §5: SSO by provider id). */
export const identityProviders = pgTable(
  'identity_providers',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    protocol: text('protocol', { enum: ['saml', 'oidc'] })
      .notNull()
      .default('saml'),
    /** SAML: the IdP's single sign-on URL (HTTP-Redirect binding). */
    entryPoint: text('entry_point'),
    /** SAML: the IdP's entity id, checked against the response's issuer. OIDC: the issuer URL. */
    idpIssuer: text('idp_issuer').notNull(),
    /** SAML: PEM certificate (or public key) the IdP signs assertions with. */
    idpCert: text('idp_cert'),
    oidcClientId: text('oidc_client_id'),
    /** Sealed with the encryption key. */
    oidcClientSecret: text('oidc_client_secret'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // The SSO redirect names the provider by id alone, before any client is known.
    uniqueIndex('identity_providers_id_key').on(t.id),
  ],
);
export type IdentityProviderRow = typeof identityProviders.$inferSelect;

/**
 * Sign-in requests this portal sent (SAML AuthnRequest ids, OIDC states), so an answer is accepted only
 * for a request it made, once (no unsolicited or replayed responses), whichever process receives it.
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    clientId: uuid('client_id').notNull(),
    id: text('id').notNull(),
    providerId: uuid('provider_id').notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // The answer names its request id alone.
    uniqueIndex('sso_requests_id_key').on(t.id),
    index('sso_requests_created_idx').on(t.createdAt),
  ],
);
