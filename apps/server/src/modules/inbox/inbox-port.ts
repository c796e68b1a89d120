import { type CsConfig, type InboxEventOf, withDefaults } from '@sapa/contracts';
import { isId, newId } from '../../lib/ids.js';
import { type AfterCommit, createAfterCommit } from '../../platform/after-commit.js';
import { type Executor, isTransaction } from '../../platform/database.js';
import { ensureCustomer } from '../contacts/index.js';
import type { InboundMessage, InboxPort, StatusUpdate } from '../messaging/index.js';
import {
  type AutoReplyDeps,
  type AutoReplyRules,
  autoReplyRulesAhead,
  mayReplyAutomatically,
  type QueuedOutbound,
  replyAutomatically,
} from './auto-reply/auto-reply.service.js';
import { type BotDeps, botForNewRoom, botHeard } from './bots/index.js';
import {
  advanceMessageStatus,
  insertCustomerMessageOnce,
  insertMessageOnce,
  settlePendingMessage,
  updateMessageByProviderId,
} from './chat/chat.repository.js';
import type { CsMessageRow } from './chat/chat.tables.js';
import { toMessage } from './chat/message.view.js';
import { receiveCsatReply } from './csat/csat.service.js';
import { receiveGroupMessage } from './groups/groups.service.js';
import { applyGroupUpdate } from './groups/groups.sync.js';
import type { InboxDeps } from './inbox.deps.js';
import {
  type InboxEvent,
  newMessageEvent,
  publishInboxEvent,
  publishInboxEvents,
  roomAudience,
  toStatementEvents,
} from './inbox.events.js';
import { toRoom } from './rooms/room.view.js';
import {
  findLiveRoomWithSettings,
  findRoom,
  insertNumberedRoom,
  lastMessageColumns,
  noteRoomWrite,
  roomColumnsJson,
} from './rooms/rooms.repository.js';
import type { CsRoomRow } from './rooms/rooms.tables.js';
import type { Choice } from './routing/routing.policy.js';
import { openRoutedRoom } from './routing/routing.repository.js';
import {
  assignedEvent,
  chooseAssignmentAmong,
  getCsConfigLockingRouting,
  prepareNewRoomRouting,
} from './routing/routing.service.js';

const CHAT_TYPE: Record<InboundMessage['type'], string> = {
  text: 'text',
  image: 'image',
  document: 'document',
  audio: 'audio',
  video: 'video',
  sticker: 'sticker',
  location: 'location',
  interactive: 'text',
  button: 'text',
  contacts: 'contacts',
  system: 'system',
  flow: 'flow',
  // Never stored as a message: a reaction marks the message it reacts to (applyReaction).
  reaction: 'reaction',
  unsupported: 'unsupported',
};

function contentOf(message: InboundMessage): string | null {
  if (message.location) {
    const { latitude, longitude, name, address } = message.location;
    return [name, address, `${latitude},${longitude}`].filter(Boolean).join(' — ');
  }
  return message.text;
}

/** Runs `work` in the caller's transaction, or in a new one when given the database. */
async function inTransaction<T>(executor: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return isTransaction(executor) ? work(executor) : executor.transaction(work);
}

/**
 * The inbox side of the channel seam. An inbound message finds or creates its customer and the
 * customer's live room, is stored once per provider message id, and a new room is queued and routed.
 */
/** A stored message changed (status, reaction, media): its room's audience hears it with the message. */
async function announceMessageChange<T extends 'MESSAGE_STATUS' | 'MESSAGE_MEDIA' | 'MESSAGE_REACTION'>(
  deps: Pick<InboxDeps, 'realtime'>,
  executor: Executor,
  row: CsMessageRow,
  typeNotif: T,
  data: Omit<InboxEventOf<T>['data'], 'roomId'>,
) {
  const room = await findRoom(executor, row.clientId, row.roomId);
  // `data` was checked against `typeNotif` above; TypeScript cannot carry a generic into the union.
  const event = {
    audience: roomAudience(room?.csId ?? null),
    typeNotif,
    messageId: row.id,
    data: { roomId: row.roomId, ...data },
    chat: toMessage(row),
  } as unknown as InboxEvent;
  await publishInboxEvent(deps, executor, { clientId: row.clientId, ...event });
}

