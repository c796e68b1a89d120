import {
  CSAT_BUTTONS,
  CSAT_QUESTION,
  CSAT_REPLY_MESSAGE_TYPE,
  CSAT_REQUEST_MESSAGE_TYPE,
} from '@sapa/contracts';
import { newId } from '../../../lib/ids.js';
import type { Executor } from '../../../platform/database.js';
import type { InboundMessage } from '../../messaging/index.js';
import { insertMessage, insertMessageOnce } from '../chat/chat.repository.js';
import { toMessage } from '../chat/message.view.js';
import type { InboxDeps } from '../inbox.deps.js';
import { publishInboxEvent, roomAudience } from '../inbox.events.js';
import { toRoom } from '../rooms/room.view.js';
import { findRoom, updateRoom } from '../rooms/rooms.repository.js';
import type { CsRoomRow } from '../rooms/rooms.tables.js';
import { recordCsatOnce } from './csat.repository.js';

const INBOX_SOURCE = 'inbox';
const BUTTON_ID = /^csat:([0-9a-f-]{36}):([1-3])$/;

/**
 * Asks the customer of a room that just closed to rate it: a WhatsApp message with one reply button
 * per score, queued through messaging in the closing transaction (the caller dispatches the answered
 * row after commit). Stored in the room as a `csat_request` message, so history shows the question.
 */
export async function requestCsat(deps: InboxDeps, tx: Executor, room: CsRoomRow) {
  if (!deps.messaging || room.isInternal) return null;
  const message = await insertMessage(tx, {
    clientId: room.clientId,
    id: newId(),
    roomId: room.id,
    channel: room.channel,
    type: CSAT_REQUEST_MESSAGE_TYPE,
    content: CSAT_QUESTION,
    fromCs: true,
    csId: null,
    status: 'pending',
  });
  await updateRoom(tx, room.clientId, room.id, { csatRequestedAt: message.createdAt });
  return deps.messaging.queueMessage(tx, room.clientId, {
    channel: 'whatsapp',
    channelAccountId: room.channelId,
    recipient: room.customerPhoneNumber,
    content: {
      kind: 'buttons',
      text: CSAT_QUESTION,
      buttons: CSAT_BUTTONS.map((button) => ({ id: `csat:${room.id}:${button.score}`, title: button.title })),
    },
    source: INBOX_SOURCE,
    sourceRef: message.id,
    idempotencyKey: `${INBOX_SOURCE}:${message.id}`,
  });
}

/**
 * A tapped rating button. The answer joins the closed room it rates (not a new conversation); the
 * room keeps its first score, so a second tap is stored as a message but changes nothing. Answers
 * false when the message is no rating of this client's rooms (it is then an ordinary message).
 */
export async function receiveCsatReply(
  deps: Pick<InboxDeps, 'realtime'>,
  tx: Executor,
  message: InboundMessage,
): Promise<boolean> {
  const match = message.type === 'interactive' ? BUTTON_ID.exec(message.replyId ?? '') : null;
  if (!match) return false;
  const room = await findRoom(tx, message.clientId, match[1]!);
  if (!room?.csatRequestedAt || room.customerPhoneNumber !== message.customerPhone) return false;
  // WhatsApp stamps whole seconds: the answer must not read as older than the question it answers.
  const at = new Date(Math.max(message.sentAt.getTime(), room.csatRequestedAt.getTime() + 1));
  const stored = await insertMessageOnce(tx, {
    clientId: message.clientId,
    id: newId(at.getTime()),
    roomId: room.id,
    channel: message.channel,
    providerMessageId: message.providerMessageId,
    type: CSAT_REPLY_MESSAGE_TYPE,
    content: message.text,
    fromCs: false,
    replyToProviderMessageId: message.replyToProviderMessageId,
    createdAt: at,
  });
  // A redelivered webhook: already handled.
  if (!stored) return true;
  const rated =
    (await recordCsatOnce(tx, message.clientId, room.id, Number(match[2]), message.sentAt)) ?? room;
  await publishInboxEvent(deps, tx, {
    clientId: message.clientId,
    audience: roomAudience(rated.csId),
    typeNotif: 'NEW_MESSAGE',
    messageId: stored.id,
    data: { roomId: room.id },
    chat: toMessage(stored),
    chatroom: toRoom(rated),
  });
  return true;
}
