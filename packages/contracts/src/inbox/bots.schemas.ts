import { z } from 'zod';

/**
 * Chat bots (spec §3 "Chat bot: botName, actions (botActionName), schedule. Bot validation: botId,
 * stateName"; decision 0035). A bot is a flow of actions, in order: each action is one state of the
 * conversation. The first action is where a new conversation starts.
 */

/** When the bot answers a new conversation; otherwise the conversation goes to the agents' queue. */
export const BOT_SCHEDULES = ['always', 'outsideBusinessHours', 'noAgentOnline'] as const;
export type BotSchedule = (typeof BOT_SCHEDULES)[number];

/**
 * Whether the bot takes a new conversation now: pure, so the server, the web's preview and the tests
 * decide alike (the caller reads the clock, the business hours and who is online).
 */
export function botAnswers(
  schedule: BotSchedule,
  now: { withinBusinessHours: boolean; agentsOnline: boolean },
): boolean {
  if (schedule === 'outsideBusinessHours') return !now.withinBusinessHours;
  if (schedule === 'noAgentOnline') return !now.agentsOnline;
  return true;
}

/**
 * What an action does. `text`, `image`: say something and go on. `ask`: ask and store the answer in
 * the customer's `userData` under `saveAs`. `buttons` (up to 3), `list` (up to 10): offer choices, each
 * leading to its own next action. `handoff`: leave the bot for an agent or a tag's queue. `close`:
 * say goodbye and close the conversation. `template`: send one of the client's APPROVED WhatsApp
 * templates (decision 0044), the only thing a bot may send outside the customer's 24-hour window.
 */
export const BOT_ACTION_TYPES = [
  'text',
  'image',
  'ask',
  'buttons',
  'list',
  'template',
  'handoff',
  'close',
] as const;
export type BotActionType = (typeof BOT_ACTION_TYPES)[number];
/** The actions that wait for the customer's answer. */
export const BOT_WAITING_ACTIONS: readonly BotActionType[] = ['ask', 'buttons', 'list'];

/** Names of bots and actions: what admins type, kept plain so they read well in paths and logs. */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u;
export const BotNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(NAME, 'Use letters, digits, spaces, _ . -');
/** A `userData` key an answer is stored under. */
export const USER_DATA_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** No control characters (NUL included) and no lone surrogates: PostgreSQL refuses both. */
const isPlainText = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(
    value,
  );

/**
 * An approved WhatsApp template to send (a bot's `template` action, an auto-reply outside the window;
 * decision 0044): its name and language as Meta knows them, and the body's values in order ({{1}}
 * first). A value may name the customer's `userData` with `{{key}}` (`Halo {{name}}`): filled when sent.
 */
export const TemplateMessageSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(512)
    .regex(/^[a-z0-9_]+$/, 'A template name is lower-case letters, digits and _'),
  language: z
    .string()
    .trim()
    .min(2)
    .max(15)
    .regex(/^[A-Za-z]{2,3}(?:_[A-Za-z0-9]{2,4})?$/, 'A language code such as id or en_US'),
  parameters: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A template value cannot be empty')
        .max(1024)
        .refine(isPlainText, 'A template value contains control characters'),
    )
    .max(20)
    .default([]),
});
export type TemplateMessage = z.output<typeof TemplateMessageSchema>;

const USER_DATA_REFERENCE = /\{\{\s*([A-Za-z][A-Za-z0-9_]{0,39})\s*\}\}/g;

/**
 * The template's values with `{{key}}` filled from the customer's data. A key the customer has no
 * value for becomes `-`: WhatsApp refuses an empty value, and the message still reads.
 */
export function fillTemplateParameters(
  parameters: readonly string[],
  data: Readonly<Record<string, unknown>>,
): string[] {
  return parameters.map((parameter) => {
    const filled = parameter
      .replace(USER_DATA_REFERENCE, (_whole, key: string) => {
        const value = data[key];
        return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
      })
      .trim();
    return filled || '-';
  });
}

export const BotOptionSchema = z.object({
  /** What the customer sees: a button's title (WhatsApp: 20 characters) or a list row. */
  title: z.string().trim().min(1).max(20),
  /** The action this choice leads to; null: the action's `next`. */
  next: BotNameSchema.nullable().default(null),
});

export const BotBranchSchema = z.object({
  /** Any of these words in the answer (case-insensitive) takes this branch. */
  keywords: z.array(z.string().trim().min(1).max(60)).min(1).max(20),
  next: BotNameSchema,
});

