import { z } from 'zod';
import { digitsOf, isBusinessScopedId, toCustomerKey } from '../../../../lib/phone.js';
import type { DeliveryStatus, InboundMessageType, OutboundMessage } from '../../channel.ports.js';

/**
 * The WhatsApp Cloud API wire format: the webhook envelope we receive and the message bodies we send.
 * Webhook schemas are lenient (unknown fields pass) because Meta adds fields without notice.
 */
const MediaSchema = z.looseObject({
  id: z.string(),
  mime_type: z.string().optional(),
  sha256: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});

/** Meta sends unix seconds as a string; some senders (and some statuses) send a number. */
const TimestampSchema = z.union([z.string(), z.number()]);

export const WebhookMessageSchema = z.looseObject({
  /** The customer's phone; absent for a customer known only by a business-scoped user id (BSUID). */
  from: z.string().optional(),
  from_user_id: z.string().optional(),
  user_id: z.string().optional(),
  /** Set on a message written in a WhatsApp group (Groups API). */
  group_id: z.string().max(128).optional(),
  id: z.string(),
  timestamp: TimestampSchema,
  type: z.string(),
  context: z.looseObject({ id: z.string().optional(), from: z.string().optional() }).optional(),
  text: z.looseObject({ body: z.string() }).optional(),
  image: MediaSchema.optional(),
  video: MediaSchema.optional(),
  audio: MediaSchema.optional(),
  document: MediaSchema.optional(),
  sticker: MediaSchema.optional(),
  location: z
    .looseObject({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  interactive: z
    .looseObject({
      type: z.string(),
      button_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
      list_reply: z
        .looseObject({ id: z.string(), title: z.string(), description: z.string().optional() })
        .optional(),
      /** A WhatsApp Flow's answer: its fields as a JSON string. */
      nfm_reply: z
        .looseObject({ name: z.string().optional(), body: z.string().optional(), response_json: z.string() })
        .optional(),
    })
    .optional(),
  button: z.looseObject({ text: z.string(), payload: z.string().optional() }).optional(),
  reaction: z.looseObject({ message_id: z.string(), emoji: z.string().optional() }).optional(),
  system: z.looseObject({ body: z.string().optional(), type: z.string().optional() }).optional(),
  contacts: z
    .array(
      z.looseObject({
        name: z
          .looseObject({ formatted_name: z.string().optional(), first_name: z.string().optional() })
          .optional(),
        phones: z
          .array(z.looseObject({ phone: z.string().optional(), type: z.string().optional() }))
          .optional(),
        emails: z.array(z.looseObject({ email: z.string().optional() })).optional(),
        org: z.looseObject({ company: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});
export type WebhookMessage = z.infer<typeof WebhookMessageSchema>;

export const WebhookStatusSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  timestamp: TimestampSchema,
  recipient_id: z.string().optional(),
  errors: z
    .array(z.looseObject({ code: z.union([z.number(), z.string()]), title: z.string().optional() }))
    .optional(),
});
export type WebhookStatus = z.infer<typeof WebhookStatusSchema>;

export const WebhookValueSchema = z.looseObject({
  messaging_product: z.string().optional(),
  metadata: z.looseObject({ display_phone_number: z.string().optional(), phone_number_id: z.string() }),
  contacts: z
    .array(
      z.looseObject({
        wa_id: z.string().optional(),
        user_id: z.string().optional(),
        profile: z.looseObject({ name: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});
export type WebhookValue = z.infer<typeof WebhookValueSchema>;

/** Just enough of a change to name its number (to find the secret that must vouch for the body). */
export const WebhookMetadataSchema = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string() }),
});

export const WebhookEnvelopeSchema = z.looseObject({
  object: z.string(),
  entry: z.array(
    z.looseObject({
      id: z.string().optional(),
      changes: z.array(z.looseObject({ field: z.string().optional(), value: z.unknown() })),
    }),
  ),
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelopeSchema>;

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

export type ParsedInbound = {
  providerMessageId: string;
  /** A reaction names the message it reacts to; an empty emoji takes the reaction away. */
  reaction: { toProviderMessageId: string; emoji: string | null } | null;
  customerPhone: string;
  type: InboundMessageType;
  text: string | null;
  media: { providerMediaId: string; mimeType: string | null; fileName: string | null } | null;
  location: { latitude: number; longitude: number; name: string | null; address: string | null } | null;
  replyToProviderMessageId: string | null;
  /** The tapped reply button's (or list row's) id. */
  replyId?: string | null;
  /** The WhatsApp group it was written in, if any. */
  groupId?: string;
  sentAt: Date;
  /** When our webhook received it. */
  receivedAt: Date;
};

/**
 * How we key a customer: a phone number as digits only, or a business-scoped user id (BSUID, e.g.
 * `ID.1502…`) as it is, for customers who hide their number behind a username. Phone numbers are read
 * in one place (lib/phone, decision 0023).
 */
export const digitsOnly = digitsOf;
export const customerKey = toCustomerKey;
export { isBusinessScopedId };

/** Later than this is not a real send time (a clock gone wrong or a hostile body). */
const FUTURE_SLACK_MS = 24 * 3_600_000;

/** Unix seconds; anything out of range (huge, negative, not a number) is the time we received it. */
export const fromUnixSeconds = (timestamp: string | number, receivedAt = new Date()) => {
  const ms = Number(timestamp) * 1000;
  return Number.isFinite(ms) && ms > 0 && ms <= receivedAt.getTime() + FUTURE_SLACK_MS
    ? new Date(ms)
    : receivedAt;
};

/** The customer a message comes from: the phone when given, else the BSUID; null when neither. */
export function customerOf(message: WebhookMessage): string | null {
  if (message.from) return customerKey(message.from);
  const bsuid = message.from_user_id ?? message.user_id;
  return bsuid ? customerKey(bsuid) : null;
}

function flowFields(responseJson: string): string | null {
  let fields: unknown;
  try {
    fields = JSON.parse(responseJson);
  } catch {
    return responseJson;
  }
  if (!fields || typeof fields !== 'object') return String(fields);
  const lines = Object.entries(fields)
    // The token is ours (sent with the Flow), not the customer's answer.
    .filter(([key]) => key !== 'flow_token')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return lines.length > 0 ? lines.join('\n') : null;
}

function contactCards(contacts: NonNullable<WebhookMessage['contacts']>): string | null {
  const cards = contacts.map((contact) =>
    [
      contact.name?.formatted_name ?? contact.name?.first_name,
      contact.org?.company,
      ...(contact.phones ?? []).map((phone) =>
        phone.phone ? `${phone.phone}${phone.type ? ` (${phone.type})` : ''}` : null,
      ),
      ...(contact.emails ?? []).map((email) => email.email),
    ]
      .filter(Boolean)
      .join('\n'),
  );
  const text = cards.filter(Boolean).join('\n\n');
  return text || null;
}

/** One inbound message of any type in our vocabulary; unknown types are kept as 'unsupported'. */
export function parseInbound(
  message: WebhookMessage,
  customerPhone: string,
  receivedAt = new Date(),
): ParsedInbound {
  const base = {
    providerMessageId: message.id,
    customerPhone,
    replyToProviderMessageId: message.context?.id ?? null,
    sentAt: fromUnixSeconds(message.timestamp, receivedAt),
    receivedAt,
    media: null,
    location: null,
    reaction: null,
    ...(message.group_id ? { groupId: message.group_id } : {}),
  };
  if (message.type === 'text' && message.text) return { ...base, type: 'text', text: message.text.body };
  const mediaType = MEDIA_TYPES.find((type) => type === message.type);
  const media = mediaType ? message[mediaType] : undefined;
  if (mediaType && media) {
    return {
      ...base,
      type: mediaType,
      text: media.caption ?? null,
      media: {
        providerMediaId: media.id,
        mimeType: media.mime_type ?? null,
        fileName: media.filename ?? null,
      },
    };
  }
  if (message.type === 'location' && message.location) {
    const { latitude, longitude, name, address } = message.location;
    return {
      ...base,
      type: 'location',
      text: name ?? address ?? null,
      location: { latitude, longitude, name: name ?? null, address: address ?? null },
    };
  }
  if (message.type === 'interactive' && message.interactive?.nfm_reply)
    return { ...base, type: 'flow', text: flowFields(message.interactive.nfm_reply.response_json) };
  if (message.type === 'interactive' && message.interactive) {
    const reply = message.interactive.button_reply ?? message.interactive.list_reply;
    return { ...base, type: 'interactive', text: reply?.title ?? null, replyId: reply?.id ?? null };
  }
  if (message.type === 'button' && message.button)
    return { ...base, type: 'button', text: message.button.text };
  if (message.type === 'contacts' && message.contacts)
    return { ...base, type: 'contacts', text: contactCards(message.contacts) };
  if (message.type === 'system' && message.system)
    return { ...base, type: 'system', text: message.system.body ?? null };
  if (message.type === 'reaction' && message.reaction) {
    const emoji = message.reaction.emoji ?? '';
    return {
      ...base,
      type: 'reaction',
      text: emoji || null,
      reaction: { toProviderMessageId: message.reaction.message_id, emoji: emoji || null },
    };
  }
  return { ...base, type: 'unsupported', text: null };
}

const STATUSES: readonly DeliveryStatus[] = ['sent', 'delivered', 'read', 'failed'];

export function parseStatus(status: WebhookStatus, receivedAt = new Date()) {
  if (!STATUSES.includes(status.status as DeliveryStatus)) return null;
  const error = status.errors?.[0];
  return {
    providerMessageId: status.id,
    status: status.status as DeliveryStatus,
    error: error ? { code: String(error.code), title: error.title ?? 'Unknown error' } : null,
    at: fromUnixSeconds(status.timestamp, receivedAt),
  };
}

const GROUP_RECIPIENT = /^group:([0-9A-Za-z._@-]{3,128})$/;

/** How a WhatsApp group is named as a recipient in the outbound ledger (decision 0037). */
export const whatsappGroupRecipient = (providerGroupId: string) => `group:${providerGroupId}`;

/** The WhatsApp group id a recipient names, or null for a person. */
export function groupIdOfRecipient(recipient: string): string | null {
  return GROUP_RECIPIENT.exec(recipient.trim())?.[1] ?? null;
}

/** The body of `POST /{phone-number-id}/messages` for one outbound message. */
export function outboundBody(message: OutboundMessage): Record<string, unknown> {
  const groupId = groupIdOfRecipient(message.to);
  const body: Record<string, unknown> = groupId
    ? { messaging_product: 'whatsapp', recipient_type: 'group', to: groupId }
    : {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        // A customer known only by a business-scoped user id is addressed by `recipient`, not `to`.
        ...(isBusinessScopedId(message.to)
          ? { recipient: message.to.trim() }
          : { to: digitsOnly(message.to) }),
      };
  if (message.replyToProviderMessageId) body.context = { message_id: message.replyToProviderMessageId };
  switch (message.kind) {
    case 'text':
      return { ...body, type: 'text', text: { preview_url: false, body: message.text } };
    case 'image':
      return {
        ...body,
        type: 'image',
        image: { link: message.url, ...(message.caption ? { caption: message.caption } : {}) },
      };
    case 'document':
      return {
        ...body,
        type: 'document',
        document: {
          link: message.url,
          ...(message.caption ? { caption: message.caption } : {}),
          ...(message.fileName ? { filename: message.fileName } : {}),
        },
      };
    case 'buttons':
      return {
        ...body,
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: message.text },
          action: {
            buttons: message.buttons.map((button) => ({
              type: 'reply',
              reply: { id: button.id, title: button.title },
            })),
          },
        },
      };
    case 'template':
      return {
        ...body,
        type: 'template',
        template: {
          name: message.templateName,
          language: { code: message.language },
          ...(message.parameters.length > 0
            ? {
                components: [
                  { type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) },
                ],
              }
            : {}),
        },
      };
  }
}

/** The Graph API's answer to a send, and its error shape. */
export const SendResponseSchema = z.looseObject({
  messages: z.array(z.looseObject({ id: z.string() })).min(1),
});
export const GraphErrorSchema = z.looseObject({
  error: z.looseObject({
    message: z.string().optional(),
    code: z.number().optional(),
    error_data: z.looseObject({ details: z.string().optional() }).optional(),
  }),
});
export const MediaInfoSchema = z.looseObject({ url: z.string(), mime_type: z.string().optional() });

/** `GET /{phone-number-id}?fields=…`: what Meta says about a business number (each field optional). */
export const PhoneNumberInfoSchema = z.looseObject({
  id: z.string().optional(),
  display_phone_number: z.string().max(40).optional(),
  verified_name: z.string().max(200).optional(),
  name_status: z.string().max(60).optional(),
  quality_rating: z.string().max(40).optional(),
  messaging_limit_tier: z.string().max(40).optional(),
  throughput: z.looseObject({ level: z.string().max(40).optional() }).optional(),
  code_verification_status: z.string().max(60).optional(),
  platform_type: z.string().max(40).optional(),
});
export type PhoneNumberInfo = z.infer<typeof PhoneNumberInfoSchema>;

/** The `phone_number_quality_update` webhook's value: the number, what happened, its new limit. */
export const QualityUpdateValueSchema = z.looseObject({
  display_phone_number: z.string().max(40),
  event: z.string().max(60).optional(),
  current_limit: z.string().max(40).optional(),
});

/** The `phone_number_name_update` webhook's value: Meta's decision on a requested display name. */
export const NameUpdateValueSchema = z.looseObject({
  display_phone_number: z.string().max(40),
  decision: z.string().max(60).optional(),
  requested_verified_name: z.string().max(200).optional(),
});
