import { z } from 'zod';

/** The channels an OTP goes out on (issue 15): each one through messaging's sandbox or real provider. */
export const OTP_CHANNELS = ['sms', 'whatsapp', 'voice', 'email', 'telegram'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

/** Twilio Verify's statuses, plus `failed` (no channel could send it). */
export const OTP_STATUSES = [
  'pending',
  'approved',
  'canceled',
  'expired',
  'max_attempts_reached',
  'failed',
] as const;
export type OtpStatus = (typeof OTP_STATUSES)[number];

/** What became of one message of a request (messaging's outcome and the provider's later reports). */
export const OTP_SEND_STATES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type OtpSendState = (typeof OTP_SEND_STATES)[number];

export const OTP_CODE_MIN = 4;
export const OTP_CODE_MAX = 10;

const destination = z.string().trim().min(1).max(254);

export const OtpRequestBodySchema = z.object({
  destination,
  channel: z.enum(OTP_CHANNELS),
  /** The tenant's own message; `{{code}}` is replaced by the code. */
  template: z
    .string()
    .max(1000)
    .refine((text) => text.includes('{{code}}'), 'The template must contain {{code}}')
    .optional(),
  /** The tenant's own code (digits); we generate one otherwise. */
  code: z.string().regex(/^\d+$/, 'The code has digits only').min(OTP_CODE_MIN).max(OTP_CODE_MAX).optional(),
  codeLength: z.number().int().min(OTP_CODE_MIN).max(OTP_CODE_MAX).optional(),
  validitySeconds: z.number().int().min(30).max(86_400).optional(),
});
export type OtpRequestBody = z.infer<typeof OtpRequestBodySchema>;

export const OtpRequestAnswerSchema = z.object({
  requestId: z.string(),
  status: z.literal('pending'),
  expiresAt: z.string(),
});
export type OtpRequestAnswer = z.infer<typeof OtpRequestAnswerSchema>;

export const OtpVerifyBodySchema = z.object({
  requestId: z.string().max(64),
  code: z.string().max(32),
});
export type OtpVerifyBody = z.infer<typeof OtpVerifyBodySchema>;

/**
 * The statuses an OTP check answers with (issue 15 pins them; Twilio's event model). `failed` belongs to
 * Verify only: an OTP whose messages all failed stays pending until it expires (decision 0072).
 */
export const OTP_CHECK_STATUSES = [
  'approved',
  'pending',
  'expired',
  'max_attempts_reached',
  'canceled',
] as const;
export type OtpCheckStatus = (typeof OTP_CHECK_STATUSES)[number];

export const OtpVerifyAnswerSchema = z.object({
  requestId: z.string(),
  status: z.enum(OTP_CHECK_STATUSES),
  valid: z.boolean(),
  attemptsLeft: z.number().int(),
});
export type OtpVerifyAnswer = z.infer<typeof OtpVerifyAnswerSchema>;

/** A client's OTP limits and channel fallback; Twilio's defaults when the client set none. */
export const OtpSettingsSchema = z.object({
  maxChecks: z.number().int().min(1).max(20),
  sendsPerWindow: z.number().int().min(1).max(100),
  windowSeconds: z.number().int().min(60).max(86_400),
  dailyCap: z.number().int().min(1).max(10_000_000),
  /**
   * Channels tried in order after a send fails (at once) or is not delivered within
   * `fallbackAfterSeconds`; empty: no fallback.
   */
  fallbackChannels: z.array(z.enum(OTP_CHANNELS)).max(5),
  fallbackAfterSeconds: z.number().int().min(5).max(900),
  /** Fraud guard: sends to one prefix in one minute that block it. */
  prefixBurstPerMinute: z.number().int().min(1).max(1_000_000),
  prefixBlockSeconds: z.number().int().min(300).max(43_200),
  /**
   * The client's own message for bare OTPs that bring none (`{{code}}` is replaced by the code); null:
   * ours. Verify's verifications use their service's message. Left out of a change: null.
   */
  defaultTemplate: z
    .string()
    .trim()
    .max(1000)
    .refine((text) => text.includes('{{code}}'), 'The template must contain {{code}}')
    .nullable()
    .default(null),
});
export type OtpSettings = z.output<typeof OtpSettingsSchema>;

export const DEFAULT_OTP_SETTINGS: OtpSettings = {
  maxChecks: 5,
  sendsPerWindow: 5,
  windowSeconds: 600,
  dailyCap: 10_000,
  fallbackChannels: [],
  fallbackAfterSeconds: 30,
  prefixBurstPerMinute: 100,
  prefixBlockSeconds: 3600,
  defaultTemplate: null,
};

export const PrefixBlockSchema = z.object({
  prefix: z.string(),
  blockedUntil: z.string(),
  sends: z.number().int(),
  createdAt: z.string(),
});
export type PrefixBlock = z.infer<typeof PrefixBlockSchema>;
export const PrefixBlockListSchema = z.object({ items: z.array(PrefixBlockSchema) });

export const OtpSendSchema = z.object({
  id: z.string(),
  channel: z.enum(OTP_CHANNELS),
  state: z.enum(OTP_SEND_STATES),
  outboundId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export const OtpCheckSchema = z.object({ id: z.string(), valid: z.boolean(), createdAt: z.string() });

export const OtpRequestRowSchema = z.object({
  requestId: z.string(),
  serviceId: z.string().nullable(),
  destination: z.string(),
  channel: z.enum(OTP_CHANNELS),
  status: z.enum(OTP_STATUSES),
  attempts: z.number().int(),
  sends: z.number().int(),
  requestedBy: z.string(),
  expiresAt: z.string(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OtpRequestRow = z.infer<typeof OtpRequestRowSchema>;

export const OtpRequestDetailSchema = OtpRequestRowSchema.extend({
  sendLog: z.array(OtpSendSchema),
  checks: z.array(OtpCheckSchema),
});
export type OtpRequestDetail = z.infer<typeof OtpRequestDetailSchema>;

/** Bare OTP requests, or Verify's verifications (requests of a service). */
export const OTP_KINDS = ['otp', 'verify'] as const;
export type OtpKind = (typeof OTP_KINDS)[number];

export const OtpRequestListQuerySchema = z.object({
  kind: z.enum(OTP_KINDS).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  pageNumber: z.coerce.number().int().min(0).default(0),
  status: z.enum(OTP_STATUSES).optional(),
  channel: z.enum(OTP_CHANNELS).optional(),
  destination: z.string().max(254).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
/** What an export of OTP requests selects (the details screen's filters); no kind: both. */
export const OtpExportFiltersSchema = z.object({
  kind: z.enum(OTP_KINDS).optional(),
  status: z.enum(OTP_STATUSES).optional(),
  channel: z.enum(OTP_CHANNELS).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
export type OtpExportFilters = z.infer<typeof OtpExportFiltersSchema>;

export const OtpRequestPageSchema = z.object({
  items: z.array(OtpRequestRowSchema),
  total: z.number().int(),
  pageSize: z.number().int(),
  pageNumber: z.number().int(),
});

export const OtpSummaryQuerySchema = z.object({
  kind: z.enum(OTP_KINDS).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
export const OtpSummarySchema = z.object({
  requested: z.number().int(),
  sent: z.number().int(),
  verified: z.number().int(),
  failedChecks: z.number().int(),
  /** Verified over requested, 0–100, one decimal. */
  successRate: z.number(),
  byChannel: z.array(
    z.object({ channel: z.enum(OTP_CHANNELS), sent: z.number().int(), verified: z.number().int() }),
  ),
  byHour: z.array(z.object({ hour: z.string(), sent: z.number().int(), verified: z.number().int() })),
});
export type OtpSummary = z.infer<typeof OtpSummarySchema>;
