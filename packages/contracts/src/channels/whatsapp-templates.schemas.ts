import { z } from 'zod';

/**
 * WhatsApp message templates (Cloud API `message_templates`): the form both sides validate, the rules
 * Meta answers synchronously (name, lengths, examples, button counts), and the template as listed.
 * Review-time rules (variable order, variables at the ends, banned content) are Meta's review's: the
 * preview warns about them, the review (or the sandbox's) rejects with a reason.
 */
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/**
 * SUBMITTING: stored, waiting for its job to reach Meta; FAILED: Meta refused the submission itself;
 * DELETING: its deletion job has not run yet. The others are Meta's statuses.
 */
export const TEMPLATE_STATUSES = [
  'SUBMITTING',
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'FAILED',
  'DELETING',
] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const TEMPLATE_LIMITS = {
  name: 512,
  headerText: 60,
  body: 1024,
  footer: 60,
  buttonText: 25,
  buttons: 10,
  urlButtons: 2,
  phoneButtons: 1,
  url: 2000,
  example: 200,
} as const;

/** The authentication body Meta writes itself (the business chooses only the options). */
export const AUTHENTICATION_BODY = '*{{1}}* is your verification code.';
export const AUTHENTICATION_SECURITY_NOTE = 'For your security, do not share this code.';

const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

/** The variable numbers of a text, in order of appearance: `Hi {{1}}, {{2}}` → [1, 2]. */
export function templateVariables(text: string): number[] {
  return [...text.matchAll(VARIABLE)].map((match) => Number(match[1]));
}

/** How many examples a text needs: one per distinct variable. */
export const variableCount = (text: string) => new Set(templateVariables(text)).size;

/** Fills `{{n}}` with values[n-1]; a missing value keeps the braces, as WhatsApp's own preview does. */
export function fillVariables(text: string, values: readonly string[]): string {
  return text.replace(VARIABLE, (whole, n: string) => {
    const value = values[Number(n) - 1];
    return value === undefined || value === '' ? whole : value;
  });
}

/**
 * What Meta's review rejects a body for (INVALID_FORMAT): variables not numbered 1, 2, 3 … in order
 * of first appearance, or a variable at the very start or end. Answers the reason, or null.
 */
export function variableSequenceProblem(text: string): string | null {
  const seen: number[] = [];
  for (const n of templateVariables(text)) if (!seen.includes(n)) seen.push(n);
  if (seen.some((n, index) => n !== index + 1))
    return 'Variables must be numbered {{1}}, {{2}}, {{3}} … in order, without gaps.';
  const trimmed = text.trim();
  if (seen.length > 0 && (/^\{\{\s*\d+\s*\}\}/.test(trimmed) || /\{\{\s*\d+\s*\}\}[.!?]?$/.test(trimmed)))
    return 'A variable cannot be at the very start or end of the body.';
  return null;
}

/** No control characters (NUL included) and no lone surrogates: neither is text, and PostgreSQL refuses both. */
const noControl = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(
    value,
  );