export const BotActionInputSchema = z
  .object({
    botActionName: BotNameSchema,
    type: z.enum(BOT_ACTION_TYPES),
    /** What the bot says (the question of `ask`, the caption of `image`). */
    text: z.string().max(1024).default(''),
    imageUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable()
      .default(null),
    options: z.array(BotOptionSchema).max(10).default([]),
    branches: z.array(BotBranchSchema).max(20).default([]),
    saveAs: z.string().regex(USER_DATA_KEY, 'A letter, then letters, digits or _').nullable().default(null),
    /** The action after this one; null ends the flow with a hand-off to the agents. */
    next: BotNameSchema.nullable().default(null),
    /** `handoff`: a tag's queue, or one agent (csId); neither: the agents' queue. */
    handOffTag: z.string().trim().min(1).max(60).nullable().default(null),
    handOffCsId: z.string().max(64).nullable().default(null),
    /** `template`: which approved template, with its values. */
    template: TemplateMessageSchema.nullable().default(null),
  })
  .superRefine((action, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (action.type === 'image' && !action.imageUrl)
      issue('imageUrl', 'An image action needs its image link');
    if (['text', 'ask', 'buttons', 'list'].includes(action.type) && !action.text.trim())
      issue('text', 'Write what the bot says');
    if (action.type === 'buttons' && (action.options.length < 1 || action.options.length > 3))
      issue('options', 'Buttons take 1 to 3 choices');
    if (action.type === 'list' && action.options.length < 1) issue('options', 'A list takes 1 to 10 choices');
    if (action.next && action.next === action.botActionName) issue('next', 'An action cannot lead to itself');
    if (action.type === 'template' && !action.template)
      issue('template', 'Choose the approved template this action sends');
  });
export type BotActionInput = z.input<typeof BotActionInputSchema>;

export const BotActionSchema = z.object({
  id: z.string(),
  botId: z.string(),
  botActionName: z.string(),
  position: z.number().int(),
  type: z.enum(BOT_ACTION_TYPES),
  text: z.string(),
  imageUrl: z.string().nullable(),
  options: z.array(z.object({ title: z.string(), next: z.string().nullable() })),
  branches: z.array(z.object({ keywords: z.array(z.string()), next: z.string() })),
  saveAs: z.string().nullable(),
  next: z.string().nullable(),
  handOffTag: z.string().nullable(),
  handOffCsId: z.string().nullable(),
  template: z.object({ name: z.string(), language: z.string(), parameters: z.array(z.string()) }).nullable(),
});
export type BotAction = z.infer<typeof BotActionSchema>;

export const BOT_KINDS = ['flow', 'external'] as const;

export const ChatBotInputSchema = z.object({
  botName: BotNameSchema,
  description: z.string().trim().max(500).default(''),
  schedule: z.enum(BOT_SCHEDULES).default('always'),
  /** `flow`: the actions below; `external`: an NLU service's project answers (decision 0035). */
  kind: z.enum(BOT_KINDS).default('flow'),
  /** The provider project of an external bot. */
  projectId: z.string().max(64).nullable().default(null),
  active: z.boolean().default(true),
});

