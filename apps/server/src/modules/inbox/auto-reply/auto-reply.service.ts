import {
  AUTO_REPLY_MESSAGE_TYPE,
  type AutoReplySave,
  AutoReplySaveSchema,
  type CsConfig,
  fillTemplateParameters,
  fillVariables,
  NOTE_MESSAGE_TYPE,
} from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { findCustomerByPhone } from '../../contacts/index.js';
import {
  type InboundMessage,
  type InboxContent,
  type Messaging,
  templateUsability,
} from '../../messaging/index.js';
import { isWithinBusinessHours } from '../availability/availability.service.js';
import type { TemplateMessageValue } from '../bots/bots.tables.js';
import { checkTemplateMessage } from '../bots/template-message.js';
import { insertMessage } from '../chat/chat.repository.js';
import { toMessage } from '../chat/message.view.js';
import type { InboxDeps } from '../inbox.deps.js';
import { autoReplyExists, autoReplyNotFound } from '../inbox.errors.js';
import { type InboxEvent, newMessageEvent, roomAudience } from '../inbox.events.js';
import { toRoom } from '../rooms/room.view.js';
import type { CsRoomRow } from '../rooms/rooms.tables.js';
import { hasAvailableAgent } from '../routing/routing.service.js';
import { matchesKeyword } from './auto-reply.policy.js';
import {
  claimAutoReplyTurn,
  deleteRule,
  insertRule,
  listRuleRows,
  updateRule,
} from './auto-reply.repository.js';
import type { CsAutoReplyRuleRow } from './auto-reply.tables.js';

const INBOX_SOURCE = 'inbox';
/** The rate-limit key of the maintenance message (rules use their id). */
const MAINTENANCE_KEY = 'maintenance';
/** WhatsApp's customer service window: free-form messages only this long after the customer's. */
const CUSTOMER_WINDOW_MS = 24 * 3_600_000;
/** Who the agents see as the author of what the inbox did by itself. */
const AUTHOR = 'Auto-reply';

