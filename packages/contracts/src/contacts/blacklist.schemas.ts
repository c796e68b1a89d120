import { z } from 'zod';
import { pageOf } from '../admin/admin.schemas.js';
import { PageQuerySchema } from '../usage/usage.schemas.js';

// The client's blacklist (spec §3 "Blacklist: mediaType, intlPhoneNumber"; §7 "Blacklist: list, create,
// delete, export"; issue 14 item 8): numbers, and email addresses for EMAIL, a client may not send to.

/** The channel an entry blocks, as the campaign channels name it; ALL blocks every channel. */
export const BLACKLIST_MEDIA_TYPES = ['ALL', 'VOICE', 'SMS', 'EMAIL', 'WHATSAPP', 'TELEGRAM'] as const;
export const BlacklistMediaTypeSchema = z.enum(BLACKLIST_MEDIA_TYPES, {
  error: 'The mediaType is one of ALL, VOICE, SMS, EMAIL, WHATSAPP, TELEGRAM',
});
export type BlacklistMediaType = z.infer<typeof BlacklistMediaTypeSchema>;

const address = {
  intlPhoneNumber: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe('The number to block, e.g. 6281234567890 (0812… takes the client country code)'),
  email: z.string().trim().max(254).optional().describe('For mediaType EMAIL: the address to block'),
};

export const BlacklistEntryInputSchema = z
  .object({
    mediaType: BlacklistMediaTypeSchema.default('ALL'),
    ...address,
    reason: z.string().trim().max(500).nullable().optional(),
  })
  .refine((entry) => Boolean(entry.intlPhoneNumber) !== Boolean(entry.email), {
    message: 'Give either intlPhoneNumber or email',
    path: ['intlPhoneNumber'],
  })
  .refine((entry) => !entry.email || entry.mediaType === 'EMAIL', {
    message: 'An email address is blocked with mediaType EMAIL',
    path: ['email'],
  });
export type BlacklistEntryInput = z.infer<typeof BlacklistEntryInputSchema>;

export const BlacklistEntrySchema = z.object({
  mediaType: BlacklistMediaTypeSchema,
  intlPhoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  reason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type BlacklistEntry = z.infer<typeof BlacklistEntrySchema>;
export const BlacklistPageSchema = pageOf(BlacklistEntrySchema);

export const BlacklistQuerySchema = PageQuerySchema.extend({
  mediaType: BlacklistMediaTypeSchema.optional(),
  search: z.string().trim().max(254).optional().describe('Numbers or addresses containing this text'),
});

export const BlacklistDeleteQuerySchema = z.object({
  mediaType: BlacklistMediaTypeSchema.default('ALL'),
  ...address,
});

export const BlacklistImportResultSchema = z.object({
  added: z.number().int(),
  unchanged: z.number().int().describe('Already on the list'),
  refused: z
    .array(z.object({ row: z.number().int(), reason: z.string() }))
    .describe('The first 100 refused rows'),
  refusedCount: z.number().int(),
});