/** A new room's events in their order: the room, its assignment if any, its first message (last). */
function newRoomEvents(room: CsRoomRow, stored: CsMessageRow): InboxEvent[] {
  const events: InboxEvent[] = [
    { audience: roomAudience(room.csId), typeNotif: 'NEW_ROOM', chatroom: toRoom(room) },
  ];
  if (room.csId) events.push(assignedEvent(room, room.assignmentReason ?? ''));
  events.push(newMessageEvent(room, stored));
  return events;
}

function dispatchAutomatic(deps: AutoReplyDeps, queued: QueuedOutbound[]) {
  const messaging = deps.messaging?.();
  for (const row of queued) messaging?.dispatch(row);
}

export function createInboxPort(
  deps: AutoReplyDeps &
    Pick<BotDeps, 'withinBusinessHours' | 'log'> & {
      /** Queues background work (a bot's turn); left out, the bot sweep finds the turn. */
      enqueue?: (name: string, data: object, options?: object) => Promise<unknown>;
      /** Wakes this process's workers of a queue after a send (platform jobs' `wake`). */
      wake?: (name: string) => void;
      /**
       * A new conversation routed, numbered and published in the statement that takes the routing
       * lock (decision 0077); false keeps 0073's statements (the embedded database: one connection,
       * no lock waits to shorten). Default true.
       */
      openInOneStatement?: boolean;
    },
): InboxPort {
  return {
    async applyGroupUpdate(executor, update) {
      await applyGroupUpdate(
        { realtime: deps.realtime, enqueue: deps.enqueue, log: deps.log ?? { warn: () => undefined } },
        executor,
        update,
      );
    },
    async receiveInbound(executor, message, callerAfterCommit, options) {
      // The caller runs nothing after us in its transaction: our last statement may end it (0082).
      const endsTransaction = options?.endsTransaction === true && isTransaction(executor);
      // What starts once the arrival commits (decision 0044): the caller's queue when it owns the
      // transaction, ours when we do; none when a caller's transaction comes without one.
      const ownTransaction = !isTransaction(executor);
      const own = ownTransaction ? createAfterCommit(deps.log) : null;
      const afterCommit: AfterCommit | null = callerAfterCommit ?? own;
      // Automatic answers queued in the transaction; sent once it commits (see `dispatchAutomatic`).
      const automatic: QueuedOutbound[] = [];
      await inTransaction(executor, async (tx) => {
        // Written in a WhatsApp group: the group's conversation, not a customer's room.
        if (message.groupId) return receiveGroupMessage(deps, tx, { ...message, groupId: message.groupId });
        // A tapped rating belongs to the closed room it rates, not to a new conversation.
        if (await receiveCsatReply(deps, tx, message)) return;
        // The upsert locks the customer's row until commit, so one customer's arrivals run one at a
        // time and a second first message sees the room the first one opened.
        const saving = ensureCustomer(tx, message.clientId, {
          id: newId(),
          phoneNumber: message.customerPhone,
          name: message.customerName,
          mediaPlatform: message.channel,
        });
        // The live room, the enabled auto-reply rules and the saved configuration in one statement,
        // written behind the upsert without waiting for it (decision 0082): PostgreSQL starts it, and
        // takes its snapshot, only once the upsert holds the customer's row.
        const reading = findLiveRoomWithSettings(
          tx,
          message.clientId,
          message.customerPhone,
          message.channel,
          message.channelId,
        );
        const [customer, arrival] = await Promise.all([saving, reading]);
        const live = arrival.room;
        const type = CHAT_TYPE[message.type];
        const content = contentOf(message);
        const latest = { preview: content ?? `[${type}]`, fromCs: false, at: message.sentAt };
        const messageRow = {
          clientId: message.clientId,
          id: newId(message.sentAt.getTime()),
          roomId: live?.id ?? newId(),
          channel: message.channel,
          providerMessageId: message.providerMessageId,
          type,
          content,
          mimeType: message.media?.mimeType ?? null,
          fromCs: false,
          replyToProviderMessageId: message.replyToProviderMessageId,
          createdAt: message.sentAt,
        };
        const events: InboxEvent[] = [];
        let stored: CsMessageRow | null;
        let room: CsRoomRow;
        let newBotId: string | null = null;
        let config: CsConfig | null = null;
        // Read with the live room, before any client-wide lock (decision 0054).
        const rules: AutoReplyRules | undefined = autoReplyRulesAhead(deps, message.channel, arrival.rules);
        if (live) {
          // The message and its mark on the room (preview, unread) in one statement.
          const saved = await insertCustomerMessageOnce(tx, messageRow, latest);
          stored = saved?.message ?? null;
          room = saved?.room ?? live;
        } else {
          // Stored before the client-wide locks below (routing, room numbers), so they are held for
          // as few statements as possible; a repeated delivery opens no room.
          stored = await insertMessageOnce(tx, messageRow);
          if (!stored) return;
          const assignedAt = new Date();
          // The whole row, defaults included: in one statement the events are built before it is stored.
          const rowFor = (choice: Choice | null, isBot: boolean): CsRoomRow => ({
            clientId: message.clientId,
            id: messageRow.roomId,
            shortId: 0,
            customerId: customer.id,
            customerPhoneNumber: message.customerPhone,
            customerName: customer.name ?? message.customerName,
            channel: message.channel,
            mediaPlatform: message.channel,
            channelId: message.channelId,
            status: choice?.csId ? 'open' : 'queued',
            csId: choice?.csId ?? null,
            isBot,
            botHandled: isBot,
            isInternal: false,
            priority: null,
            categoryId: null,
            categoryName: null,
            tags: [],
            remarks: null,
            campaign: null,
            assignmentReason: choice?.reason ?? 'queued: waiting for an agent',
            assignedAt: choice?.csId ? assignedAt : null,
            closedAt: null,
            closedBy: null,
            mergedInto: null,
            openedByCsId: null,
            // Born with its first message: no second write to the row.
            ...lastMessageColumns(latest),
            unreadCount: 1,
            csatRequestedAt: null,
            csatScore: null,
            csatAt: null,
            createdAt: assignedAt,
          });
          const botFor = (settings: CsConfig, defaultBotId: string | null) =>
            botForNewRoom(deps, tx, message.clientId, settings, message.sentAt, defaultBotId);
          let opened: CsRoomRow | null = null;
          // The new room's events (room, assignment, message) went out in the statement that opened it.
          let publishedRoom = false;
          if (deps.openInOneStatement !== false) {
            // Routing prepared without the lock, then ONE statement takes it, chooses from the live
            // loads, numbers and inserts the room and publishes (decision 0077): the lock is held for
            // that statement and the commit.
            const ahead = await prepareNewRoomRouting(tx, message.clientId, customer.csId);
            config = ahead.config;
            newBotId = await botFor(config, ahead.defaultBotId);
            const decide = config.autoAssignTicket && newBotId === null;
            const predicted = rowFor(decide ? ahead.expected : null, newBotId !== null);
            const target = deps.realtime?.statementTarget;
            // Published in the statement only when nothing is published after it (no automatic answer).
            const publishHere =
              target !== undefined && !mayReplyAutomatically(deps, predicted, config, rules);
            // Nothing follows it (no bot session to insert): the statement ends the transaction.
            const commit = endsTransaction && publishHere && newBotId === null;
            const outcome = await openRoutedRoom(tx, {
              clientId: message.clientId,
              decide,
              strategy: config.strategy,
              preferredCsId: customer.csId,
              knownCsIds: ahead.knownCsIds,
              offScheduleCsIds: ahead.offScheduleCsIds,
              expectedCsId: predicted.csId,
              // Its assignment time, should the statement give the room to an agent.
              room: roomColumnsJson({ ...predicted, assignedAt }),
              events: publishHere ? toStatementEvents(newRoomEvents(predicted, stored)) : null,
              channel: target?.channel ?? null,
              maxInlineBytes: target?.maxInlineBytes ?? 0,
              commit,
            });
            if (outcome) {
              noteRoomWrite(message.clientId);
              opened = {
                ...rowFor({ csId: outcome.csId, reason: outcome.reason } as Choice, newBotId !== null),
                shortId: outcome.shortId,
              };
              publishedRoom = outcome.published;
            }
          }
          if (opened) room = opened;
          else {
            // Decision 0073's path: on the embedded database (one connection, no lock waits to shorten),
            // or when an agent came online after the read (their schedule is unknown to the statement).
            const locked = await getCsConfigLockingRouting(tx, message.clientId);
            config = locked.config;
            newBotId = await botFor(config, locked.defaultBotId);
            const choice =
              config.autoAssignTicket && newBotId === null
                ? await chooseAssignmentAmong(tx, message.clientId, config, locked.agents, [], customer.csId)
                : null;
            const { shortId: _unnumbered, ...row } = rowFor(choice, newBotId !== null);
            room = await insertNumberedRoom(tx, row, choice?.csId ?? null);
          }
          if (!publishedRoom) events.push(...newRoomEvents(room, stored));
        }
        // A repeated delivery: the message is already stored and was already announced.
        if (!stored) return;
        if (live) events.push(newMessageEvent(room, stored));
        // The inbox answering by itself (auto-reply, maintenance), after the message it answers.
        const reply = await replyAutomatically(deps, tx, {
          room,
          message,
          isNewRoom: !live,
          // A new room's from under the routing lock; a live room's read with it.
          config: async () => config ?? withDefaults(arrival.savedConfig),
          rules,
        });
        events.push(...reply.events);
        automatic.push(...reply.queued);
        // Last, in one round trip: the client's sequence lock is held only from here to commit, which
        // rides with it when nothing follows (a new bot room's session does).
        await publishInboxEvents(deps, tx, message.clientId, events, {
          commit: endsTransaction && newBotId === null,
        });
        // A bot room's bot answers in a job, after this transaction.
        await botHeard(deps, tx, room, newBotId, afterCommit);
        const queued = automatic.splice(0);
        if (afterCommit) afterCommit.add(() => dispatchAutomatic(deps, queued));
        // A caller's transaction without an after-commit queue: dispatched now, the send claims the
        // row only once it is committed (PGlite runs it after; on PostgreSQL the send job finds it).
        else dispatchAutomatic(deps, queued);
      });
      await own?.run();
    },

    async applyStatus(executor: Executor, update: StatusUpdate) {
      const row = await advanceMessageStatus(
        executor,
        update.clientId,
        update.channel,
        update.providerMessageId,
        update.status,
        update.error,
      );
      if (!row) return;
      await announceMessageChange(deps, executor, row, 'MESSAGE_STATUS', {
        status: row.status,
        error: row.errorCode ? { code: row.errorCode, title: row.errorTitle } : null,
      });
    },

    /** Messaging tried an agent's message: it gets the provider's id (its ticks follow) or the failure. */
    async applyOutboundResult(executor, result) {
      if (!isId(result.sourceRef)) return;
      const row = await settlePendingMessage(
        executor,
        result.clientId,
        result.sourceRef,
        result.status === 'sent'
          ? { status: 'sent', providerMessageId: result.providerMessageId }
          : // The inbox has always shown a failed send this way; the ledger keeps the provider's code.
            { status: 'failed', errorCode: 'send_failed', errorTitle: result.error.title },
      );
      if (!row) return;
      await announceMessageChange(deps, executor, row, 'MESSAGE_STATUS', {
        status: row.status,
        error: row.errorCode ? { code: row.errorCode, title: row.errorTitle } : null,
      });
    },

    async applyReaction(executor, input) {
      const row = await updateMessageByProviderId(
        executor,
        input.clientId,
        input.channel,
        input.providerMessageId,
        { reaction: input.emoji },
      );
      // Reacting to a message we never stored: the channel's ledger keeps the reaction.
      if (!row) return;
      await announceMessageChange(deps, executor, row, 'MESSAGE_REACTION', { reaction: row.reaction });
    },

    async mediaStored(executor, input) {
      const row = await updateMessageByProviderId(
        executor,
        input.clientId,
        'whatsapp',
        input.providerMessageId,
        {
          url: input.url,
          ...(input.mimeType ? { mimeType: input.mimeType } : {}),
        },
      );
      if (!row) return;
      await announceMessageChange(deps, executor, row, 'MESSAGE_MEDIA', { url: row.url });
    },
  };
}
