import { parseRoomEvent, ROOM_EVENT_MESSAGE_TYPE, type RoomEvent } from '@sapa/contracts';
import { decodeCursor, encodeCursor } from '../../../lib/cursor.js';
import { isId, newId } from '../../../lib/ids.js';
import { toPhoneDigits } from '../../../lib/phone.js';
import { type Actor, actorLabel, chatRoleOf, csIdOf } from '../../../platform/actor.js';
import { type CsvRecord, writeCsv } from '../../../platform/csv.js';
import type { Executor } from '../../../platform/database.js';
import { clientPhoneCountry } from '../../clients/index.js';
import { ensureCustomer } from '../../contacts/index.js';
import { findAgent } from '../agents/agents.repository.js';
import { colleagueName } from '../agents/agents.service.js';
import { insertMessage, listAllMessages, moveMessages } from '../chat/chat.repository.js';
import { toMessage } from '../chat/message.view.js';
import { getCsConfig } from '../configuration/configuration.service.js';
import { requestCsat } from '../csat/csat.service.js';
import { confinedAgentIdOf, isInboxSupervisor, requireInboxAccess } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  agentNotFound,
  categoryNotFound,
  categoryRequired,
  customerNotFound,
  invalidCursor,
  remarksRequired,
  roomClosed,
  roomNotFound,
  roomNotYours,
} from '../inbox.errors.js';
import { publishInboxEvent, publishInboxEvents, roomAudience } from '../inbox.events.js';
import { routeRoom } from '../routing/routing.service.js';
import { type RoomListPage, toRoom } from './room.view.js';
import type { RoomListCache } from './room-list-cache.js';
import {
  countRooms,
  customerHasRoomOpenToAgent,
  findCategory,
  findRoom,
  inboxFirstPageKey,
  insertNumberedRoom,
  listRoomRows,
  type RoomCursor,
  type RoomFilters,
  updateRoom,
} from './rooms.repository.js';
import type { CsRoomRow } from './rooms.tables.js';

/** A csId no agent has: a filter on it matches nothing. */
const EMPTY = '00000000-0000-0000-0000-000000000000';

/**
 * A customer is reachable from the inbox as its rooms are (spec §6): an agent only reaches the customer
 * of a room they may open, and anything else answers 404 as another agent's room does. Answers the
 * csId the caller's reads stay confined to, or null when they see every room.
 */
export async function requireCustomerReachable(
  db: Executor,
  actor: Actor,
  phone: string,
): Promise<string | null> {
  requireInboxAccess(actor);
  const csId = confinedAgentIdOf(actor);
  if (csId && !(await customerHasRoomOpenToAgent(db, actor.clientId, phone, csId))) throw customerNotFound();
  return csId;
}

/** An agent (chat role CS) sees their own rooms and the queue; a supervisor by tags when configured. */
async function roomScope(db: Executor, actor: Actor, history: boolean): Promise<Partial<RoomFilters>> {
  requireInboxAccess(actor);
  const confined = confinedAgentIdOf(actor);
  if (confined) return { csIds: [confined], includeQueue: !history };
  const csId = csIdOf(actor);
  if (chatRoleOf(actor) === 'SPV' && csId) {
    const config = await getCsConfig(db, actor.clientId);
    if (config.isSpvShowByTags) {
      const supervisor = await findAgent(db, actor.clientId, { csId });
      if (supervisor && supervisor.tags.length > 0) return { visibleTags: supervisor.tags };
    }
  }
  return {};
}

/** A room the caller may act on; anything else (another client's, another agent's) answers 404. */
export async function getVisibleRoom(db: Executor, actor: Actor, roomId: string): Promise<CsRoomRow> {
  requireInboxAccess(actor);
  const room = isId(roomId) ? await findRoom(db, actor.clientId, roomId) : null;
  if (!room) throw roomNotFound();
  const confined = confinedAgentIdOf(actor);
  if (confined) {
    const participant = room.csId === confined || (room.isInternal && room.openedByCsId === confined);
    if (!participant && room.status !== 'queued') throw roomNotFound();
  }
  return room;
}

const csv = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : undefined;

