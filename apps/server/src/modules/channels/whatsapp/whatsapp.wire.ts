import { z } from 'zod';
import type { DeliveryStatus, InboundMessageType, OutboundMessage } from '../channel.ports.js';

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

export const WebhookMessageSchema = z.looseObject({
  from: z.string(),
  id: z.string(),
  timestamp: z.string(),
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
    })
    .optional(),
  button: z.looseObject({ text: z.string(), payload: z.string().optional() }).optional(),
});
export type WebhookMessage = z.infer<typeof WebhookMessageSchema>;

export const WebhookStatusSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  timestamp: z.string(),
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
    .array(z.looseObject({ wa_id: z.string(), profile: z.looseObject({ name: z.string() }).optional() }))
    .optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});
export type WebhookValue = z.infer<typeof WebhookValueSchema>;

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
  customerPhone: string;
  type: InboundMessageType;
  text: string | null;
  media: { providerMediaId: string; mimeType: string | null; fileName: string | null } | null;
  location: { latitude: number; longitude: number; name: string | null; address: string | null } | null;
  replyToProviderMessageId: string | null;
  sentAt: Date;
};

export const digitsOnly = (phone: string) => phone.replace(/\D/g, '');

const fromUnixSeconds = (timestamp: string) => {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
};

/** One inbound message of any type in our vocabulary; unknown types are kept as 'unsupported'. */
export function parseInbound(message: WebhookMessage): ParsedInbound {
  const base = {
    providerMessageId: message.id,
    customerPhone: digitsOnly(message.from),
    replyToProviderMessageId: message.context?.id ?? null,
    sentAt: fromUnixSeconds(message.timestamp),
    media: null,
    location: null,
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
  if (message.type === 'interactive' && message.interactive) {
    const reply = message.interactive.button_reply ?? message.interactive.list_reply;
    return { ...base, type: 'interactive', text: reply?.title ?? null };
  }
  if (message.type === 'button' && message.button)
    return { ...base, type: 'button', text: message.button.text };
  return { ...base, type: 'unsupported', text: null };
}

const STATUSES: readonly DeliveryStatus[] = ['sent', 'delivered', 'read', 'failed'];

export function parseStatus(status: WebhookStatus) {
  if (!STATUSES.includes(status.status as DeliveryStatus)) return null;
  const error = status.errors?.[0];
  return {
    providerMessageId: status.id,
    status: status.status as DeliveryStatus,
    error: error ? { code: String(error.code), title: error.title ?? 'Unknown error' } : null,
    at: fromUnixSeconds(status.timestamp),
  };
}

/** The body of `POST /{phone-number-id}/messages` for one outbound message. */
export function outboundBody(message: OutboundMessage): Record<string, unknown> {
  const body: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: digitsOnly(message.to),
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
