import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TelegramUpdate } from '@sapa/contracts';
import { isId } from '../../../../lib/ids.js';
import { parsePhone } from '../../../../lib/phone.js';
import type { Database } from '../../../../platform/database.js';
import { AppError, notFound } from '../../../../platform/errors.js';
import {
  findChatIdByPhone,
  insertLinkCode,
  upsertChatLink,
  useLinkCode,
} from './telegram-links.repository.js';

/** How long a deep link's code can be used: a day, once. */
const CODE_TTL_MS = 24 * 60 * 60 * 1000;
const START = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/;

/**
 * The secret token Telegram sends back in `X-Telegram-Bot-Api-Secret-Token` on every update of this
 * bot (set with `setWebhook`): derived from the client and the provider configuration, so nothing
 * extra is stored, and a token of one bot opens no other bot's webhook.
 */
export function telegramWebhookSecret(key: Buffer, clientId: string, providerId: string): string {
  return createHmac('sha256', key).update(`telegram-webhook\n${clientId}\n${providerId}`).digest('base64url');
}

/** The webhook URL to give `setWebhook` for one bot configuration. */
export const telegramWebhookUrl = (publicUrl: string, clientId: string, providerId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/webhooks/telegram/${clientId}/${providerId}`;

const webhookNotFound = () => notFound('telegram_webhook_not_found', 'No bot receives updates here.');

const phoneDigits = (phone: string) => {
  const parsed = parsePhone(phone.startsWith('+') ? phone : `+${phone}`);
  return parsed.ok && parsed.phone.valid ? parsed.phone.digits : null;
};

/**
 * A one-time code for a recipient's phone, and the bot's deep link carrying it: the recipient who
 * opens it and presses Start links their chat to the phone.
 */
export async function createTelegramLinkCode(
  db: Database,
  clientId: string,
  input: { phone: string; botUsername: string },
  now = new Date(),
) {
  const phone = phoneDigits(input.phone.trim());
  if (!phone)
    throw new AppError(400, 'invalid_phone_number', 'phone is not a valid international phone number');
  const code = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await insertLinkCode(db, clientId, { code, phone, expiresAt });
  return {
    code,
    phone,
    deepLink: `https://t.me/${input.botUsername}?start=${code}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * One update from Telegram for this client's bot. `/start <code>` in a private chat links the code's
 * phone to the chat; a contact the user shared of themselves links its phone. Anything else is taken
 * and ignored, as Telegram would otherwise send it again.
 */
export async function receiveTelegramUpdate(
  db: Database,
  key: Buffer,
  input: { clientId: string; providerId: string; secretToken: string | undefined; update: TelegramUpdate },
  now = new Date(),
): Promise<{ linked: boolean }> {
  const { clientId, providerId } = input;
  if (!isId(clientId) || !input.secretToken) throw webhookNotFound();
  const expected = Buffer.from(telegramWebhookSecret(key, clientId, providerId));
  const given = Buffer.from(input.secretToken);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw webhookNotFound();

  const message = input.update.message;
  if (message?.chat.type !== 'private') return { linked: false };
  const chatId = String(message.chat.id);
  const start = message.text ? START.exec(message.text) : null;
  if (start) {
    return db.transaction(async (tx) => {
      const phone = await useLinkCode(tx, clientId, start[1]!, now);
      if (!phone) return { linked: false };
      await upsertChatLink(tx, clientId, { phone, chatId, linkedBy: 'code' });
      return { linked: true };
    });
  }
  const contact = message.contact;
  // Only the user's own number: a forwarded contact card is someone else's.
  if (contact && message.from && contact.user_id === message.from.id) {
    const phone = phoneDigits(contact.phone_number);
    if (!phone) return { linked: false };
    await upsertChatLink(db, clientId, { phone, chatId, linkedBy: 'contact' });
    return { linked: true };
  }
  return { linked: false };
}

export const findTelegramChat = (db: Database, clientId: string, phone: string) =>
  findChatIdByPhone(db, clientId, phone);
