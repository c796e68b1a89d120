import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import { type Database, type Executor, isTransaction } from '../../../platform/database.js';
import { preparedOn, preparedQuery, rowShape } from '../../../platform/prepared-query.js';
import { textArray } from '../../../platform/sql-text-array.js';
import { csAgents } from '../agents/agents.tables.js';
import { type CsAutoReplyRuleRow, csAutoReplyRules } from '../auto-reply/auto-reply.tables.js';
import { csConfigurations } from '../configuration/configuration.tables.js';
import { noteRoomWrite } from './room-list-cache.js';
import { type CsRoomRow, csRoomCategories, csRoomCounters, csRooms } from './rooms.tables.js';

/**
 * Inserts a room numbered with the client's next short id and, when `assignedCsId` is given, counts
 * the assignment on that agent, in one statement: the counter's row lock (which makes concurrent rooms
 * get distinct numbers) is taken as late as the insert itself and held to commit.
 */
export async function insertNumberedRoom(
  db: Executor,
  row: Omit<typeof csRooms.$inferInsert, 'shortId'>,
  assignedCsId: string | null,
): Promise<CsRoomRow> {
  // Prepared per shape of row (decision 0059): one of the statements under the client's routing lock.
  const shape = rowShape(row);
  const name = `inbox_numbered_room_${assignedCsId ? 'assigned_' : ''}${shape.key}`;
  const query = preparedOn(db, name, (executor) => {
    const counter = executor.$with('short_id').as(
      executor
        .insert(csRoomCounters)
        .values({ clientId: sql.placeholder('clientId'), lastShortId: 1 })
        .onConflictDoUpdate({
          target: csRoomCounters.clientId,
          set: { lastShortId: sql`${csRoomCounters.lastShortId} + 1` },
        })
        .returning({ value: csRoomCounters.lastShortId }),
    );
    const counted = executor.$with('counted').as(
      executor
        .update(csAgents)
        .set({ assignedCount: sql`${csAgents.assignedCount} + 1` })
        .where(
          inClient(csAgents, sql.placeholder('clientId'), eq(csAgents.id, sql.placeholder('assignedCsId'))),
        )
        .returning({ id: csAgents.id }),
    );
    return executor
      .with(...(assignedCsId ? [counter, counted] : [counter]))
      .insert(csRooms)
      .values({ ...shape.placeholders, shortId: sql`(select ${counter.value} from ${counter})` } as never)
      .returning()
      .prepare(name);
  });
  const [inserted] = await query.execute({ ...row, assignedCsId });
  noteRoomWrite(row.clientId);
  return inserted!;
}

/**
 * A whole room row as JSON keyed by column name, for a statement that inserts it with
 * `jsonb_populate_record` (decision 0077): every column is given, defaults included, so the row the
 * caller builds its events from is the row stored (bar what the statement sets: number, agent, reason).
 */
export function roomColumnsJson(row: CsRoomRow): string {
  const record: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(csRooms))) {
    const value = row[key as keyof CsRoomRow];
    record[column.name] = value instanceof Date ? value.toISOString() : value;
  }
  return JSON.stringify(record);
}

export { noteRoomWrite };

export async function findRoom(db: Executor, clientId: string, roomId: string): Promise<CsRoomRow | null> {
  const [row] = await db
    .select()
    .from(csRooms)
    .where(inClient(csRooms, clientId, eq(csRooms.id, roomId)));
  return row ?? null;
}

export async function findRoomByShortId(db: Executor, clientId: string, shortId: number) {
  const [row] = await db
    .select()
    .from(csRooms)
    .where(inClient(csRooms, clientId, eq(csRooms.shortId, shortId)));
  return row ?? null;
}

/**
 * `cs_rooms_live_key`'s predicate, spelled as the index spells it: literals, not parameters. A prepared
 * statement runs on a generic plan after five executions, and a generic plan can use a partial index only
 * where the query implies its predicate without knowing the parameters: with `is_internal = $n` it
 * scanned all of the client's rooms on every arrival (0.47 ms at 1,200 rooms, growing with the history).
 */
