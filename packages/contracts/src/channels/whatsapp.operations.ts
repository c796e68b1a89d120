import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { WHATSAPP_NUMBER_ROLES } from '../access/roles.js';
import { defineOperation } from '../operations/define-operation.js';
import {
  SandboxBusinessSchema,
  SandboxConversationSchema,
  SandboxCustomerMessageSchema,
  SandboxPhoneNumberSchema,
} from './sandbox-phone.schemas.js';

export const ChannelSettingsSchema = z.object({
  id: z.string(),
  provider: z.enum(['cloud', 'sandbox']),
  phoneNumberId: z.string(),
  displayPhoneNumber: z.string(),
  wabaId: z.string().nullable(),
  verifyToken: z.string(),
  hasAccessToken: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The number as Meta last described it (Graph `GET /{phone-number-id}`, and the number's quality and
   * name webhooks); all null until the first read. Meta's own values (`GREEN`, `TIER_1K`, …).
   */
  verifiedName: z.string().nullable(),
  nameStatus: z.string().nullable(),
  qualityRating: z.string().nullable(),
  messagingLimitTier: z.string().nullable(),
  throughputLevel: z.string().nullable(),
  codeVerificationStatus: z.string().nullable(),
  platformType: z.string().nullable(),
  /** When Meta last answered a refresh. */
  graphReadAt: z.string().nullable(),
  /** Why the last refresh failed; null when it worked (or none ran). */
  graphError: z.string().nullable(),
  /** A refresh is waiting for its job since then; null when none is. */
  refreshRequestedAt: z.string().nullable(),
  /** Where Meta must send the webhooks (one URL per Meta app); paste it with `verifyToken`. */
  webhookUrl: z.string(),
});
export type ChannelSettings = z.infer<typeof ChannelSettingsSchema>;

/** The Graph fields the refresh job asks for (`GET /{phone-number-id}?fields=…`). */
export const WHATSAPP_NUMBER_FIELDS = [
  'display_phone_number',
  'verified_name',
  'name_status',
  'quality_rating',
  'messaging_limit_tier',
  'throughput',
  'code_verification_status',
  'platform_type',
] as const;

export const ChannelSettingsInputSchema = z.object({
  provider: z.enum(['cloud', 'sandbox']),
  phoneNumberId: z.string().regex(/^\d{5,20}$/, 'A phone number id is digits only'),
  displayPhoneNumber: z.string().min(5).max(20),
  wabaId: z.string().max(40).nullish(),
  /** Write-only: never answered back. Left out on update, the stored one stays. */
  accessToken: z.string().min(1).max(1000).nullish(),
  appSecret: z.string().min(1).max(200),
  verifyToken: z.string().min(8).max(200),
});

/**
 * Who manages the client's numbers (`/whatsapp/phoneNumber`, `/whatsapp/provider`, the WhatsApp
 * configuration page and `/config/provider`): the route guards use the same list (decision 0051).
 */
const settingsAccess = access.feature('WHATSAPP', WHATSAPP_NUMBER_ROLES);
const ChannelParamsSchema = z.object({ channelId: z.string() });
const SandboxParamsSchema = z.object({ phoneNumberId: z.string().max(30) });

/**
 * The WhatsApp channel: Meta's webhook (verification handshake and signed deliveries, outside the
 * login), the client's numbers and their credentials (sealed; never answered back), and the
 * customer-phone simulator of the sandbox provider (outside the login, answering only for numbers whose
 * provider is the sandbox).
 */
export const whatsappOperations = {
  verifyWebhook: defineOperation({
    method: 'GET',
    path: '/webhooks/whatsapp',
    access: access.public(),
    tags: ['webhooks'],
    summary: 'WhatsApp Cloud API verification handshake: echoes hub.challenge for a known verify token',
    query: z.object({
      'hub.mode': z.string().optional(),
      'hub.verify_token': z.string().optional(),
      'hub.challenge': z.string().optional(),
    }),
    response: z.string(),
    errors: [403],
  }),
  receiveWebhook: defineOperation({
    method: 'POST',
    path: '/webhooks/whatsapp',
    access: access.public(),
    tags: ['webhooks'],
    summary:
      'WhatsApp Cloud API deliveries (messages and statuses), signed with X-Hub-Signature-256; stored before 200',
    headers: z.object({ 'x-hub-signature-256': z.string().optional() }),
    response: z.object({ received: z.literal(true) }),
    errors: [401],
  }),

  listChannels: defineOperation({
    method: 'GET',
    path: '/api/channels/whatsapp',
    access: settingsAccess,
    tags: ['channels'],
    summary: "The client's WhatsApp channels",
    response: z.array(ChannelSettingsSchema),
  }),
  createChannel: defineOperation({
    method: 'POST',
    path: '/api/channels/whatsapp',
    access: settingsAccess,
    tags: ['channels'],
    summary: 'Connect a WhatsApp number (Cloud API or the sandbox)',
    body: ChannelSettingsInputSchema,
    response: ChannelSettingsSchema,
    errors: [409],
  }),
  getChannel: defineOperation({
    method: 'GET',
    path: '/api/channels/whatsapp/:channelId',
    access: settingsAccess,
    tags: ['channels'],
    summary: 'One WhatsApp channel',
    params: ChannelParamsSchema,
    response: ChannelSettingsSchema,
    errors: [404],
  }),
  updateChannel: defineOperation({
    method: 'PUT',
    path: '/api/channels/whatsapp/:channelId',
    access: settingsAccess,
    tags: ['channels'],
    summary: 'Change a WhatsApp channel; a left-out access token keeps the stored one',
    params: ChannelParamsSchema,
    body: ChannelSettingsInputSchema,
    response: ChannelSettingsSchema,
    errors: [404, 409],
  }),
  refreshChannel: defineOperation({
    method: 'POST',
    path: '/api/channels/whatsapp/:channelId/refresh',
    access: settingsAccess,
    tags: ['channels'],
    summary:
      'Read the number again from WhatsApp (verified name, quality, messaging limit, throughput) in a job; answers the number with the refresh pending',
    params: ChannelParamsSchema,
    response: ChannelSettingsSchema,
    status: 202,
    errors: [404, 409],
  }),

  getSandboxBusiness: defineOperation({
    method: 'GET',
    path: '/api/sandbox/whatsapp/:phoneNumberId',
    access: access.public(),
    tags: ['sandbox'],
    summary: 'The business a sandbox phone writes to',
    params: SandboxParamsSchema,
    response: SandboxBusinessSchema,
    errors: [404],
  }),
  sendSandboxMessage: defineOperation({
    method: 'POST',
    path: '/api/sandbox/whatsapp/:phoneNumberId/messages',
    access: access.public(),
    tags: ['sandbox'],
    summary: 'A sandbox customer writes to the business',
    params: SandboxParamsSchema,
    body: SandboxCustomerMessageSchema,
    response: z.object({ id: z.string() }),
    errors: [404],
  }),
  getSandboxConversation: defineOperation({
    method: 'GET',
    path: '/api/sandbox/whatsapp/:phoneNumberId/conversations/:customerPhone',
    access: access.public(),
    tags: ['sandbox'],
    summary: "The sandbox customer's conversation with the business, with the ticks of the replies",
    params: SandboxParamsSchema.extend({ customerPhone: SandboxPhoneNumberSchema }),
    response: SandboxConversationSchema,
    errors: [404],
  }),
};
