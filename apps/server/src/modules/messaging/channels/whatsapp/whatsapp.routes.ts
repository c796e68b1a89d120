import { whatsappOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../../../lib/ids.js';
import { routeOperation } from '../../../../platform/operation-route.js';
import { channelNotFound } from './whatsapp.errors.js';
import type { WhatsappChannel } from './whatsapp.service.js';

/** Meta's limit for one webhook body. */
const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

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

  routeOperation(app, whatsappOperations.verifyWebhook, async (request, reply) => {
    const challenge = await whatsapp.verifyHandshake({
      mode: request.query['hub.mode'],
      verifyToken: request.query['hub.verify_token'],
      challenge: request.query['hub.challenge'],
    });
    // The challenge goes back as it came: plain text, not a JSON string.
    reply.type('text/plain');
    return challenge;
  });

  routeOperation(
    app,
    whatsappOperations.receiveWebhook,
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await whatsapp.receiveWebhook(raw, request.headers['x-hub-signature-256']);
      return { received: true as const };
    },
    // Meta retries a refused delivery forever: the channel sanitises text instead.
    { bodyLimit: WEBHOOK_BODY_LIMIT, config: { rawText: true } },
  );
};

/** The client's WhatsApp numbers: provider, ids and credentials (sealed; never answered back). */
export const whatsappSettingsRoutes: FastifyPluginAsyncZod<{ whatsapp: WhatsappChannel }> = async (
  app,
  { whatsapp },
) => {
  routeOperation(app, whatsappOperations.listChannels, (request) =>
    whatsapp.listChannelSettings(request.ctx.actor!.clientId),
  );
  routeOperation(app, whatsappOperations.createChannel, (request) =>
    whatsapp.createChannel(request.ctx.actor!.clientId, request.body),
  );
  routeOperation(app, whatsappOperations.getChannel, (request) => {
    if (!isId(request.params.channelId)) throw channelNotFound();
    return whatsapp.getChannelSettings(request.ctx.actor!.clientId, request.params.channelId);
  });
  routeOperation(app, whatsappOperations.updateChannel, (request) => {
    if (!isId(request.params.channelId)) throw channelNotFound();
    return whatsapp.updateChannelSettings(
      request.ctx.actor!.clientId,
      request.params.channelId,
      request.body,
    );
  });
  routeOperation(app, whatsappOperations.refreshChannel, (request) => {
    if (!isId(request.params.channelId)) throw channelNotFound();
    return whatsapp.requestRefresh(request.ctx.actor!.clientId, request.params.channelId);
  });
};

/**
 * The customer-phone simulator: outside the login, and answering only for numbers whose provider is
 * the sandbox. What a customer types travels the real webhook path, signed like Meta signs it.
 */
export const sandboxPhoneRoutes: FastifyPluginAsyncZod<{ whatsapp: WhatsappChannel }> = async (
  app,
  { whatsapp },
) => {
  routeOperation(app, whatsappOperations.getSandboxBusiness, (request) =>
    whatsapp.sandboxBusiness(request.params.phoneNumberId),
  );
  routeOperation(
    app,
    whatsappOperations.sendSandboxMessage,
    (request) => whatsapp.sandboxCustomerWrites(request.params.phoneNumberId, request.body),
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
  );
  routeOperation(
    app,
    whatsappOperations.getSandboxConversation,
    async (request) => ({
      messages: await whatsapp.sandboxConversation(
        request.params.phoneNumberId,
        request.params.customerPhone,
      ),
    }),
    { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
  );
};
