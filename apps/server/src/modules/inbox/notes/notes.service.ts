import { NOTE_MESSAGE_TYPE } from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import { type Actor, csIdOf } from '../../../platform/actor.js';
import { findAgent } from '../agents/agents.repository.js';
import { colleagueName } from '../agents/agents.service.js';
import { insertMessage } from '../chat/chat.repository.js';
import { toMessage } from '../chat/message.view.js';
import type { InboxDeps } from '../inbox.deps.js';
import { agentNotFound, roomClosed } from '../inbox.errors.js';
import { publishInboxEvents, roomAudience } from '../inbox.events.js';
import { toRoom } from '../rooms/room.view.js';
import { getVisibleRoom } from '../rooms/rooms.service.js';

export type NoteInput = { roomId: string; content: string; mentions?: string[] | undefined };

/**
 * A private note in a room the caller sees (issue 13): stored with the conversation for agents and
 * supervisors, never queued to messaging, so no channel ever carries it; it does not count as the
 * room's last message (the customer still waits for an answer). Mentioned colleagues (csIds of this
 * client) hear NOTE_MENTION wherever they are; a supervisor's note on an agent's room is a whisper
 * the agent sees live.
 */
export async function writeNote(deps: InboxDeps, actor: Actor, input: NoteInput) {
  return deps.db.transaction(async (tx) => {
    const room = await getVisibleRoom(tx, actor, input.roomId);
    if (room.status === 'closed') throw roomClosed();
    const mentioned = [...new Set(input.mentions ?? [])];
    for (const csId of mentioned) {
      const agent = isId(csId) ? await findAgent(tx, actor.clientId, { csId }) : null;
      if (!agent || agent.deleted) throw agentNotFound();
    }
    const authorName = await colleagueName(tx, actor);
    const note = await insertMessage(tx, {
      clientId: actor.clientId,
      id: newId(),
      roomId: room.id,
      channel: room.channel,
      type: NOTE_MESSAGE_TYPE,
      content: input.content,
      fromCs: true,
      csId: csIdOf(actor),
      isInternal: true,
      authorName,
      status: null,
    });
    const message = toMessage(note);
    const others = mentioned.filter((csId) => csId !== csIdOf(actor));
    await publishInboxEvents(deps, tx, actor.clientId, [
      {
        audience: roomAudience(room.csId),
        typeNotif: 'NEW_MESSAGE',
        messageId: note.id,
        data: { roomId: room.id },
        chat: message,
        chatroom: toRoom(room),
      },
      ...(others.length
        ? [
            {
              audience: { csIds: others },
              typeNotif: 'NOTE_MENTION' as const,
              messageId: note.id,
              data: { roomId: room.id, shortId: room.shortId, by: authorName, byCsId: csIdOf(actor) },
              chat: message,
            },
          ]
        : []),
    ]);
    return message;
  });
}
