import { z } from 'zod';
import { pageOf } from '../admin/admin.schemas.js';
import { PageQuerySchema } from '../usage/usage.schemas.js';

// Campaigns, their sending windows and retry plans (issue 14, decision 0028).

/** The five channels a campaign sends on, named by their feature bit (spec §3). */
export const CAMPAIGN_CHANNELS = ['VOICE', 'SMS', 'EMAIL', 'WHATSAPP', 'TELEGRAM'] as const;
export const CampaignChannelSchema = z.enum(CAMPAIGN_CHANNELS, {
  error: 'The channel is one of VOICE, SMS, EMAIL, WHATSAPP, TELEGRAM',
});
export type CampaignChannel = z.infer<typeof CampaignChannelSchema>;

export const CAMPAIGN_TYPES = ['blast', 'collection_reminder', 'self_service'] as const;
export const CampaignTypeSchema = z.enum(CAMPAIGN_TYPES, {
  error: 'The type is one of blast, collection_reminder, self_service',
});

/** Spec §4: a campaign is approved (or rejected) before it runs, then activated and set inactive. */
export const CAMPAIGN_STATUSES = ['draft', 'pending_approval', 'active', 'inactive', 'rejected'] as const;
export const CampaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatusSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .min(1, `Enter the ${label}`)
    .max(max, `The ${label} has at most ${max} characters`);

/** What a campaign sends, one shape per channel; `{{param}}` placeholders are filled from each row. */
export const CampaignTemplateSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('SMS'), text: text('SMS text', 1600) }),
  z.object({
    channel: z.literal('EMAIL'),
    subject: text('subject', 998),
    html: text('HTML body', 500_000),
    text: z.string().max(200_000).optional().describe('Plain-text part; derived from the HTML when absent'),
  }),
  z.object({
    channel: z.literal('WHATSAPP'),
    name: z
      .string()
      .regex(/^[a-z0-9_]{1,512}$/, 'A template name has lowercase letters, digits and underscores')
      .describe('An approved WhatsApp template'),
    language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'A language code such as id or en_US'),
    parameters: z
      .array(z.string().min(1).max(1024))
      .max(100)
      .default([])
      .describe('Body parameters in order, e.g. "{{name}}"'),
  }),
  z.object({ channel: z.literal('TELEGRAM'), text: text('Telegram text', 4096) }),
  z
    .object({
      channel: z.literal('VOICE'),
      script: text('voice script', 5000).optional().describe('Text-to-speech script'),
      recordingFileId: z
        .string()
        .max(64)
        .optional()
        .describe(
          "A recording of the voice resources (its fileId, WAV or MP3) played instead of a script (spec §7 'voice recordings')",
        ),
      language: z
        .string()
        .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'A language code such as id-ID')
        .default('id-ID'),
    })
    .refine((voice) => Boolean(voice.script) !== Boolean(voice.recordingFileId), {
      message: 'Give a text-to-speech script or a recording (exactly one)',
      path: ['script'],
    }),
]);
export type CampaignTemplate = z.infer<typeof CampaignTemplateSchema>;

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/**
 * How a cell is read: `text` as written; `phone` normalised to international digits with the client's
 * country code; `email` checked and lower-cased; `date`, `number`, `currency` read as written in the
 * rule's locale (the client's by default) and kept in one canonical form (`2026-12-31`, `1234.5`) so
 * every channel renders them alike.
 */
export const PARAM_KINDS = ['text', 'phone', 'email', 'date', 'number', 'currency'] as const;
export type ParamKind = (typeof PARAM_KINDS)[number];
/** The written forms a `date` cell may take besides ISO `YYYY-MM-DD` (always accepted). */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const PARAM_LOCALES = ['id', 'en'] as const;
export type ParamLocale = (typeof PARAM_LOCALES)[number];

