import { withDefaults } from '@sapa/contracts';
import type { Database } from '../../../platform/database.js';
import { unsafeListAutoCloseClients } from '../configuration/configuration.repository.js';
import type { InboxDeps } from '../inbox.deps.js';
import { publishInboxEvent, roomAudience } from '../inbox.events.js';
import { toRoom } from './room.view.js';
import { listIdleRoomIds, updateRoom } from './rooms.repository.js';

export const AUTO_CLOSE_JOB = 'inbox.auto-close';
export const AUTO_CLOSED_BY = 'system:autoclose';

/**
 * Closes live rooms idle longer than each client's `autoclose.minutes`. Safe to run twice: a room
 * closes only while it is still live and idle.
 */
export async function autoCloseIdleRooms(
  deps: Pick<InboxDeps, 'realtime'> & { db: Database },
  now = new Date(),
) {
  let closed = 0;
  for (const { clientId, config } of await unsafeListAutoCloseClients(deps.db)) {
    const { autoclose } = withDefaults(config);
    const cutoff = new Date(now.getTime() - autoclose.minutes * 60_000);
    for (const roomId of await listIdleRoomIds(deps.db, clientId, cutoff, 1000)) {
      await deps.db.transaction(async (tx) => {
        const room = await updateRoom(tx, clientId, roomId, {
          status: 'closed',
          closedAt: now,
          closedBy: AUTO_CLOSED_BY,
          remarks: `Closed automatically after ${autoclose.minutes} minutes without messages`,
          unreadCount: 0,
        });
        if (!room) return;
        closed++;
        await publishInboxEvent(deps, tx, {
          clientId,
          audience: roomAudience(room.csId),
          typeNotif: 'ROOM_CLOSED',
          data: { roomId, closedBy: AUTO_CLOSED_BY },
          chatroom: toRoom(room),
        });
      });
    }
  }
  return { closed };
}