export type RoomListQuery = {
  q?: string | undefined;
  pageSize?: number | undefined;
  pageNumber?: number | undefined;
  lastEvaluatedKey?: string | undefined;
  csId?: string | undefined;
  clientId?: string | undefined;
  createdAt?: string | undefined;
  sort?: 'asc' | 'desc' | undefined;
  orderByDate?: 'asc' | 'desc' | undefined;
  sortBy?: 'createdAt' | 'lastMessage' | undefined;
  filterPriority?: string | undefined;
  filterCategory?: string | undefined;
  filterTags?: string | undefined;
  filterSocials?: string | undefined;
  filterCS?: string | undefined;
  filterLastReply?: 'cs' | 'customer' | undefined;
  filterChannel?: string | undefined;
  status?: 'queued' | 'open' | 'all' | undefined;
};

/**
 * The cursor is opaque (`lastEvaluatedKey`), but the spec's key parts are accepted too: `createdAt`
 * (with `csId` and `clientId`, which only name the index the original paged on).
 */
function roomCursor(query: {
  lastEvaluatedKey?: string | undefined;
  createdAt?: string | undefined;
}): RoomCursor | null {
  if (query.lastEvaluatedKey) {
    const parts = decodeCursor(query.lastEvaluatedKey);
    const createdAt = typeof parts?.createdAt === 'string' ? new Date(parts.createdAt) : null;
    const id = typeof parts?.id === 'string' && isId(parts.id) ? parts.id : null;
    if (!createdAt || Number.isNaN(createdAt.getTime())) throw invalidCursor();
    return { createdAt, id };
  }
  if (query.createdAt) {
    const createdAt = new Date(query.createdAt);
    if (Number.isNaN(createdAt.getTime())) throw invalidCursor();
    return { createdAt, id: null };
  }
  return null;
}

async function pageOfRooms(
  db: Executor,
  actor: Actor,
  filters: RoomFilters,
  page: {
    pageSize: number;
    pageNumber?: number | undefined;
    cursor: RoomCursor | null;
    direction: 'asc' | 'desc';
    offset?: number | undefined;
    byActivity?: boolean | undefined;
  },
): Promise<RoomListPage> {
  const offset =
    page.offset ?? (page.pageNumber && page.pageNumber > 1 ? (page.pageNumber - 1) * page.pageSize : 0);
  const rows = await listRoomRows(db, actor.clientId, filters, {
    pageSize: page.pageSize,
    offset,
    cursor: page.cursor,
    direction: page.direction,
    byActivity: page.byActivity,
  });
  const items = rows.slice(0, page.pageSize);
  const last = items.at(-1);
  // The cursor carries the sort key's value: the start, or the latest activity.
  const keyOf = (row: CsRoomRow) => (page.byActivity ? (row.lastMessageAt ?? row.createdAt) : row.createdAt);
  return {
    items: items.map(toRoom),
    lastEvaluatedKey:
      rows.length > page.pageSize && last
        ? encodeCursor({
            csId: last.csId,
            clientId: last.clientId,
            createdAt: keyOf(last).toISOString(),
            id: last.id,
          })
        : null,
  };
}

/**
 * The room list. With `kept`, the inbox's plain first page is answered from it while no live room of
 * the client changed (decision 0064); the caller's scope is worked out on every call all the same.
 */
export async function listRooms(
  db: Executor,
  actor: Actor,
  query: RoomListQuery,
  bot: boolean,
  kept?: RoomListCache<RoomListPage>,
) {
  const scope = await roomScope(db, actor, false);
  const statuses: CsRoomRow['status'][] =
    query.status === 'queued' ? ['queued'] : query.status === 'open' ? ['open'] : ['queued', 'open'];
  const filterCs = csv(query.filterCS);
  const filters: RoomFilters = {
    statuses,
    isBot: bot,
    isInternal: false,
    ...scope,
    ...(filterCs
      ? { csIds: scope.csIds ? scope.csIds.filter((id) => filterCs.includes(id)) : filterCs.filter(isId) }
      : {}),
    q: query.q,
    priorities: csv(query.filterPriority),
    categories: csv(query.filterCategory),
    tags: csv(query.filterTags),
    mediaPlatforms: csv(query.filterSocials),
    channels: csv(query.filterChannel),
    lastReply: query.filterLastReply,
  };
  const page = {
    pageSize: query.pageSize ?? 10,
    pageNumber: query.pageNumber,
    cursor: roomCursor(query),
    direction: query.sort ?? query.orderByDate ?? 'desc',
    byActivity: query.sortBy === 'lastMessage',
  } as const;
  const key =
    kept && !(page.pageNumber && page.pageNumber > 1)
      ? inboxFirstPageKey(filters, { ...page, offset: 0 })
      : null;
  if (!kept || !key) return pageOfRooms(db, actor, filters, page);
  const hit = kept.get(actor.clientId, key);
  if (hit) return hit;
  const generation = kept.generation(actor.clientId);
  const fresh = await pageOfRooms(db, actor, filters, page);
  kept.put(actor.clientId, key, generation, fresh);
  return fresh;
}

