export type {
  ChannelName,
  ChannelSender,
  CustomerWindow,
  DeliveryStatus,
  InboundMessage,
  InboxPort,
  OutboundMessage,
  StatusUpdate,
} from './channel.ports.js';
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

import type { ChannelSender } from './channel.ports.js';
import type { WhatsappChannel } from './channels/whatsapp/whatsapp.service.js';

/** The sender the inbox calls: every channel this build speaks (WhatsApp today). */
export function createChannelSender(whatsapp: WhatsappChannel): ChannelSender {
  return whatsapp.sender;
}
