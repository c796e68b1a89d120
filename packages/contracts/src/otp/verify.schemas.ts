import { z } from 'zod';
import { OTP_CHANNELS, OTP_CODE_MAX, OTP_CODE_MIN, OTP_STATUSES } from './otp.schemas.js';

/** The languages a verification message is written in. */
export const VERIFY_LOCALES = ['en', 'id'] as const;

/** A client's verification service (Twilio Verify's "service"): what its messages look like. */
export const VerifyServiceInputSchema = z.object({
  name: z.string().trim().min(1).max(60),
  codeLength: z.number().int().min(OTP_CODE_MIN).max(OTP_CODE_MAX).default(6),
  channels: z.array(z.enum(OTP_CHANNELS)).min(1).max(5),
  locale: z.enum(VERIFY_LOCALES).default('en'),
});
export type VerifyServiceInput = z.input<typeof VerifyServiceInputSchema>;

export const VerifyServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  codeLength: z.number().int(),
  channels: z.array(z.enum(OTP_CHANNELS)),
  locale: z.enum(VERIFY_LOCALES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VerifyService = z.infer<typeof VerifyServiceSchema>;
export const VerifyServiceListSchema = z.object({ items: z.array(VerifyServiceSchema) });

export const VerificationStartBodySchema = z.object({
  to: z.string().trim().min(1).max(254),
  channel: z.enum(OTP_CHANNELS),
  locale: z.enum(VERIFY_LOCALES).optional(),
});
export const VerificationCheckBodySchema = z
  .object({
    code: z.string().max(32),
    /** The verification to check, by its id or by the destination's pending one. */
    requestId: z.string().max(64).optional(),
    to: z.string().trim().min(1).max(254).optional(),
  })
  .refine((body) => body.requestId !== undefined || body.to !== undefined, {
    message: 'Give the verification id (requestId) or its destination (to)',
  });

export const VerificationSchema = z.object({
  requestId: z.string(),
  serviceId: z.string(),
  to: z.string(),
  channel: z.enum(OTP_CHANNELS),
  status: z.enum(OTP_STATUSES),
  valid: z.boolean(),
  attemptsLeft: z.number().int(),
  expiresAt: z.string(),
});
export type Verification = z.infer<typeof VerificationSchema>;
