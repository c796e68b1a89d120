import { z } from 'zod';

/**
 * What messaging sends, per kind (decision 0024): the content of an outbound ledger row. The inbox's
 * WhatsApp kinds (text, image, document, template) and one kind per other channel of the spec.
 */
export const OUTBOUND_CHANNELS = ['whatsapp', 'sms', 'email', 'telegram', 'voice'] as const;
export const OutboundChannelSchema = z.enum(OUTBOUND_CHANNELS);

/** GSM 03.38 7-bit (160 per message, 153 per part) or UCS-2 (70, 67) once one character needs it. */
export const SMS_ENCODINGS = ['GSM-7', 'UCS-2'] as const;
export type SmsEncoding = (typeof SMS_ENCODINGS)[number];

/** An SMS: its text, and the parts and encoding the text costs (`smsSegments`, counted on the rendered text). */
export const SmsContentSchema = z.object({
  kind: z.literal('sms'),
  text: z.string(),
  segments: z.number().int().min(1),
  encoding: z.enum(SMS_ENCODINGS),
});
export type SmsContent = z.infer<typeof SmsContentSchema>;

/** An email: subject, HTML and plain-text bodies, and the sender's display name when not the account's. */
export const EmailContentSchema = z.object({
  kind: z.literal('email'),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  fromName: z.string().nullable().optional(),
  /** Bulk mail (a campaign's): carries a signed unsubscribe link and the `List-Unsubscribe` headers. */
  unsubscribe: z.boolean().optional(),
  /**
   * Files sent with it, named by reference and read at send time by the channel's attachment source
   * (a campaign's per-recipient PDF, `campaign-pdf:<notification id>`), so the ledger holds no bytes.
   */
  attachments: z
    .array(
      z.object({ ref: z.string().max(200), fileName: z.string().max(200), contentType: z.string().max(100) }),
    )
    .max(5)
    .optional(),
});
export type EmailContent = z.infer<typeof EmailContentSchema>;

/** A Telegram message to a chat (the recipient is the chat id or the @username). */
export const TelegramContentSchema = z.object({
  kind: z.literal('telegram'),
  text: z.string(),
  parseMode: z.enum(['HTML', 'MarkdownV2']).nullable().optional(),
});
export type TelegramContent = z.infer<typeof TelegramContentSchema>;

/** A voice call: a text-to-speech script, or a recording uploaded before (its file id); exactly one. */
export const VoiceContentSchema = z.object({
  kind: z.literal('voice'),
  script: z.string().nullable().optional(),
  recordingFileId: z.string().nullable().optional(),
  /** BCP 47 language of the text-to-speech voice; the account's default when left out. */
  language: z.string().nullable().optional(),
});
export type VoiceContent = z.infer<typeof VoiceContentSchema>;

const replyTo = { replyToProviderMessageId: z.string().nullable().optional() };

/** Every kind a ledger row may hold. */
export const OutboundContentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string(), ...replyTo }),
  z.object({
    kind: z.enum(['image', 'document']),
    url: z.string(),
    caption: z.string().nullable().optional(),
    fileName: z.string().nullable().optional(),
    ...replyTo,
  }),
  z.object({
    kind: z.literal('template'),
    templateName: z.string(),
    language: z.string(),
    parameters: z.array(z.string()),
    /** WhatsApp: the header's value (text variable or media link), when the template has one. */
    headerParameters: z.array(z.string()).optional(),
    /** WhatsApp: the suffixes of the template's dynamic URL buttons, in button order. */
    buttonParameters: z.array(z.string()).optional(),
    ...replyTo,
  }),
  z.object({
    kind: z.literal('buttons'),
    text: z.string(),
    buttons: z.array(z.object({ id: z.string(), title: z.string() })),
    ...replyTo,
  }),
  SmsContentSchema,
  EmailContentSchema,
  TelegramContentSchema,
  VoiceContentSchema,
]);

export const OUTBOUND_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;

/** What a provider reported beyond the status: for a call, how long it lasted and what is charged. */
export const OutboundDetailsSchema = z.object({
  call: z
    .object({
      outcome: z.enum(['answered', 'busy', 'no_answer', 'failed']),
      durationSeconds: z.number().int().min(0),
      chargedSeconds: z.number().int().min(0),
      /** The keys the person pressed when the script asked for an answer (`[dtmf]`). */
      dtmf: z.string().max(32).nullable().optional(),
    })
    .optional(),
});
export type OutboundDetails = z.infer<typeof OutboundDetailsSchema>;
