import { newId } from '../../../../lib/ids.js';
import { AppError } from '../../../../platform/errors.js';
import type { ChannelMessage, MessageChannel, SendRequest } from '../../channel.ports.js';
import {
  contentNotSupported,
  invalidRecipient,
  isPermanentRefusal,
  messageEmpty,
  messageTooLong,
} from '../../sandbox/sandbox-errors.js';
import { applyReport, phoneRecipient, type ReportDeps } from '../channel-kit.js';
import { type TelegramProvider, type TelegramReport, telegramMessageKey } from './telegram.sandbox.js';

/** The Bot API's limit on one text message. */
export const TELEGRAM_MAX_TEXT = 4_096;

/** A chat id (a user's is positive, a group's negative, a channel's -100…) or a public @username. */
const CHAT_ID = /^-?\d{1,20}$/;
const USERNAME = /^@[A-Za-z][A-Za-z0-9_]{3,31}$/;

export type TelegramChannel = MessageChannel & {
  /** What became of a message: the same path for the sandbox and a real bot's updates. */
  receiveReport(report: TelegramReport): Promise<void>;
};

/** A phone number reaches a chat once its owner linked it (the bot's deep link, or a shared contact). */
export const telegramNotLinked = () =>
  new AppError(422, 'telegram_not_linked', 'This phone has not linked the bot yet.');

/** A message to a phone number, with the chat its owner linked (none: not linked yet). */
type LinkedTelegramMessage = ChannelMessage & { linkedChatId?: string | null };

/**
 * The Telegram channel with phone recipients: a message to `+<digits>` goes to the chat that phone
 * linked; without one it fails for good with the reason.
 */
export function withTelegramChatLinks<C extends MessageChannel>(
  channel: C,
  findChat: (clientId: string, phone: string) => Promise<string | null>,
): C {
  return {
    ...channel,
    send: async (message: ChannelMessage) => {
      if (!message.to.startsWith('+')) return channel.send(message);
      const linked: LinkedTelegramMessage = {
        ...message,
        linkedChatId: await findChat(message.clientId, message.to.slice(1)),
      };
      return channel.send(linked);
    },
  };
}

function chatRecipient(recipient: string) {
  const trimmed = recipient.trim();
  // A phone number, written with its country code: kept as +digits, sent to the chat it linked.
  if (trimmed.startsWith('+')) return `+${phoneRecipient('telegram', trimmed)}`;
  if (CHAT_ID.test(trimmed)) return trimmed;
  if (USERNAME.test(trimmed)) return trimmed.toLowerCase();
  throw invalidRecipient(
    'telegram',
    recipient,
    'give a numeric chat id (123456789, -100…), a public @username, or a linked phone number (+62…)',
  );
}

export function createTelegramChannel(deps: ReportDeps & { provider: TelegramProvider }): TelegramChannel {
  const channel: TelegramChannel = {
    prepare({ recipient, content }: SendRequest): SendRequest {
      if (content.kind !== 'text' && content.kind !== 'telegram')
        throw contentNotSupported('telegram', content.kind, 'text');
      if (content.text.trim() === '') throw messageEmpty('Telegram');
      if (content.text.length > TELEGRAM_MAX_TEXT)
        throw messageTooLong('Telegram', `${TELEGRAM_MAX_TEXT} characters`);
      const parseMode = content.kind === 'telegram' ? (content.parseMode ?? null) : null;
      return {
        recipient: chatRecipient(recipient),
        content: { kind: 'telegram', text: content.text, parseMode },
      };
    },
    async send(message: ChannelMessage) {
      if (message.kind !== 'telegram' && message.kind !== 'text')
        throw contentNotSupported('telegram', message.kind, 'text');
      let chatId = message.to;
      if (chatId.startsWith('+')) {
        const linked = (message as LinkedTelegramMessage).linkedChatId;
        if (!linked) throw telegramNotLinked();
        chatId = linked;
      }
      const sent = await deps.provider.sendMessage({
        clientId: message.clientId,
        chatId,
        text: message.text,
        parseMode: message.kind === 'telegram' ? (message.parseMode ?? null) : null,
        idempotencyKey: message.idempotencyKey ?? newId(),
      });
      return { providerMessageId: telegramMessageKey(sent.chatId, sent.messageId) };
    },
    isPermanentFailure: isPermanentRefusal,
    async receiveReport(report) {
      await applyReport(deps, {
        clientId: report.clientId,
        channel: 'telegram',
        providerMessageId: telegramMessageKey(report.chatId, report.messageId),
        status: report.status,
        error:
          report.status === 'failed'
            ? { code: String(report.error_code), title: `${report.error_code} ${report.description}` }
            : null,
        at: new Date(report.date * 1000),
      });
    },
  };
  deps.provider.onReport((report) => channel.receiveReport(report));
  return channel;
}