const liveKeyPredicate = () => [sql`not ${csRooms.isInternal}`, sql`${csRooms.status} <> 'closed'`];

/**
 * The customer's conversation on one number (`channelId`) that is not closed. Prepared, one statement per
 * case (a channel number or none).
 */
const prepareFindLiveRoom = (db: Executor, withChannelId: boolean) =>
  db
    .select()
    .from(csRooms)
    .where(
      inClient(
        csRooms,
        sql.placeholder('clientId'),
        eq(csRooms.customerPhoneNumber, sql.placeholder('phone')),
        eq(csRooms.channel, sql.placeholder('channel')),
        withChannelId ? eq(csRooms.channelId, sql.placeholder('channelId')) : isNull(csRooms.channelId),
        ...liveKeyPredicate(),
      ),
    )
    .prepare(withChannelId ? 'inbox_live_room' : 'inbox_live_room_no_channel');

export async function findLiveRoom(
  db: Executor,
  clientId: string,
  phone: string,
  channel: string,
  channelId: string | null,
) {
  const withChannelId = channelId !== null;
  const query = preparedOn(db, withChannelId ? 'inbox_live_room' : 'inbox_live_room_no_channel', (executor) =>
    prepareFindLiveRoom(executor, withChannelId),
  );
  const [row] = await query.execute({ clientId, phone, channel, channelId });
  return row ?? null;
}

/** The rules' order of `listRuleRows`: keyword, outside business hours, no agent online, first message. */
const RULE_ORDER = sql.raw(
  `array_position(array['keyword','outsideBusinessHours','noAgentOnline','firstMessage']::text[], r.trigger), r.created_at, r.id`,
);