export async function getRoomInfo(db: Executor, actor: Actor) {
  const scope = await roomScope(db, actor, false);
  const base = { isInternal: false, ...scope, includeQueue: false } satisfies Partial<RoomFilters>;
  const [queued, open, bot] = await Promise.all([
    countRooms(db, actor.clientId, {
      statuses: ['queued'],
      isBot: false,
      ...scope,
      csIds: undefined,
      includeQueue: undefined,
    }),
    countRooms(db, actor.clientId, { statuses: ['open'], isBot: false, ...base }),
    countRooms(db, actor.clientId, {
      statuses: ['queued', 'open'],
      isBot: true,
      ...base,
      csIds: undefined,
    }),
  ]);
  return { queued, open, bot };
}

export async function getRoomDetail(db: Executor, actor: Actor, roomId: string) {
  return toRoom(await getVisibleRoom(db, actor, roomId));
}

/**
 * Closes a room. An agent closes their own; `forceClose` lets a supervisor close anyone's. With
 * `isMarge` the room's messages join the customer's previous room, so history reads as one.
 */
export async function closeRoom(
  deps: InboxDeps,
  actor: Actor,
  input: { roomId: string; remarks?: string | undefined; csCampaign?: string | undefined },
  flags: { forceClose?: boolean | undefined; isMarge?: boolean | undefined },
) {
  const { closed, csat } = await deps.db.transaction(async (tx) => {
    const room = await getVisibleRoom(tx, actor, input.roomId);
    if (room.status === 'closed') throw roomClosed();
    const supervisor = isInboxSupervisor(actor);
    if (room.csId && room.csId !== csIdOf(actor) && !(flags.forceClose && supervisor)) throw roomNotYours();
    const config = await getCsConfig(tx, actor.clientId);
    if (config.mandatoryRemarksTemplate && !input.remarks?.trim()) throw remarksRequired();
    if (config.mandatoryCategory && !room.categoryId && !room.categoryName) throw categoryRequired();
    let mergedInto: string | null = null;
    if (flags.isMarge) {
      const previous = await listRoomRows(
        tx,
        actor.clientId,
        { statuses: ['closed'], isInternal: false, customerPhoneNumber: room.customerPhoneNumber },
        { pageSize: 1, offset: 0, cursor: null, direction: 'desc' },
      );
      const target = previous.find((row) => row.id !== room.id && row.channel === room.channel);
      if (target) {
        await moveMessages(tx, actor.clientId, room.id, target.id);
        mergedInto = target.id;
      }
    }
    const closed = await updateRoom(tx, actor.clientId, room.id, {
      status: 'closed',
      closedAt: new Date(),
      closedBy: actorLabel(actor),
      remarks: input.remarks ?? null,
      campaign: input.csCampaign ?? room.campaign,
      mergedInto,
      unreadCount: 0,
    });
    await publishInboxEvent(deps, tx, {
      clientId: actor.clientId,
      audience: roomAudience(room.csId),
      typeNotif: 'ROOM_CLOSED',
      data: { roomId: room.id, closedBy: actorLabel(actor), mergedInto },
      chatroom: toRoom(closed!),
    });
    // The customer is asked to rate the conversation (not when it merged into an earlier one).
    const csat = config.csatEnabled && !mergedInto ? await requestCsat(deps, tx, closed!) : null;
    return { closed: csat ? ((await findRoom(tx, actor.clientId, room.id)) ?? closed!) : closed!, csat };
  });
  if (csat) deps.messaging!.dispatch(csat);
  return toRoom(closed);
}

