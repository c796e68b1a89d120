import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';

export const TelegramWebhookRegistrationSchema = z.object({
  providerId: z.string(),
  providerVersion: z.number(),
  /** Where Telegram delivers the bot's updates. */
  url: z.string(),
  /** null while the registration job has not answered yet. */
  ok: z.boolean().nullable(),
  /** Telegram's words ("Webhook was set"), or why it failed. */
  description: z.string().nullable(),
  attemptedAt: z.string(),
});
export type TelegramWebhookRegistration = z.infer<typeof TelegramWebhookRegistrationSchema>;

const webhookAccess = access.feature('TELEGRAM', ['SAD', 'ADC', 'ADU', 'ADB']);

/**
 * The running bot's `setWebhook`: asked by a job whenever the client's Telegram provider changes
 * (saved, or approved by a checker); its outcome is shown beside the provider, and can be asked again.
 */
export const telegramWebhookOperations = {
  getTelegramWebhook: defineOperation({
    method: 'GET',
    path: '/api/channels/telegram/webhook',
    access: webhookAccess,
    tags: ['channels'],
    summary: "What Telegram answered to setWebhook for the client's running bot (null before the first try)",
    response: z.object({ registration: TelegramWebhookRegistrationSchema.nullable() }),
  }),
  registerTelegramWebhook: defineOperation({
    method: 'POST',
    path: '/api/channels/telegram/webhook',
    access: webhookAccess,
    tags: ['channels'],
    summary: "Ask Telegram again to deliver the running bot's updates here (a job calls setWebhook)",
    response: z.object({ queued: z.literal(true) }),
    errors: [409],
  }),
};
