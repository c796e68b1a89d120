import { isId, newId } from '../../../lib/ids.js';
import { toPhoneDigits } from '../../../lib/phone.js';
import { type Actor, actorLabel, csIdOf } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import { fileUrl, imageMimeTypeOf, parseOwnFileLink } from '../../../platform/storage/index.js';
import { clientPhoneCountry } from '../../clients/index.js';
import { channelNotConfigured, type OutboundContent } from '../../messaging/index.js';
import { isInboxSupervisor } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  customerWindowClosed,
  imageLinkNotAllowed,
  imageTypeNotAllowed,
  mediaNotReady,
  messageNotFound,
  roomClosed,
  roomNotYours,
  templateNotForInternalRoom,
  templateNotFound,
  uploadsNotConfigured,
} from '../inbox.errors.js';
import { publishInboxEvent, roomAudience } from '../inbox.events.js';
import { internalAudience, markInternalRead, recordInternalMessage } from '../internal/internal.service.js';
import { toRoom } from '../rooms/room.view.js';
import { findRoom, recordMessageOnRoom, updateRoom } from '../rooms/rooms.repository.js';
import { getVisibleRoom, requireCustomerReachable } from '../rooms/rooms.service.js';
import type { CsRoomRow } from '../rooms/rooms.tables.js';
import { findTemplate } from '../templates/templates.repository.js';
import {
  findLastMessage,
  findMessage,
  insertMessage,
  listMessageRows,
  listMessagesAfter,
  listMessagesOfCustomer,
  markCustomerMessagesRead,
} from './chat.repository.js';
import { toMessage } from './message.view.js';
import { messagePage, readMessageCursor } from './message-cursor.js';

/** The inbox's name in messaging's ledger (`source`); its outcomes come back through the inbox port. */
export const INBOX_SOURCE = 'inbox';

export async function listChat(
  db: Executor,
  actor: Actor,
  query: { id: string; pageSize?: number | undefined; lastEvaluatedKey?: string | undefined },
  internal: boolean,
) {
  const room = await getVisibleRoom(db, actor, query.id);
  const cursor = readMessageCursor(query.lastEvaluatedKey);
  const pageSize = query.pageSize ?? 10;
  // An internal room's conversation is its agents' messages: all of them are internal.
  const rows = await listMessageRows(db, actor.clientId, room.id, {
    pageSize,
    cursor,
    internal: room.isInternal ? undefined : internal,
  });
  return messagePage(rows, pageSize, toMessage);
}

async function getVisibleMessage(db: Executor, actor: Actor, messageId: string) {
  const message = isId(messageId) ? await findMessage(db, actor.clientId, messageId) : null;
  if (!message) throw messageNotFound();
  await getVisibleRoom(db, actor, message.roomId).catch(() => {
    throw messageNotFound();
  });
  return message;
}

export async function getChatMessage(db: Executor, actor: Actor, messageId: string) {
  return toMessage(await getVisibleMessage(db, actor, messageId));
}

/** The page of messages starting at one message (jump to a search hit or a reply). */
/**
 * Messages from one message on, of the same kind (internal or the customer conversation). With
 * `isInternalChat` the caller says which kind it jumps into: a message of the other kind answers 404.
 */
export async function getCheckPoint(
  db: Executor,
  actor: Actor,
  messageId: string,
  isInternalChat?: boolean,
  pageSize = 20,
) {
  const message = await getVisibleMessage(db, actor, messageId);
  if (isInternalChat !== undefined && message.isInternal !== isInternalChat) throw messageNotFound();
  const rows = await listMessagesAfter(db, actor.clientId, message, pageSize);
  return { roomId: message.roomId, items: rows.map(toMessage) };
}

/**
 * Where a message's media lives. Only our own copies (set when the channel stored the file) and
 * links an agent sent are served, as a redirect: the server never fetches arbitrary URLs.
 */
export async function getMediaUrl(db: Executor, actor: Actor, messageId: string) {
  const message = await getVisibleMessage(db, actor, messageId);
  if (!message.url) throw mediaNotReady();
  return message.url;
}

export async function getLastMessage(db: Executor, actor: Actor, roomId: string, fromCs: boolean) {
  const room = await getVisibleRoom(db, actor, roomId);
  const row = await findLastMessage(db, actor.clientId, room.id, fromCs);
  return { message: row ? toMessage(row) : null };
}

/** A customer's latest messages, under the rules of /api/cs/chat: an agent reads only rooms they may open. */
export async function listMessagesOfContact(db: Executor, actor: Actor, contactNumber: string) {
  const phone = toPhoneDigits(contactNumber, await clientPhoneCountry(db, actor.clientId));
  const agentCsId = await requireCustomerReachable(db, actor, phone);
  const rows = await listMessagesOfCustomer(db, actor.clientId, phone, 50, agentCsId);
  return { items: rows.map((row) => toMessage(row.message)) };
}

