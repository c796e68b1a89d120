import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { pageOf } from '../admin/admin.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import { PageQuerySchema } from '../usage/usage.schemas.js';

/**
 * The real providers a client configures per channel (issue 16; spec §2 "configuration (edit-request,
 * provider)", §7 "Provider: GET, PUT", "Provider account"). Secrets are write-only: an answer shows a
 * masked hint per secret, never the value. A change is an edit request: it takes effect at once, or,
 * when the client requires maker-checker, after a checker of the channel approves it; the running
 * configuration stays until then. Who may call is decided by the service (the client's admins and the
 * channel's named makers and checkers, like campaigns).
 */
export const PROVIDER_CHANNELS = ['sms', 'email', 'telegram', 'voice'] as const;
export const ProviderChannelSchema = z.enum(PROVIDER_CHANNELS, {
  error: 'The channel is one of sms, email, telegram, voice',
});
export type ProviderChannel = z.infer<typeof ProviderChannelSchema>;

const NoNul = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'NUL characters are not allowed');

export const ProviderSchema = z.object({
  id: z.string(),
  channel: ProviderChannelSchema,
  type: z.string(),
  name: z.string(),
  settings: z.record(z.string(), z.unknown()),
  /** Per secret field: a masked hint ("••••ab"), never the value. */
  secrets: z.record(z.string(), z.string()),
  isDefault: z.boolean(),
  /** Raised by every approved change: a sending process reconnects when it moves. */
  version: z.number().int(),
  /** The edit request waiting for a checker, if any. */
  pendingTaskId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Provider = z.infer<typeof ProviderSchema>;

export const ProviderInputSchema = z.object({
  type: NoNul(40).pipe(z.string().min(1, 'The provider type is required')),
  name: NoNul(80).pipe(z.string().trim().min(1, 'A name is required')),
  settings: z.record(z.string().max(60), z.unknown()).default({}),
  /** Write-only. On an edit a secret left out keeps the stored one. */
  secrets: z.record(z.string().max(60), NoNul(4000)).default({}),
  /** Makes it the channel's default (the one that sends). */
  isDefault: z.boolean().optional(),
});
export type ProviderInput = z.infer<typeof ProviderInputSchema>;

/** What a change did: applied (the provider as it now is) or waiting for a checker (its task). */
export const ProviderChangeSchema = z.object({
  applied: z.boolean(),
  provider: ProviderSchema.nullable(),
  taskId: z.string().nullable(),
});
export type ProviderChange = z.infer<typeof ProviderChangeSchema>;

export const ConnectionCheckSchema = z.object({
  ok: z.boolean(),
  steps: z.array(z.object({ step: z.string(), ok: z.boolean(), message: z.string() })),
});
export type ConnectionCheckResult = z.infer<typeof ConnectionCheckSchema>;

export const ProviderTypeInfoSchema = z.object({
  type: z.string(),
  secretFields: z.array(z.string()),
  /** The plain settings as a JSON Schema (input side: types, defaults, bounds), for the forms. */
  settingsSchema: z.record(z.string(), z.unknown()),
});
export type ProviderTypeInfo = z.infer<typeof ProviderTypeInfoSchema>;

/** A provider edit request as a checker reviews it: the proposed settings, secrets only as hints. */
export const ProviderEditRequestSchema = z.object({
  requestId: z.string(),
  taskId: z.string().nullable().describe('The approval task a checker decides'),
  providerId: z.string(),
  action: z.enum(['create', 'update', 'delete', 'default']),
  type: z.string(),
  name: z.string(),
  settings: z.record(z.string(), z.unknown()),
  /** Per secret field the request sets: a masked hint, never the value. */
  secrets: z.record(z.string(), z.string()),
  isDefault: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type ProviderEditRequest = z.infer<typeof ProviderEditRequestSchema>;

const tags = ['channels'];
const ChannelParams = z.object({ channel: ProviderChannelSchema });
const ProviderParams = ChannelParams.extend({ providerId: z.string().max(64) });

export const providersOperations = {
  listProviderTypes: defineOperation({
    method: 'GET',
    path: '/api/channels/:channel/provider-types',
    access: access.authenticated(),
    tags,
    summary: 'The kinds of provider account a channel can use, with their secret fields',
    params: ChannelParams,
    response: z.object({ items: z.array(ProviderTypeInfoSchema) }),
    errors: [403],
  }),
  listProviders: defineOperation({
    method: 'GET',
    path: '/api/channels/:channel/providers',
    access: access.authenticated(),
    tags,
    summary: "The client's providers of a channel (secrets as masked hints), the default first",
    params: ChannelParams,
    response: z.object({ items: z.array(ProviderSchema) }),
    errors: [403],
  }),
  getProvider: defineOperation({
    method: 'GET',
    path: '/api/channels/:channel/providers/:providerId',
    access: access.authenticated(),
    tags,
    summary: 'One provider of the channel (secrets as masked hints)',
    params: ProviderParams,
    response: ProviderSchema,
    errors: [403, 404],
  }),
  createProvider: defineOperation({
    method: 'POST',
    path: '/api/channels/:channel/providers',
    access: access.authenticated(),
    tags,
    summary: 'Add a provider: applied at once, or an edit request when the client requires approval',
    params: ChannelParams,
    body: ProviderInputSchema,
    response: ProviderChangeSchema,
    status: 201,
    errors: [400, 403, 409],
  }),
  updateProvider: defineOperation({
    method: 'PUT',
    path: '/api/channels/:channel/providers/:providerId',
    access: access.authenticated(),
    tags,
    summary: 'Change a provider (left-out secrets stay); the running configuration stays until approved',
    params: ProviderParams,
    body: ProviderInputSchema,
    response: ProviderChangeSchema,
    errors: [400, 403, 404, 409],
  }),
  setDefaultProvider: defineOperation({
    method: 'POST',
    path: '/api/channels/:channel/providers/:providerId/default',
    access: access.authenticated(),
    tags,
    summary: "Make a provider the channel's default (an edit request when approval is required)",
    params: ProviderParams,
    response: ProviderChangeSchema,
    errors: [403, 404, 409],
  }),
  deleteProvider: defineOperation({
    method: 'DELETE',
    path: '/api/channels/:channel/providers/:providerId',
    access: access.authenticated(),
    tags,
    summary: 'Remove a provider (an edit request when approval is required)',
    params: ProviderParams,
    response: ProviderChangeSchema,
    errors: [403, 404, 409],
  }),
  listProviderEditRequests: defineOperation({
    method: 'GET',
    path: '/api/channels/:channel/provider-requests',
    access: access.authenticated(),
    tags,
    summary:
      "The channel's provider edit requests waiting for a checker, newest first: what each would set (secrets as masked hints)",
    params: ChannelParams,
    query: PageQuerySchema,
    response: pageOf(ProviderEditRequestSchema),
    errors: [400, 403],
  }),
  testProvider: defineOperation({
    method: 'POST',
    path: '/api/channels/:channel/providers/:providerId/test',
    access: access.authenticated(),
    tags,
    summary: 'Test connection: DNS, TCP, TLS, bind or sign-in, in plain words; never sends a message',
    params: ProviderParams,
    response: ConnectionCheckSchema,
    errors: [403, 404],
  }),
  receiveSmsStatus: defineOperation({
    method: 'POST',
    path: '/webhooks/sms/:clientId/:providerId',
    access: access.public(),
    tags: ['webhooks'],
    summary:
      "An HTTP SMS gateway's delivery status callback, signed with X-Sapa-Signature (HMAC-SHA256 of the body)",
    params: z.object({ clientId: z.string().max(64), providerId: z.string().max(64) }),
    headers: z.object({ 'x-sapa-signature': z.string().max(200).optional() }),
    response: z.object({ received: z.literal(true) }),
    errors: [401, 404],
  }),
};
