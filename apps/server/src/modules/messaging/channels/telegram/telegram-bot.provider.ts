import { z } from 'zod';
import { createOutboundHttp, type OutboundHttp } from '../../../../platform/outbound-http.js';
import type {
  ConnectionCheck,
  ProviderConfig,
  ProviderRuntime,
  ProviderType,
} from '../../providers/provider-types.js';
import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import type { TelegramProvider, TelegramReport, TelegramSend } from './telegram.sandbox.js';

/** What an admin configures for a bot; the token is the secret. */
export const TelegramBotSettingsSchema = z.object({
  /** The Bot API's address (a local Bot API server, or a test peer). */
  baseUrl: z.url().default('https://api.telegram.org'),
  /** Bot FAQ: "not more than 30 messages per second or so" to many users. */
  bulkPerSecond: z.number().int().min(1).max(1_000).default(30),
  /** Bot FAQ: avoid more than one message per second in one chat. */
  perChatPerSecond: z.number().min(0.05).max(10).default(1),
  timeoutMs: z.number().int().min(1_000).max(60_000).default(15_000),
  /** The longest a 429's `retry_after` is waited out before the message is handed back as throttled. */
  maxRetryAfterSeconds: z.number().int().min(1).max(3_600).default(60),
});
export type TelegramBotSettings = z.infer<typeof TelegramBotSettingsSchema>;

type TelegramSecret = 'botToken';
type TelegramConfig = ProviderConfig<TelegramBotSettings, TelegramSecret>;

/** The Bot API's answer envelope (https://core.telegram.org/bots/api#making-requests). */
type BotApiAnswer<T> =
  | { ok: true; result: T }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number } };

/** A method call that got an answer, or the throttled answer with how long to wait. */
type CallResult<T> = { kind: 'ok'; result: T } | { kind: 'wait'; seconds: number };

const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * The Bot FAQ's limits as a schedule: a message takes a slot in its second (at most `bulkPerSecond`
 * per second over all chats) no sooner than its chat's previous message plus the per-chat interval,
 * and never before a pause a 429 asked for.
 */
