import type { TelegramWebhookRegistration } from '@sapa/contracts';
import { z } from 'zod';
import { inClient } from '../../../../platform/client-scope.js';
import type { Database, Executor } from '../../../../platform/database.js';
import { AppError } from '../../../../platform/errors.js';
import type { OutboundHttp } from '../../../../platform/outbound-http.js';
import type { RunningConfig } from '../../providers/provider-routing.js';
import { type TelegramWebhookRegistrationRow, telegramWebhookRegistrations } from './telegram.tables.js';
import { TelegramBotSettingsSchema } from './telegram-bot.provider.js';
import { telegramWebhookSecret, telegramWebhookUrl } from './telegram-links.js';

export const SET_TELEGRAM_WEBHOOK_JOB = 'telegram.set-webhook';
/** After the change commits (an approval applies inside its transaction): the job reads the new config. */
export const SET_WEBHOOK_DELAY_SECONDS = 2;
const MAX_ANSWER_BYTES = 64 * 1024;

const AnswerSchema = z.looseObject({
  ok: z.boolean(),
  description: z.string().optional(),
  error_code: z.number().optional(),
});

/** A try that may work later (Telegram or the network was down): the job retries it. */
class RetryableWebhookError extends Error {}

const noTelegramBot = () =>
  new AppError(409, 'telegram_bot_not_configured', 'No Telegram bot is configured for this client yet.');

export type TelegramWebhookDeps = {
  db: Database;
  outbound: OutboundHttp;
  publicUrl: string;
  /** The key the webhook's secret token is derived from (`keys.providerCallbacks`). */
  key: Buffer;
  findRunningConfig(clientId: string, channel: 'telegram'): Promise<RunningConfig | null>;
  enqueue(name: string, data: object, options?: { startAfter?: number }): Promise<unknown>;
  log: { warn(object: object, message: string): void };
};

async function saveRegistration(executor: Executor, row: typeof telegramWebhookRegistrations.$inferInsert) {
  await executor
    .insert(telegramWebhookRegistrations)
    .values(row)
    .onConflictDoUpdate({
      target: [telegramWebhookRegistrations.clientId],
      set: {
        providerId: row.providerId,
        providerVersion: row.providerVersion,
        url: row.url,
        ok: row.ok ?? null,
        description: row.description ?? null,
        attemptedAt: new Date(),
      },
    });
}

async function findRegistration(executor: Executor, clientId: string) {
  const [row] = await executor
    .select()
    .from(telegramWebhookRegistrations)
    .where(inClient(telegramWebhookRegistrations, clientId));
  return row ?? null;
}

const toRegistration = (row: TelegramWebhookRegistrationRow): TelegramWebhookRegistration => ({
  providerId: row.providerId,
  providerVersion: row.providerVersion,
  url: row.url,
  ok: row.ok,
  description: row.description,
  attemptedAt: row.attemptedAt.toISOString(),
});

/**
 * Telegram's `setWebhook` for the client's running bot: the bot's updates (the `/start <code>` of
 * Telegram code/auth) come to `/webhooks/telegram/:clientId/:providerId` with the secret token header.
 */
export function createTelegramWebhooks(deps: TelegramWebhookDeps) {
  async function register(job: { clientId: string }) {
    const running = await deps.findRunningConfig(job.clientId, 'telegram');
    if (running?.type !== 'telegram-bot') return;
    const settings = TelegramBotSettingsSchema.safeParse(running.settings);
    const token = running.secrets.botToken;
    if (!settings.success || !token) return;
    const url = telegramWebhookUrl(deps.publicUrl, job.clientId, running.id);
    const base = { clientId: job.clientId, providerId: running.id, providerVersion: running.version, url };
    const record = (ok: boolean, description: string) =>
      saveRegistration(deps.db, { ...base, ok, description });
    let status: number;
    let answer: z.infer<typeof AnswerSchema> | null;
    try {
      const response = await deps.outbound.request(
        `${settings.data.baseUrl.replace(/\/+$/, '')}/bot${token}/setWebhook`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            url,
            secret_token: telegramWebhookSecret(deps.key, job.clientId, running.id),
            allowed_updates: ['message'],
          }),
          timeoutMs: settings.data.timeoutMs,
          maxBytes: MAX_ANSWER_BYTES,
        },
      );
      status = response.status;
      let json: unknown = null;
      try {
        json = JSON.parse(response.body.toString('utf8'));
      } catch {
        json = null;
      }
      answer = AnswerSchema.safeParse(json).data ?? null;
    } catch (error) {
      const reason = (error as { reason?: string }).reason;
      if (reason === 'refused') {
        await record(false, 'The Telegram Bot API address may not be called from this server.');
        return;
      }
      await record(
        false,
        `The Telegram Bot API could not be reached (${reason ?? 'network'}); trying again.`,
      );
      throw new RetryableWebhookError('telegram setWebhook unreachable');
    }
    if (answer?.ok) {
      await record(true, answer.description ?? 'Webhook was set');
      return;
    }
    const code = answer?.error_code ?? status;
    const words = (answer?.description ?? 'unexpected answer').slice(0, 300);
    deps.log.warn({ clientId: job.clientId, providerId: running.id, code }, 'telegram setWebhook refused');
    if (code === 429 || code >= 500) {
      await record(false, `Telegram answered ${code}: ${words}; trying again.`);
      throw new RetryableWebhookError(`telegram setWebhook ${code}`);
    }
    await record(false, `Telegram refused the webhook (${code}): ${words}`);
  }

  return {
    register,
    /** The provider of the channel changed: ask Telegram again, once the change is committed. */
    changed(clientId: string) {
      void deps
        .enqueue(SET_TELEGRAM_WEBHOOK_JOB, { clientId }, { startAfter: SET_WEBHOOK_DELAY_SECONDS })
        .catch((error: unknown) =>
          deps.log.warn({ err: error, clientId }, 'could not queue telegram setWebhook'),
        );
    },
    async get(clientId: string) {
      const row = await findRegistration(deps.db, clientId);
      return { registration: row ? toRegistration(row) : null };
    },
    async requestRegistration(clientId: string) {
      const running = await deps.findRunningConfig(clientId, 'telegram');
      if (running?.type !== 'telegram-bot') throw noTelegramBot();
      await deps.enqueue(SET_TELEGRAM_WEBHOOK_JOB, { clientId });
      return { queued: true as const };
    },
  };
}

export type TelegramWebhooks = ReturnType<typeof createTelegramWebhooks>;
