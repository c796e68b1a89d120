import type {
  EmailContent,
  OutboundDetails,
  SmsContent,
  TelegramContent,
  VoiceContent,
} from '@sapa/contracts';
import type { AfterCommit } from '../../platform/after-commit.js';
import type { Executor } from '../../platform/database.js';

/**
 * The seams of messaging. Channels (`channels/<name>`) speak the providers' wire formats and keep the
 * provider-side ledger (webhook events, message ids, delivery statuses, the 24-hour window); messaging
 * keeps the outbound ledger and the send job; the inbox owns rooms and chat messages.
 */
/** Every channel of the spec; only the registered ones can send (see `channel-registry.ts`). */
export const CHANNEL_NAMES = ['whatsapp', 'sms', 'email', 'telegram', 'voice'] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

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
  /** The id of the reply button (or list row) the customer tapped, for an `interactive` message. */
  replyId?: string | null;
  /** The WhatsApp group the message was written in (the writer is `customerPhone`); absent for a 1:1 chat. */
  groupId?: string | null;
  sentAt: Date;
  /**
   * When the webhook delivering it was received: a delivery more than 24 hours after `sentAt` (a
   * provider's retries, a backlog) finds the customer's window already closed. Absent: now.
   */
  receivedAt?: Date | undefined;
};

/**
 * What a WhatsApp number heard about one of its groups (Groups API webhooks `group_lifecycle_update`
 * and `group_participants_update`), in the channel's words: the inbox keeps its groups in step.
 */
export type GroupUpdate = { clientId: string; channelId: string; groupId: string; at: Date } & (
  | {
      kind: 'created';
      /** The create call's request id, as the create answer gave it. */
      requestId: string | null;
      subject: string | null;
      inviteLink: string | null;
    }
  | { kind: 'create_failed'; requestId: string | null; subject: string | null; reason: string }
  | { kind: 'deleted' }
  /** Phone digits (or business-scoped user ids) that joined or left. */
  | { kind: 'participants_added'; phones: string[] }
  | { kind: 'participants_removed'; phones: string[] }
);

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

export type StatusUpdate = {
  clientId: string;
  channel: ChannelName;
  providerMessageId: string;
  /** Only ever moves forward: sent < delivered < read; failed keeps its error. */
  status: DeliveryStatus;
  error: { code: string; title: string } | null;
  /** What the provider reported beyond the status (a call's duration and charged seconds). */
  details?: OutboundDetails | null;
  at: Date;
};

/** What became of an outbound message, told to the feature that sent it (its `source`). */
export type OutboundResult = {
  clientId: string;
  channel: ChannelName;
  /** The feature's own id for what it sent (the inbox: its chat message id). */
  sourceRef: string;
  /** The ledger row: a feature that sends one thing several times (campaign attempts) tells them apart. */
  outboundId: string;
  at: Date;
} & (
  | { status: 'sent'; providerMessageId: string }
  | {
      status: 'failed';
      error: { code: string; title: string };
      /** The channel refused it for good (bad recipient, content it cannot send), not after retries. */
      permanent?: boolean;
    }
);

/** A delivery report that reached a ledger row after its send: told to the feature that sent it. */
export type OutboundStatusUpdate = {
  clientId: string;
  channel: ChannelName;
  sourceRef: string;
  outboundId: string;
  /** What the provider reported, whether or not it moved the ledger row (forward only). */
  status: DeliveryStatus;
  error: { code: string; title: string } | null;
  details: OutboundDetails | null;
  at: Date;
};

/** Implemented by a feature that sends; messaging calls it in the transaction that records the outcome. */
export type OutboundSourcePort = {
  applyOutboundResult(executor: Executor, result: OutboundResult): Promise<void>;
  /**
   * Later delivery reports (delivered, read, failed after sent, a call's outcome and duration). Left
   * out by a feature that hears them another way (the inbox, through the channel's own port).
   */
  applyOutboundStatus?(executor: Executor, update: OutboundStatusUpdate): Promise<void>;
  /**
   * Many results at once, in one transaction (a chunk messaging sent together): a feature that sends
   * in bulk applies them set-based. Left out: messaging calls `applyOutboundResult` for each.
   */
  applyOutboundResults?(executor: Executor, results: OutboundResult[]): Promise<void>;
  /** Many delivery reports at once (at most one per ledger row). Left out: `applyOutboundStatus` for each. */
  applyOutboundStatuses?(executor: Executor, updates: OutboundStatusUpdate[]): Promise<void>;
};

/**
 * Implemented by the inbox; channels call it (through messaging, which keeps its ledger in step)
 * inside the transaction that stored the webhook.
 */
