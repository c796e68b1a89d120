import type { CsConfig } from '@sapa/contracts';
import type { Executor } from '../../../platform/database.js';
import { getCsConfig } from '../configuration/configuration.service.js';
import { findCustomerByPhone } from '../customers/customers.repository.js';
import type { InboxDeps } from '../inbox.deps.js';
import { type InboxEvent, publishInboxEvent, roomAudience } from '../inbox.events.js';
import { toRoom } from '../rooms/room.view.js';
import {
  claimQueuedRoom,
  findRoom,
  listQueuedRoomIds,
  openRoomCounts,
  updateRoom,
} from '../rooms/rooms.repository.js';
import type { CsRoomRow } from '../rooms/rooms.tables.js';
import { chooseAgent } from './routing.policy.js';
import { countAssignment, listOnlineAgents, lockClientRouting } from './routing.repository.js';

/**
 * Assigns a queued room to an agent when the client auto-assigns. Runs inside the caller's
 * transaction under the client's routing lock, and claims the room only if it is still queued, so
 * no room is ever given twice and no agent goes past capacity. Answers the agent's csId or null.
 */
export async function routeRoom(
  deps: Pick<InboxDeps, 'realtime'>,
  tx: Executor,
  clientId: string,
  roomId: string,
): Promise<string | null> {
  const config = await getCsConfig(tx, clientId);
  if (!config.autoAssignTicket) return null;
  const room = await findRoom(tx, clientId, roomId);
  if (!room) return null;
  const customer = await findCustomerByPhone(tx, clientId, room.customerPhoneNumber);
  const assigned = await assignQueuedRoom(tx, config, room, customer?.csId ?? null);
  if (!assigned) return null;
  await publishInboxEvent(deps, tx, { clientId, ...assigned.event });
  return assigned.csId;
}

/**
 * The decision and the claim under the client's routing lock, for a caller that already holds the
 * room and its configuration and publishes the answered event itself. The claim only takes a room
 * still queued, so a room read before the lock cannot be given twice.
 */
export async function assignQueuedRoom(
  tx: Executor,
  config: CsConfig,
  room: CsRoomRow,
  preferredCsId: string | null,
): Promise<{ csId: string; room: CsRoomRow; event: InboxEvent } | null> {
  if (!config.autoAssignTicket) return null;
  const { clientId } = room;
  await lockClientRouting(tx, clientId);
  if (room.status !== 'queued' || room.csId || room.isBot) return null;
  const agents = await listOnlineAgents(tx, clientId);
  const loads = await openRoomCounts(
    tx,
    clientId,
    agents.map((agent) => agent.id),
  );
  const choice = chooseAgent(
    agents.map((agent) => ({ ...agent, openRooms: loads.get(agent.id) ?? 0 })),
    { tags: room.tags, preferredCsId },
    config.strategy,
  );
  if (!choice.csId) {
    await updateRoom(tx, clientId, room.id, { assignmentReason: choice.reason });
    return null;
  }
  const claimed = await claimQueuedRoom(tx, clientId, room.id, choice.csId, choice.reason);
  if (!claimed) return null;
  await countAssignment(tx, clientId, choice.csId);
  return {
    csId: choice.csId,
    room: claimed,
    event: {
      audience: roomAudience(choice.csId),
      typeNotif: 'ROOM_ASSIGNED',
      data: { roomId: room.id, csId: choice.csId, reason: choice.reason },
      chatroom: toRoom(claimed),
    },
  };
}

/** Gives waiting rooms, oldest first, to agents with room to spare (an agent came online). */
export async function assignWaitingRooms(deps: Pick<InboxDeps, 'realtime'>, tx: Executor, clientId: string) {
  const config = await getCsConfig(tx, clientId);
  if (!config.autoAssignTicket) return 0;
  await lockClientRouting(tx, clientId);
  let assigned = 0;
  for (const roomId of await listQueuedRoomIds(tx, clientId, 200)) {
    // A room may wait for a tag nobody online has while the next one can go: try each.
    if (await routeRoom(deps, tx, clientId, roomId)) assigned++;
  }
  return assigned;
}