export function toAutoReply(row: CsAutoReplyRuleRow) {
  return {
    id: row.id,
    trigger: row.trigger,
    keywords: row.keywords,
    reply: row.reply,
    periodMinutes: row.periodMinutes,
    enabled: row.enabled,
    template: row.template ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAutoReplies(db: Executor, actor: Actor, query: { id?: string | undefined }) {
  if (query.id !== undefined && !isId(query.id)) throw autoReplyNotFound();
  const rows = await listRuleRows(db, actor.clientId, query.id ? { id: query.id } : {});
  if (query.id !== undefined && rows.length === 0) throw autoReplyNotFound();
  return { items: rows.map(toAutoReply) };
}

const isUniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505' ||
  (error as { code?: string }).code === '23505';

/** POST: a new rule, a change to the rule named by `id`, or (`remove: true`) its removal. */
export async function saveAutoReply(
  db: Executor,
  actor: Actor,
  body: { id: string; remove: true } | AutoReplySave,
) {
  if ('remove' in body) {
    const deleted = isId(body.id) ? await deleteRule(db, actor.clientId, body.id) : 0;
    if (!deleted) throw autoReplyNotFound();
    return { deleted };
  }
  const input = AutoReplySaveSchema.parse(body);
  const values = {
    trigger: input.trigger,
    // Only keyword rules have keywords; kept lower-case and once each.
    keywords: input.trigger === 'keyword' ? [...new Set(input.keywords.map((k) => k.toLowerCase()))] : [],
    reply: input.reply,
    periodMinutes: input.periodMinutes,
    enabled: input.enabled,
    template: input.template,
  };
  // Only one of the client's APPROVED templates (decision 0044); another client's is not found.
  if (input.template) await checkTemplateMessage(db, actor.clientId, input.template);
  if (input.id !== undefined) {
    const row = isId(input.id)
      ? await updateRule(db, actor.clientId, input.id, values).catch((error: unknown) => {
          if (isUniqueViolation(error)) throw autoReplyExists();
          throw error;
        })
      : null;
    if (!row) throw autoReplyNotFound();
    return toAutoReply(row);
  }
  const row = await insertRule(db, { clientId: actor.clientId, id: newId(), ...values });
  if (!row) throw autoReplyExists();
  return toAutoReply(row);
}

/** What the inbound flow needs to answer by itself: the outbound path, when this process has one. */
export type AutoReplyDeps = Pick<InboxDeps, 'realtime'> & {
  /** Read when a reply is due: the inbox port is built before messaging, which needs the port. */
  messaging?: (() => Messaging | undefined) | undefined;
};

/** A ledger row to hand to `messaging.dispatch` once the inbound transaction commits. */
export type QueuedOutbound = Awaited<ReturnType<Messaging['queueMessage']>>;
export type AutomaticReply = { events: InboxEvent[]; queued: QueuedOutbound[] };
const NO_REPLY: AutomaticReply = { events: [], queued: [] };

type Inbound = {
  room: CsRoomRow;
  message: InboundMessage;
  isNewRoom: boolean;
  /** The client's configuration (a new room has read it already). */
  config: () => Promise<CsConfig>;
  /** The enabled rules when the caller read them before taking the client's routing lock. */
  rules?: AutoReplyRules | undefined;
};

export type AutoReplyRules = Awaited<ReturnType<typeof listRuleRows>>;

/**
 * The enabled rules the arrival read with its live room (`findLiveRoomWithSettings`), before the
 * client's routing lock: the lock is held one statement less, and the rules cost no statement of their
 * own (decision 0067). Undefined when the inbox will not answer by itself on this channel.
 */
export function autoReplyRulesAhead(
  deps: AutoReplyDeps,
  channel: string,
  rules: AutoReplyRules,
): AutoReplyRules | undefined {
  if (!deps.messaging?.() || channel !== 'whatsapp') return undefined;
  return rules;
}

/** Rooms the inbox may answer by itself: not the bot's, not internal, on WhatsApp. */
const answerable = (room: Pick<CsRoomRow, 'isBot' | 'isInternal' | 'channel'>) =>
  !room.isBot && !room.isInternal && room.channel === 'whatsapp';

/**
 * Whether `replyAutomatically` may answer this message (it can only when this holds): false lets a new
 * conversation publish its events in the statement that opens the room (decision 0077).
 */
export function mayReplyAutomatically(
  deps: AutoReplyDeps,
  room: Pick<CsRoomRow, 'isBot' | 'isInternal' | 'channel'>,
  config: CsConfig,
  rules: AutoReplyRules | undefined,
): boolean {
  if (!deps.messaging?.() || !answerable(room)) return false;
  return config.maintenance.enabled || rules === undefined || rules.length > 0;
}

/**
 * The inbox's automatic answer to a customer's message (decision 0036), in the inbound transaction:
 * the maintenance message while the inbox is in maintenance, else the first auto-reply rule that
 * fires and whose turn the customer has (once per period each). Bot rooms belong to the bot.
 * Answers the events to publish with the customer's message and the ledger rows to dispatch after commit.
 */
export async function replyAutomatically(
  deps: AutoReplyDeps,
  tx: Executor,
  inbound: Inbound,
): Promise<AutomaticReply> {
  const { room, message } = inbound;
  const messaging = deps.messaging?.();
  if (!messaging || !answerable(room)) return NO_REPLY;
  const config = await inbound.config();
  const at = message.sentAt;
  const phone = room.customerPhoneNumber;
  if (config.maintenance.enabled) {
    const turn = await claimAutoReplyTurn(
      tx,
      room.clientId,
      MAINTENANCE_KEY,
      phone,
      at,
      config.maintenance.periodMinutes,
    );
    if (!turn) return NO_REPLY;
    if (windowClosed(message))
      return skipAutomatic(tx, room, 'the maintenance message', WINDOW_CLOSED_REASON);
    return sendAutomatic(messaging, tx, room, message, config.maintenance.message);
  }
  const rules = inbound.rules ?? (await listRuleRows(tx, room.clientId, { enabledOnly: true }));
  if (rules.length === 0) return NO_REPLY;
  // Facts read once, and only when a rule asks.
  let open: boolean | undefined;
  let agentFree: boolean | undefined;
  for (const rule of rules) {
    let fires: boolean;
    switch (rule.trigger) {
      case 'keyword':
        // While the customer waits for an agent: an agent in the conversation answers for themself.
        fires = !room.csId && matchesKeyword(message.text ?? '', rule.keywords);
        break;
      case 'outsideBusinessHours':
        open ??= await isWithinBusinessHours(tx, room.clientId, at);
        fires = !room.csId && !open;
        break;
      case 'noAgentOnline':
        agentFree ??= await hasAvailableAgent(tx, room.clientId, at);
        fires = !room.csId && !agentFree;
        break;
      case 'firstMessage':
        fires = inbound.isNewRoom;
        break;
    }
    if (!fires) continue;
    if (!(await claimAutoReplyTurn(tx, room.clientId, rule.id, phone, at, rule.periodMinutes))) continue;
    if (!windowClosed(message)) return sendAutomatic(messaging, tx, room, message, rule.reply);
    // Outside the window only an approved template may go (decision 0044): the rule's, or nothing.
    const what = `the ${rule.trigger} auto-reply`;
    if (!rule.template)
      return skipAutomatic(tx, room, what, `${WINDOW_CLOSED_REASON} and the rule has no template`);
    return sendAutomaticTemplate(messaging, tx, room, message, rule.template, what);
  }
  return NO_REPLY;
}

const WINDOW_CLOSED_REASON = 'the customer’s 24-hour window is closed';

/**
 * Whether the customer's window had closed when their message reached us: WhatsApp retries a webhook
 * for days, so a message may arrive more than 24 hours after it was written. The message answered is
 * the customer's latest this turn knows of.
 */
function windowClosed(message: InboundMessage) {
  return (
    message.receivedAt !== undefined &&
    message.receivedAt.getTime() - message.sentAt.getTime() >= CUSTOMER_WINDOW_MS
  );
}

/** Nothing sent: an internal note tells the agents which automatic answer was left out, and why. */
async function skipAutomatic(
  tx: Executor,
  room: CsRoomRow,
  what: string,
  reason: string,
): Promise<AutomaticReply> {
  const note = await insertMessage(tx, {
    clientId: room.clientId,
    id: newId(),
    roomId: room.id,
    channel: room.channel,
    type: NOTE_MESSAGE_TYPE,
    content: `Skipped ${what}: ${reason}.`,
    fromCs: true,
    csId: null,
    isInternal: true,
    authorName: AUTHOR,
    status: null,
  });
  return {
    queued: [],
    events: [
      {
        audience: roomAudience(room.csId),
        typeNotif: 'NEW_MESSAGE',
        messageId: note.id,
        data: { roomId: room.id },
        chat: toMessage(note),
        chatroom: toRoom(room),
      },
    ],
  };
}

/**
 * The rule's template instead of its text, checked again on the conversation's number (it may have
 * been paused since), its values filled from the customer's data.
 */
async function sendAutomaticTemplate(
  messaging: Messaging,
  tx: Executor,
  room: CsRoomRow,
  inbound: InboundMessage,
  template: TemplateMessageValue,
  what: string,
): Promise<AutomaticReply> {
  const usability = await templateUsability(tx, room.clientId, template, room.channelId);
  if (!usability.usable) {
    const why =
      usability.reason === 'not_found'
        ? `this number has no WhatsApp template ${template.name} (${template.language})`
        : `the WhatsApp template ${template.name} is ${usability.status}, not APPROVED`;
    return skipAutomatic(tx, room, what, why);
  }
  const customer = await findCustomerByPhone(tx, room.clientId, room.customerPhoneNumber);
  // `{{name}}` is the customer's WhatsApp name unless their data holds another.
  const parameters = fillTemplateParameters(template.parameters, {
    name: customer?.name ?? room.customerName,
    ...(customer?.userData ?? {}),
  });
  return sendAutomatic(messaging, tx, room, inbound, fillVariables(usability.body, parameters), {
    kind: 'template',
    templateName: template.name,
    language: template.language,
    parameters,
  });
}

/**
 * Stores the automatic message in the room (not as an agent's answer: the room still waits for one)
 * and queues it in messaging's outbound ledger; the caller dispatches it after commit. The customer has
 * just written, so their 24-hour window is open.
 */
async function sendAutomatic(
  messaging: Messaging,
  tx: Executor,
  room: CsRoomRow,
  inbound: InboundMessage,
  text: string,
  content: InboxContent = { kind: 'text', text },
): Promise<AutomaticReply> {
  // After the customer's message, even when the provider stamped it in whole seconds.
  const createdAt = new Date(Math.max(Date.now(), inbound.sentAt.getTime() + 1));
  const stored = await insertMessage(tx, {
    clientId: room.clientId,
    id: newId(createdAt.getTime()),
    roomId: room.id,
    channel: room.channel,
    type: AUTO_REPLY_MESSAGE_TYPE,
    content: text,
    fromCs: true,
    csId: null,
    status: 'pending',
    createdAt,
  });
  const queued = await messaging.queueMessage(tx, room.clientId, {
    channel: 'whatsapp',
    channelAccountId: room.channelId,
    recipient: room.customerPhoneNumber,
    content,
    source: INBOX_SOURCE,
    sourceRef: stored.id,
    idempotencyKey: `${INBOX_SOURCE}:${stored.id}`,
  });
  return {
    queued: [queued],
    events: [newMessageEvent(room, stored)],
  };
}