export type SendInput = {
  roomId: string;
  content?: string | undefined;
  type: 'text' | 'image';
  url?: string | undefined;
};

/**
 * An agent's message. In an internal room it is stored only. Otherwise it goes to the customer
 * through the channel: outside the 24-hour window a free-form message is refused; the message is
 * stored first, so a send that fails is kept, marked failed, with the provider's reason.
 */
export async function sendChatMessage(deps: InboxDeps, actor: Actor, input: SendInput) {
  const fileId = input.type === 'image' ? await ownImageFileId(deps, actor.clientId, input.url) : null;
  const room = await getWritableRoom(deps, actor, input.roomId);
  await assertFreeFormAllowed(deps, actor, room);
  const outbound: OutboundContent | null = room.isInternal
    ? null
    : fileId !== null
      ? {
          kind: 'image',
          url: `${deps.publicUrl ?? ''}${deps.storage!.sharedPath(actor.clientId, fileId)}`,
          caption: input.content ?? null,
        }
      : { kind: 'text', text: input.content ?? '' };
  return storeAndSend(
    deps,
    actor,
    room,
    fileId === null ? input : { ...input, url: fileUrl(fileId) },
    outbound,
  );
}

/**
 * An image sent by link must be a file of this client in our storage: its link (`/api/files/{id}`)
 * or its signed shared link. Anything else (`javascript:`, `data:`, another site, which could track
 * the customer or the agents who open it) is refused. Answers the file id.
 */
async function ownImageFileId(deps: InboxDeps, clientId: string, url: string | undefined) {
  const link = url ? parseOwnFileLink(url.trim(), deps.publicUrl) : null;
  if (!link || !deps.storage) throw imageLinkNotAllowed();
  if (link.kind === 'shared' && link.clientId !== clientId) throw imageLinkNotAllowed();
  try {
    const file =
      link.kind === 'file'
        ? await deps.storage.get(deps.db, clientId, link.fileId)
        : await deps.storage.getShared(deps.db, link);
    return file.id;
  } catch (error) {
    if (error instanceof AppError && error.code === 'file_not_found') throw imageLinkNotAllowed();
    throw error;
  }
}

export type ImageSendInput = {
  roomId: string;
  caption?: string | undefined;
  bytes: Buffer;
  fileName: string | null;
};

/**
 * An image the agent uploaded. Same rules as a text (a room the agent may write in, the 24-hour
 * window); the file is kept in our storage first, the message shows our copy to agents, and the
 * channel gets a signed link to the same file, which the provider fetches without a login.
 */
export async function sendChatImage(deps: InboxDeps, actor: Actor, input: ImageSendInput) {
  const mimeType = imageMimeTypeOf(input.bytes);
  if (!mimeType) throw imageTypeNotAllowed();
  if (!deps.storage) throw uploadsNotConfigured();
  const room = await getWritableRoom(deps, actor, input.roomId);
  await assertFreeFormAllowed(deps, actor, room);
  const file = await deps.storage.save(deps.db, {
    clientId: actor.clientId,
    bytes: input.bytes,
    mimeType,
    fileName: input.fileName,
  });
  const caption = input.caption?.trim() ? input.caption.trim() : undefined;
  const outbound: OutboundContent | null = room.isInternal
    ? null
    : {
        kind: 'image',
        url: `${deps.publicUrl ?? ''}${deps.storage.sharedPath(actor.clientId, file.id)}`,
        caption: caption ?? null,
      };
  return storeAndSend(
    deps,
    actor,
    room,
    { type: 'image', content: caption, url: fileUrl(file.id) },
    outbound,
  );
}

/**
 * The 24-hour customer window of a room's customer, so the chat box can say how long free text is
 * still allowed and switch to templates once it closes. Internal rooms have no window.
 */
export async function getRoomWindow(deps: InboxDeps, actor: Actor, roomId: string) {
  const room = await getVisibleRoom(deps.db, actor, roomId);
  if (room.isInternal) return { roomId: room.id, open: true, closesAt: null, internal: true };
  if (!deps.messaging) throw channelNotConfigured();
  const window = await deps.messaging.customerWindow(
    actor.clientId,
    'whatsapp',
    room.customerPhoneNumber,
    room.channelId,
  );
  return {
    roomId: room.id,
    open: window.open,
    closesAt: window.closesAt?.toISOString() ?? null,
    internal: false,
  };
}

export type TemplateSendInput = {
  roomId: string;
  templateId: string;
  language: string;
  parameters: string[];
};

/**
 * Sends an active chat template as a WhatsApp template message: allowed whether or not the 24-hour
 * window is open, which is how an agent reopens a conversation. The template's name is the approved
 * WhatsApp template's name; its content, with {{n}} filled in, is what the agents' view shows.
 */
