import { WHATSAPP_NUMBER_FIELDS } from '@sapa/contracts';
import { newId } from '../../../../lib/ids.js';
import {
  type AfterCommit,
  type AfterCommitQueue,
  createAfterCommit,
} from '../../../../platform/after-commit.js';
import type { Database, Executor } from '../../../../platform/database.js';
import { AppError } from '../../../../platform/errors.js';
import type { OutboundHttp } from '../../../../platform/outbound-http.js';
import { isDeclinedLastStatement } from '../../../../platform/postgres-pipeline.js';
import type { Keys } from '../../../../platform/secrets.js';
import { seal, unseal } from '../../../../platform/secrets.js';
import { fileUrl, type Storage } from '../../../../platform/storage/index.js';
import type {
  CustomerWindow,
  DeliveryStatus,
  InboxPort,
  MessageChannel,
  OutboundMessage,
} from '../../channel.ports.js';
import type { SandboxReceived } from '../../sandbox/sandbox-received.js';
import { REDACTED } from '../../sensitive-content.js';
import { groupUpdatesOf } from '../../whatsapp-groups/group-webhook.js';
import {
  type GraphEndpoint,
  graphDownloadMedia,
  graphReadPhoneNumber,
  graphSendMessage,
} from './graph-api.js';
import { createSandboxProvider, type Enqueue, sandboxMessageId } from './sandbox-provider.js';
import { sanitizeWebhookBody } from './sanitize-webhook-body.js';
import { signatureMatches } from './webhook-signature.js';
import {
  accessTokenRequired,
  channelNotConfigured,
  channelNotFound,
  invalidSignature,
  isRetryableRejection,
  messageTooLong,
  phoneNumberIdTaken,
  sandboxNumberNotOnWhatsapp,
  verificationFailed,
  windowClosed,
} from './whatsapp.errors.js';
import { prepareWhatsapp } from './whatsapp.prepare.js';
import {
  type ChannelRow,
  claimWebhookEventBatch,
  findChannel,
  findLastInboundAt,
  findLastInboundChannelId,
  findMessage,
  findMessageForUpdate,
  findWebhookEvent,
  insertChannel,
  insertMessageIfNew,
  insertMessagesIfNew,
  insertPendingStatus,
  insertProcessedWebhookEvent,
  insertProcessedWebhookEventWithMessage,
  insertWebhookEvent,
  listChannels,
  type MessageRow,
  markWebhookEventProgress,
  type NewMessageRow,
  type ProcessedDelivery,
  takePendingStatuses,
  unsafeDeletePendingStatusesBefore,
  unsafeFindChannelsByPhoneNumberIds,
  unsafeFindChannelsByVerifyToken,
  unsafeFindChannelsByWabaIds,
  unsafeListUnprocessedWebhookEvents,
  updateChannel,
  updateMessage,
} from './whatsapp.repository.js';
import {
  customerKey,
  customerOf,
  groupIdOfRecipient,
  NameUpdateValueSchema,
  outboundBody,
  type ParsedInbound,
  parseInbound,
  parseStatus,
  QualityUpdateValueSchema,
  type WebhookEnvelope,
  WebhookEnvelopeSchema,
  WebhookMessageSchema,
  WebhookMetadataSchema,
  WebhookStatusSchema,
  WebhookValueSchema,
} from './whatsapp.wire.js';

export const COPY_MEDIA_JOB = 'whatsapp.copy-media';
export const PROCESS_WEBHOOK_JOB = 'whatsapp.process-webhook';
export const SWEEP_WEBHOOKS_JOB = 'whatsapp.sweep-webhooks';
export const REFRESH_NUMBER_JOB = 'whatsapp.refresh-number';
const QUALITY_UPDATE_FIELD = 'phone_number_quality_update';
const NAME_UPDATE_FIELD = 'phone_number_name_update';
const digitsOf = (phone: string) => phone.replace(/\D/g, '');
/** Messages and statuses per transaction: other requests wait at most one batch. */
export const WEBHOOK_BATCH = 10;
/** A delivery this small is processed in the request (the usual one-message webhook); larger ones by a job. */
const INLINE_ITEMS = 100;
/** A delivery still unprocessed after this long lost its job (or its process): the sweep takes it. */
const SWEEP_AFTER_MS = 60_000;

