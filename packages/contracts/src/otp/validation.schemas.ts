import { z } from 'zod';

/** Twilio Lookup's `validation_errors`, which offline validation answers too. */
export const VALIDATION_ERRORS = [
  'TOO_SHORT',
  'TOO_LONG',
  'INVALID_COUNTRY_CODE',
  'INVALID_LENGTH',
  'NOT_A_NUMBER',
  'INVALID_BUT_POSSIBLE',
] as const;
export type ValidationError = (typeof VALIDATION_ERRORS)[number];

/** libphonenumber's number types, in its words (lower case). */
export const NUMBER_TYPES = [
  'mobile',
  'fixed_line',
  'fixed_line_or_mobile',
  'voip',
  'toll_free',
  'premium_rate',
  'shared_cost',
  'personal_number',
  'pager',
  'uan',
  'voicemail',
  'unknown',
] as const;
export type NumberType = (typeof NUMBER_TYPES)[number];

export const MAX_VALIDATION_NUMBERS = 1000;
const country = z
  .string()
  .regex(/^[A-Z]{2}$/, 'A two-letter country code (ISO 3166-1), e.g. ID')
  .optional();

export const ValidateNumbersBodySchema = z.object({
  numbers: z.array(z.string().max(100)).min(1).max(MAX_VALIDATION_NUMBERS),
  country,
});

export const NumberValidationSchema = z.object({
  input: z.string(),
  valid: z.boolean(),
  e164: z.string().nullable(),
  nationalFormat: z.string().nullable(),
  country: z.string().nullable(),
  type: z.enum(NUMBER_TYPES).nullable(),
  error: z.enum(VALIDATION_ERRORS).nullable(),
});
export type NumberValidation = z.infer<typeof NumberValidationSchema>;
export const ValidateNumbersAnswerSchema = z.object({ results: z.array(NumberValidationSchema) });

export const VALIDATION_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ValidationRunStatus = (typeof VALIDATION_RUN_STATUSES)[number];

/** A typed or pasted list validated from the portal (a file goes through the upload). */
export const MAX_TYPED_NUMBERS = 10_000;
export const CreateValidationRunBodySchema = z.object({
  name: z.string().trim().max(120).optional(),
  numbers: z.array(z.string().max(100)).min(1).max(MAX_TYPED_NUMBERS),
  country,
});
export const ValidationUploadFieldsSchema = z.object({ country });

export const ValidationRunSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(['list', 'csv', 'xlsx']),
  status: z.enum(VALIDATION_RUN_STATUSES),
  country: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  blacklisted: z.number().int(),
  error: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ValidationRun = z.infer<typeof ValidationRunSchema>;

export const ValidationRunPageSchema = z.object({
  items: z.array(ValidationRunSchema),
  total: z.number().int(),
  pageSize: z.number().int(),
  pageNumber: z.number().int(),
});
export const ValidationPageQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
  pageNumber: z.coerce.number().int().min(0).default(0),
});

export const ValidationResultRowSchema = NumberValidationSchema.extend({
  row: z.number().int(),
  duplicate: z.boolean(),
  blacklisted: z.boolean(),
});
export type ValidationResultRow = z.infer<typeof ValidationResultRowSchema>;
export const ValidationResultPageSchema = z.object({
  items: z.array(ValidationResultRowSchema),
  total: z.number().int(),
  pageSize: z.number().int(),
  pageNumber: z.number().int(),
});
export const ValidationDownloadQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
