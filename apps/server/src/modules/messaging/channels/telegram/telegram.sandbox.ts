import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import { createSandboxProvider, type SandboxEngine } from '../../sandbox/sandbox-provider.js';

/** The Bot API's `sendMessage`, and what the sandbox tells later about the message. */
export type TelegramSend = {
  clientId: string;
  chatId: string;
  text: string;
  parseMode: 'HTML' | 'MarkdownV2' | null;
  /** A photo or a file sent by URL (`sendPhoto`, `sendDocument`); the text becomes its caption. */
  media?: { kind: 'photo' | 'document'; url: string } | null | undefined;
  idempotencyKey: string;
};

/**
 * The Bot API itself reports no delivery; the sandbox reports what a client app would see (delivered,
 * read) and the Bot API's refusal for a chat that blocked the bot, in the Bot API's error shape.
 */
export type TelegramReport = {
  clientId: string;
  chatId: string;
  messageId: number;
  date: number;
} & (
  | { status: 'delivered' | 'read' }
  | { status: 'failed'; ok: false; error_code: number; description: string }
);

export type TelegramProvider = {
  /** Answers the `message_id` in the chat; throws `ProviderRefusal` with the Bot API error code. */
  sendMessage(message: TelegramSend): Promise<{ chatId: string; messageId: number }>;
  onReport(receive: (report: TelegramReport) => Promise<void>): void;
};

export const botApiRefusal = (errorCode: number, description: string) =>
  new ProviderRefusal(
    'provider_rejected',
    `Telegram refused the message (${errorCode}): ${description}`,
    String(errorCode),
    errorCode === 429 || errorCode >= 500,
  );

const FAILURES = [
  { error_code: 403, description: 'Forbidden: bot was blocked by the user' },
  { error_code: 403, description: 'Forbidden: user is deactivated' },
  { error_code: 400, description: 'Bad Request: chat not found' },
] as const;

/** A provider message id: Telegram numbers messages per chat, so the chat is part of it. */
export const telegramMessageKey = (chatId: string, messageId: number) => `${chatId}:${messageId}`;

const messageIdOf = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));

/**
 * The embedded bot: takes a `sendMessage` after a short latency, answers a message id, refuses a few
 * with `429 Too Many Requests: retry after 3` (retried), then reports delivered and, a while later,
 * read; a few chats answer `403 Forbidden: bot was blocked by the user` instead.
 */
export function createTelegramSandbox(engine: SandboxEngine): TelegramProvider {
  const provider = createSandboxProvider<TelegramReport>(engine, 'telegram');
  return {
    onReport: (receive) => provider.onReport(receive),
    async sendMessage(message) {
      const delay = engine.settings.reportDelayMs;
      const key = await provider.accept({
        clientId: message.clientId,
        idempotencyKey: message.idempotencyKey,
        received: {
          recipient: message.chatId,
          content: { kind: 'telegram', text: message.text, parseMode: message.parseMode },
        },
        newId: (digest) =>
          telegramMessageKey(message.chatId, (Number.parseInt(digest.slice(0, 8), 16) % 2_000_000_000) + 1),
        refusal: () => botApiRefusal(429, 'Too Many Requests: retry after 3'),
        reports: (id, fails, roll) => {
          const base = { clientId: message.clientId, chatId: message.chatId, messageId: messageIdOf(id) };
          const date = (afterMs: number) => Math.floor((Date.now() + afterMs) / 1000);
          if (fails) {
            const failure = FAILURES[roll('failure') < 0.7 ? 0 : roll('which') < 0.5 ? 1 : 2];
            const afterMs = delay * 0.5;
            return [
              { afterMs, report: { ...base, date: date(afterMs), status: 'failed', ok: false, ...failure } },
            ];
          }
          const delivered = delay * (0.5 + roll('delivered'));
          const read = delivered + delay * (1 + 4 * roll('read'));
          return [
            { afterMs: delivered, report: { ...base, date: date(delivered), status: 'delivered' } },
            { afterMs: read, report: { ...base, date: date(read), status: 'read' } },
          ];
        },
      });
      // A repeated key answers the first message's id.
      return { chatId: message.chatId, messageId: messageIdOf(key) };
    },
  };
}
