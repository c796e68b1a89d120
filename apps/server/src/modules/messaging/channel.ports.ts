import type { Executor } from '../../platform/database.js';

/**
 * The seam between provider channels (WhatsApp Cloud API, the sandbox) and the inbox.
 * Channels speak the providers' wire formats and keep the provider-side ledger (webhook events,
 * message ids, delivery statuses, the 24-hour window); the inbox owns rooms and chat messages.
 */
export type ChannelName = 'whatsapp';

export type InboundMessageType =
  | 'text'
  | 'image'
  | 'document'
  | 'audio'
  | 'video'
  | 'sticker'
  | 'location'
  | 'interactive'
  | 'button'
  | 'contacts'
  | 'system'
  | 'flow'
  | 'reaction'
  | 'unsupported';

export type InboundMessage = {
  clientId: string;
  channel: ChannelName;
  /** The client's number (provider channel) the customer wrote to; null when none is known (demo data). */
  channelId: string | null;
  /** The provider's message id (WhatsApp `wamid…`); unique per client and channel. */
  providerMessageId: string;
  /**
   * Digits only, international format without '+', e.g. 6281234567890; or, for a customer who hides
   * the number behind a username, the business-scoped user id (BSUID) as given.
   */
  customerPhone: string;
  customerName: string | null;
  type: InboundMessageType;
  /**
   * Text body, media caption, button or list reply title, a location's label, a contact card's
   * name and phones, a system notice, or a Flow response's fields (`key: value` lines).
   */
  text: string | null;
  media: {
    providerMediaId: string;
    mimeType: string | null;
    fileName: string | null;
  } | null;
  location: { latitude: number; longitude: number; name: string | null; address: string | null } | null;
  /** The provider message id this one replies to (WhatsApp `context.id`). */
  replyToProviderMessageId: string | null;
  sentAt: Date;
};

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

export type StatusUpdate = {
  clientId: string;
  channel: ChannelName;
  providerMessageId: string;
  /** Only ever moves forward: sent < delivered < read; failed keeps its error. */
  status: DeliveryStatus;
  error: { code: string; title: string } | null;
  at: Date;
};

/** Implemented by the inbox; called by channels inside the transaction that stored the webhook. */
export type InboxPort = {
  receiveInbound(executor: Executor, message: InboundMessage): Promise<void>;
  applyStatus(executor: Executor, update: StatusUpdate): Promise<void>;
  /** The customer reacted to a message (`emoji` null: the reaction was taken away). */
  applyReaction(
    executor: Executor,
    input: {
      clientId: string;
      channel: ChannelName;
      providerMessageId: string;
      emoji: string | null;
      at: Date;
    },
  ): Promise<void>;
  /** A media file was copied into our storage; `url` is our own, served to agents. */
  mediaStored(
    executor: Executor,
    input: { clientId: string; providerMessageId: string; url: string; mimeType: string | null },
  ): Promise<void>;
};

export type OutboundMessage = {
  clientId: string;
  channel: ChannelName;
  to: string;
  /**
   * The client's number to send from: the conversation's. Null or left out (a room from before numbers
   * were recorded): the number the customer last wrote to.
   */
  channelId?: string | null;
  /** Provider message id of the customer message being answered, for reply context. */
  replyToProviderMessageId?: string | null;
} & (
  | { kind: 'text'; text: string }
  | { kind: 'image' | 'document'; url: string; caption?: string | null; fileName?: string | null }
  | { kind: 'template'; templateName: string; language: string; parameters: string[] }
);

export type CustomerWindow = {
  /** True while free-form messages are allowed (24 hours after the customer's last message). */
  open: boolean;
  closesAt: Date | null;
};

/** Implemented by channels; called by the inbox. A free-form send outside the window is refused. */
export type ChannelSender = {
  send(message: OutboundMessage): Promise<{ providerMessageId: string }>;
  /** The window on one number (`channelId`, chosen as for `send` when null). */
  customerWindow(
    clientId: string,
    channel: ChannelName,
    customerPhone: string,
    channelId?: string | null,
  ): Promise<CustomerWindow>;
};