const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`)
    .refine(noControl, `${label} contains control characters`);
const example = text(TEMPLATE_LIMITS.example, 'An example');
const httpsUrl = z
  .string()
  .trim()
  .max(TEMPLATE_LIMITS.url, `A URL can be at most ${TEMPLATE_LIMITS.url} characters`)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'Enter a full URL starting with https://');

export const TemplateHeaderSchema = z.discriminatedUnion('format', [
  z.object({
    format: z.literal('TEXT'),
    text: text(TEMPLATE_LIMITS.headerText, 'The header'),
    /** The example for the header's one variable, when it has one. */
    example: example.optional(),
  }),
  z.object({
    format: z.enum(['IMAGE', 'VIDEO', 'DOCUMENT']),
    /**
     * The sample Meta's reviewers see: one of the client's WhatsApp resources (its stored file id) of
     * the header's kind (IMAGE: JPEG/PNG, VIDEO: MP4, DOCUMENT: PDF). Uploaded to Meta when the
     * template is submitted; a send that names no file shows it by a signed link.
     */
    exampleFileId: z.string().trim().min(1).max(64).optional(),
    /** A sample given as a link (older drafts, or found on Meta's side by a sync). */
    exampleUrl: httpsUrl.optional(),
  }),
]);
export type TemplateHeader = z.infer<typeof TemplateHeaderSchema>;

/** The file types a media header's sample may have (Meta's header media types we keep as resources). */
export const TEMPLATE_HEADER_MEDIA_TYPES = {
  IMAGE: ['image/jpeg', 'image/png'],
  VIDEO: ['video/mp4'],
  DOCUMENT: ['application/pdf'],
} as const satisfies Record<'IMAGE' | 'VIDEO' | 'DOCUMENT', readonly string[]>;

const buttonText = text(TEMPLATE_LIMITS.buttonText, 'A button text');
export const TemplateButtonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('QUICK_REPLY'), text: buttonText }),
  z.object({
    type: z.literal('URL'),
    text: buttonText,
    /** May end with `{{1}}`: the suffix each send fills in. */
    url: httpsUrl,
    example: example.optional(),
  }),
  z.object({
    type: z.literal('PHONE_NUMBER'),
    text: buttonText,
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,19}$/, 'Enter the phone number with its country code, e.g. +6281234567890'),
  }),
  z.object({
    type: z.literal('OTP'),
    otpType: z.literal('COPY_CODE'),
    text: buttonText.default('Copy code'),
  }),
]);
export type TemplateButton = z.infer<typeof TemplateButtonSchema>;

export const TemplateDraftSchema = z
  .object({
    channelId: z.string().min(1).max(64),
    name: z
      .string()
      .trim()
      .min(1, 'The name is required')
      .max(TEMPLATE_LIMITS.name, `The name can be at most ${TEMPLATE_LIMITS.name} characters`)
      .regex(/^[a-z0-9_]+$/, 'Use lowercase letters, digits and underscores only'),
    language: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'A language code such as en, en_US or id'),
    category: z.enum(TEMPLATE_CATEGORIES),
    header: TemplateHeaderSchema.nullish(),
    body: z.object({
      text: z
        .string()
        .max(TEMPLATE_LIMITS.body, `The body can be at most ${TEMPLATE_LIMITS.body} characters`),
      examples: z.array(example).max(100).default([]),
    }),
    footer: text(TEMPLATE_LIMITS.footer, 'The footer').nullish(),
    buttons: z.array(TemplateButtonSchema).max(TEMPLATE_LIMITS.buttons, 'At most 10 buttons').default([]),
    /** Authentication only: Meta adds its security sentence to the body. */
    securityRecommendation: z.boolean().default(false),
    /** Authentication only: "This code expires in N minutes." as the footer. */
    codeExpirationMinutes: z.number().int().min(1).max(90).nullish(),
  })
  .superRefine((draft, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const otp = draft.buttons.filter((button) => button.type === 'OTP').length;
    if (draft.category === 'AUTHENTICATION') {
      if (draft.header) issue(['header'], 'An authentication template has no header');
      if (draft.footer) issue(['footer'], 'An authentication template has no footer of its own');
      if (otp !== 1 || draft.buttons.length !== 1)
        issue(['buttons'], 'An authentication template has exactly one copy-code button');
      return;
    }
    if (otp > 0) issue(['buttons'], 'A copy-code button is only for authentication templates');
    if (draft.codeExpirationMinutes) issue(['codeExpirationMinutes'], 'Only for authentication templates');
    if (!noControl(draft.body.text)) issue(['body', 'text'], 'The body contains control characters');
    if (draft.body.text.trim() === '') issue(['body', 'text'], 'The body is required');
    const needed = variableCount(draft.body.text);
    if (draft.body.examples.length !== needed)
      issue(['body', 'examples'], `Give one example for each of the body's ${needed} variables`);
    if (draft.header?.format === 'TEXT') {
      const headerVariables = variableCount(draft.header.text);
      if (headerVariables > 1) issue(['header', 'text'], 'The header can have at most one variable');
      if (headerVariables === 1 && !draft.header.example)
        issue(['header', 'example'], "Give an example for the header's variable");
    }
    if (
      draft.header &&
      draft.header.format !== 'TEXT' &&
      !draft.header.exampleFileId &&
      !draft.header.exampleUrl
    )
      issue(['header', 'exampleFileId'], 'Choose a sample file for the header');
    if (draft.footer && variableCount(draft.footer) > 0)
      issue(['footer'], 'The footer cannot have variables');
    const count = (type: TemplateButton['type']) => draft.buttons.filter((b) => b.type === type).length;
    if (count('URL') > TEMPLATE_LIMITS.urlButtons) issue(['buttons'], 'At most 2 URL buttons');
    if (count('PHONE_NUMBER') > TEMPLATE_LIMITS.phoneButtons) issue(['buttons'], 'At most 1 phone button');
    draft.buttons.forEach((button, index) => {
      if (button.type !== 'URL') return;
      const variables = variableCount(button.url);
      if (variables > 1 || (variables === 1 && !/\{\{1\}\}$/.test(button.url)))
        issue(['buttons', index, 'url'], 'A URL can end with one variable {{1}} only');
      else if (variables === 1 && !button.example)
        issue(['buttons', index, 'example'], "Give an example for the URL's variable");
    });
  });
export type TemplateDraft = z.input<typeof TemplateDraftSchema>;
export type ParsedTemplateDraft = z.output<typeof TemplateDraftSchema>;

export const WhatsappTemplateSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  /** The number it belongs to, for the list. */
  displayPhoneNumber: z.string(),
  name: z.string(),
  language: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  status: z.enum(TEMPLATE_STATUSES),
  /** Why Meta rejected, paused or refused it (its reason code and words), else null. */
  reason: z.string().nullable(),
  providerTemplateId: z.string().nullable(),
  /** The template as it was submitted (or found on Meta's side by a sync). */
  draft: z.object({
    header: TemplateHeaderSchema.nullable(),
    body: z.object({ text: z.string(), examples: z.array(z.string()) }),
    footer: z.string().nullable(),
    buttons: z.array(TemplateButtonSchema),
    securityRecommendation: z.boolean(),
    codeExpirationMinutes: z.number().nullable(),
  }),
  statusAt: z.string().nullable(),
  syncedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WhatsappTemplate = z.infer<typeof WhatsappTemplateSchema>;

export const TemplateListQuerySchema = z.object({
  channelId: z.string().max(64).optional(),
  status: z.enum(TEMPLATE_STATUSES).optional(),
  search: z.string().max(100).refine(noControl, 'The search contains control characters').optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  pageNumber: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const TemplatePageSchema = z.object({
  pageSize: z.number(),
  pageNumber: z.number(),
  total: z.number(),
  items: z.array(WhatsappTemplateSchema),
});
export type TemplatePage = z.infer<typeof TemplatePageSchema>;