export function createBotPacer(settings: { bulkPerSecond: number; perChatPerSecond: number }) {
  const perSecond = new Map<number, number>();
  const chatReady = new Map<string, number>();
  let pausedUntil = 0;
  const chatInterval = 1000 / settings.perChatPerSecond;
  return {
    /** Milliseconds to wait before this chat's next message may go. */
    reserve(chatId: string, now = Date.now()): number {
      const ready = Math.max(now, pausedUntil, chatReady.get(chatId) ?? 0);
      let second = Math.floor(ready / 1000);
      while ((perSecond.get(second) ?? 0) >= settings.bulkPerSecond) second += 1;
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      const at = Math.max(ready, second * 1000);
      chatReady.set(chatId, at + chatInterval);
      // Seconds already past are of no use.
      for (const key of perSecond.keys()) if (key < Math.floor(now / 1000)) perSecond.delete(key);
      return at - now;
    },
    /** A 429: this chat and the whole bot wait `seconds` (Telegram does not say which limit was hit). */
    pause(chatId: string, seconds: number, now = Date.now()) {
      const until = now + seconds * 1000;
      pausedUntil = Math.max(pausedUntil, until);
      chatReady.set(chatId, Math.max(chatReady.get(chatId) ?? 0, until));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createTelegramBotProviderType(deps: {
  outbound: OutboundHttp;
}): ProviderType<TelegramProvider, TelegramBotSettings, TelegramSecret> {
  /** One Bot API call. The token is in the path: never logged, never in an error's message. */
  async function call<T>(
    config: TelegramConfig,
    method: string,
    body: Record<string, unknown> | null,
  ): Promise<CallResult<T>> {
    const base = config.settings.baseUrl.replace(/\/+$/, '');
    let answer: BotApiAnswer<T>;
    let status: number;
    try {
      const response = await deps.outbound.request(`${base}/bot${config.secrets.botToken}/${method}`, {
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json' } : {},
        ...(body ? { body: JSON.stringify(body) } : {}),
        timeoutMs: config.settings.timeoutMs,
        maxBytes: MAX_ANSWER_BYTES,
      });
      status = response.status;
      answer = JSON.parse(response.body.toString('utf8')) as BotApiAnswer<T>;
    } catch (error) {
      const reason = (error as { reason?: string }).reason;
      throw new ProviderRefusal(
        'provider_unavailable',
        reason === 'timeout'
          ? 'The Telegram Bot API did not answer in time.'
          : reason === 'refused'
            ? 'The Telegram Bot API address may not be called from this server.'
            : 'The Telegram Bot API could not be reached or gave an unreadable answer.',
        reason ?? 'unreadable',
        reason !== 'refused',
      );
    }
    if (answer.ok) return { kind: 'ok', result: answer.result };
    const code = answer.error_code ?? status;
    if (code === 429) return { kind: 'wait', seconds: Math.max(1, answer.parameters?.retry_after ?? 1) };
    const description = String(answer.description ?? '').slice(0, 300);
    if (code === 401 || code === 404)
      throw new ProviderRefusal(
        'provider_auth_failed',
        `Telegram did not accept the bot token (${code}): ${description}`,
        String(code),
        true,
      );
    throw new ProviderRefusal(
      'provider_rejected',
      `Telegram refused the message (${code}): ${description}`,
      String(code),
      code >= 500,
    );
  }

  function create(config: TelegramConfig, runtime: ProviderRuntime) {
    const pacer = createBotPacer(config.settings);
    const listeners: ((report: TelegramReport) => Promise<void>)[] = [];
    let closed = false;

    const failed = (refusal: ProviderRefusal, method: string, chatId: string, seconds: number) => {
      runtime.log.warn(
        {
          channel: 'telegram',
          providerType: 'telegram-bot',
          providerId: runtime.providerId,
          clientId: runtime.clientId,
          method,
          chatId,
          code: refusal.code,
          providerCode: refusal.providerCode,
          retryable: refusal.retryable,
          reason: refusal.message,
          seconds,
        },
        'Telegram send failed',
      );
    };

    return {
      onReport: (receive: (report: TelegramReport) => Promise<void>) => {
        listeners.push(receive);
      },
      async sendMessage(message: TelegramSend) {
        const method =
          message.media?.kind === 'photo' ? 'sendPhoto' : message.media ? 'sendDocument' : 'sendMessage';
        const body: Record<string, unknown> = { chat_id: message.chatId };
        if (message.media) {
          body[message.media.kind] = message.media.url;
          if (message.text) body.caption = message.text;
        } else body.text = message.text;
        if (message.parseMode) body.parse_mode = message.parseMode;
        let waited = 0;
        for (;;) {
          if (closed)
            throw new ProviderRefusal('provider_unavailable', 'The bot was closed.', 'closed', true);
          const wait = pacer.reserve(message.chatId);
          if (wait > 0) await sleep(wait);
          const started = performance.now();
          try {
            const answer = await call<{ message_id: number; chat: { id: number } }>(config, method, body);
            const seconds = (performance.now() - started) / 1000;
            if (answer.kind === 'ok') {
              runtime.observe('ok', seconds);
              return {
                chatId: String(answer.result.chat?.id ?? message.chatId),
                messageId: answer.result.message_id,
              };
            }
            // A 429 is Telegram pacing us, not a failed message: wait as asked and send again.
            runtime.observe('retryable', seconds);
            pacer.pause(message.chatId, answer.seconds);
            waited += answer.seconds;
            if (waited > config.settings.maxRetryAfterSeconds) {
              const refusal = new ProviderRefusal(
                'provider_throttled',
                `Telegram asked to wait ${answer.seconds} s more; the message is handed back to be sent later.`,
                '429',
                true,
              );
              failed(refusal, method, message.chatId, seconds);
              throw refusal;
            }
          } catch (error) {
            if (!(error instanceof ProviderRefusal) || error.code === 'provider_throttled') throw error;
            const seconds = (performance.now() - started) / 1000;
            runtime.observe(
              error.code === 'provider_rejected' ? (error.retryable ? 'retryable' : 'refused') : 'error',
              seconds,
            );
            failed(error, method, message.chatId, seconds);
            throw error;
          }
        }
      },
      async close() {
        closed = true;
      },
    };
  }

  async function testConnection(config: TelegramConfig): Promise<ConnectionCheck> {
    try {
      const answer = await call<{ id: number; is_bot: boolean; username: string }>(config, 'getMe', null);
      if (answer.kind === 'wait')
        return {
          ok: false,
          steps: [
            { step: 'connect', ok: true, message: 'Reached the Telegram Bot API.' },
            {
              step: 'token',
              ok: false,
              message: `Telegram asked to wait ${answer.seconds} s; try again then.`,
            },
          ],
        };
      return {
        ok: true,
        steps: [
          { step: 'connect', ok: true, message: 'Reached the Telegram Bot API.' },
          {
            step: 'token',
            ok: true,
            message: `The token belongs to @${answer.result.username} (${answer.result.id}).`,
          },
        ],
      };
    } catch (error) {
      const refusal = error as ProviderRefusal;
      if (refusal.code === 'provider_unavailable')
        return { ok: false, steps: [{ step: 'connect', ok: false, message: refusal.message }] };
      return {
        ok: false,
        steps: [
          { step: 'connect', ok: true, message: 'Reached the Telegram Bot API.' },
          { step: 'token', ok: false, message: refusal.message },
        ],
      };
    }
  }

  return {
    channel: 'telegram',
    type: 'telegram-bot',
    settings: TelegramBotSettingsSchema as unknown as z.ZodType<TelegramBotSettings>,
    secretFields: ['botToken'],
    create,
    testConnection,
  };
}

/** The registered type: only public addresses (a deployment's own Bot API server comes with its policy). */
export const telegramBotProviderType = createTelegramBotProviderType({
  outbound: createOutboundHttp({ allowPrivateNetworks: false }),
});
