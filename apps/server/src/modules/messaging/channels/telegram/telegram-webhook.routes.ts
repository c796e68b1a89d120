import { telegramWebhookOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobDefinition } from '../../../../platform/jobs.js';
import { routeOperation } from '../../../../platform/operation-route.js';
import { SET_TELEGRAM_WEBHOOK_JOB, type TelegramWebhooks } from './telegram-webhook.js';

/** `/api/channels/telegram/webhook`: what setWebhook answered, and asking it again. */
export const telegramWebhookRoutes: FastifyPluginAsyncZod<{ webhooks: TelegramWebhooks }> = async (
  app,
  { webhooks },
) => {
  routeOperation(app, ops.getTelegramWebhook, (request) => webhooks.get(request.ctx.actor!.clientId));
  routeOperation(app, ops.registerTelegramWebhook, (request) =>
    webhooks.requestRegistration(request.ctx.actor!.clientId),
  );
};

export function telegramWebhookJobs(webhooks: () => TelegramWebhooks): JobDefinition<never>[] {
  const register: JobDefinition<{ clientId: string }> = {
    name: SET_TELEGRAM_WEBHOOK_JOB,
    retryLimit: 5,
    // setWebhook with the same URL and token is idempotent on Telegram's side.
    handler: (data) => webhooks().register(data),
  };
  return [register] as JobDefinition<never>[];
}
