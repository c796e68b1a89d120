import { z } from 'zod';
import { pageOf } from '../admin/admin.schemas.js';
import { PageQuerySchema } from '../usage/usage.schemas.js';

// The resources library (spec §2 `/whatsapp/resources`, `/sms/resources`, `/email/resources`; §7 "voice
// recordings"; decision 0045): files a client keeps to send or to play, one library per channel area.

/** The areas that keep resources: the three of spec §2, and voice for its recordings. */
export const RESOURCE_CHANNELS = ['WHATSAPP', 'SMS', 'EMAIL', 'VOICE'] as const;
export const ResourceChannelSchema = z.enum(RESOURCE_CHANNELS, {
  error: 'The channel is one of WHATSAPP, SMS, EMAIL, VOICE',
});
export type ResourceChannel = z.infer<typeof ResourceChannelSchema>;

export const RESOURCE_KINDS = ['image', 'document', 'audio', 'video'] as const;
export const ResourceKindSchema = z.enum(RESOURCE_KINDS, {
  error: 'The kind is one of image, document, audio, video',
});
export type ResourceKind = z.infer<typeof ResourceKindSchema>;

/** The types a resource may be, told by the file's first bytes (never its name), and their kind. */
export const RESOURCE_MEDIA_TYPES: Record<string, { kind: ResourceKind; label: string }> = {
  'image/jpeg': { kind: 'image', label: 'JPEG' },
  'image/png': { kind: 'image', label: 'PNG' },
  'application/pdf': { kind: 'document', label: 'PDF' },
  'audio/wav': { kind: 'audio', label: 'WAV' },
  'audio/mpeg': { kind: 'audio', label: 'MP3' },
  'audio/ogg': { kind: 'audio', label: 'OGG' },
  'video/mp4': { kind: 'video', label: 'MP4' },
};

/** The largest file of each kind (WhatsApp's own limits for images, audio and video). */
export const RESOURCE_MAX_BYTES: Record<ResourceKind, number> = {
  image: 5 * 1024 * 1024,
  document: 20 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  video: 16 * 1024 * 1024,
};
export const RESOURCE_UPLOAD_MAX_BYTES = Math.max(...Object.values(RESOURCE_MAX_BYTES));

/**
 * What each area keeps: WhatsApp sends every kind; SMS links to images and documents; email attaches
 * any kind; voice plays recordings, WAV or MP3 only (what voice gateways play).
 */
export const CHANNEL_RESOURCE_TYPES: Record<ResourceChannel, readonly string[]> = {
  WHATSAPP: ['image/jpeg', 'image/png', 'application/pdf', 'audio/mpeg', 'audio/ogg', 'video/mp4'],
  SMS: ['image/jpeg', 'image/png', 'application/pdf'],
  EMAIL: ['image/jpeg', 'image/png', 'application/pdf', 'audio/wav', 'audio/mpeg', 'audio/ogg', 'video/mp4'],
  VOICE: ['audio/wav', 'audio/mpeg'],
};

const noControl = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  !/[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
export const ResourceNameSchema = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(200, 'A name has at most 200 characters')
  .refine(noControl, 'A name cannot contain control characters');

export const ResourceSchema = z.object({
  id: z.string(),
  channel: ResourceChannelSchema,
  name: z.string(),
  kind: ResourceKindSchema,
  mimeType: z.string(),
  size: z.number(),
  /** How long a recording plays (WAV and MP3), read from the file. */
  durationMs: z.number().nullable(),
  /** The stored file: what a campaign's recording or a template's header sample names. */
  fileId: z.string(),
  createdAt: z.string(),
});
export type Resource = z.infer<typeof ResourceSchema>;
export const ResourcePageSchema = pageOf(ResourceSchema);
export type ResourcePage = z.infer<typeof ResourcePageSchema>;

export const ResourceListQuerySchema = PageQuerySchema.extend({
  channel: ResourceChannelSchema,
  kind: ResourceKindSchema.optional(),
  /** Part of the name, any case. */
  search: z.string().trim().max(200).optional(),
});
export type ResourceListQuery = z.infer<typeof ResourceListQuerySchema>;

export const ResourceUploadFieldsSchema = z.object({
  channel: ResourceChannelSchema,
  /** The file's name when left out. */
  name: ResourceNameSchema.optional(),
});

export const RenameResourceSchema = z.object({ name: ResourceNameSchema });
export const ResourceParamsSchema = z.object({ resourceId: z.string().max(64) });
