import type { Actor } from '../../../platform/actor.js';
import type { InboxDeps } from '../inbox.deps.js';
import { publishInboxEvent, roomAudience } from '../inbox.events.js';
import { getVisibleRoom } from '../rooms/rooms.service.js';

/** Fewer typing events than this apart (per person and room) are dropped: the web shows each for a few seconds. */
export const TYPING_MIN_INTERVAL_MS = 2_000;
const lastSent = new Map<string, number>();

/**
 * Tells the others watching a room (its agent and the supervisors) that the caller is typing. Web
 * clients send it at most every few seconds while keys are pressed and hide it when it stops coming;
 * this process also drops repeats closer than TYPING_MIN_INTERVAL_MS.
 */
export async function announceTyping(
  deps: InboxDeps,
  actor: Actor,
  input: { roomId: string; mode: 'reply' | 'note' },
  now = Date.now(),
) {
  const room = await getVisibleRoom(deps.db, actor, input.roomId);
  if (actor.kind !== 'user' || room.status === 'closed') return { roomId: room.id };
  const key = `${actor.clientId}:${actor.userId}:${room.id}:${input.mode}`;
  const last = lastSent.get(key);
  if (last !== undefined && now - last < TYPING_MIN_INTERVAL_MS) return { roomId: room.id };
  lastSent.set(key, now);
  // Keeps the map small: entries older than a minute say nothing any more.
  if (lastSent.size > 10_000)
    for (const [entry, at] of lastSent) if (now - at > 60_000) lastSent.delete(entry);
  await publishInboxEvent(deps, deps.db, {
    clientId: actor.clientId,
    audience: roomAudience(room.csId),
    typeNotif: 'TYPING',
    data: { roomId: room.id, userId: actor.userId, name: actor.name, mode: input.mode },
  });
  return { roomId: room.id };
}