export async function sendTemplateMessage(deps: InboxDeps, actor: Actor, input: TemplateSendInput) {
  const room = await getWritableRoom(deps, actor, input.roomId);
  if (room.isInternal) throw templateNotForInternalRoom();
  const template = isId(input.templateId)
    ? await findTemplate(deps.db, actor.clientId, input.templateId)
    : null;
  if (!template?.active) throw templateNotFound();
  const content = template.content.replace(/\{\{(\d+)\}\}/g, (whole, index: string) => {
    const value = input.parameters[Number(index) - 1];
    return value === undefined ? whole : value;
  });
  return storeAndSend(
    deps,
    actor,
    room,
    { type: 'template', content },
    { kind: 'template', templateName: template.name, language: input.language, parameters: input.parameters },
  );
}

/** The room an agent may write in: open, theirs (or a supervisor's), with a channel to send through. */
async function getWritableRoom(deps: InboxDeps, actor: Actor, roomId: string) {
  const room = await getVisibleRoom(deps.db, actor, roomId);
  if (room.status === 'closed') throw roomClosed();
  if (room.csId && room.csId !== csIdOf(actor) && !isInboxSupervisor(actor) && !room.isInternal)
    throw roomNotYours();
  if (!room.isInternal && !deps.messaging) throw channelNotConfigured();
  return room;
}

/** A free-form message (text, image) reaches a customer only inside their 24-hour window. */
async function assertFreeFormAllowed(deps: InboxDeps, actor: Actor, room: CsRoomRow) {
  if (room.isInternal) return;
  // A local check (the channel's ledger), not a provider call: refused here, in the request.
  const window = await deps.messaging!.customerWindow(
    actor.clientId,
    'whatsapp',
    room.customerPhoneNumber,
    room.channelId,
  );
  if (!window.open) throw customerWindowClosed();
}

/**
 * Stores the agent's message (`pending`: the clock tick) and, in the same transaction, queues it in
 * messaging's outbound ledger; after commit messaging sends it (at once in this process, its job as
 * the guarantee) and tells the inbox the provider's id or the failure (`applyOutboundResult`), which
 * the room's audience hears as MESSAGE_STATUS. The request never waits for the provider.
 */
async function storeAndSend(
  deps: InboxDeps,
  actor: Actor,
  room: CsRoomRow,
  input: { type: string; content?: string | undefined; url?: string | undefined },
  outbound: OutboundContent | null,
) {
  const { message: stored, queued } = await deps.db.transaction(async (tx) => {
    const message = await insertMessage(tx, {
      clientId: actor.clientId,
      id: newId(),
      roomId: room.id,
      channel: room.channel,
      type: input.type,
      content: input.content ?? null,
      url: input.url ?? null,
      fromCs: true,
      csId: csIdOf(actor),
      isInternal: room.isInternal,
      status: room.isInternal ? null : 'pending',
    });
    await recordMessageOnRoom(tx, actor.clientId, room.id, {
      preview: input.content ?? `[${input.type}]`,
      fromCs: true,
      at: message.createdAt,
    });
    if (room.isInternal) await recordInternalMessage(tx, room, csIdOf(actor));
    // The first answer to a waiting customer takes the room.
    if (room.status === 'queued' && csIdOf(actor)) {
      await updateRoom(tx, actor.clientId, room.id, {
        status: 'open',
        csId: csIdOf(actor),
        assignedAt: new Date(),
        assignmentReason: `answered by ${actorLabel(actor)}`,
      });
    }
    const queued = outbound
      ? await deps.messaging!.queueMessage(tx, actor.clientId, {
          channel: 'whatsapp',
          channelAccountId: room.channelId,
          recipient: room.customerPhoneNumber,
          content: outbound,
          source: INBOX_SOURCE,
          sourceRef: message.id,
          idempotencyKey: `${INBOX_SOURCE}:${message.id}`,
        })
      : null;
    return { message, queued };
  });
  const current = (await findRoom(deps.db, actor.clientId, room.id))!;
  await publishInboxEvent(deps, deps.db, {
    clientId: actor.clientId,
    audience: current.isInternal ? internalAudience(current) : roomAudience(current.csId),
    typeNotif: 'NEW_MESSAGE',
    messageId: stored.id,
    data: { roomId: room.id },
    chat: toMessage(stored),
    chatroom: toRoom(current),
  });
  // After NEW_MESSAGE, so the room hears of the message before its ticks move.
  if (queued) deps.messaging!.dispatch(queued);
  return toMessage(stored);
}

export async function markRoomRead(deps: InboxDeps, actor: Actor, roomId: string) {
  return deps.db.transaction(async (tx) => {
    const room = await getVisibleRoom(tx, actor, roomId);
    const read = await markCustomerMessagesRead(tx, actor.clientId, room.id);
    await updateRoom(tx, actor.clientId, room.id, { unreadCount: 0 });
    if (room.isInternal) await markInternalRead(tx, actor, room);
    await publishInboxEvent(deps, tx, {
      clientId: actor.clientId,
      audience: roomAudience(room.csId),
      typeNotif: 'ROOM_READ',
      data: { roomId: room.id, read: read.length },
    });
    return { roomId: room.id, read: read.length };
  });
}
