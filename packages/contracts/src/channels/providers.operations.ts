import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';

/**
 * What the real providers of issue 16 call back on, and what a recipient opens: the unsubscribe link
 * of campaign mail, a voice gateway's status callbacks, and the bounce reports of an email service.
 */
/** In the query: a token names a client and an address, longer than a path segment may be. */
const TokenQuery = z.object({ t: z.string().max(1_000) });

export const VoiceStatusCallbackBodySchema = z.object({
  CallSid: z.string().min(1).max(64),
  CallStatus: z.enum([
    'queued',
    'initiated',
    'ringing',
    'in-progress',
    'answered',
    'completed',
    'busy',
    'no-answer',
    'failed',
    'canceled',
  ]),
  CallDuration: z.union([z.string().max(10), z.number().int().min(0)]).optional(),
  SipResponseCode: z.union([z.string().max(3), z.number().int()]).optional(),
  /** The keys pressed when the script asked for an answer. */
  Digits: z
    .string()
    .regex(/^[0-9*#]{0,32}$/)
    .optional(),
  Timestamp: z.string().max(64).optional(),
});
export type VoiceStatusCallbackBody = z.infer<typeof VoiceStatusCallbackBodySchema>;

/** A bounce as mail services report it (generic: the fields every service's webhook has). */
export const EmailBounceSchema = z.object({
  /** The `Message-ID` the message was sent with (as the send answered it). */
  messageId: z.string().min(1).max(998),
  recipient: z.email().max(254),
  /** hard: the address will never take mail; soft: it may later (mailbox full, server down). */
  type: z.enum(['hard', 'soft']),
  /** The receiving server's reply or the DSN's diagnostic code. */
  diagnostic: z.string().max(1_000).default(''),
  /** The DSN status, e.g. 5.1.1. */
  status: z
    .string()
    .regex(/^[245]\.\d{1,3}\.\d{1,3}$/)
    .optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
});
export type EmailBounce = z.infer<typeof EmailBounceSchema>;

export const providerCallbackOperations = {
  unsubscribePage: defineOperation({
    method: 'GET',
    path: '/unsubscribe',
    access: access.public(),
    tags: ['unsubscribe'],
    summary: 'The page an unsubscribe link opens: asks to confirm (nothing changes on a GET)',
    query: TokenQuery,
    answer: { kind: 'file', contentType: 'text/html' },
    errors: [404],
  }),
  unsubscribe: defineOperation({
    method: 'POST',
    path: '/unsubscribe',
    access: access.public(),
    tags: ['unsubscribe'],
    summary:
      "Unsubscribes the link's address (RFC 8058 one-click, or the page's button): it joins the client's email blacklist",
    query: TokenQuery,
    answer: { kind: 'file', contentType: 'text/html' },
    errors: [404],
  }),
  voiceStatusCallback: defineOperation({
    method: 'POST',
    path: '/webhooks/voice/status/:clientId/:callKey',
    access: access.public(),
    tags: ['webhooks'],
    summary:
      "A voice gateway's call progress (ringing, answered, completed, busy, no-answer, failed), on the call's signed URL",
    params: z.object({ clientId: z.string().max(64), callKey: z.string().max(128) }),
    query: z.object({
      min: z.coerce.number().int().min(0).max(3_600),
      inc: z.coerce.number().int().min(1).max(3_600),
      sig: z.string().max(128),
    }),
    body: VoiceStatusCallbackBodySchema,
    response: z.object({ received: z.literal(true) }),
    errors: [400, 404],
  }),
  emailBounce: defineOperation({
    method: 'POST',
    path: '/api/v1/email/bounces',
    access: access.apiKey('EMAIL'),
    tags: ['public-api'],
    summary:
      "A bounce from the mail service: hard → the message failed and the address is blacklisted; soft → failed, retried by the campaign's plan",
    body: EmailBounceSchema,
    response: z.object({ received: z.literal(true), blacklisted: z.boolean() }),
    errors: [400, 401, 403, 404],
  }),
};

/** What of a Bot API `Update` the linking reads (https://core.telegram.org/bots/api#update). */
export const TelegramUpdateSchema = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({
      message_id: z.number().int(),
      from: z.looseObject({ id: z.number().int() }).optional(),
      chat: z.looseObject({ id: z.number().int(), type: z.string().max(32) }),
      text: z.string().max(4_096).optional(),
      contact: z
        .looseObject({ phone_number: z.string().max(32), user_id: z.number().int().optional() })
        .optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof TelegramUpdateSchema>;

export const telegramLinkOperations = {
  createTelegramLinkCode: defineOperation({
    method: 'POST',
    path: '/api/v1/telegram/linkCodes',
    access: access.apiKey('TELEGRAM'),
    tags: ['public-api'],
    summary:
      "A one-time code and the bot's deep link (https://t.me/<bot>?start=<code>) that links a recipient's phone to their chat",
    body: z.object({
      phone: z.string().min(1).max(32),
      botUsername: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, 'Give the bot username without @'),
    }),
    response: z.object({ code: z.string(), phone: z.string(), deepLink: z.string(), expiresAt: z.string() }),
    status: 201,
    errors: [400, 401, 403],
  }),
  receiveTelegramUpdate: defineOperation({
    method: 'POST',
    path: '/webhooks/telegram/:clientId/:providerId',
    access: access.public(),
    tags: ['webhooks'],
    summary: "A bot's updates (/start <code>, a shared contact), verified by X-Telegram-Bot-Api-Secret-Token",
    params: z.object({ clientId: z.string().max(64), providerId: z.string().max(64) }),
    headers: z.object({ 'x-telegram-bot-api-secret-token': z.string().max(256).optional() }),
    body: TelegramUpdateSchema,
    response: z.object({ ok: z.literal(true) }),
    errors: [400, 404],
  }),
};