/** Closes bot rooms: one (`roomId`) or every open one. */
export async function closeBotRooms(
  deps: InboxDeps,
  actor: Actor,
  input: { roomId?: string | undefined; remarks?: string | undefined },
) {
  return deps.db.transaction(async (tx) => {
    const rooms = input.roomId
      ? [await getVisibleRoom(tx, actor, input.roomId)].filter((room) => room.isBot)
      : await listRoomRows(
          tx,
          actor.clientId,
          { statuses: ['queued', 'open'], isBot: true },
          {
            pageSize: 10_000,
            offset: 0,
            cursor: null,
            direction: 'asc',
          },
        );
    if (input.roomId && rooms.length === 0) throw roomNotFound();
    let closed = 0;
    for (const room of rooms) {
      if (room.status === 'closed') continue;
      const row = await updateRoom(tx, actor.clientId, room.id, {
        status: 'closed',
        closedAt: new Date(),
        closedBy: actorLabel(actor),
        remarks: input.remarks ?? null,
      });
      await publishInboxEvent(deps, tx, {
        clientId: actor.clientId,
        audience: roomAudience(null),
        typeNotif: 'ROOM_CLOSED',
        data: { roomId: room.id, closedBy: actorLabel(actor) },
        chatroom: toRoom(row!),
      });
      closed++;
    }
    return { closed };
  });
}

async function agentNameOf(db: Executor, clientId: string, csId: string | null) {
  return csId ? ((await findAgent(db, clientId, { csId }))?.name ?? null) : null;
}

/**
 * Keeps what happened to the room in its conversation, where it happened: agents and supervisors
 * read it there and in the history transcript; it is internal, so no channel carries it.
 */
async function recordRoomEvent(db: Executor, actor: Actor, room: CsRoomRow, event: Omit<RoomEvent, 'by'>) {
  const by = await colleagueName(db, actor);
  const row = await insertMessage(db, {
    clientId: actor.clientId,
    id: newId(),
    roomId: room.id,
    channel: room.channel,
    type: ROOM_EVENT_MESSAGE_TYPE,
    content: JSON.stringify({ ...event, by } satisfies RoomEvent),
    fromCs: true,
    csId: csIdOf(actor),
    isInternal: true,
    authorName: by,
    status: null,
  });
  return toMessage(row);
}

/** Gives a room to an agent: a transfer from another agent, or out of the queue or the bot. */
export async function transferRoom(deps: InboxDeps, actor: Actor, input: { roomId: string; toCsId: string }) {
  return deps.db.transaction(async (tx) => {
    const room = await getVisibleRoom(tx, actor, input.roomId);
    if (room.status === 'closed') throw roomClosed();
    const agent = isId(input.toCsId) ? await findAgent(tx, actor.clientId, { csId: input.toCsId }) : null;
    if (agent?.kind !== 'cs' || agent.deleted || agent.deactivated) throw agentNotFound();
    const updated = await updateRoom(tx, actor.clientId, room.id, {
      csId: agent.id,
      status: 'open',
      isBot: false,
      assignedAt: new Date(),
      assignmentReason: `transferred by ${actorLabel(actor)}`,
    });
    const event = await recordRoomEvent(tx, actor, room, {
      event: 'transferred',
      from: await agentNameOf(tx, actor.clientId, room.csId),
      to: agent.name,
      tag: null,
    });
    // A room taken out of the queue was in every agent's list: they all hear it is gone.
    const audience = {
      csIds: [agent.id, ...(room.csId ? [room.csId] : [])],
      chatRoles: room.csId ? (['SPV'] as const) : (['SPV', 'CS'] as const),
    };
    await publishInboxEvents(deps, tx, actor.clientId, [
      {
        audience: { csIds: audience.csIds, chatRoles: [...audience.chatRoles] },
        typeNotif: 'ROOM_TRANSFERRED',
        data: { roomId: room.id, fromCsId: room.csId, toCsId: agent.id, by: actorLabel(actor) },
        chatroom: toRoom(updated!),
      },
      {
        audience: roomAudience(agent.id),
        typeNotif: 'NEW_MESSAGE',
        messageId: event.id,
        data: { roomId: room.id },
        chat: event,
        chatroom: toRoom(updated!),
      },
    ]);
    return toRoom(updated!);
  });
}