/** One column rule of the param translator: a file column becomes a message parameter. */
export const ParamRuleSchema = z.object({
  from: z.string().trim().min(1, 'Name the file column').max(200),
  to: z.string().regex(PARAM_NAME, 'A parameter name has letters, digits and underscores'),
  trim: z.boolean().default(true),
  default: z.string().max(1000).optional().describe('Used when the column is empty or missing'),
  kind: z
    .enum(PARAM_KINDS, { error: 'The kind is one of text, phone, email, date, number, currency' })
    .default('text')
    .describe(
      "phone: international digits with the client's country code; email: checked, lower-cased; date, number, currency: read in the locale, kept canonical (2026-12-31, 1234.5)",
    ),
  locale: z
    .enum(PARAM_LOCALES)
    .optional()
    .describe(
      "How dates and numbers are written: id (31/12/2026, 1.234,5) or en (12/31/2026, 1,234.5); the client's by default",
    ),
  format: z.enum(DATE_FORMATS).optional().describe("A date column's written form, when not the locale's"),
  required: z
    .boolean()
    .default(false)
    .describe('An empty cell (with no default) makes the row invalid; the recipient is always required'),
});
export type ParamRule = z.infer<typeof ParamRuleSchema>;
export const ParamTranslatorSchema = z
  .object({
    recipient: z
      .string()
      .regex(PARAM_NAME, 'A parameter name has letters, digits and underscores')
      .describe('The parameter that holds the recipient (number, email address or chat id)'),
    rules: z.array(ParamRuleSchema).min(1, 'Map at least the recipient column').max(100),
  })
  .refine((translator) => new Set(translator.rules.map((rule) => rule.to)).size === translator.rules.length, {
    message: 'Each parameter is mapped once',
    path: ['rules'],
  })
  .refine((translator) => translator.rules.some((rule) => rule.to === translator.recipient), {
    message: 'A rule must fill the recipient parameter',
    path: ['recipient'],
  });
export type ParamTranslator = z.infer<typeof ParamTranslatorSchema>;

export const CampaignCodeSchema = z
  .string({ error: 'Enter a campaign code' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'A code has up to 64 letters, digits, _ and -');

/** What a maker writes: every field of the version that runs (the code and channel never change). */
export const CampaignContentSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(200, 'A name has at most 200 characters'),
  type: CampaignTypeSchema.default('blast'),
  template: CampaignTemplateSchema,
  fallbackTemplates: z
    .array(CampaignTemplateSchema)
    .max(4, 'At most 4 fallback templates')
    .default([])
    .describe(
      "The message on each fallback channel of the retry plan (one per channel, never the campaign's own): a row whose attempts on its channel end failed is sent again on the next fallback channel that has one, rendered from the same parameters",
    ),
  paramTranslator: ParamTranslatorSchema,
  retryPlanId: z.string().nullable().default(null),
  windowId: z.string().nullable().default(null),
  sender: z.string().trim().max(100).nullable().default(null).describe('Sender id, address or number'),
  reminderOffsets: z
    .array(
      z
        .number()
        .int()
        .min(-60, 'An offset is at most 60 days before')
        .max(60, 'An offset is at most 60 days after'),
    )
    .max(10, 'At most 10 reminders')
    .nullable()
    .default(null)
    .describe(
      "collection_reminder: the days, relative to each row's due date, on which a reminder goes, e.g. [-3, -1, 0, 2]",
    ),
});
export type CampaignContent = z.infer<typeof CampaignContentSchema>;

/** The parameters a collection reminder's rows carry (issue 14 item 11): the due date, and the amount. */
export const REMINDER_DUE_DATE_PARAM = 'dueDate';
export const REMINDER_AMOUNT_PARAM = 'amount';

/**
 * Why a campaign's content cannot run as its type says, or null. A collection reminder needs its
 * offsets (each once) and a `dueDate` parameter read as a date; `amount`, when mapped, is a number.
 * Other types take no offsets. Shared by the form and the server.
 */