const prepareFindLiveRoomWithSettings = (db: Executor, withChannelId: boolean, name: string) =>
  db
    .select({
      room: csRooms,
      // At most 500 rules, as `listRuleRows` reads them; mapped back to rows below.
      rules: sql<Record<string, unknown>[]>`(select coalesce(json_agg(r order by ${RULE_ORDER}), '[]'::json)
        from (select * from ${csAutoReplyRules}
          where ${inClient(csAutoReplyRules, sql.placeholder('clientId'), eq(csAutoReplyRules.enabled, true))}
          limit 500) r)`,
      config: sql<Record<string, unknown> | null>`(select ${csConfigurations.config} from ${csConfigurations}
        where ${inClient(csConfigurations, sql.placeholder('clientId'))})`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(
      csRooms,
      inClient(
        csRooms,
        sql.placeholder('clientId'),
        eq(csRooms.customerPhoneNumber, sql.placeholder('phone')),
        eq(csRooms.channel, sql.placeholder('channel')),
        withChannelId ? eq(csRooms.channelId, sql.placeholder('channelId')) : isNull(csRooms.channelId),
        ...liveKeyPredicate(),
      ),
    )
    .prepare(name);

/** A row of `table` from its `row_to_json` form (column names as keys, timestamps as text). */
function rowFromJson<R>(table: typeof csAutoReplyRules, json: Record<string, unknown>): R {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as R;
}

/**
 * `findLiveRoom` and, in the same statement, what answering the arrival needs: the client's enabled
 * auto-reply rules (in `listRuleRows`'s order) and its saved configuration (decision 0067: two or three
 * round trips fewer per arrival). Read after the customer's row lock, so the room is as fresh as with
 * `findLiveRoom`; the rules and configuration are as fresh as a read before the routing lock.
 */
export async function findLiveRoomWithSettings(
  db: Executor,
  clientId: string,
  phone: string,
  channel: string,
  channelId: string | null,
): Promise<{
  room: CsRoomRow | null;
  rules: CsAutoReplyRuleRow[];
  savedConfig: Record<string, unknown> | null;
}> {
  const withChannelId = channelId !== null;
  const name = withChannelId ? 'inbox_live_room_settings' : 'inbox_live_room_settings_no_channel';
  const query = preparedOn(db, name, (executor) =>
    prepareFindLiveRoomWithSettings(executor, withChannelId, name),
  );
  const [row] = await query.execute({ clientId, phone, channel, channelId });
  return {
    room: row?.room ?? null,
    rules: (row?.rules ?? []).map((json) => rowFromJson<CsAutoReplyRuleRow>(csAutoReplyRules, json)),
    savedConfig: row?.config ?? null,
  };
}

export async function updateRoom(
  db: Executor,
  clientId: string,
  roomId: string,
  values: Partial<typeof csRooms.$inferInsert>,
  where?: SQL,
): Promise<CsRoomRow | null> {
  const [row] = await db
    .update(csRooms)
    .set(values)
    .where(inClient(csRooms, clientId, eq(csRooms.id, roomId), where))
    .returning();
  noteRoomWrite(clientId);
  return row ?? null;
}

/** Takes a queued room for an agent; answers null when someone else took it first. */
export async function claimQueuedRoom(
  db: Executor,
  clientId: string,
  roomId: string,
  csId: string,
  reason: string,
) {
  return updateRoom(
    db,
    clientId,
    roomId,
    { status: 'open', csId, assignedAt: new Date(), assignmentReason: reason },
    and(eq(csRooms.status, 'queued'), isNull(csRooms.csId)),
  );
}

/** The room's columns that show its latest message. */
export function lastMessageColumns(message: { preview: string; fromCs: boolean; at: Date }) {
  return {
    lastMessageAt: message.at,
    lastMessagePreview: message.preview.slice(0, 200),
    lastMessageFromCs: message.fromCs,
  };
}

export async function recordMessageOnRoom(
  db: Executor,
  clientId: string,
  roomId: string,
  message: { preview: string; fromCs: boolean; at: Date },
): Promise<CsRoomRow | null> {
  const [row] = await db
    .update(csRooms)
    .set({
      ...lastMessageColumns(message),
      unreadCount: message.fromCs ? csRooms.unreadCount : sql`${csRooms.unreadCount} + 1`,
    })
    .where(inClient(csRooms, clientId, eq(csRooms.id, roomId)))
    .returning();
  noteRoomWrite(clientId);
  return row ?? null;
}

export async function listQueuedRoomIds(db: Executor, clientId: string, limit: number) {
  const rows = await db
    .select({ id: csRooms.id })
    .from(csRooms)
    .where(inClient(csRooms, clientId, eq(csRooms.status, 'queued'), eq(csRooms.isBot, false)))
    .orderBy(asc(csRooms.createdAt), asc(csRooms.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The rooms an agent (chat role CS) may open: theirs, the internal ones they opened, and the queue. */
export function roomOpenToAgent(csId: string): SQL {
  return or(
    eq(csRooms.csId, csId),
    and(eq(csRooms.isInternal, true), eq(csRooms.openedByCsId, csId)),
    eq(csRooms.status, 'queued'),
  )!;
}

/** Whether the customer has a room this agent may open. */
export async function customerHasRoomOpenToAgent(
  db: Executor,
  clientId: string,
  phone: string,
  csId: string,
) {
  const rows = await db
    .select({ id: csRooms.id })
    .from(csRooms)
    .where(inClient(csRooms, clientId, eq(csRooms.customerPhoneNumber, phone), roomOpenToAgent(csId)))
    .limit(1);
  return rows.length > 0;
}

export type RoomFilters = {
  statuses: CsRoomRow['status'][];
  isBot?: boolean | undefined;
  isInternal?: boolean | undefined;
  /** Only these agents' rooms (chat role CS sees its own, plus the queue when `includeQueue`). */
  csIds?: string[] | undefined;
  includeQueue?: boolean | undefined;
  /** Supervisors by tags: rooms tagged, or whose agent is tagged, with one of these. */
  visibleTags?: string[] | undefined;
  q?: string | undefined;
  priorities?: string[] | undefined;
  categories?: string[] | undefined;
  tags?: string[] | undefined;
  mediaPlatforms?: string[] | undefined;
  channels?: string[] | undefined;
  lastReply?: 'cs' | 'customer' | undefined;
  customerPhoneNumber?: string | undefined;
  customerName?: string | undefined;
  shortId?: number | undefined;
  remarks?: string | undefined;
  closedBy?: string | undefined;
  categoryName?: string | undefined;
  csTag?: string | undefined;
  closedFrom?: Date | undefined;
  closedTo?: Date | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
};

const like = (value: string) => `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

function roomConditions(clientId: string, f: RoomFilters): SQL {
  const agentTagged = (tags: string[]) =>
    sql`exists (select 1 from ${csAgents} a where a.client_id = ${csRooms.clientId} and a.id = ${csRooms.csId} and a.tags && ${textArray(tags)})`;
  return inClient(
    csRooms,
    clientId,
    // Literal, so the planner can use the partial index of live rooms.
    f.statuses.length === 2 && !f.statuses.includes('closed')
      ? sql`${csRooms.status} <> 'closed'`
      : inArray(csRooms.status, f.statuses),
    f.isBot === undefined ? undefined : eq(csRooms.isBot, f.isBot),
    f.isInternal === undefined ? undefined : eq(csRooms.isInternal, f.isInternal),
    f.csIds
      ? f.includeQueue
        ? or(inArray(csRooms.csId, f.csIds), eq(csRooms.status, 'queued'))
        : inArray(csRooms.csId, f.csIds)
      : undefined,
    f.visibleTags
      ? or(sql`${csRooms.tags} && ${textArray(f.visibleTags)}`, agentTagged(f.visibleTags))
      : undefined,
    f.q
      ? or(
          ilike(csRooms.customerName, like(f.q)),
          ilike(csRooms.customerPhoneNumber, like(f.q)),
          /^\d+$/.test(f.q) && f.q.length < 10 ? eq(csRooms.shortId, Number(f.q)) : undefined,
        )
      : undefined,
    f.priorities?.length ? inArray(csRooms.priority, f.priorities) : undefined,
    f.categories?.length
      ? or(inArray(csRooms.categoryId, f.categories), inArray(csRooms.categoryName, f.categories))
      : undefined,
    f.tags?.length ? sql`${csRooms.tags} && ${textArray(f.tags)}` : undefined,
    f.mediaPlatforms?.length ? inArray(csRooms.mediaPlatform, f.mediaPlatforms) : undefined,
    f.channels?.length ? inArray(csRooms.channel, f.channels) : undefined,
    f.lastReply ? eq(csRooms.lastMessageFromCs, f.lastReply === 'cs') : undefined,
    f.customerPhoneNumber ? eq(csRooms.customerPhoneNumber, f.customerPhoneNumber) : undefined,
    f.customerName ? ilike(csRooms.customerName, like(f.customerName)) : undefined,
    f.shortId !== undefined ? eq(csRooms.shortId, f.shortId) : undefined,
    f.remarks ? ilike(csRooms.remarks, like(f.remarks)) : undefined,
    f.closedBy ? eq(csRooms.closedBy, f.closedBy) : undefined,
    f.categoryName ? eq(csRooms.categoryName, f.categoryName) : undefined,
    f.csTag ? agentTagged([f.csTag]) : undefined,
    f.closedFrom ? sql`${csRooms.closedAt} >= ${f.closedFrom}` : undefined,
    f.closedTo ? sql`${csRooms.closedAt} < ${f.closedTo}` : undefined,
    f.createdFrom ? sql`${csRooms.createdAt} >= ${f.createdFrom}` : undefined,
    f.createdTo ? sql`${csRooms.createdAt} < ${f.createdTo}` : undefined,
  )!;
}

/** `createdAt` is the value of the sort key: the room's start, or its latest activity when sorted by that. */
export type RoomCursor = { createdAt: Date; id: string | null };

/** A room's latest activity: its last message, or its start while it has none. */
export const roomActivityAt = sql<Date>`coalesce(${csRooms.lastMessageAt}, ${csRooms.createdAt})`;

type RoomPage = {
  pageSize: number;
  offset: number;
  cursor: RoomCursor | null;
  direction: 'asc' | 'desc';
  byActivity?: boolean | undefined;
};

/** One of the inbox's own list queries: live rooms, everyone's or one agent's plus the queue, no search. */
type InboxShape = { name: string; agent: boolean; cursor: boolean; desc: boolean; byActivity: boolean };

/**
 * The shape of the list when it is the inbox's plain page (no search or filter, keyset or first page),
 * which runs on every inbox refresh; null for anything else, built per request.
 */
function inboxShapeOf(filters: RoomFilters, page: RoomPage): InboxShape | null {
  const { statuses, isBot, isInternal, csIds, includeQueue, ...rest } = filters;
  const live = statuses.length === 2 && statuses.includes('queued') && statuses.includes('open');
  const agent = csIds !== undefined;
  if (!live || isBot === undefined || isInternal !== false) return null;
  if (agent && !(csIds.length === 1 && includeQueue)) return null;
  // Any search or filter (an empty list filters nothing) takes the query built per request.
  const filtering = (value: unknown) => value !== undefined && !(Array.isArray(value) && value.length === 0);
  if (Object.values(rest).some(filtering)) return null;
  if (page.cursor ? page.cursor.id === null : page.offset > 0) return null;
  const shape = {
    agent,
    cursor: page.cursor !== null,
    desc: page.direction === 'desc',
    byActivity: !!page.byActivity,
  };
  const name = `${shape.agent ? 'agent' : 'all'}_${shape.cursor ? 'after' : 'first'}_${shape.desc ? 'desc' : 'asc'}${shape.byActivity ? '_activity' : ''}`;
  return { name, ...shape };
}

/**
 * What names the inbox's plain first page (no search or filter, no cursor) among the client's, so it
 * can be kept (decision 0064): its shape, the view (bot rooms or not, everyone's or one agent's) and the
 * page size. Null for any other page.
 */
export function inboxFirstPageKey(filters: RoomFilters, page: RoomPage): string | null {
  const shape = inboxShapeOf(filters, page);
  if (!shape || shape.cursor) return null;
  return `${shape.name}|${filters.isBot ? 'bot' : 'inbox'}|${filters.csIds?.[0] ?? '*'}|${page.pageSize}`;
}

/**
 * The inbox page as a prepared statement: on PostgreSQL planning it (seven indexes on the table) costs
 * several times its execution, and on both databases building it in Drizzle costs more than running it.
 * Same conditions as `roomConditions` gives for these filters.
 */
function prepareInboxList(db: Database, shape: InboxShape) {
  const key = shape.byActivity ? roomActivityAt : csRooms.createdAt;
  const order = shape.desc ? desc : asc;
  const after = shape.cursor
    ? sql`(${key}, ${csRooms.id}) ${sql.raw(shape.desc ? '<' : '>')} (${sql.placeholder('after')}, ${sql.placeholder('afterId')})`
    : undefined;
  return db
    .select()
    .from(csRooms)
    .where(
      inClient(
        csRooms,
        sql.placeholder('clientId'),
        // Literal, so the planner can use the partial index of live rooms.
        sql`${csRooms.status} <> 'closed'`,
        eq(csRooms.isBot, sql.placeholder('isBot')),
        eq(csRooms.isInternal, false),
        shape.agent ? or(eq(csRooms.csId, sql.placeholder('csId')), eq(csRooms.status, 'queued')) : undefined,
        after,
      ),
    )
    .orderBy(order(key), order(csRooms.id))
    .limit(sql.placeholder('limit'))
    .prepare(`rooms_list_${shape.name}`);
}

/**
 * A page of rooms by (createdAt, id) or, with `byActivity`, by (latest activity, id); keyset after
 * `cursor` or by offset when no cursor is given.
 */
export async function listRoomRows(
  db: Executor,
  clientId: string,
  filters: RoomFilters,
  page: RoomPage,
): Promise<CsRoomRow[]> {
  const shape = isTransaction(db) ? null : inboxShapeOf(filters, page);
  if (shape) {
    const agent = filters.csIds?.[0];
    return preparedQuery(db, `rooms_list_${shape.name}`, (database) =>
      prepareInboxList(database, shape),
    ).execute({
      clientId,
      isBot: filters.isBot === true,
      limit: page.pageSize + 1,
      ...(agent ? { csId: agent } : {}),
      ...(page.cursor ? { after: page.cursor.createdAt, afterId: page.cursor.id } : {}),
    });
  }
  const key = page.byActivity ? roomActivityAt : csRooms.createdAt;
  const after = page.cursor
    ? page.direction === 'desc'
      ? page.cursor.id
        ? sql`(${key}, ${csRooms.id}) < (${page.cursor.createdAt}, ${page.cursor.id})`
        : sql`${key} < ${page.cursor.createdAt}`
      : page.cursor.id
        ? sql`(${key}, ${csRooms.id}) > (${page.cursor.createdAt}, ${page.cursor.id})`
        : sql`${key} > ${page.cursor.createdAt}`
    : undefined;
  const order = page.direction === 'desc' ? desc : asc;
  let query = db
    .select()
    .from(csRooms)
    .where(and(roomConditions(clientId, filters), after))
    .orderBy(order(key), order(csRooms.id))
    .limit(page.pageSize + 1)
    .$dynamic();
  if (!page.cursor && page.offset > 0) query = query.offset(page.offset);
  return query;
}

export async function countRooms(db: Executor, clientId: string, filters: RoomFilters) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(csRooms)
    .where(roomConditions(clientId, filters));
  return Number(row?.count ?? 0);
}

export async function listCategories(db: Executor, clientId: string) {
  return db
    .select()
    .from(csRoomCategories)
    .where(inClient(csRoomCategories, clientId))
    .orderBy(asc(csRoomCategories.name));
}

export async function findCategory(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(csRoomCategories)
    .where(inClient(csRoomCategories, clientId, eq(csRoomCategories.id, id)));
  return row ?? null;
}

export async function insertCategory(db: Executor, row: typeof csRoomCategories.$inferInsert) {
  const [inserted] = await db.insert(csRoomCategories).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateCategory(db: Executor, clientId: string, id: string, name: string) {
  const [row] = await db
    .update(csRoomCategories)
    .set({ name })
    .where(inClient(csRoomCategories, clientId, eq(csRoomCategories.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteCategory(db: Executor, clientId: string, id: string) {
  const rows = await db
    .delete(csRoomCategories)
    .where(inClient(csRoomCategories, clientId, eq(csRoomCategories.id, id)))
    .returning({ id: csRoomCategories.id });
  return rows.length > 0;
}

/** Live rooms whose last message (or creation) is older than the cutoff. */
export async function listIdleRoomIds(db: Executor, clientId: string, cutoff: Date, limit: number) {
  const rows = await db
    .select({ id: csRooms.id })
    .from(csRooms)
    .where(
      inClient(
        csRooms,
        clientId,
        sql`${csRooms.status} <> 'closed'`,
        eq(csRooms.isInternal, false),
        sql`coalesce(${csRooms.lastMessageAt}, ${csRooms.createdAt}) < ${cutoff}`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}