/** Sends a room back to the queue for agents with a tag; routing takes it when one is free. */
export async function transferRoomToTag(
  deps: InboxDeps,
  actor: Actor,
  input: { roomId: string; toTag: string },
) {
  return deps.db.transaction(async (tx) => {
    const room = await getVisibleRoom(tx, actor, input.roomId);
    if (room.status === 'closed') throw roomClosed();
    await updateRoom(tx, actor.clientId, room.id, {
      csId: null,
      status: 'queued',
      isBot: false,
      tags: [input.toTag],
      assignedAt: null,
      assignmentReason: `queued for tag ${input.toTag} by ${actorLabel(actor)}`,
    });
    await routeRoom(deps, tx, actor.clientId, room.id);
    const updated = (await findRoom(tx, actor.clientId, room.id))!;
    const event = await recordRoomEvent(tx, actor, room, {
      event: 'queued',
      from: await agentNameOf(tx, actor.clientId, room.csId),
      to: await agentNameOf(tx, actor.clientId, updated.csId),
      tag: input.toTag,
    });
    await publishInboxEvents(deps, tx, actor.clientId, [
      {
        audience: { csIds: room.csId ? [room.csId] : [], chatRoles: ['SPV', 'CS'] },
        typeNotif: 'ROOM_TRANSFERRED',
        data: {
          roomId: room.id,
          fromCsId: room.csId,
          toTag: input.toTag,
          toCsId: updated.csId,
          by: actorLabel(actor),
        },
        chatroom: toRoom(updated),
      },
      {
        audience: roomAudience(updated.csId),
        typeNotif: 'NEW_MESSAGE',
        messageId: event.id,
        data: { roomId: room.id },
        chat: event,
        chatroom: toRoom(updated),
      },
    ]);
    return toRoom(updated);
  });
}

/** Moves every bot room to the agents' queue and routes each by the client's strategy. */
export async function distributeBotRooms(deps: InboxDeps, actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const rooms = await listRoomRows(
      tx,
      actor.clientId,
      { statuses: ['queued', 'open'], isBot: true },
      {
        pageSize: 10_000,
        offset: 0,
        cursor: null,
        direction: 'asc',
      },
    );
    let assigned = 0;
    for (const room of rooms) {
      await updateRoom(tx, actor.clientId, room.id, { isBot: false, status: 'queued', csId: null });
      if (await routeRoom(deps, tx, actor.clientId, room.id)) assigned++;
    }
    return { distributed: rooms.length, assigned };
  });
}

async function patchRoom(
  deps: InboxDeps,
  actor: Actor,
  roomId: string,
  // What ROOM_UPDATED announces (contracts, inbox.events.ts): only these fields change here.
  values: Partial<Pick<CsRoomRow, 'priority' | 'categoryId' | 'categoryName'>>,
) {
  return deps.db.transaction(async (tx) => {
    const room = await getVisibleRoom(tx, actor, roomId);
    const updated = await updateRoom(tx, actor.clientId, room.id, values);
    await publishInboxEvent(deps, tx, {
      clientId: actor.clientId,
      audience: roomAudience(room.csId),
      typeNotif: 'ROOM_UPDATED',
      data: { roomId: room.id, ...values },
      chatroom: toRoom(updated!),
    });
    return toRoom(updated!);
  });
}

export async function setRoomPriority(
  deps: InboxDeps,
  actor: Actor,
  input: { id: string; priority: string },
) {
  return patchRoom(deps, actor, input.id, { priority: input.priority });
}

export async function setRoomCategory(
  deps: InboxDeps,
  actor: Actor,
  input: { id: string; categoryId?: string | undefined; categoryName?: string | undefined },
) {
  let name = input.categoryName ?? null;
  if (input.categoryId) {
    const category = isId(input.categoryId)
      ? await findCategory(deps.db, actor.clientId, input.categoryId)
      : null;
    if (!category) throw categoryNotFound();
    name = category.name;
  }
  return patchRoom(deps, actor, input.id, { categoryId: input.categoryId ?? null, categoryName: name });
}

export type HistoryQuery = {
  pageSize?: number | undefined;
  pageNumber?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  status?: 'closed' | undefined;
  lastEvaluatedKey?: string | undefined;
  createdAt?: string | undefined;
  isPagination?: boolean | undefined;
  csEmail?: string | undefined;
  closedBy?: string | undefined;
  customerPhoneNumber?: string | undefined;
  remarks?: string | undefined;
  name?: string | undefined;
  csTag?: string | undefined;
  mediaPlatform?: string | undefined;
  shortId?: string | undefined;
  dataOffset?: number | undefined;
  csId?: string | undefined;
  categoryName?: string | undefined;
};

