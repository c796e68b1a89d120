import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { csRooms } from '../rooms/rooms.tables.js';
import { csInternalUnreads } from './internal.tables.js';

/** Internal rooms not closed: the caller's (as its agent or its opener), or every one for a supervisor. */
export async function listInternalRoomRows(
  db: Executor,
  clientId: string,
  options: { participant: string | null; limit: number; offset: number },
) {
  return db
    .select()
    .from(csRooms)
    .where(
      inClient(
        csRooms,
        clientId,
        eq(csRooms.isInternal, true),
        ne(csRooms.status, 'closed'),
        options.participant
          ? or(eq(csRooms.csId, options.participant), eq(csRooms.openedByCsId, options.participant))
          : undefined,
      ),
    )
    .orderBy(sql`coalesce(${csRooms.lastMessageAt}, ${csRooms.createdAt}) desc`, desc(csRooms.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** The reader's unread count in each of these rooms (0 when none is kept). */
export async function unreadCountsOf(db: Executor, clientId: string, csId: string, roomIds: string[]) {
  if (roomIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ roomId: csInternalUnreads.roomId, unreadCount: csInternalUnreads.unreadCount })
    .from(csInternalUnreads)
    .where(
      inClient(
        csInternalUnreads,
        clientId,
        eq(csInternalUnreads.csId, csId),
        inArray(csInternalUnreads.roomId, roomIds),
      ),
    );
  return new Map(rows.map((row) => [row.roomId, row.unreadCount]));
}

/** One more unread message for each of these readers, in one statement. */
export async function addUnread(db: Executor, clientId: string, roomId: string, csIds: string[]) {
  if (csIds.length === 0) return;
  await db
    .insert(csInternalUnreads)
    .values(csIds.map((csId) => ({ clientId, roomId, csId, unreadCount: 1 })))
    .onConflictDoUpdate({
      target: [csInternalUnreads.clientId, csInternalUnreads.roomId, csInternalUnreads.csId],
      set: { unreadCount: sql`${csInternalUnreads.unreadCount} + 1` },
    });
}

export async function clearUnread(db: Executor, clientId: string, roomId: string, csId: string) {
  await db
    .update(csInternalUnreads)
    .set({ unreadCount: 0 })
    .where(
      inClient(
        csInternalUnreads,
        clientId,
        and(eq(csInternalUnreads.roomId, roomId), eq(csInternalUnreads.csId, csId)),
      ),
    );
}
