import { newId } from '../../../lib/ids.js';
import type { Database, Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import type { OutboundHttp } from '../../../platform/outbound-http.js';
import type { Keys } from '../../../platform/secrets.js';
import { seal, unseal } from '../../../platform/secrets.js';
import { fileUrl, type Storage } from '../../../platform/storage/index.js';
import type {
  ChannelSender,
  CustomerWindow,
  DeliveryStatus,
  InboxPort,
  OutboundMessage,
} from '../channel.ports.js';
import { type GraphEndpoint, graphDownloadMedia, graphSendMessage } from './graph-api.js';
import { createSandboxProvider, sandboxMessageId } from './sandbox-provider.js';
import { signatureMatches } from './webhook-signature.js';
import {
  accessTokenRequired,
  channelNotConfigured,
  channelNotFound,
  invalidSignature,
  messageTooLong,
  phoneNumberIdTaken,
  verificationFailed,
  windowClosed,
} from './whatsapp.errors.js';
import {
  type ChannelRow,
  findChannel,
  findLastInboundAt,
  findLastInboundChannelId,
  findMessage,
  findMessageForUpdate,
  insertChannel,
  insertMessageIfNew,
  insertPendingStatus,
  insertWebhookEvent,
  listChannels,
  type MessageRow,
  takePendingStatuses,
  unsafeDeletePendingStatusesBefore,
  unsafeFindChannelsByPhoneNumberIds,
  unsafeFindChannelsByVerifyToken,
  updateChannel,
  updateMessage,
} from './whatsapp.repository.js';
import {
  digitsOnly,
  outboundBody,
  parseInbound,
  parseStatus,
  type WebhookEnvelope,
  WebhookEnvelopeSchema,
  WebhookMessageSchema,
  WebhookStatusSchema,
  WebhookValueSchema,
} from './whatsapp.wire.js';

export const COPY_MEDIA_JOB = 'whatsapp.copy-media';
const PERMANENT_MEDIA_ERRORS = new Set(['media_refused', 'provider_address_refused']);
export const PRUNE_PENDING_STATUSES_JOB = 'whatsapp.prune-pending-statuses';
/** Meta retries a webhook for up to 7 days: a status still without its message after that never gets one. */
const PENDING_STATUS_DAYS = 8;
export const WINDOW_MS = 24 * 3_600_000;
const MAX_TEXT = 4096;

export type Enqueue = (name: string, data: object, options?: { startAfter?: number }) => Promise<unknown>;

export type WhatsappDeps = {
  db: Database;
  keys: Keys;
  storage: Storage;
  /** The inbox: rooms and chat messages are its; we hand every inbound message and status over. */
  inboxPort: InboxPort;
  enqueue: Enqueue;
  log: { warn(object: object, message: string): void };
  /** The deployment's Graph API base URL (config), the same for every client. */
  graphBaseUrl: string;
  /** The guarded way out: no loopback or private addresses unless the deployment allows them. */
  outbound: OutboundHttp;
};

export type ChannelSettings = {
  id: string;
  provider: 'cloud' | 'sandbox';
  phoneNumberId: string;
  displayPhoneNumber: string;
  wabaId: string | null;
  verifyToken: string;
  hasAccessToken: boolean;
  createdAt: string;
  updatedAt: string;
};

export type ChannelSettingsInput = {
  provider: 'cloud' | 'sandbox';
  phoneNumberId: string;
  displayPhoneNumber: string;
  wabaId?: string | null;
  accessToken?: string | null;
  appSecret: string;
  verifyToken: string;
};

/** How long a process trusts its copy of a channel's settings (another process may have changed them). */
const CHANNEL_CACHE_MS = 30_000;

const STATUS_RANK: Record<DeliveryStatus, number> = { sent: 1, failed: 1, delivered: 2, read: 3 };

export function toChannelSettings(row: ChannelRow): ChannelSettings {
  return {
    id: row.id,
    provider: row.provider,
    phoneNumberId: row.phoneNumberId,
    displayPhoneNumber: row.displayPhoneNumber,
    wabaId: row.wabaId,
    verifyToken: row.verifyToken,
    hasAccessToken: row.accessTokenSealed !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function sealedSettings(keys: Keys, input: ChannelSettingsInput) {
  if (input.provider === 'cloud' && !input.accessToken) throw accessTokenRequired();
  return {
    provider: input.provider,
    phoneNumberId: input.phoneNumberId,
    displayPhoneNumber: input.displayPhoneNumber,
    wabaId: input.wabaId ?? null,
    accessTokenSealed: input.accessToken ? seal(keys.encryption, input.accessToken) : null,
    appSecretSealed: seal(keys.encryption, input.appSecret),
    verifyToken: input.verifyToken,
  };
}

/** Connects a number; its credentials are sealed before they are stored. */
export async function insertWhatsappChannel(
  executor: Executor,
  keys: Keys,
  clientId: string,
  input: ChannelSettingsInput,
): Promise<ChannelSettings> {
  const row = await insertChannel(executor, { clientId, id: newId(), ...sealedSettings(keys, input) });
  if (!row) throw phoneNumberIdTaken();
  return toChannelSettings(row);
}

export type WhatsappChannel = ReturnType<typeof createWhatsappChannel>;

export function createWhatsappChannel(deps: WhatsappDeps) {
  const { db, keys, storage, inboxPort } = deps;
  const appSecretOf = (channel: ChannelRow) => unseal(keys.encryption, channel.appSecretSealed);
  // Every webhook names its number: the settings and the unsealed secret are kept for a short while.
  const channelCache = new Map<string, { channel: ChannelRow; appSecret: string; until: number }>();
  const forgetChannel = (phoneNumberId: string) => channelCache.delete(phoneNumberId);

  async function channelsForWebhook(phoneNumberIds: string[]) {
    const now = Date.now();
    const found: { channel: ChannelRow; appSecret: string }[] = [];
    const missing: string[] = [];
    for (const id of phoneNumberIds) {
      const cached = channelCache.get(id);
      if (cached && cached.until > now) found.push(cached);
      else missing.push(id);
    }
    for (const channel of await unsafeFindChannelsByPhoneNumberIds(db, missing)) {
      const entry = { channel, appSecret: appSecretOf(channel), until: now + CHANNEL_CACHE_MS };
      channelCache.set(channel.phoneNumberId, entry);
      found.push(entry);
    }
    return found;
  }
  const sandbox = createSandboxProvider({
    db,
    appSecretOf,
    enqueue: deps.enqueue,
    log: deps.log,
    receiveWebhook: (rawBody, signature) => receiveWebhook(rawBody, signature),
  });
  const endpointOf = (channel: ChannelRow): GraphEndpoint => ({
    outbound: deps.outbound,
    graphBaseUrl: deps.graphBaseUrl,
    phoneNumberId: channel.phoneNumberId,
    accessToken: channel.accessTokenSealed ? unseal(keys.encryption, channel.accessTokenSealed) : '',
  });

  /** Moves a stored outbound message forward; answers whether anything changed. */
  async function advanceStatus(
    tx: Executor,
    message: MessageRow,
    update: { status: DeliveryStatus; error: { code: string; title: string } | null; at: Date },
  ): Promise<boolean> {
    const current = message.status ? STATUS_RANK[message.status] : 0;
    const set: Partial<MessageRow> = {};
    // Per-status times are kept even when the status itself does not move (read came before delivered).
    if (update.status === 'sent' && !message.statusSentAt) set.statusSentAt = update.at;
    if (update.status === 'delivered' && !message.deliveredAt) set.deliveredAt = update.at;
    if (update.status === 'read' && !message.readAt) set.readAt = update.at;
    if (update.status === 'failed') {
      // A failure after delivery (another device) does not undo the delivery.
      if (current <= STATUS_RANK.sent && message.status !== 'failed') {
        set.status = 'failed';
        set.failedAt = update.at;
        set.errorCode = update.error?.code ?? null;
        set.errorTitle = update.error?.title ?? null;
      }
    } else if (STATUS_RANK[update.status] > current) {
      // Forward only; a failure's error stays recorded.
      set.status = update.status;
    }
    if (Object.keys(set).length === 0) return false;
    await updateMessage(tx, message.clientId, message.id, set);
    if (set.status) {
      await inboxPort.applyStatus(tx, {
        clientId: message.clientId,
        channel: 'whatsapp',
        providerMessageId: message.providerMessageId,
        status: set.status,
        error: set.status === 'failed' ? update.error : null,
        at: update.at,
      });
    }
    return Boolean(set.status);
  }

  /** Applies statuses that arrived before their message, oldest step first. */
  async function applyPendingStatuses(tx: Executor, message: MessageRow) {
    const pending = await takePendingStatuses(
      tx,
      message.clientId,
      message.channelId,
      message.providerMessageId,
    );
    pending.sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || a.at.getTime() - b.at.getTime());
    let row = message;
    for (const status of pending) {
      const error = status.errorCode ? { code: status.errorCode, title: status.errorTitle ?? '' } : null;
      await advanceStatus(tx, row, { status: status.status, error, at: status.at });
      row = (await findMessage(tx, row.clientId, row.id)) ?? row;
    }
  }

  /** Stores and hands over every message and status of one change; answers media to copy. */
  async function processValue(tx: Executor, channel: ChannelRow, rawValue: unknown): Promise<string[]> {
    const value = WebhookValueSchema.safeParse(rawValue);
    if (!value.success) return [];
    const names = new Map(
      (value.data.contacts ?? []).map((contact) => [
        digitsOnly(contact.wa_id),
        contact.profile?.name ?? null,
      ]),
    );
    const mediaToCopy: string[] = [];
    for (const raw of value.data.messages ?? []) {
      const parsedMessage = WebhookMessageSchema.safeParse(raw);
      if (!parsedMessage.success) {
        deps.log.warn(
          { channelId: channel.id },
          'whatsapp webhook message not understood; kept in the raw event',
        );
        continue;
      }
      const inbound = parseInbound(parsedMessage.data);
      const customerName = names.get(inbound.customerPhone) ?? null;
      const row = await insertMessageIfNew(tx, {
        clientId: channel.clientId,
        id: newId(),
        channelId: channel.id,
        direction: 'in',
        providerMessageId: inbound.providerMessageId,
        customerPhone: inbound.customerPhone,
        customerName,
        type: inbound.type,
        text: inbound.text,
        mediaId: inbound.media?.providerMediaId ?? null,
        mediaMimeType: inbound.media?.mimeType ?? null,
        mediaFileName: inbound.media?.fileName ?? null,
        latitude: inbound.location?.latitude ?? null,
        longitude: inbound.location?.longitude ?? null,
        replyToProviderMessageId: inbound.replyToProviderMessageId,
        sentAt: inbound.sentAt,
        body: raw,
      });
      // A redelivery: already stored and handed over once.
      if (!row) continue;
      if (inbound.media) mediaToCopy.push(row.id);
      await inboxPort.receiveInbound(tx, {
        clientId: channel.clientId,
        channel: 'whatsapp',
        channelId: channel.id,
        ...inbound,
        customerName,
      });
    }
    for (const raw of value.data.statuses ?? []) {
      const parsedStatus = WebhookStatusSchema.safeParse(raw);
      const update = parsedStatus.success ? parseStatus(parsedStatus.data) : null;
      if (!update) continue;
      const message = await findMessageForUpdate(tx, channel.clientId, channel.id, update.providerMessageId);
      if (message?.direction === 'out') {
        await advanceStatus(tx, message, update);
      } else if (!message) {
        await insertPendingStatus(tx, {
          clientId: channel.clientId,
          channelId: channel.id,
          providerMessageId: update.providerMessageId,
          status: update.status,
          errorCode: update.error?.code ?? null,
          errorTitle: update.error?.title ?? null,
          at: update.at,
        });
      }
    }
    return mediaToCopy;
  }

  /**
   * `POST /webhooks/whatsapp`: the signature is checked on the raw bytes against the app secret of
   * every number the body names; only then is anything stored, all in one transaction, before 200.
   */
  async function receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let envelope: WebhookEnvelope;
    try {
      envelope = WebhookEnvelopeSchema.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      // Nothing in it names a number whose secret could vouch for it.
      throw invalidSignature();
    }
    const changes = envelope.entry.flatMap((entry) => entry.changes);
    const phoneNumberIdOf = (value: unknown) =>
      WebhookValueSchema.safeParse(value).data?.metadata.phone_number_id;
    const phoneNumberIds = [
      ...new Set(changes.map((change) => phoneNumberIdOf(change.value)).filter(Boolean)),
    ];
    const known = await channelsForWebhook(phoneNumberIds as string[]);
    if (known.length === 0) throw invalidSignature();
    for (const { appSecret } of known) {
      if (!signatureMatches(appSecret, rawBody, signature)) throw invalidSignature();
    }
    const channels = known.map(({ channel }) => channel);
    const byPhoneNumberId = new Map(channels.map((channel) => [channel.phoneNumberId, channel]));
    const mediaToCopy: { clientId: string; messageId: string }[] = [];
    await db.transaction(async (tx) => {
      for (const channel of channels) {
        await insertWebhookEvent(tx, {
          clientId: channel.clientId,
          id: newId(),
          channelId: channel.id,
          body: envelope,
        });
      }
      for (const change of changes) {
        const channel = byPhoneNumberId.get(phoneNumberIdOf(change.value) ?? '');
        if (!channel || (change.field !== undefined && change.field !== 'messages')) continue;
        for (const messageId of await processValue(tx, channel, change.value)) {
          mediaToCopy.push({ clientId: channel.clientId, messageId });
        }
      }
    });
    // After commit: a job that runs before the commit would not find its message.
    for (const job of mediaToCopy) {
      await deps.enqueue(COPY_MEDIA_JOB, job).catch((error: unknown) => {
        deps.log.warn({ err: error, ...job }, 'could not queue a media copy; it stays pending');
      });
    }
  }

  /** `GET /webhooks/whatsapp`: echoes the challenge when the verify token is one of ours. */
  async function verifyHandshake(query: { mode?: string; verifyToken?: string; challenge?: string }) {
    if (query.mode !== 'subscribe' || !query.verifyToken || query.challenge === undefined)
      throw verificationFailed();
    const channels = await unsafeFindChannelsByVerifyToken(db, query.verifyToken);
    if (channels.length === 0) throw verificationFailed();
    return query.challenge;
  }

  /**
   * The number a conversation runs on: the one named (the room's), else the one the customer last
   * wrote to, else the client's first. A client may have several numbers (issue 11, defect 8).
   */
  async function channelFor(clientId: string, customerPhone: string, channelId?: string | null) {
    if (channelId) {
      const channel = await findChannel(db, clientId, channelId);
      if (!channel) throw channelNotConfigured();
      return channel;
    }
    const lastUsed = await findLastInboundChannelId(db, clientId, digitsOnly(customerPhone));
    const channel = lastUsed ? await findChannel(db, clientId, lastUsed) : null;
    const [first] = channel ? [channel] : await listChannels(db, clientId);
    if (!first) throw channelNotConfigured();
    return first;
  }

  async function windowOn(channel: ChannelRow, customerPhone: string): Promise<CustomerWindow> {
    const last = await findLastInboundAt(db, channel.clientId, channel.id, digitsOnly(customerPhone));
    if (!last) return { open: false, closesAt: null };
    const closesAt = new Date(last.getTime() + WINDOW_MS);
    return { open: closesAt.getTime() > Date.now(), closesAt };
  }

  const sender: ChannelSender = {
    async customerWindow(clientId, _channel, customerPhone, channelId) {
      return windowOn(await channelFor(clientId, customerPhone, channelId), customerPhone);
    },
    async send(message: OutboundMessage) {
      const channel = await channelFor(message.clientId, message.to, message.channelId);
      if (message.kind === 'text' && message.text.length > MAX_TEXT) throw messageTooLong();
      if (message.kind !== 'template') {
        const window = await windowOn(channel, message.to);
        if (!window.open) throw windowClosed();
      }
      const body = outboundBody(message);
      const providerMessageId =
        channel.provider === 'cloud' ? await graphSendMessage(endpointOf(channel), body) : sandboxMessageId();
      await db.transaction(async (tx) => {
        const row = await insertMessageIfNew(tx, {
          clientId: channel.clientId,
          id: newId(),
          channelId: channel.id,
          direction: 'out',
          providerMessageId,
          customerPhone: digitsOnly(message.to),
          type: message.kind,
          text:
            message.kind === 'text'
              ? message.text
              : message.kind === 'template'
                ? message.templateName
                : (message.caption ?? null),
          mediaFileName: message.kind === 'document' ? (message.fileName ?? null) : null,
          replyToProviderMessageId: message.replyToProviderMessageId ?? null,
          sentAt: new Date(),
          body,
        });
        if (row) await applyPendingStatuses(tx, row);
      });
      if (channel.provider === 'sandbox')
        await sandbox.scheduleStatuses(channel, providerMessageId, message.to);
      return { providerMessageId };
    },
  };

  /** Copies one inbound media file into our storage; running it twice leaves one copy. */
  async function copyMedia(job: { clientId: string; messageId: string }) {
    const message = await findMessage(db, job.clientId, job.messageId);
    if (!message?.mediaId || message.mediaFileId) return;
    const channel = await findChannel(db, message.clientId, message.channelId);
    if (!channel) return;
    if (channel.provider === 'sandbox') {
      await updateMessage(db, message.clientId, message.id, {
        mediaError: 'The sandbox provider keeps no media files.',
      });
      return;
    }
    let download: { bytes: Buffer; mimeType: string };
    try {
      download = await graphDownloadMedia(endpointOf(channel), message.mediaId, message.mediaMimeType);
    } catch (error) {
      // Refused for good (not a media host, too big, not what it claims): retrying would not help.
      if (error instanceof AppError && PERMANENT_MEDIA_ERRORS.has(error.code)) {
        deps.log.warn({ clientId: message.clientId, messageId: message.id, code: error.code }, error.message);
        await updateMessage(db, message.clientId, message.id, { mediaError: error.message });
        return;
      }
      throw error;
    }
    const { bytes, mimeType: type } = download;
    await db.transaction(async (tx) => {
      const file = await storage.save(tx, {
        clientId: message.clientId,
        bytes,
        mimeType: type,
        fileName: message.mediaFileName,
      });
      await updateMessage(tx, message.clientId, message.id, { mediaFileId: file.id, mediaError: null });
      await inboxPort.mediaStored(tx, {
        clientId: message.clientId,
        providerMessageId: message.providerMessageId,
        url: fileUrl(file.id),
        mimeType: type,
      });
    });
  }

  async function createChannel(clientId: string, input: ChannelSettingsInput) {
    return insertWhatsappChannel(db, keys, clientId, input);
  }

  async function updateChannelSettings(clientId: string, channelId: string, input: ChannelSettingsInput) {
    const existing = await findChannel(db, clientId, channelId);
    if (!existing) throw channelNotFound();
    const settings = sealedSettings(keys, {
      ...input,
      // A token left out keeps the stored one: the API never hands tokens back to be re-sent.
      accessToken:
        input.accessToken ??
        (existing.accessTokenSealed ? unseal(keys.encryption, existing.accessTokenSealed) : null),
    });
    const taken = (await unsafeFindChannelsByPhoneNumberIds(db, [input.phoneNumberId])).some(
      (channel) => channel.id !== channelId,
    );
    if (taken) throw phoneNumberIdTaken();
    const row = await updateChannel(db, clientId, channelId, settings);
    if (!row) throw channelNotFound();
    forgetChannel(existing.phoneNumberId);
    forgetChannel(row.phoneNumberId);
    return toChannelSettings(row);
  }

  async function getChannelSettings(clientId: string, channelId: string) {
    const row = await findChannel(db, clientId, channelId);
    if (!row) throw channelNotFound();
    return toChannelSettings(row);
  }

  return {
    sender,
    prunePendingStatuses: () =>
      unsafeDeletePendingStatusesBefore(db, new Date(Date.now() - PENDING_STATUS_DAYS * 86_400_000)),
    sandboxCustomerWrites: sandbox.customerWrites,
    sandboxConversation: sandbox.conversation,
    sandboxBusiness: sandbox.business,
    receiveWebhook,
    verifyHandshake,
    runSandboxStatus: sandbox.runStatus,
    copyMedia,
    createChannel,
    updateChannelSettings,
    getChannelSettings,
    listChannelSettings: async (clientId: string) =>
      (await listChannels(db, clientId)).map(toChannelSettings),
  };
}
