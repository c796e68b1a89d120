import { type Actor, csIdOf } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import type { RealtimeAudience } from '../../../platform/realtime/realtime.types.js';
import { confinedAgentIdOf, requireInboxAccess } from '../inbox.access.js';
import { toRoom } from '../rooms/room.view.js';
import type { CsRoomRow } from '../rooms/rooms.tables.js';
import { addUnread, clearUnread, listInternalRoomRows, unreadCountsOf } from './internal.repository.js';

/** Who takes part in an internal room: its agent and the agent who opened it. */
export function internalParticipants(room: Pick<CsRoomRow, 'csId' | 'openedByCsId'>): string[] {
  return [...new Set([room.csId, room.openedByCsId].filter((id): id is string => Boolean(id)))];
}

/** Who hears an internal room live: both participants, and the supervisors. */
export function internalAudience(room: Pick<CsRoomRow, 'csId' | 'openedByCsId'>): RealtimeAudience {
  return { csIds: internalParticipants(room), chatRoles: ['SPV'] };
}

/** A message in an internal room is unread for every participant but its writer. */
export async function recordInternalMessage(tx: Executor, room: CsRoomRow, writerCsId: string | null) {
  await addUnread(
    tx,
    room.clientId,
    room.id,
    internalParticipants(room).filter((csId) => csId !== writerCsId),
  );
}

/** The reader has read the internal room (other participants keep their counts). */
export async function markInternalRead(tx: Executor, actor: Actor, room: CsRoomRow) {
  const csId = csIdOf(actor);
  if (csId) await clearUnread(tx, actor.clientId, room.id, csId);
}

/**
 * The caller's internal rooms that are not closed, latest activity first, each with the caller's own
 * unread count (GET /chatRoomInternal): an agent sees the ones they take part in, a supervisor all.
 */
export async function listInternalRooms(
  db: Executor,
  actor: Actor,
  query: { pageNumber?: number | undefined; pageSize?: number | undefined },
) {
  requireInboxAccess(actor);
  const pageSize = query.pageSize ?? 20;
  const pageNumber = query.pageNumber ?? 1;
  const csId = csIdOf(actor);
  const rows = await listInternalRoomRows(db, actor.clientId, {
    participant: confinedAgentIdOf(actor),
    limit: pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  const unread = csId
    ? await unreadCountsOf(
        db,
        actor.clientId,
        csId,
        rows.map((row) => row.id),
      )
    : new Map();
  return {
    pageSize,
    pageNumber,
    items: rows.map((row) => ({ ...toRoom(row), unreadCount: unread.get(row.id) ?? 0 })),
  };
}
