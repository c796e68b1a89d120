import { and, eq, isNull } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { noteRoomWrite } from '../rooms/room-list-cache.js';
import { csRooms } from '../rooms/rooms.tables.js';

/** Sets the room's rating only if it has none: the first answer stands. Answers the room when set. */
export async function recordCsatOnce(
  db: Executor,
  clientId: string,
  roomId: string,
  score: number,
  at: Date,
) {
  const [row] = await db
    .update(csRooms)
    .set({ csatScore: score, csatAt: at })
    .where(inClient(csRooms, clientId, and(eq(csRooms.id, roomId), isNull(csRooms.csatScore))))
    .returning();
  noteRoomWrite(clientId);
  return row ?? null;
}