export type InboxPort = OutboundSourcePort & {
  /**
   * A caller that owns the transaction gives `afterCommit` and runs it once committed: what the inbox
   * starts for the message (its automatic answer's send, the bot's turn) then starts at once instead
   * of at the next poll of its job (decision 0044). `endsTransaction`: the caller runs nothing more in
   * its transaction after this, so the inbox's last statement may carry the COMMIT (decision 0082);
   * when that statement declines (`isDeclinedLastStatement`) the transaction has rolled back and the
   * caller runs it again without the option.
   */
  receiveInbound(
    executor: Executor,
    message: InboundMessage,
    afterCommit?: AfterCommit,
    options?: { endsTransaction?: boolean },
  ): Promise<void>;
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
  /** A group's lifecycle or participants changed at the provider. */
  applyGroupUpdate?(executor: Executor, update: GroupUpdate): Promise<void>;
};

/** What the inbox sends on WhatsApp: text, an image or document, a template, reply buttons. */
export type InboxContent = {
  /** Provider message id of the customer message being answered, for reply context. */
  replyToProviderMessageId?: string | null;
} & (
  | { kind: 'text'; text: string }
  | { kind: 'image' | 'document'; url: string; caption?: string | null; fileName?: string | null }
  | {
      kind: 'template';
      templateName: string;
      language: string;
      /** The body's values, {{1}} first. */
      parameters: string[];
      /** The header's value: its text variable, or a media link (the template's sample when left out). */
      headerParameters?: string[] | undefined;
      /** The suffixes of the template's URL buttons that end with {{1}}, in button order. */
      buttonParameters?: string[] | undefined;
    }
  /**
   * An interactive message with up to three reply buttons (WhatsApp's limit; titles up to 20
   * characters): the customer's tap comes back as an `interactive` message carrying the button's id.
   */
  | { kind: 'buttons'; text: string; buttons: { id: string; title: string }[] }
);

/** What is sent, whatever the channel: stored as the ledger row's content. */
export type OutboundContent = InboxContent | SmsContent | EmailContent | TelegramContent | VoiceContent;

/** What a sender asks for, before its channel prepares it (`MessageChannel.prepare`). */
export type SendRequest = { recipient: string; content: OutboundContent };

type Addressed = {
  clientId: string;
  channel: ChannelName;
  to: string;
  /**
   * The client's number to send from: the conversation's. Null or left out (a room from before numbers
   * were recorded): the number the customer last wrote to.
   */
  channelId?: string | null;
  /**
   * The same on every attempt at one ledger row (its id): a provider that takes an idempotency key gets
   * it, so a retry after a crash never sends a second message.
   */
  idempotencyKey?: string;
  /**
   * The body is a secret (an OTP's code, decision 0048): the channel sends it but keeps no copy of it
   * in its own tables (WhatsApp's message row keeps the type and template name, no body).
   */
  sensitive?: boolean;
};

/** A WhatsApp message as the WhatsApp channel sends it (the inbox's kinds). */
export type OutboundMessage = Addressed & InboxContent;
/** One message on any channel, as messaging hands it to the channel's `send`. */
export type ChannelMessage = Addressed & OutboundContent;

export type CustomerWindow = {
  /** True while free-form messages are allowed (24 hours after the customer's last message). */
  open: boolean;
  closesAt: Date | null;
};

/**
 * What a channel implements (`channels/<name>`), registered once in the composition root. Messaging
 * calls `send` from its job only, never inside a request; `customerWindow` is a local check a request
 * may run (no provider call).
 */
export type MessageChannel = {
  /** Sends one message; throws the provider's refusal. `channelAccountId`: the number it went out from. */
  send(message: ChannelMessage): Promise<{ providerMessageId: string; channelAccountId?: string | null }>;
  /** The free-form window on one number (WhatsApp's 24 hours); a channel without one leaves it out. */
  customerWindow?(
    clientId: string,
    customerPhone: string,
    channelAccountId?: string | null,
  ): Promise<CustomerWindow>;
  /**
   * Whether a failed send will fail again however often it is retried (window closed, invalid
   * recipient). Left out: an `AppError` under 500 is permanent, anything else is retried.
   */
  isPermanentFailure?(error: unknown): boolean;
  /**
   * Checks and normalises a message in the sender's request, before the ledger row is written: the
   * recipient's form (E.164, an email address, a chat id) and the content kinds the channel sends
   * (SMS: the segments counted). Throws a 4xx `AppError` the caller sees. Left out: taken as given.
   */
  prepare?(request: SendRequest): SendRequest;
};
