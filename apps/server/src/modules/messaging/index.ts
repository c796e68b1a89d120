export type {
  ChannelMessage,
  ChannelName,
  CustomerWindow,
  DeliveryStatus,
  GroupUpdate,
  InboundMessage,
  InboxContent,
  InboxPort,
  MessageChannel,
  OutboundContent,
  OutboundMessage,
  OutboundResult,
  OutboundSourcePort,
  OutboundStatusUpdate,
  StatusUpdate,
} from './channel.ports.js';
export { CHANNEL_NAMES } from './channel.ports.js';
export { type ChannelRegistry, createChannelRegistry } from './channel-registry.js';
export { withAttachmentSource, withUnsubscribeLinks } from './channels/email/email.channel.js';
export { emailBounceRoutes } from './channels/email/email-bounces.routes.js';
export { smsSegments } from './channels/sms/sms.segments.js';
export { withTelegramChatLinks } from './channels/telegram/telegram.channel.js';
export {
  findTelegramChat,
  telegramWebhookSecret,
  telegramWebhookUrl,
} from './channels/telegram/telegram-links.js';
export { telegramLinkRoutes } from './channels/telegram/telegram-links.routes.js';
export {
  createTelegramWebhooks,
  type TelegramWebhooks,
} from './channels/telegram/telegram-webhook.js';
export { telegramWebhookJobs, telegramWebhookRoutes } from './channels/telegram/telegram-webhook.routes.js';
export { chargedSeconds, type VoiceTariff } from './channels/voice/voice.charging.js';
export { type CallDetails, findCallDetails } from './channels/voice/voice-call-details.js';
export { voiceCallbackUrl, withVoiceCallbacks } from './channels/voice/voice-callbacks.js';
export { voiceCallbackRoutes } from './channels/voice/voice-callbacks.routes.js';
export { createRecordingReader, withRecordingLinks } from './channels/voice/voice-recordings.js';
export {
  parseVoiceScript,
  type VoiceScriptIssue,
  validateVoiceScript,
} from './channels/voice/voice-script.js';
export { SANDBOX_STATUS_JOB } from './channels/whatsapp/sandbox-provider.js';
export { signBody } from './channels/whatsapp/webhook-signature.js';
export { channelNotConfigured } from './channels/whatsapp/whatsapp.errors.js';
export { whatsappJobs } from './channels/whatsapp/whatsapp.jobs.js';
export {
  sandboxPhoneRoutes,
  whatsappSettingsRoutes,
  whatsappWebhookRoutes,
} from './channels/whatsapp/whatsapp.routes.js';
export {
  COPY_MEDIA_JOB,
  createWhatsappChannel,
  insertWhatsappChannel,
  type WhatsappChannel,
} from './channels/whatsapp/whatsapp.service.js';
export { whatsappGroupRecipient } from './channels/whatsapp/whatsapp.wire.js';
export { messagingJobs } from './messaging.jobs.js';
export {
  type ClientRef,
  createMessaging,
  MAX_SEND_ATTEMPTS,
  type Messaging,
  type OutboundToSend,
  SEND_JOB,
  type SendMessageInput,
} from './messaging.service.js';
export { createProviderMetrics, type ObserveProvider } from './providers/provider-metrics.js';
export { createProviderRouting, type ProviderRouting } from './providers/provider-routing.js';
export { PROVIDER_TYPES } from './providers/provider-type-registry.js';
export type { ConnectionCheck, ProviderRuntime, ProviderType } from './providers/provider-types.js';
export { providersRoutes, providerWebhookRoutes } from './providers/providers.routes.js';
export {
  createProviderConfiguration,
  PROVIDER_CHANGE_TASK,
  type ProviderConfiguration,
  registerProviderApprovals,
} from './providers/providers.service.js';
export { createSandboxChannels, type SandboxChannels } from './sandbox/sandbox-channels.js';
export { sandboxOutboxRoutes } from './sandbox/sandbox-outbox.routes.js';
export type { SandboxSettings } from './sandbox/sandbox-provider.js';
export { createSandboxEngine } from './sandbox/sandbox-provider.js';
export {
  createSandboxReceived,
  type ReceivedMessage,
  type SandboxReceived,
} from './sandbox/sandbox-received.js';
export { REDACTED, redactContent } from './sensitive-content.js';
export { whatsappGroupJobs } from './whatsapp-groups/whatsapp-groups.jobs.js';
export {
  createWhatsappGroups,
  WhatsappGroupError,
  type WhatsappGroups,
} from './whatsapp-groups/whatsapp-groups.service.js';
export {
  listApprovedTemplates,
  type TemplateUsability,
  templateUsability,
} from './whatsapp-templates/approved-templates.js';
export { whatsappTemplateJobs } from './whatsapp-templates/whatsapp-templates.jobs.js';
export { listTemplatesUsingFile } from './whatsapp-templates/whatsapp-templates.repository.js';
export { whatsappTemplateRoutes } from './whatsapp-templates/whatsapp-templates.routes.js';
export {
  createWhatsappTemplates,
  type WhatsappTemplates,
} from './whatsapp-templates/whatsapp-templates.service.js';