export const ChatBotSchema = z.object({
  id: z.string(),
  botName: z.string(),
  description: z.string(),
  schedule: z.enum(BOT_SCHEDULES),
  kind: z.enum(BOT_KINDS),
  projectId: z.string().nullable(),
  active: z.boolean(),
  /** The client's default bot: the one new conversations meet. */
  isDefault: z.boolean(),
  actions: z.array(BotActionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatBot = z.infer<typeof ChatBotSchema>;

export const ChatBotPageSchema = z.object({
  items: z.array(ChatBotSchema),
  total: z.number(),
  pageNumber: z.number(),
  pageSize: z.number(),
});

export const BotActionPageSchema = z.object({
  items: z.array(BotActionSchema),
  total: z.number(),
  pageNumber: z.number(),
  pageSize: z.number(),
});

/**
 * How an answer to one state is checked. No free regular expressions: a tenant's pattern could hang
 * the engine (ReDoS); these rules cover what forms ask.
 */
export const BOT_VALIDATION_RULES = ['text', 'number', 'email', 'phone', 'oneOf'] as const;
export type BotValidationRule = (typeof BOT_VALIDATION_RULES)[number];

export const BotValidationInputSchema = z
  .object({
    botId: z.string().min(1).max(64),
    stateName: BotNameSchema,
    rule: z.enum(BOT_VALIDATION_RULES),
    /** `text`: length bounds; `number`: value bounds. */
    min: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
    max: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
    /** `oneOf`: the accepted answers (case-insensitive). */
    values: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
    /** Said before asking again. */
    errorMessage: z.string().trim().min(1).max(500),
    /** Failed answers allowed before the bot hands the customer to an agent. */
    maxRetries: z.number().int().min(0).max(10).default(2),
  })
  .superRefine((input, context) => {
    if (input.min !== null && input.max !== null && input.min > input.max)
      context.addIssue({ code: 'custom', path: ['max'], message: 'The maximum is below the minimum' });
    if (input.rule === 'oneOf' && input.values.length === 0)
      context.addIssue({ code: 'custom', path: ['values'], message: 'List the accepted answers' });
  });
export type BotValidationInput = z.input<typeof BotValidationInputSchema>;

export const BotValidationSchema = z.object({
  botId: z.string(),
  stateName: z.string(),
  rule: z.enum(BOT_VALIDATION_RULES),
  min: z.number().nullable(),
  max: z.number().nullable(),
  values: z.array(z.string()),
  errorMessage: z.string(),
  maxRetries: z.number(),
  updatedAt: z.string(),
});
export type BotValidation = z.infer<typeof BotValidationSchema>;

export const BotValidationPageSchema = z.object({
  items: z.array(BotValidationSchema),
  total: z.number(),
  pageNumber: z.number(),
  pageSize: z.number(),
});

/**
 * Whether an answer passes a state's validation: pure, shared by the engine and the editor's preview.
 * Phone: 6 to 15 digits, optionally with +, spaces or dashes; email: one @ and a dot after it.
 */
export function answerPasses(
  validation: Pick<BotValidation, 'rule' | 'min' | 'max' | 'values'>,
  answer: string,
): boolean {
  const text = answer.trim();
  if (!text) return false;
  switch (validation.rule) {
    case 'text':
      return (
        (validation.min === null || text.length >= validation.min) &&
        (validation.max === null || text.length <= validation.max)
      );
    case 'number': {
      if (!/^-?\d+(?:[.,]\d+)?$/.test(text)) return false;
      const value = Number(text.replace(',', '.'));
      return (
        (validation.min === null || value >= validation.min) &&
        (validation.max === null || value <= validation.max)
      );
    }
    case 'email':
      return text.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
    case 'phone': {
      if (!/^\+?[\d\s-]+$/.test(text)) return false;
      const digits = text.replace(/\D/g, '');
      return digits.length >= 6 && digits.length <= 15;
    }
    case 'oneOf':
      return validation.values.some((value) => value.toLowerCase() === text.toLowerCase());
  }
}

/** External bot providers (spec §2 `/config/ChatBotProvider/:provider/:name`, §7 Kata AI connect). */
export const BOT_PROVIDERS = ['kata'] as const;
export const BotProviderParamsSchema = z.object({
  provider: z.enum(BOT_PROVIDERS),
  name: BotNameSchema,
});

export const BotProviderConnectSchema = z.object({
  /** Where the signed webhooks go (https; a deployment may allow its own network). */
  webhookUrl: z.url({ protocol: /^https?$/ }).max(2000),
  /** The shared secret both sides sign with (HMAC-SHA256 of the body); kept encrypted. */
  secret: z.string().min(16).max(200),
});

export const BotProviderSchema = z.object({
  provider: z.enum(BOT_PROVIDERS),
  name: z.string(),
  connected: z.boolean(),
  webhookUrl: z.string().nullable(),
  connectedAt: z.string().nullable(),
});

/** Spec §3 "Kata AI project: projectName, projectDesc, id, kata_ai_projectId". */
export const BotProjectInputSchema = z.object({
  projectName: z.string().trim().min(1).max(120),
  projectDesc: z.string().trim().max(500).default(''),
  kata_ai_projectId: z.string().trim().min(1).max(120),
});

export const BotProjectSchema = z.object({
  id: z.string(),
  provider: z.enum(BOT_PROVIDERS),
  name: z.string(),
  projectName: z.string(),
  projectDesc: z.string(),
  kata_ai_projectId: z.string(),
  createdAt: z.string(),
});
export type BotProject = z.infer<typeof BotProjectSchema>;

/** The signature header of provider webhooks, both ways: `sha256=<hex HMAC of the raw body>`. */
export const BOT_SIGNATURE_HEADER = 'x-sapa-signature';

/** What an external bot service answers (its body is signed like ours). */
export const BotProviderReplySchema = z.object({
  messages: z
    .array(
      z.union([
        z.object({ type: z.literal('text'), text: z.string().min(1).max(4096) }),
        z.object({
          type: z.literal('buttons'),
          text: z.string().min(1).max(1024),
          buttons: z
            .array(z.object({ title: z.string().min(1).max(20) }))
            .min(1)
            .max(3),
        }),
      ]),
    )
    .max(10)
    .default([]),
  /** Fields to store in the customer's `userData`. */
  userData: z.record(z.string().regex(USER_DATA_KEY), z.string().max(1000)).default({}),
  /** Leave the bot: to a tag's queue, or to the agents' queue (tag null). */
  handOff: z
    .object({ tag: z.string().min(1).max(60).nullable().default(null) })
    .nullable()
    .default(null),
});
export type BotProviderReply = z.infer<typeof BotProviderReplySchema>;