export function campaignContentProblem(
  content: Pick<CampaignContent, 'type' | 'reminderOffsets' | 'paramTranslator'> &
    Partial<Pick<CampaignContent, 'template' | 'fallbackTemplates'>>,
) {
  const fallbacks = (content.fallbackTemplates ?? []).map((template) => template.channel);
  if (content.template && fallbacks.includes(content.template.channel))
    return "A fallback template is for another channel than the campaign's own";
  if (new Set(fallbacks).size !== fallbacks.length) return 'One fallback template per channel';
  const offsets = content.reminderOffsets;
  if (content.type !== 'collection_reminder')
    return offsets && offsets.length > 0 ? 'Only a collection_reminder campaign has reminderOffsets' : null;
  if (!offsets || offsets.length === 0)
    return 'A collection reminder needs reminderOffsets, e.g. [-3, -1, 0, 2]';
  if (new Set(offsets).size !== offsets.length) return 'Each reminder offset once';
  const rules = content.paramTranslator.rules;
  const due = rules.find((rule) => rule.to === REMINDER_DUE_DATE_PARAM);
  if (due?.kind !== 'date')
    return `A collection reminder maps a column to the ${REMINDER_DUE_DATE_PARAM} parameter, kind date`;
  const amount = rules.find((rule) => rule.to === REMINDER_AMOUNT_PARAM);
  if (amount && amount.kind !== 'currency' && amount.kind !== 'number')
    return `The ${REMINDER_AMOUNT_PARAM} parameter is of kind currency or number`;
  return null;
}

export const CreateCampaignRequestSchema = CampaignContentSchema.extend({
  code: CampaignCodeSchema,
  channel: CampaignChannelSchema,
}).refine((body) => body.template.channel === body.channel, {
  message: "The template is not the campaign's channel",
  path: ['template', 'channel'],
});
export type CreateCampaignRequest = z.infer<typeof CreateCampaignRequestSchema>;

export const CampaignSchema = CampaignContentSchema.extend({
  campaignId: z.string(),
  code: z.string(),
  channel: CampaignChannelSchema,
  status: CampaignStatusSchema,
  version: z.number().int().describe('The version that runs (or will, once approved)'),
  pendingTaskId: z.string().nullable().describe('The approval task a pending activation or edit waits for'),
  pendingVersion: z.number().int().nullable().describe('An edit request waiting for a checker'),
  statusNote: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof CampaignSchema>;
export const CampaignPageSchema = pageOf(CampaignSchema);

export const CampaignListQuerySchema = PageQuerySchema.extend({
  channel: CampaignChannelSchema.optional(),
  status: CampaignStatusSchema.optional(),
  type: CampaignTypeSchema.optional().describe('Only campaigns of this type (e.g. collection_reminder)'),
  q: z.string().trim().max(100).optional().describe('Search in code and name'),
});

export const CampaignChangeSchema = z.object({
  outcome: z.enum(['applied', 'pending_approval']),
  campaign: CampaignSchema,
  taskId: z.string().nullable(),
});
export type CampaignChange = z.infer<typeof CampaignChangeSchema>;

export const CampaignVersionSchema = z.object({
  version: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  content: CampaignContentSchema,
  taskId: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const CampaignVersionListSchema = z.object({ items: z.array(CampaignVersionSchema) });

/** A sample row run through a param translator, exactly as an upload would read it. */
export const ParamTranslatorPreviewRequestSchema = z.object({
  channel: CampaignChannelSchema,
  paramTranslator: ParamTranslatorSchema,
  row: z
    .record(z.string().max(200), z.string().max(4096))
    .refine((row) => Object.keys(row).length <= 100, 'A sample row has at most 100 columns')
    .describe('File column → cell text'),
});
export const ParamTranslatorPreviewSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), recipient: z.string(), params: z.record(z.string(), z.string()) }),
  z.object({ ok: z.literal(false), reason: z.string() }),
]);
export type ParamTranslatorPreview = z.infer<typeof ParamTranslatorPreviewSchema>;

// ---- sending windows ----

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** One opening on a weekday, local time of the window's zone; `end` is exclusive, `24:00` is midnight. */
export const WindowRangeSchema = z
  .object({
    day: z.enum(WEEKDAYS),
    start: z.string().regex(CLOCK, 'A time is HH:MM'),
    end: z.string().regex(CLOCK, 'A time is HH:MM (24:00 for midnight)'),
  })
  .refine((range) => range.start < range.end, {
    message: 'A range ends after it starts (split one that crosses midnight in two)',
    path: ['end'],
  });
