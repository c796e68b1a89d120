import { type CsConfig, withDefaults } from '@sapa/contracts';
import type { Executor } from '../../../platform/database.js';
import { findCustomerByPhone } from '../../contacts/index.js';
import { agentsOnSchedule, agentsOnScheduleOf } from '../availability/availability.service.js';
import { getCsConfig } from '../configuration/configuration.service.js';
import type { InboxDeps } from '../inbox.deps.js';
import { type InboxEvent, publishInboxEvent, roomAudience } from '../inbox.events.js';
import { toRoom } from '../rooms/room.view.js';
import { claimQueuedRoom, findRoom, listQueuedRoomIds, updateRoom } from '../rooms/rooms.repository.js';
import type { CsRoomRow } from '../rooms/rooms.tables.js';
import { type Choice, chooseAgent } from './routing.policy.js';
import {
  countAssignment,
  listOnlineAgents,
  listOnlineAgentsWithSchedules,
  lockClientRouting,
  lockClientRoutingReadingAgents,
  readRoutingAgents,
  type ScheduledCandidate,
} from './routing.repository.js';

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
  if (room?.status !== 'queued' || room.csId || room.isBot) return null;
  const customer = await findCustomerByPhone(tx, clientId, room.customerPhoneNumber);
  const choice = await decideAssignment(tx, clientId, config, room.tags, customer?.csId ?? null);
  if (!choice.csId) {
    await updateRoom(tx, clientId, roomId, { assignmentReason: choice.reason });
    return null;
  }
  const claimed = await claimQueuedRoom(tx, clientId, roomId, choice.csId, choice.reason);
  if (!claimed) return null;
  await countAssignment(tx, clientId, choice.csId);
  await publishInboxEvent(deps, tx, { clientId, ...assignedEvent(claimed, choice.reason) });
  return choice.csId;
}

/**
 * Takes the client's routing lock (until commit) and picks the agent for a room from the live
 * loads. The caller gives the room to that agent in the same transaction, and counts it with
 * `countAssignment`, so no agent goes past capacity.
 */
export async function decideAssignment(
  tx: Executor,
  clientId: string,
  config: CsConfig,
  tags: string[],
  preferredCsId: string | null,
): Promise<Choice> {
  await lockClientRouting(tx, clientId);
  return chooseAssignment(tx, clientId, config, tags, preferredCsId);
}

/** `decideAssignment` for a caller that already holds the client's routing lock. */
export async function chooseAssignment(
  tx: Executor,
  clientId: string,
  config: CsConfig,
  tags: string[],
  preferredCsId: string | null,
): Promise<Choice> {
  // Each with the schedule that applies to them, in the same statement (decision 0067).
  const online = await listOnlineAgentsWithSchedules(tx, clientId);
  return chooseAssignmentAmong(tx, clientId, config, online, tags, preferredCsId);
}

/** `chooseAssignment` among agents already read under the client's routing lock (`getCsConfigLockingRouting`). */
export async function chooseAssignmentAmong(
  tx: Executor,
  clientId: string,
  config: CsConfig,
  online: ScheduledCandidate[],
  tags: string[],
  preferredCsId: string | null,
): Promise<Choice> {
  // Online is not enough either: the agent must be inside their schedule (decision 0036).
  const onSchedule = await agentsOnScheduleOf(tx, clientId, online, new Date());
  return chooseOnSchedule(config, online, onSchedule, tags, preferredCsId);
}

/**
 * A new conversation's routing prepared before the lock (decision 0077): the configuration, default bot
 * and agents read without it, which of them are outside their schedule now, and the choice those loads
 * give. `openRoutedRoom` chooses again under the lock from the live loads, as `chooseAgent` does.
 */
export async function prepareNewRoomRouting(tx: Executor, clientId: string, preferredCsId: string | null) {
  const read = await readRoutingAgents(tx, clientId);
  const config = withDefaults(read.config);
  const onSchedule = await agentsOnScheduleOf(tx, clientId, read.agents, new Date());
  return {
    config,
    defaultBotId: read.defaultBotId,
    knownCsIds: read.agents.map((agent) => agent.id),
    offScheduleCsIds: read.agents.filter((agent) => !onSchedule.has(agent.id)).map((agent) => agent.id),
    expected: chooseOnSchedule(config, read.agents, onSchedule, [], preferredCsId),
  };
}

function chooseOnSchedule(
  config: CsConfig,
  online: ScheduledCandidate[],
  onSchedule: Set<string>,
  tags: string[],
  preferredCsId: string | null,
): Choice {
  const agents = online
    .filter((agent) => onSchedule.has(agent.id))
    .map(({ schedule: _schedule, ...agent }) => agent);
  if (online.length > 0 && agents.length === 0)
    return { csId: null, reason: 'queued: no online agent is inside their schedule' };
  return chooseAgent(agents, { tags, preferredCsId }, config.strategy);
}

/**
 * The client's configuration for a new room and the agents who may take it, read in the round trip that
 * takes the routing lock (decision 0073): the room's routing decision (`chooseAssignmentAmong`) and its
 * numbered insert follow under the lock, held to commit.
 */
export async function getCsConfigLockingRouting(
  tx: Executor,
  clientId: string,
): Promise<{ config: CsConfig; defaultBotId: string | null; agents: ScheduledCandidate[] }> {
  const saved = await lockClientRoutingReadingAgents(tx, clientId);
  return { config: withDefaults(saved.config), defaultBotId: saved.defaultBotId, agents: saved.agents };
}

/** The event telling the agent (and supervisors) that a room is now theirs. */
export function assignedEvent(room: CsRoomRow, reason: string): InboxEvent {
  return {
    audience: roomAudience(room.csId),
    typeNotif: 'ROOM_ASSIGNED',
    data: { roomId: room.id, csId: room.csId, reason },
    chatroom: toRoom(room),
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

/** Whether any agent could take a room at `at`: online with a live connection and inside their schedule. */
export async function hasAvailableAgent(tx: Executor, clientId: string, at: Date): Promise<boolean> {
  const online = await listOnlineAgents(tx, clientId);
  if (online.length === 0) return false;
  const onSchedule = await agentsOnSchedule(
    tx,
    clientId,
    online.map((agent) => agent.id),
    at,
  );
  return onSchedule.size > 0;
}