type WebhookItem = { kind: 'message' | 'status'; raw: unknown; names: Map<string, string | null> };
const PERMANENT_MEDIA_ERRORS = new Set(['media_refused', 'provider_address_refused']);
/** Refusals that retrying cannot change: the window, the message itself, the number's setup or token. */
const PERMANENT_SEND_ERRORS = new Set([
  'window_closed',
  'message_too_long',
  'channel_not_configured',
  'provider_auth_failed',
  'provider_address_refused',
  'template_not_approved',
]);
export const PRUNE_PENDING_STATUSES_JOB = 'whatsapp.prune-pending-statuses';
/** Meta retries a webhook for up to 7 days: a status still without its message after that never gets one. */
const PENDING_STATUS_DAYS = 8;
export const WINDOW_MS = 24 * 3_600_000;
const MAX_TEXT = 4096;

export type { Enqueue };

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
  /** Where this deployment is reached from outside (config): the webhook URL shown for Meta. */
  publicUrl: string;
  /** The guarded way out: no loopback or private addresses unless the deployment allows them. */
  outbound: OutboundHttp;
  /**
   * The number's message templates (`whatsapp-templates/`): their status webhooks, and the components
   * a template send needs (header, body, URL buttons) from the stored template.
   */
  templates?: TemplateHooks;
  /** What the sandbox providers received (the sandbox outbox); a sandbox number's sends are kept there. */
  received?: SandboxReceived;
};

