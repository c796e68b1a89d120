import type { AgentStatus } from '@sapa/contracts';
import type { Logger } from 'pino';
import { newId } from '../../../lib/ids.js';
import type { Database, Executor } from '../../../platform/database.js';
import { findAgent, recordStatusChange, updateAgent } from '../agents/agents.repository.js';
import type { InboxDeps } from '../inbox.deps.js';
import { publishInboxEvent } from '../inbox.events.js';
import { toRoom } from '../rooms/room.view.js';
import { findRoom, updateRoom } from '../rooms/rooms.repository.js';
import { assignWaitingRooms, routeRoom } from '../routing/routing.service.js';
import {
  listOpenRoomIds,
  listUnansweredRoomIds,
  saveConnection,
  unsafeListLostAgents,
  unsafeReleaseNode,
  unsafeTouchNode,
} from './presence.repository.js';

/** Who owns a socket, as far as presence cares: an agent of one client. */
export type SocketOwner = { clientId: string; csId: string | null; chatRole: string | null };

/** What the person who went away leaves behind: nothing, the rooms nobody answered yet, or all. */
export type RoomRelease = 'none' | 'unanswered' | 'all';

/**
 * Puts rooms of an agent back in the queue; routing gives them to another agent when the client
 * auto-assigns (the client's rules), else they wait there. Runs in the caller's transaction.
 */
export async function releaseAgentRooms(
  deps: Pick<InboxDeps, 'realtime'>,
  tx: Executor,
  clientId: string,
  csId: string,
  which: Exclude<RoomRelease, 'none'>,
  by: string,
) {
  const roomIds =
    which === 'all'
      ? await listOpenRoomIds(tx, clientId, csId)
      : await listUnansweredRoomIds(tx, clientId, csId);
  for (const roomId of roomIds) {
    await updateRoom(tx, clientId, roomId, {
      csId: null,
      status: 'queued',
      assignedAt: null,
      assignmentReason: `queued: ${by}`,
    });
    await routeRoom(deps, tx, clientId, roomId);
    const room = (await findRoom(tx, clientId, roomId))!;
    await publishInboxEvent(deps, tx, {
      clientId,
      audience: { csIds: [csId], chatRoles: ['SPV', 'CS'] },
      typeNotif: 'ROOM_TRANSFERRED',
      data: { roomId, fromCsId: csId, toCsId: room.csId, by },
      chatroom: toRoom(room),
    });
  }
  return roomIds.length;
}

/** Records a status change of an agent, tells the whole client, and hands rooms back if asked. */
export async function applyAgentStatus(
  deps: Pick<InboxDeps, 'realtime'>,
  tx: Executor,
  clientId: string,
  csId: string,
  status: AgentStatus,
  release: { which: RoomRelease; by: string },
) {
  const row = await findAgent(tx, clientId, { csId });
  if (!row || row.deleted) return null;
  if (row.status !== status) {
    await updateAgent(tx, clientId, csId, { status, statusSince: new Date() });
    await recordStatusChange(tx, clientId, csId, status, newId());
    await publishInboxEvent(deps, tx, {
      clientId,
      audience: { all: true },
      typeNotif: 'AGENT_STATUS',
      data: { csId, email: row.email, status },
    });
  }
  const released =
    status !== 'online' && release.which !== 'none'
      ? await releaseAgentRooms(deps, tx, clientId, csId, release.which, release.by)
      : 0;
  if (status === 'online' && row.kind === 'cs') await assignWaitingRooms(deps, tx, clientId);
  return { row, released };
}

export type PresenceOptions = {
  db: Database;
  realtime?: InboxDeps['realtime'];
  log?: Pick<Logger, 'error'>;
  /** The time; tests move it by hand. */
  clock?: () => Date;
  /** How often lost agents are looked for. */
  sweepMs?: number;
  /** How often this process confirms its live sockets (see CONNECTION_STALE_SECONDS). */
  heartbeatMs?: number;
  /** Grace for clients that never set `presenceGraceSeconds`. */
  defaultGraceSeconds?: number;
};

export type Presence = ReturnType<typeof createPresence>;

/**
 * Presence follows live sockets (issue 13, defect 1). The socket server says how many sockets a user
 * holds in this process; this keeps one row per agent and process, refreshed by a heartbeat, and a
 * sweep sets offline every online agent whose sockets have all been gone for the client's grace
 * period, handing their unanswered rooms back. Several tabs are one presence; rows of a dead process
 * go stale, so a restart leaves no ghosts.
 */
export function createPresence(options: PresenceOptions) {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  const nodeId = newId();
  const startedAt = clock();
  const grace = options.defaultGraceSeconds ?? 60;
  const deps = { realtime: options.realtime };
  const timers: NodeJS.Timeout[] = [];
  // Changes are written one at a time, in the order sockets opened and closed.
  let pipeline: Promise<unknown> = Promise.resolve();
  const fail = (what: string) => (error: unknown) => options.log?.error({ err: error }, what);

  const record = async (owner: SocketOwner & { csId: string }, sockets: number) => {
    await saveConnection(db, {
      clientId: owner.clientId,
      csId: owner.csId,
      nodeId,
      sockets,
      seenAt: clock(),
    });
    if (sockets === 0) return;
    // An agent online before their socket arrived (or back within the grace) takes waiting rooms now.
    const agent = await findAgent(db, owner.clientId, { csId: owner.csId });
    if (agent?.status === 'online' && agent.kind === 'cs' && !agent.deleted)
      await db.transaction((tx) => assignWaitingRooms(deps, tx, owner.clientId));
  };

  /** Sets offline, under the routing lock taken by routing, each agent lost at `now`. */
  const sweep = async (now = clock()) => {
    const lost = await unsafeListLostAgents(db, now, grace, startedAt);
    for (const { clientId, csId } of lost) {
      await db.transaction(async (tx) => {
        // Checked again inside the transaction: they may have come back since the list was read.
        const still = await unsafeListLostAgents(tx, now, grace, startedAt);
        if (!still.some((agent) => agent.clientId === clientId && agent.csId === csId)) return;
        await applyAgentStatus(deps, tx, clientId, csId, 'offline', {
          which: 'unanswered',
          by: 'the agent lost their connection',
        });
      });
    }
    return lost.length;
  };

  return {
    nodeId,
    /** The socket server's hook: `owner` now holds `sockets` live sockets in this process. */
    socketsChanged(owner: SocketOwner, sockets: number) {
      const { csId } = owner;
      if (!csId || (owner.chatRole !== 'CS' && owner.chatRole !== 'SPV')) return pipeline;
      pipeline = pipeline
        .then(() => record({ ...owner, csId }, sockets))
        .catch(fail('presence update failed'));
      return pipeline;
    },
    sweep,
    heartbeat: (now = clock()) => unsafeTouchNode(db, nodeId, now),
    /** Resolves once every socket change so far is written. */
    settle: () => pipeline,
    start() {
      timers.push(
        setInterval(() => {
          pipeline = pipeline
            .then(() => unsafeTouchNode(db, nodeId, clock()))
            .catch(fail('presence heartbeat failed'));
        }, options.heartbeatMs ?? 15_000),
        setInterval(() => {
          pipeline = pipeline.then(() => sweep()).catch(fail('presence sweep failed'));
        }, options.sweepMs ?? 5_000),
      );
      for (const timer of timers) timer.unref();
    },
    /** Stops the timers; this process's sockets count as gone from now (a clean shutdown). */
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await pipeline;
      await unsafeReleaseNode(db, nodeId, clock());
    },
  };
}