export type WindowRange = z.infer<typeof WindowRangeSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const WindowInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(100, 'A name has at most 100 characters'),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, 'An IANA time zone such as Asia/Jakarta')
    .default('Asia/Jakarta'),
  ranges: z.array(WindowRangeSchema).min(1, 'Give at least one range').max(100),
  blackoutDates: z
    .array(z.iso.date('A date is YYYY-MM-DD'))
    .max(1000)
    .default([])
    .describe('Local dates on which nothing is sent'),
});
export type WindowInput = z.infer<typeof WindowInputSchema>;

export const CampaignWindowSchema = WindowInputSchema.extend({
  windowId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignWindow = z.infer<typeof CampaignWindowSchema>;
export const CampaignWindowListSchema = z.object({ items: z.array(CampaignWindowSchema) });

export const NextOpeningQuerySchema = z.object({
  at: z.iso.datetime({ offset: true }).optional().describe('From when; now by default'),
});
export const NextOpeningSchema = z.object({
  open: z.boolean().describe('Whether the window is open at `at`'),
  nextOpening: z.string().nullable().describe('When it opens next (at `at` itself when open); null: never'),
});

// ---- retry plans ----

/** Outcomes of an attempt that a plan may try again (anything else ends the notification). */
export const RETRY_OUTCOMES = ['failed', 'busy', 'no_answer', 'expired', 'throttled'] as const;
export const RetryOutcomeSchema = z.enum(RETRY_OUTCOMES);
export type RetryOutcome = z.infer<typeof RetryOutcomeSchema>;

export const RetryDelaySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fixed'),
    seconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400),
  }),
  z.object({
    kind: z.literal('growing'),
    firstSeconds: z.number().int().min(1).max(86_400),
    factor: z.number().min(1).max(10),
    maxSeconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 86_400),
  }),
]);
export type RetryDelay = z.infer<typeof RetryDelaySchema>;

export const RetryPlanInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(100, 'A name has at most 100 characters'),
  maxAttempts: z.number().int().min(1).max(10).describe('Attempts per channel, the first included'),
  delay: RetryDelaySchema,
  retryOn: z.array(RetryOutcomeSchema).max(RETRY_OUTCOMES.length).default(['failed', 'throttled']),
  fallbackChannels: z
    .array(CampaignChannelSchema)
    .max(4)
    .default([])
    .refine((channels) => new Set(channels).size === channels.length, 'Each fallback channel once')
    .describe("Channels tried in order once the campaign's own channel gives up"),
});
export type RetryPlanInput = z.infer<typeof RetryPlanInputSchema>;

export const RetryPlanSchema = RetryPlanInputSchema.extend({
  retryPlanId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RetryPlan = z.infer<typeof RetryPlanSchema>;
export const RetryPlanListSchema = z.object({ items: z.array(RetryPlanSchema) });

// ---- batches, notifications, attempts (decision 0028, "Dispatch") ----

/**
 * A batch is read (`ingesting`), waits for a checker when the client requires approval, waits for its
 * scheduled time, runs (or is paused), and ends `finished` (no row left queued or sending) or `canceled`.
 * `failed`: the file could not be read at all; `rejected`: a checker refused it.
 */
export const BATCH_STATUSES = [
  'ingesting',
  'pending_approval',
  'rejected',
  'scheduled',
  'running',
  'paused',
  'finished',
  'canceled',
  'failed',
] as const;
export const BatchStatusSchema = z.enum(BATCH_STATUSES);
export type BatchStatus = z.infer<typeof BatchStatusSchema>;

/** Where a batch came from: a file upload, the public API, a self-service send. */
export const BATCH_SOURCES = ['upload', 'api', 'self_service'] as const;
export type BatchSource = (typeof BATCH_SOURCES)[number];

/**
 * A notification's status (the public API's words). Delivery only moves forward (sent < delivered <
 * read); a call ends answered, busy or no_answer.
 */
export const NOTIFICATION_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'expired',
  'canceled',
  'answered',
  'busy',
  'no_answer',
] as const;
export const NotificationStatusSchema = z.enum(NOTIFICATION_STATUSES);
export type NotificationStatus = z.infer<typeof NotificationStatusSchema>;

/** Rows of an upload kept apart from the notifications, each with its row number and reason. */
export const BATCH_REJECT_KINDS = ['invalid', 'blacklisted', 'duplicate'] as const;
export type BatchRejectKind = (typeof BATCH_REJECT_KINDS)[number];