export type TemplateHooks = {
  /** Applies the template entries of a delivery; false when it has none. Throws on a bad signature. */
  receiveWebhook(envelope: WebhookEnvelope, rawBody: Buffer, signature: string | undefined): Promise<boolean>;
  sendComponents(
    channel: ChannelRow,
    message: Extract<OutboundMessage, { kind: 'template' }>,
  ): Promise<Record<string, unknown>[] | null>;
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
  verifiedName: string | null;
  nameStatus: string | null;
  qualityRating: string | null;
  messagingLimitTier: string | null;
  throughputLevel: string | null;
  codeVerificationStatus: string | null;
  platformType: string | null;
  graphReadAt: string | null;
  graphError: string | null;
  refreshRequestedAt: string | null;
  webhookUrl: string;
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

/** `webhookUrl`: where Meta must call (one URL per Meta app; each number has its verify token). */
export function toChannelSettings(row: ChannelRow, webhookUrl: string): ChannelSettings {
  return {
    id: row.id,
    webhookUrl,
    provider: row.provider,
    phoneNumberId: row.phoneNumberId,
    displayPhoneNumber: row.displayPhoneNumber,
    wabaId: row.wabaId,
    verifyToken: row.verifyToken,
    hasAccessToken: row.accessTokenSealed !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    verifiedName: row.verifiedName,
    nameStatus: row.nameStatus,
    qualityRating: row.qualityRating,
    messagingLimitTier: row.messagingLimitTier,
    throughputLevel: row.throughputLevel,
    codeVerificationStatus: row.codeVerificationStatus,
    platformType: row.platformType,
    graphReadAt: row.graphReadAt?.toISOString() ?? null,
    graphError: row.graphError,
    refreshRequestedAt: row.refreshRequestedAt?.toISOString() ?? null,
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
): Promise<ChannelRow> {
  const row = await insertChannel(executor, { clientId, id: newId(), ...sealedSettings(keys, input) });
  if (!row) throw phoneNumberIdTaken();
  return row;
}

export type WhatsappChannel = ReturnType<typeof createWhatsappChannel>;

export function createWhatsappChannel(deps: WhatsappDeps) {
  const { db, keys, storage, inboxPort } = deps;
  const webhookUrl = `${deps.publicUrl.replace(/\/+$/, '')}/webhooks/whatsapp`;
  const settingsOf = (row: ChannelRow) => toChannelSettings(row, webhookUrl);
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

  /** The messages and statuses of one body that belong to one number, in order, with their names. */
  function itemsOf(channel: ChannelRow, envelope: WebhookEnvelope): WebhookItem[] {
    const items: WebhookItem[] = [];
    for (const change of envelope.entry.flatMap((entry) => entry.changes)) {
      if (change.field !== undefined && change.field !== 'messages') continue;
      const value = WebhookValueSchema.safeParse(change.value);
      if (!value.success || value.data.metadata.phone_number_id !== channel.phoneNumberId) continue;
      const names = new Map<string, string | null>();
      for (const contact of value.data.contacts ?? []) {
        for (const id of [contact.wa_id, contact.user_id]) {
          if (id) names.set(customerKey(id), contact.profile?.name ?? null);
        }
      }
      for (const raw of value.data.messages ?? []) items.push({ kind: 'message', raw, names });
      for (const raw of value.data.statuses ?? []) items.push({ kind: 'status', raw, names });
    }
    return items;
  }

  type ParsedItem = { row: NewMessageRow; inbound: ParsedInbound; customerName: string | null };

  /** One webhook message as a ledger row, or null (logged) when it names no customer or is malformed. */
  function parseMessageItem(channel: ChannelRow, item: WebhookItem, receivedAt: Date): ParsedItem | null {
    const parsedMessage = WebhookMessageSchema.safeParse(item.raw);
    const customer = parsedMessage.success ? customerOf(parsedMessage.data) : null;
    if (!parsedMessage.success || !customer) {
      deps.log.warn(
        { channelId: channel.id },
        'whatsapp webhook message not understood; kept in the raw event',
      );
      return null;
    }
    const inbound = parseInbound(parsedMessage.data, customer, receivedAt);
    const customerName = item.names.get(inbound.customerPhone) ?? null;
    const row: NewMessageRow = {
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
      body: item.raw,
    };
    return { row, inbound, customerName };
  }

  /** Hands a newly stored message to the inbox; answers whether its media is to be copied. */
  async function handOver(
    tx: Executor,
    channel: ChannelRow,
    parsed: ParsedItem,
    afterCommit: AfterCommit,
    endsTransaction = false,
  ): Promise<boolean> {
    const { inbound, customerName } = parsed;
    if (inbound.reaction) {
      // Shown on the message it reacts to, not as a message of its own.
      await inboxPort.applyReaction(tx, {
        clientId: channel.clientId,
        channel: 'whatsapp',
        providerMessageId: inbound.reaction.toProviderMessageId,
        emoji: inbound.reaction.emoji,
        at: inbound.sentAt,
      });
      return false;
    }
    const { reaction: _reaction, ...message } = inbound;
    await inboxPort.receiveInbound(
      tx,
      { clientId: channel.clientId, channel: 'whatsapp', channelId: channel.id, ...message, customerName },
      afterCommit,
      { endsTransaction },
    );
    return inbound.media !== null;
  }

  /**
   * One batch, set-based: the batch's messages go into the ledger in one statement (a redelivered
   * wamid is skipped), then new ones are handed to the inbox and statuses applied, in order.
   */
  async function processBatch(
    tx: Executor,
    channel: ChannelRow,
    items: WebhookItem[],
    receivedAt: Date,
    afterCommit: AfterCommit,
    delivery?: ProcessedDelivery,
    /** The caller commits right after: the one message's last statement may carry the COMMIT (0082). */
    endsTransaction = false,
  ) {
    const parsed = items.map((item) =>
      item.kind === 'message' ? parseMessageItem(channel, item, receivedAt) : null,
    );
    const rows = parsed.filter((entry): entry is ParsedItem => entry !== null).map((entry) => entry.row);
    const [only] = rows;
    let inserted: MessageRow[];
    // A delivery stored as it is processed: with its one message in one statement, else before them.
    if (delivery && only && rows.length === 1) {
      const row = await insertProcessedWebhookEventWithMessage(tx, delivery, only);
      inserted = row ? [row] : [];
    } else {
      if (delivery) await insertProcessedWebhookEvent(tx, delivery);
      inserted = await insertMessagesIfNew(tx, rows);
    }
    const fresh = new Map(inserted.map((row) => [row.providerMessageId, row]));
    const mediaToCopy: string[] = [];
    for (const [index, item] of items.entries()) {
      if (item.kind === 'status') {
        await processStatus(tx, channel, item, receivedAt);
        continue;
      }
      const entry = parsed[index];
      const stored = entry ? fresh.get(entry.row.providerMessageId) : undefined;
      // A redelivery (or the same wamid twice in one body): stored and handed over once.
      if (!entry || !stored) continue;
      fresh.delete(entry.row.providerMessageId);
      const last = endsTransaction && items.length === 1;
      if (await handOver(tx, channel, entry, afterCommit, last)) mediaToCopy.push(stored.id);
    }
    return mediaToCopy;
  }

  /** The slow path after a batch failed: item by item, each in a savepoint, the failing one logged. */
  async function processBatchIsolated(
    tx: Executor,
    channel: ChannelRow,
    items: WebhookItem[],
    receivedAt: Date,
    eventId: string,
    afterCommit: AfterCommit,
  ) {
    const mediaToCopy: string[] = [];
    for (const item of items) {
      // An item whose savepoint rolls back leaves no work behind.
      const itemWork = createAfterCommit(deps.log);
      try {
        await tx.transaction(async (savepoint) => {
          mediaToCopy.push(...(await processBatch(savepoint, channel, [item], receivedAt, itemWork)));
        });
        afterCommit.add(() => itemWork.run());
      } catch (error) {
        deps.log.warn(
          { err: error, channelId: channel.id, eventId },
          'whatsapp webhook item could not be stored; kept in the raw event',
        );
      }
    }
    return mediaToCopy;
  }

  async function processStatus(tx: Executor, channel: ChannelRow, item: WebhookItem, receivedAt: Date) {
    const parsedStatus = WebhookStatusSchema.safeParse(item.raw);
    const update = parsedStatus.success ? parseStatus(parsedStatus.data, receivedAt) : null;
    if (!update) {
      deps.log.warn(
        { channelId: channel.id },
        'whatsapp webhook status not understood; kept in the raw event',
      );
      return;
    }
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

  /** After a batch committed: what the inbox queued, then the media copies (a job run earlier would not find its message). */
  async function afterBatch(clientId: string, afterCommit: AfterCommitQueue, mediaToCopy: string[]) {
    await afterCommit.run();
    for (const messageId of mediaToCopy) {
      const job = { clientId, messageId };
      await deps.enqueue(COPY_MEDIA_JOB, job).catch((error: unknown) => {
        deps.log.warn({ err: error, ...job }, 'could not queue a media copy; it stays pending');
      });
    }
  }

  /**
   * A delivery of one number and at most one batch (nearly every real one), stored and processed in one
   * transaction whose first statement stores it already processed: no separate insert before, no claim
   * (decision 0067). Answers false when that transaction failed: nothing of it was kept, and the caller
   * stores the delivery unprocessed and processes it the usual way (batch, then item by item, then the
   * sweep), so Meta's 200 still follows a stored delivery.
   */
  async function storeAndProcess(event: {
    id: string;
    channel: ChannelRow;
    items: WebhookItem[];
    receivedAt: Date;
    body: WebhookEnvelope;
  }): Promise<boolean> {
    const { channel, items, receivedAt } = event;
    const afterCommit = createAfterCommit(deps.log);
    const run = (endsTransaction: boolean) =>
      db.transaction((tx) =>
        processBatch(
          tx,
          channel,
          items,
          receivedAt,
          afterCommit,
          {
            clientId: channel.clientId,
            id: event.id,
            channelId: channel.id,
            body: event.body,
            processedItems: items.length,
          },
          endsTransaction,
        ),
      );
    let mediaToCopy: string[];
    try {
      mediaToCopy = await run(true).catch((error: unknown) => {
        if (!isDeclinedLastStatement(error)) throw error;
        // Routing changed under the last statement (decision 0082): rolled back; once more as usual.
        afterCommit.discard();
        return run(false);
      });
    } catch (error) {
      afterCommit.discard();
      deps.log.warn({ err: error, eventId: event.id }, 'whatsapp webhook batch failed; storing it to retry');
      return false;
    }
    await afterBatch(channel.clientId, afterCommit, mediaToCopy);
    return true;
  }

  /**
   * Processes one stored delivery in batches of `WEBHOOK_BATCH` items, each batch in its own
   * transaction that also records how far it got, so a crash resumes where it stopped and a second
   * worker never repeats a batch. One item that fails is logged and skipped (its savepoint rolls
   * back), so it cannot hold the rest of the delivery hostage.
   */
  async function processWebhookEvent(
    clientId: string,
    eventId: string,
    loaded?: { channel: ChannelRow; items: WebhookItem[]; receivedAt: Date },
  ): Promise<void> {
    let work = loaded;
    if (!work) {
      const event = await findWebhookEvent(db, clientId, eventId);
      if (!event || event.processedAt) return;
      const channel = await findChannel(db, clientId, event.channelId);
      const envelope = WebhookEnvelopeSchema.safeParse(event.body);
      if (!channel || !envelope.success) {
        await markWebhookEventProgress(db, clientId, eventId, 0, true);
        return;
      }
      work = { channel, items: itemsOf(channel, envelope.data), receivedAt: event.receivedAt };
    }
    const { channel, items, receivedAt } = work;
    for (;;) {
      const mediaToCopy: string[] = [];
      // What the inbox starts for these messages (decision 0044), run once the batch commits.
      let afterCommit = createAfterCommit(deps.log);
      const runBatch = (isolated: boolean) =>
        db.transaction(async (tx) => {
          mediaToCopy.length = 0;
          afterCommit.discard();
          afterCommit = createAfterCommit(deps.log);
          // Progress first: in the same transaction it is no weaker, and the inbox's publish is then
          // the last statement before commit (the client's locks are held for fewer round trips).
          const claimed = await claimWebhookEventBatch(tx, clientId, eventId, WEBHOOK_BATCH, items.length);
          if (!claimed) return true;
          const batch = items.slice(claimed.start, claimed.end);
          mediaToCopy.push(
            ...(isolated
              ? await processBatchIsolated(tx, channel, batch, receivedAt, eventId, afterCommit)
              : await processBatch(tx, channel, batch, receivedAt, afterCommit)),
          );
          return claimed.end >= items.length;
        });
      let done: boolean;
      try {
        done = await runBatch(false);
      } catch (error) {
        deps.log.warn({ err: error, eventId }, 'whatsapp webhook batch failed; retrying it item by item');
        done = await runBatch(true);
      }
      await afterBatch(clientId, afterCommit, mediaToCopy);
      if (done) return;
      // Between batches the connection is free for other requests (one connection on PGlite).
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Deliveries stored but not processed (a crash, a lost job): processed now, oldest first. */
  async function sweepWebhookEvents(options: { olderThanMs?: number; limit?: number } = {}) {
    const before = new Date(Date.now() - (options.olderThanMs ?? SWEEP_AFTER_MS));
    const events = await unsafeListUnprocessedWebhookEvents(db, before, options.limit ?? 50);
    for (const event of events) {
      await processWebhookEvent(event.clientId, event.id).catch((error: unknown) => {
        deps.log.warn({ err: error, eventId: event.id }, 'whatsapp webhook event could not be processed yet');
      });
    }
    return events.length;
  }

  /**
   * `POST /webhooks/whatsapp`: the signature is checked on the raw bytes against the app secret of
   * every number the body names; only then is the body stored (sanitised) in the ledger. A small
   * delivery is processed at once; a large one by a job in batches, so the answer never waits for it.
   */
  async function receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch {
      // Nothing in it names a number whose secret could vouch for it.
      throw invalidSignature();
    }
    const { value: body, report } = sanitizeWebhookBody(parsed);
    const envelopeResult = WebhookEnvelopeSchema.safeParse(body);
    if (!envelopeResult.success) throw invalidSignature();
    const envelope = envelopeResult.data;
    // Template reviews name the business account, not a number: their own path, same signature rule.
    const hadTemplates = (await deps.templates?.receiveWebhook(envelope, rawBody, signature)) ?? false;
    const phoneNumberIds = [
      ...new Set(
        envelope.entry
          .flatMap((entry) => entry.changes)
          .map((change) => WebhookMetadataSchema.safeParse(change.value).data?.metadata.phone_number_id)
          .filter((id): id is string => Boolean(id)),
      ),
    ];
    const hadNumberUpdates = await receiveNumberUpdates(envelope, rawBody, signature);
    const known = await channelsForWebhook(phoneNumberIds);
    if (known.length === 0) {
      if (hadTemplates || hadNumberUpdates) return;
      throw invalidSignature();
    }
    for (const { appSecret } of known) {
      if (!signatureMatches(appSecret, rawBody, signature)) throw invalidSignature();
    }
    if (report.cleanedStrings > 0 || report.cutBranches > 0)
      deps.log.warn(report, 'whatsapp webhook sanitised: NUL or lone surrogates removed, deep nesting cut');
    const receivedAt = new Date();
    const events = known.map(({ channel }) => ({
      id: newId(),
      channel,
      items: itemsOf(channel, envelope),
      receivedAt,
    }));
    const ledger = (executor: Executor, event: (typeof events)[number]) =>
      insertWebhookEvent(executor, {
        clientId: event.channel.clientId,
        id: event.id,
        channelId: event.channel.id,
        body: envelope,
      });
    // Groups API events (created, participants joined or left): applied once the delivery is stored.
    const groupUpdates = known.flatMap(({ channel }) => groupUpdatesOf(channel, envelope, receivedAt));
    // One number, one batch, nothing else to apply (the usual case): stored as it is processed.
    const [only] = events;
    if (
      only &&
      events.length === 1 &&
      groupUpdates.length === 0 &&
      only.items.length <= WEBHOOK_BATCH &&
      (await storeAndProcess({ ...only, body: envelope }))
    )
      return;
    // One number: one statement, no begin and commit around it.
    if (only && events.length === 1) await ledger(db, only);
    else
      await db.transaction(async (tx) => {
        for (const event of events) await ledger(tx, event);
      });
    // Groups API events: stored above, applied now.
    if (groupUpdates.length > 0 && inboxPort.applyGroupUpdate) {
      const apply = inboxPort.applyGroupUpdate;
      await db
        .transaction(async (tx) => {
          for (const update of groupUpdates) await apply(tx, update);
        })
        .catch((error: unknown) => {
          deps.log.warn({ err: error }, 'whatsapp group webhook not applied; kept in the raw event');
        });
    }
    const total = events.reduce((sum, event) => sum + event.items.length, 0);
    for (const event of events) {
      const { clientId } = event.channel;
      if (total <= INLINE_ITEMS) {
        // Stored already: a failure here is logged and the sweep retries; Meta still gets its 200.
        await processWebhookEvent(clientId, event.id, event).catch((error: unknown) => {
          deps.log.warn({ err: error, eventId: event.id }, 'whatsapp webhook left for the sweep');
        });
      } else {
        await deps.enqueue(PROCESS_WEBHOOK_JOB, { clientId, eventId: event.id }).catch((error: unknown) => {
          deps.log.warn({ err: error, eventId: event.id }, 'could not queue a webhook; the sweep takes it');
        });
      }
    }
  }

  /**
   * A number's `phone_number_quality_update` and `phone_number_name_update` webhooks: they name the
   * business account and the display number, so the account's numbers are found and must vouch for
   * the signature. What they say is applied at once (the limit, the name decision); a cloud number is
   * then read again in full, since the quality event does not carry the rating itself.
   */
  async function receiveNumberUpdates(
    envelope: WebhookEnvelope,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<boolean> {
    const entries = envelope.entry
      .map((entry) => ({
        entry,
        changes: entry.changes.filter(
          (change) => change.field === QUALITY_UPDATE_FIELD || change.field === NAME_UPDATE_FIELD,
        ),
      }))
      .filter((item) => item.changes.length > 0 && item.entry.id);
    if (entries.length === 0) return false;
    const channels = await unsafeFindChannelsByWabaIds(db, [
      ...new Set(entries.map((item) => item.entry.id!)),
    ]);
    if (channels.length === 0) throw invalidSignature();
    for (const channel of channels) {
      if (!signatureMatches(appSecretOf(channel), rawBody, signature)) throw invalidSignature();
    }
    const touched = new Map<string, ChannelRow>();
    for (const { entry, changes } of entries) {
      for (const change of changes) {
        const quality = change.field === QUALITY_UPDATE_FIELD;
        const parsed = (quality ? QualityUpdateValueSchema : NameUpdateValueSchema).safeParse(change.value);
        if (!parsed.success) {
          deps.log.warn(
            { waba: entry.id, field: change.field },
            'whatsapp number webhook not understood; ignored',
          );
          continue;
        }
        const number = digitsOf(parsed.data.display_phone_number);
        const owner = channels.find(
          (channel) => channel.wabaId === entry.id && digitsOf(channel.displayPhoneNumber) === number,
        );
        if (!owner) continue;
        const set: Partial<ChannelRow> = {};
        if (quality) {
          const value = QualityUpdateValueSchema.parse(change.value);
          if (value.current_limit) set.messagingLimitTier = value.current_limit;
        } else {
          const value = NameUpdateValueSchema.parse(change.value);
          if (value.decision) set.nameStatus = value.decision;
          if (value.decision === 'APPROVED' && value.requested_verified_name)
            set.verifiedName = value.requested_verified_name;
        }
        if (Object.keys(set).length > 0) await updateChannel(db, owner.clientId, owner.id, set);
        touched.set(owner.id, owner);
      }
    }
    for (const channel of touched.values()) {
      if (channel.provider !== 'cloud') continue;
      await requestRefreshOf(channel).catch((error: unknown) => {
        deps.log.warn(
          { err: error, channelId: channel.id },
          'could not queue a number refresh after its webhook',
        );
      });
    }
    return true;
  }

  async function requestRefreshOf(channel: ChannelRow) {
    const row = await updateChannel(db, channel.clientId, channel.id, { refreshRequestedAt: new Date() });
    await deps.enqueue(REFRESH_NUMBER_JOB, { clientId: channel.clientId, channelId: channel.id });
    return row ?? channel;
  }

  /** "Refresh from WhatsApp": the read itself happens in a job (provider calls only in jobs). */
  async function requestRefresh(clientId: string, channelId: string) {
    const channel = await findChannel(db, clientId, channelId);
    if (!channel) throw channelNotFound();
    if (channel.provider !== 'cloud') throw sandboxNumberNotOnWhatsapp();
    return settingsOf(await requestRefreshOf(channel));
  }

  /**
   * The refresh job: reads the number from Graph with its own token and stores what Meta said, or why
   * it could not. Idempotent: a second run reads and writes the same fields again.
   */
  async function refreshNumber(data: { clientId: string; channelId: string }) {
    const channel = await findChannel(db, data.clientId, data.channelId);
    if (!channel) return;
    if (channel.provider !== 'cloud' || !channel.accessTokenSealed) {
      await updateChannel(db, channel.clientId, channel.id, { refreshRequestedAt: null });
      return;
    }
    try {
      const info = await graphReadPhoneNumber(endpointOf(channel), WHATSAPP_NUMBER_FIELDS);
      await updateChannel(db, channel.clientId, channel.id, {
        verifiedName: info.verified_name ?? null,
        nameStatus: info.name_status ?? null,
        qualityRating: info.quality_rating ?? null,
        messagingLimitTier: info.messaging_limit_tier ?? null,
        throughputLevel: info.throughput?.level ?? null,
        codeVerificationStatus: info.code_verification_status ?? null,
        platformType: info.platform_type ?? null,
        graphReadAt: new Date(),
        graphError: null,
        refreshRequestedAt: null,
      });
    } catch (error) {
      // The user sees why and may try again; retrying here would only repeat a refused token.
      const message =
        error instanceof AppError ? error.message : 'WhatsApp could not be reached. Please try again.';
      if (!(error instanceof AppError))
        deps.log.warn({ err: error, channelId: channel.id }, 'whatsapp number refresh failed');
      await updateChannel(db, channel.clientId, channel.id, {
        graphError: message,
        refreshRequestedAt: null,
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
    const lastUsed = await findLastInboundChannelId(db, clientId, customerKey(customerPhone));
    const channel = lastUsed ? await findChannel(db, clientId, lastUsed) : null;
    const [first] = channel ? [channel] : await listChannels(db, clientId);
    if (!first) throw channelNotConfigured();
    return first;
  }

  async function windowOn(channel: ChannelRow, customerPhone: string): Promise<CustomerWindow> {
    const last = await findLastInboundAt(db, channel.clientId, channel.id, customerKey(customerPhone));
    if (!last) return { open: false, closesAt: null };
    const closesAt = new Date(last.getTime() + WINDOW_MS);
    return { open: closesAt.getTime() > Date.now(), closesAt };
  }

  /** WhatsApp behind messaging's port: messaging's send job calls it, never a request. */
  const sender: MessageChannel = {
    prepare: prepareWhatsapp,
    async customerWindow(clientId, customerPhone, channelId) {
      return windowOn(await channelFor(clientId, customerPhone, channelId), customerPhone);
    },
    isPermanentFailure(error) {
      if (!(error instanceof AppError)) return false;
      if (error.code === 'provider_rejected') return !isRetryableRejection(error);
      return PERMANENT_SEND_ERRORS.has(error.code);
    },
    async send(message: OutboundMessage) {
      const channel = await channelFor(message.clientId, message.to, message.channelId);
      if (message.kind === 'text' && message.text.length > MAX_TEXT) throw messageTooLong();
      const groupId = groupIdOfRecipient(message.to);
      // A group has no customer service window of its own (decision 0037).
      if (message.kind !== 'template' && !groupId) {
        const window = await windowOn(channel, message.to);
        if (!window.open) throw windowClosed();
      }
      const body = outboundBody(message);
      if (message.kind === 'template') {
        const components = await deps.templates?.sendComponents(channel, message);
        if (components) {
          const template = body.template as Record<string, unknown>;
          if (components.length > 0) template.components = components;
          else delete template.components;
        }
      }
      const providerMessageId =
        channel.provider === 'cloud' ? await graphSendMessage(endpointOf(channel), body) : sandboxMessageId();
      if (channel.provider === 'sandbox') {
        const {
          clientId,
          channel: _channel,
          to,
          channelId: _id,
          idempotencyKey,
          sensitive: _s,
          ...content
        } = message;
        deps.received?.record({
          clientId,
          channel: 'whatsapp',
          key: idempotencyKey ?? providerMessageId,
          providerMessageId,
          recipient: to,
          content,
        });
      }
      await db.transaction(async (tx) => {
        const row = await insertMessageIfNew(tx, {
          clientId: channel.clientId,
          id: newId(),
          channelId: channel.id,
          direction: 'out',
          providerMessageId,
          customerPhone: groupId ? message.to.trim() : customerKey(message.to),
          type: message.kind,
          text:
            message.kind === 'text' || message.kind === 'buttons'
              ? message.sensitive
                ? REDACTED
                : message.text
              : message.kind === 'template'
                ? message.templateName
                : (message.caption ?? null),
          mediaFileName: message.kind === 'document' ? (message.fileName ?? null) : null,
          replyToProviderMessageId: message.replyToProviderMessageId ?? null,
          sentAt: new Date(),
          // A sensitive message (an OTP's code) leaves no copy of its body here (decision 0048).
          body: message.sensitive ? null : body,
        });
        if (row) await applyPendingStatuses(tx, row);
      });
      if (channel.provider === 'sandbox')
        await sandbox.scheduleStatuses(channel, providerMessageId, message.to);
      return { providerMessageId, channelAccountId: channel.id };
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
    return settingsOf(await insertWhatsappChannel(db, keys, clientId, input));
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
    return settingsOf(row);
  }

  async function getChannelSettings(clientId: string, channelId: string) {
    const row = await findChannel(db, clientId, channelId);
    if (!row) throw channelNotFound();
    return settingsOf(row);
  }

  return {
    sender,
    prunePendingStatuses: () =>
      unsafeDeletePendingStatusesBefore(db, new Date(Date.now() - PENDING_STATUS_DAYS * 86_400_000)),
    sandboxCustomerWrites: sandbox.customerWrites,
    sandboxConversation: sandbox.conversation,
    sandboxBusiness: sandbox.business,
    receiveWebhook,
    processWebhookEvent,
    sweepWebhookEvents,
    verifyHandshake,
    runSandboxStatus: sandbox.runStatus,
    copyMedia,
    createChannel,
    updateChannelSettings,
    getChannelSettings,
    requestRefresh,
    refreshNumber,
    listChannelSettings: async (clientId: string) => (await listChannels(db, clientId)).map(settingsOf),
  };
}
