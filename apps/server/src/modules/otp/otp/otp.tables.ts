import type { OtpChannel, OtpSendState, OtpStatus } from '@sapa/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One code sent to one destination (decision 0029): an OTP request, or a Verify verification
 * (`service_id` set). The code itself is never stored: `code_hash` is HMAC-SHA256(key, id ‖ code).
 */
export const otpRequests = pgTable(
  'otp_requests',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    serviceId: uuid('service_id'),
    /** Normalised: international digits for phone channels, the address or chat id otherwise. */
    destination: text('destination').notNull(),
    /** The channel asked for; fallback sends go out on others (`otp_sends`). */
    channel: text('channel').$type<OtpChannel>().notNull(),
    codeHash: text('code_hash').notNull(),
    /**
     * The code sealed (AES-256-GCM) while the request is pending, so a resend or a fallback channel can
     * send the same code; erased when the request settles. Never compared: checks use `code_hash`.
     */
    codeSealed: text('code_sealed'),
    codeLength: integer('code_length').notNull(),
    /** The tenant's message with `{{code}}`; null: ours. */
    template: text('template'),
    locale: text('locale').notNull().default('en'),
    status: text('status').$type<OtpStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    sends: integer('sends').notNull().default(0),
    /** Who asked: `api-key:<id>` or a person's email. */
    requestedBy: text('requested_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('otp_requests_destination_idx').on(t.clientId, t.destination, t.channel, t.createdAt),
    index('otp_requests_created_idx').on(t.clientId, t.createdAt),
  ],
);
export type OtpRequestRecord = typeof otpRequests.$inferSelect;

/** Each message sent for a request: the first, a resend or a fallback; counted by the send limits. */
export const otpSends = pgTable(
  'otp_sends',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    requestId: uuid('request_id').notNull(),
    destination: text('destination').notNull(),
    channel: text('channel').$type<OtpChannel>().notNull(),
    /** Which step of the fallback chain (0: the channel asked for). */
    step: integer('step').notNull().default(0),
    outboundId: uuid('outbound_id'),
    state: text('state').$type<OtpSendState>().notNull().default('queued'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('otp_sends_destination_idx').on(t.clientId, t.destination, t.createdAt),
    index('otp_sends_request_idx').on(t.clientId, t.requestId),
    index('otp_sends_created_idx').on(t.clientId, t.createdAt),
  ],
);
export type OtpSendRecord = typeof otpSends.$inferSelect;

/** Each check of a code: whether it matched (never the code given). */
export const otpChecks = pgTable(
  'otp_checks',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    requestId: uuid('request_id').notNull(),
    valid: boolean('valid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('otp_checks_request_idx').on(t.clientId, t.requestId),
    index('otp_checks_created_idx').on(t.clientId, t.createdAt),
  ],
);

/** A client's limits, fallback and fraud guard (`OtpSettings`); no row: the defaults. */
export const otpSettings = pgTable('otp_settings', {
  clientId: uuid('client_id').primaryKey(),
  settings: jsonb('settings').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters: `day` (the daily cap, per UTC day) and `prefix:<digits>` (per minute). */
export const otpCounters = pgTable(
  'otp_counters',
  {
    clientId: uuid('client_id').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.key, t.windowStart] })],
);

/** A prefix the fraud guard blocked; lifted by time or by an admin (the row is deleted). */
export const otpPrefixBlocks = pgTable(
  'otp_prefix_blocks',
  {
    clientId: uuid('client_id').notNull(),
    prefix: text('prefix').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    /** Sends counted in the minute that tripped the guard. */
    sends: integer('sends').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.prefix] })],
);