/** Filters of the history list; chat role CS only ever sees its own csId's rooms (spec §6). */
export async function historyFilters(db: Executor, actor: Actor, query: HistoryQuery): Promise<RoomFilters> {
  const scope = await roomScope(db, actor, true);
  let csIds = scope.csIds;
  if (query.csId)
    csIds = csIds ? csIds.filter((id) => id === query.csId) : [isId(query.csId) ? query.csId : EMPTY];
  if (query.csEmail) {
    const agent = await findAgent(db, actor.clientId, { email: query.csEmail, kind: 'cs' });
    const id = agent?.id ?? EMPTY;
    csIds = csIds ? csIds.filter((own) => own === id) : [id];
  }
  if (csIds && csIds.length === 0) csIds = [EMPTY];
  const shortId = query.shortId?.trim();
  const day = (value: string | undefined, addDay: boolean) => {
    if (!value) return undefined;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return undefined;
    // A bare date means the whole day.
    if (addDay && /^\d{4}-\d{2}-\d{2}$/.test(value)) date.setUTCDate(date.getUTCDate() + 1);
    return date;
  };
  return {
    statuses: ['closed'],
    isInternal: false,
    visibleTags: scope.visibleTags,
    csIds,
    closedFrom: day(query.startDate, false),
    closedTo: day(query.endDate, true),
    closedBy: query.closedBy,
    customerPhoneNumber: query.customerPhoneNumber
      ? toPhoneDigits(query.customerPhoneNumber, await clientPhoneCountry(db, actor.clientId))
      : undefined,
    remarks: query.remarks,
    customerName: query.name,
    csTag: query.csTag,
    mediaPlatforms: query.mediaPlatform ? [query.mediaPlatform] : undefined,
    // A room number is a PostgreSQL integer: longer digit strings name no room (and would not fit).
    shortId: shortId ? (/^\d{1,9}$/.test(shortId) ? Number(shortId) : -1) : undefined,
    categoryName: query.categoryName,
  };
}

export async function listHistory(db: Executor, actor: Actor, query: HistoryQuery) {
  const filters = await historyFilters(db, actor, query);
  const all = query.isPagination === false || query.pageSize === -1;
  const pageSize = all ? 10_000 : (query.pageSize ?? 10);
  const [page, total] = await Promise.all([
    pageOfRooms(db, actor, filters, {
      pageSize,
      pageNumber: query.pageNumber,
      offset: query.dataOffset,
      cursor: roomCursor(query),
      direction: 'desc',
    }),
    countRooms(db, actor.clientId, filters),
  ]);
  return { ...page, total };
}

/**
 * The closed rooms of the customer the caller is serving, whoever handled them: an agent needs the
 * context of the person in front of them (issue 13). Spec §6 confines chat role CS on the history
 * search (`listHistory`), not here; an agent who serves no room of this customer gets 404.
 */
export async function listHistoryOfCustomer(
  db: Executor,
  actor: Actor,
  input: { customerPhoneNumber: string; pageSize?: number | undefined; pageNumber?: number | undefined },
) {
  const phone = toPhoneDigits(input.customerPhoneNumber, await clientPhoneCountry(db, actor.clientId));
  const confined = await requireCustomerReachable(db, actor, phone);
  if (!confined) return listHistory(db, actor, input);
  const filters: RoomFilters = {
    ...(await historyFilters(db, actor, { customerPhoneNumber: phone })),
    csIds: undefined,
  };
  const pageSize = input.pageSize ?? 10;
  const [page, total] = await Promise.all([
    pageOfRooms(db, actor, filters, {
      pageSize,
      pageNumber: input.pageNumber,
      cursor: null,
      direction: 'desc',
    }),
    countRooms(db, actor.clientId, filters),
  ]);
  return { ...page, total };
}

