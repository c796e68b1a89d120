import {
  ErrorBodySchema,
  SandboxBusinessSchema,
  SandboxConversationSchema,
  SandboxCustomerMessageSchema,
  SandboxPhoneNumberSchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '../../../../lib/ids.js';
import { access } from '../../../../platform/request-context.js';
import { channelNotFound } from './whatsapp.errors.js';
import type { WhatsappChannel } from './whatsapp.service.js';

/** Meta's limit for one webhook body. */
const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

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
});

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

/** Meta's webhook: verification handshake and signed deliveries, outside the login. */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod<{ whatsapp: WhatsappChannel }> = async (
  app,
  { whatsapp },
) => {
  // The signature covers the exact bytes Meta sent: keep them raw here (this plugin's scope only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/webhooks/whatsapp',
    {
      config: { access: access.public() },
      schema: {
        tags: ['webhooks'],
        summary: 'WhatsApp Cloud API verification handshake: echoes hub.challenge for a known verify token',
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().optional(),
        }),
        response: { 200: z.string(), 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const challenge = await whatsapp.verifyHandshake({
        mode: request.query['hub.mode'],
        verifyToken: request.query['hub.verify_token'],
        challenge: request.query['hub.challenge'],
      });
      return reply.type('text/plain').send(challenge);
    },
  );

  app.post(
    '/webhooks/whatsapp',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // Meta retries a refused delivery forever: the channel sanitises text instead.
      config: { access: access.public(), rawText: true },
      schema: {
        tags: ['webhooks'],
        summary:
          'WhatsApp Cloud API deliveries (messages and statuses), signed with X-Hub-Signature-256; stored before 200',
        headers: z.object({ 'x-hub-signature-256': z.string().optional() }),
        response: { 200: z.object({ received: z.literal(true) }), 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await whatsapp.receiveWebhook(raw, request.headers['x-hub-signature-256']);
      return { received: true as const };
    },
  );
};

/** The client's WhatsApp numbers: provider, ids and credentials (sealed; never answered back). */
export const whatsappSettingsRoutes: FastifyPluginAsyncZod<{ whatsapp: WhatsappChannel }> = async (
  app,
  { whatsapp },
) => {
  const rule = access.feature('WHATSAPP', ['SAD', 'ADC', 'ADU']);
  const common = { tags: ['channels'], security: [{ bearer: [] }] };

  app.get(
    '/api/channels/whatsapp',
    {
      config: { access: rule },
      schema: {
        ...common,
        summary: "The client's WhatsApp channels",
        response: { 200: z.array(ChannelSettingsSchema) },
      },
    },
    async (request) => whatsapp.listChannelSettings(request.ctx.session!.clientId),
  );

  app.post(
    '/api/channels/whatsapp',
    {
      config: { access: rule },
      schema: {
        ...common,
        summary: 'Connect a WhatsApp number (Cloud API or the sandbox)',
        body: ChannelSettingsInputSchema,
        response: { 200: ChannelSettingsSchema, 409: ErrorBodySchema },
      },
    },
    async (request) => whatsapp.createChannel(request.ctx.session!.clientId, request.body),
  );

  app.get(
    '/api/channels/whatsapp/:channelId',
    {
      config: { access: rule },
      schema: {
        ...common,
        summary: 'One WhatsApp channel',
        params: z.object({ channelId: z.string() }),
        response: { 200: ChannelSettingsSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      if (!isId(request.params.channelId)) throw channelNotFound();
      return whatsapp.getChannelSettings(request.ctx.session!.clientId, request.params.channelId);
    },
  );

  app.put(
    '/api/channels/whatsapp/:channelId',
    {
      config: { access: rule },
      schema: {
        ...common,
        summary: 'Change a WhatsApp channel; a left-out access token keeps the stored one',
        params: z.object({ channelId: z.string() }),
        body: ChannelSettingsInputSchema,
        response: { 200: ChannelSettingsSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      if (!isId(request.params.channelId)) throw channelNotFound();
      return whatsapp.updateChannelSettings(
        request.ctx.session!.clientId,
        request.params.channelId,
        request.body,
      );
    },
  );
};

/**
 * The customer-phone simulator: outside the login, and answering only for numbers whose provider is
 * the sandbox. What a customer types travels the real webhook path, signed like Meta signs it.
 */
export const sandboxPhoneRoutes: FastifyPluginAsyncZod<{ whatsapp: WhatsappChannel }> = async (
  app,
  { whatsapp },
) => {
  const common = { tags: ['sandbox'] };
  const params = z.object({ phoneNumberId: z.string().max(30) });

  app.get(
    '/api/sandbox/whatsapp/:phoneNumberId',
    {
      config: { access: access.public() },
      schema: {
        ...common,
        summary: 'The business a sandbox phone writes to',
        params,
        response: {
          200: SandboxBusinessSchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => whatsapp.sandboxBusiness(request.params.phoneNumberId),
  );

  app.post(
    '/api/sandbox/whatsapp/:phoneNumberId/messages',
    {
      config: { access: access.public(), rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        ...common,
        summary: 'A sandbox customer writes to the business',
        params,
        body: SandboxCustomerMessageSchema,
        response: { 200: z.object({ id: z.string() }), 404: ErrorBodySchema },
      },
    },
    async (request) => whatsapp.sandboxCustomerWrites(request.params.phoneNumberId, request.body),
  );

  app.get(
    '/api/sandbox/whatsapp/:phoneNumberId/conversations/:customerPhone',
    {
      config: { access: access.public(), rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        ...common,
        summary: "The sandbox customer's conversation with the business, with the ticks of the replies",
        params: params.extend({ customerPhone: SandboxPhoneNumberSchema }),
        response: { 200: SandboxConversationSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => ({
      messages: await whatsapp.sandboxConversation(
        request.params.phoneNumberId,
        request.params.customerPhone,
      ),
    }),
  );
};
