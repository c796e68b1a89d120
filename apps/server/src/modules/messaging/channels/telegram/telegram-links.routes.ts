import { telegramLinkOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyOf } from '../../../../platform/access-policy.js';
import type { Database } from '../../../../platform/database.js';
import { routeOperation } from '../../../../platform/operation-route.js';
import { createTelegramLinkCode, receiveTelegramUpdate } from './telegram-links.js';

/** Telegram code/auth (spec §7): link codes for the client's system, and the bots' webhook. */
export const telegramLinkRoutes: FastifyPluginAsyncZod<{ db: Database; key: Buffer }> = async (
  app,
  { db, key },
) => {
  routeOperation(app, telegramLinkOperations.createTelegramLinkCode, (request) =>
    createTelegramLinkCode(db, apiKeyOf(request).clientId, request.body),
  );
  routeOperation(app, telegramLinkOperations.receiveTelegramUpdate, async (request) => {
    await receiveTelegramUpdate(db, key, {
      clientId: request.params.clientId,
      providerId: request.params.providerId,
      secretToken: request.headers['x-telegram-bot-api-secret-token'],
      update: request.body,
    });
    return { ok: true as const };
  });
};