export async function exportHistoryCsv(db: Executor, actor: Actor, query: HistoryQuery) {
  const filters = await historyFilters(db, actor, query);
  const rows: CsRoomRow[] = [];
  let cursor: RoomCursor | null = null;
  for (;;) {
    const page = await listRoomRows(db, actor.clientId, filters, {
      pageSize: 1000,
      offset: 0,
      cursor,
      direction: 'desc',
    });
    rows.push(...page.slice(0, 1000));
    if (page.length <= 1000) break;
    const last = page[999]!;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
  return historyCsv(rows);
}

export const HISTORY_CSV_COLUMNS = [
  'shortId',
  'roomId',
  'customerPhoneNumber',
  'name',
  'csId',
  'mediaPlatform',
  'category',
  'tags',
  'priority',
  'remarks',
  'closedBy',
  'createdAt',
  'closedAt',
];

export const historyRecord = (row: CsRoomRow): CsvRecord => ({
  shortId: row.shortId,
  roomId: row.id,
  customerPhoneNumber: row.customerPhoneNumber,
  name: row.customerName ?? '',
  csId: row.csId ?? '',
  mediaPlatform: row.mediaPlatform,
  category: row.categoryName ?? '',
  tags: row.tags.join('|'),
  priority: row.priority ?? '',
  remarks: row.remarks ?? '',
  closedBy: row.closedBy ?? '',
  createdAt: row.createdAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? '',
});

export function historyCsv(rows: CsRoomRow[]) {
  return writeCsv(rows.map(historyRecord), HISTORY_CSV_COLUMNS);
}

/** A room event as one English line for the CSV (the screens word it per locale). */
function describeRoomEvent(content: string | null) {
  const event = parseRoomEvent(content);
  if (!event) return content ?? '';
  const to =
    event.event === 'queued' ? `the ${event.tag} queue${event.to ? ` (${event.to})` : ''}` : event.to;
  return `${event.from ? `From ${event.from} to` : 'To'} ${to}, by ${event.by}`;
}

/** One room's conversation as CSV. */
export async function exportRoomCsv(db: Executor, actor: Actor, roomId: string) {
  const room = await getVisibleRoom(db, actor, roomId);
  const messages = await listAllMessages(db, actor.clientId, room.id);
  return writeCsv(
    messages.map((message) => ({
      createdAt: message.createdAt.toISOString(),
      from: message.isInternal ? 'internal' : message.fromCs ? 'cs' : 'customer',
      csId: message.csId ?? '',
      type: message.type,
      content:
        message.type === ROOM_EVENT_MESSAGE_TYPE
          ? describeRoomEvent(message.content)
          : (message.content ?? ''),
      url: message.url ?? '',
      status: message.status ?? '',
    })),
    ['createdAt', 'from', 'csId', 'type', 'content', 'url', 'status'],
  );
}

/** An internal room: agents talk about a customer among themselves; nothing goes to the channel. */
export async function createInternalRoom(
  deps: InboxDeps,
  actor: Actor,
  input: { customerPhoneNumber: string; name?: string | undefined; toCsId?: string | undefined },
) {
  const phone = toPhoneDigits(input.customerPhoneNumber, await clientPhoneCountry(deps.db, actor.clientId));
  // The room would open the customer to its agent: an agent opens one only about their own customer.
  await requireCustomerReachable(deps.db, actor, phone);
  return deps.db.transaction(async (tx) => {
    const customer = await ensureCustomer(tx, actor.clientId, {
      id: newId(),
      phoneNumber: phone,
      name: input.name ?? null,
    });
    const toCs =
      input.toCsId && isId(input.toCsId) ? await findAgent(tx, actor.clientId, { csId: input.toCsId }) : null;
    if (input.toCsId && !toCs) throw agentNotFound();
    const room = await insertNumberedRoom(
      tx,
      {
        clientId: actor.clientId,
        id: newId(),
        customerId: customer.id,
        customerPhoneNumber: phone,
        customerName: customer.name,
        status: 'open',
        isInternal: true,
        csId: toCs?.id ?? csIdOf(actor),
        openedByCsId: csIdOf(actor),
        assignmentReason: `internal room opened by ${actorLabel(actor)}`,
      },
      // An internal room is not a customer's: it does not count towards the agent's load.
      null,
    );
    await publishInboxEvent(deps, tx, {
      clientId: actor.clientId,
      audience: {
        csIds: [room.csId, csIdOf(actor)].filter((id): id is string => Boolean(id)),
        chatRoles: ['SPV'],
      },
      typeNotif: 'NEW_ROOM',
      chatroom: toRoom(room),
    });
    return toRoom(room);
  });
}
