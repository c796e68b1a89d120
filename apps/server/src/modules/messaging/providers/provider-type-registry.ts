import type { EmailProvider } from '../channels/email/email.sandbox.js';
import { smtpProviderType } from '../channels/email/smtp.provider.js';
import type { SmsProvider } from '../channels/sms/sms.sandbox.js';
import type { TelegramProvider } from '../channels/telegram/telegram.sandbox.js';
import { telegramBotProviderType } from '../channels/telegram/telegram-bot.provider.js';
import type { VoiceProvider } from '../channels/voice/voice.sandbox.js';
import { voiceGatewayProviderType } from '../channels/voice/voice-gateway.provider.js';
import type { ProviderType } from './provider-types.js';

// biome-ignore lint/suspicious/noExplicitAny: each type validates its own settings; the list only needs their shape.
type AnyProviderType<TProvider> = ProviderType<TProvider, any, string>;

/**
 * Every real provider type a client can configure, per channel (issue 16). A channel with no
 * configured provider sends through its sandbox.
 */
export const PROVIDER_TYPES: {
  sms: readonly AnyProviderType<SmsProvider>[];
  email: readonly AnyProviderType<EmailProvider>[];
  telegram: readonly AnyProviderType<TelegramProvider>[];
  voice: readonly AnyProviderType<VoiceProvider>[];
} = {
  sms: [],
  email: [smtpProviderType],
  telegram: [telegramBotProviderType],
  voice: [voiceGatewayProviderType],
};
