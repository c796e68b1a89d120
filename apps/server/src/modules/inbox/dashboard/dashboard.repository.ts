import { asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { csAgentStatusLogs, csAgents } from '../agents/agents.tables.js';
import { csMessages } from '../chat/chat.tables.js';
import { csRooms } from '../rooms/rooms.tables.js';

/** Conversations started in [from, to): all, still open, and closed in the range. */
export async function conversationTotals(db: Executor, clientId: string, from: Date, to: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*) filter (where ${csRooms.createdAt} >= ${from} and ${csRooms.createdAt} < ${to})::int`,
      open: sql<number>`count(*) filter (where ${csRooms.createdAt} >= ${from} and ${csRooms.createdAt} < ${to} and ${csRooms.status} <> 'closed')::int`,
      closed: sql<number>`count(*) filter (where ${csRooms.closedAt} >= ${from} and ${csRooms.closedAt} < ${to})::int`,
    })
    .from(csRooms)
    .where(inClient(csRooms, clientId, eq(csRooms.isInternal, false)));
  return { total: Number(row?.total ?? 0), open: Number(row?.open ?? 0), closed: Number(row?.closed ?? 0) };
}

/** Ratings given in [from, to): count, average score, and how many were the best score (3). */
export async function csatTotals(db: Executor, clientId: string, from: Date, to: Date) {
  const [row] = await db
    .select({
      responses: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${csRooms.csatScore}), 0)::int`,
      satisfied: sql<number>`count(*) filter (where ${csRooms.csatScore} = 3)::int`,
    })
    .from(csRooms)
    .where(
      inClient(
        csRooms,
        clientId,
        sql`${csRooms.csatScore} is not null and ${csRooms.csatAt} >= ${from} and ${csRooms.csatAt} < ${to}`,
      ),
    );
  const responses = Number(row?.responses ?? 0);
  return {
    responses,
    average: responses ? Math.round((Number(row!.sum) / responses) * 100) / 100 : null,
    satisfiedPercent: responses ? Math.round((Number(row!.satisfied) / responses) * 1000) / 10 : null,
  };
}

/** Agents who were online at some moment of [from, to). */
export async function countActiveAgents(db: Executor, clientId: string, from: Date, to: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${csAgentStatusLogs.csId})::int` })
    .from(csAgentStatusLogs)
    .where(
      inClient(
        csAgentStatusLogs,
        clientId,
        eq(csAgentStatusLogs.status, 'online'),
        sql`${csAgentStatusLogs.startedAt} < ${to}`,
        or(isNull(csAgentStatusLogs.endedAt), sql`${csAgentStatusLogs.endedAt} >= ${from}`),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Every active agent with their status and open-room count, by name. */
export async function listAgentStatuses(
  db: Executor,
  clientId: string,
  page: { pageSize: number; offset: number },
) {
  const where = inClient(
    csAgents,
    clientId,
    eq(csAgents.kind, 'cs'),
    eq(csAgents.deleted, false),
    eq(csAgents.deactivated, false),
  );
  const rows = await db
    .select({
      csId: csAgents.id,
      name: csAgents.name,
      email: csAgents.email,
      status: csAgents.status,
      statusSince: csAgents.statusSince,
      capacity: csAgents.capacity,
      // Spelled out: inside a select list Drizzle leaves columns unqualified, which the subquery would rebind.
      openRooms: sql<number>`(select count(*) from cs_rooms r where r.client_id = cs_agents.client_id and r.cs_id = cs_agents.id and r.status = 'open')::int`,
    })
    .from(csAgents)
    .where(where)
    .orderBy(asc(csAgents.name), asc(csAgents.id))
    .limit(page.pageSize)
    .offset(page.offset);
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(csAgents).where(where);
  return { rows, total: Number(count?.count ?? 0) };
}

/** Customers' own messages (not agents', not internal) of one client in [from, to). */
const customerMessagesBetween = (clientId: string, from: Date, to: Date) =>
  inClient(
    csMessages,
    clientId,
    eq(csMessages.fromCs, false),
    eq(csMessages.isInternal, false),
    sql`${csMessages.createdAt} >= ${from}`,
    sql`${csMessages.createdAt} < ${to}`,
  );

/** Distinct customers who wrote in [from, to), by hour of the given time zone. */
export async function activeCustomersByHour(
  db: Executor,
  clientId: string,
  from: Date,
  to: Date,
  timezone: string,
) {
  const hour = sql<number>`extract(hour from ${csMessages.createdAt} at time zone ${timezone})::int`;
  const rows = await db
    .select({ hour, customers: sql<number>`count(distinct ${csRooms.customerPhoneNumber})::int` })
    .from(csMessages)
    .innerJoin(csRooms, inClient(csRooms, csMessages.clientId, eq(csRooms.id, csMessages.roomId)))
    .where(customerMessagesBetween(clientId, from, to))
    // By position: the time zone is a parameter, so the expression would differ from the select's.
    .groupBy(sql`1`);
  const [total] = await db
    .select({ customers: sql<number>`count(distinct ${csRooms.customerPhoneNumber})::int` })
    .from(csMessages)
    .innerJoin(csRooms, inClient(csRooms, csMessages.clientId, eq(csRooms.id, csMessages.roomId)))
    .where(customerMessagesBetween(clientId, from, to));
  return {
    total: Number(total?.customers ?? 0),
    byHour: rows.map((row) => ({ hour: Number(row.hour), customers: Number(row.customers) })),
  };
}

/**
 * Per local day of [from, to): distinct customers who wrote, and conversations (tickets) opened.
 * Days with nothing are absent; the service fills them in.
 */
export async function dailyActivity(db: Executor, clientId: string, from: Date, to: Date, timezone: string) {
  const messageDay = sql<string>`to_char(${csMessages.createdAt} at time zone ${timezone}, 'YYYY-MM-DD')`;
  const customers = await db
    .select({ day: messageDay, count: sql<number>`count(distinct ${csRooms.customerPhoneNumber})::int` })
    .from(csMessages)
    .innerJoin(csRooms, inClient(csRooms, csMessages.clientId, eq(csRooms.id, csMessages.roomId)))
    .where(customerMessagesBetween(clientId, from, to))
    // By position: the time zone is a parameter, so the expression would differ from the select's.
    .groupBy(sql`1`);
  const roomDay = sql<string>`to_char(${csRooms.createdAt} at time zone ${timezone}, 'YYYY-MM-DD')`;
  const tickets = await db
    .select({ day: roomDay, count: sql<number>`count(*)::int` })
    .from(csRooms)
    .where(
      inClient(
        csRooms,
        clientId,
        eq(csRooms.isInternal, false),
        sql`${csRooms.createdAt} >= ${from}`,
        sql`${csRooms.createdAt} < ${to}`,
      ),
    )
    .groupBy(sql`1`);
  const toMap = (rows: { day: string; count: number }[]) =>
    new Map(rows.map((row) => [row.day, Number(row.count)]));
  return { customers: toMap(customers), tickets: toMap(tickets) };
}

/** The instant a local calendar day starts in a time zone (PostgreSQL does the zone rules). */
export async function startOfLocalDay(db: Executor, date: string, timezone: string): Promise<Date> {
  const result = await db.execute<{ start: string | Date }>(
    sql`select (${date}::date::timestamp at time zone ${timezone}) as start`,
  );
  return new Date(result.rows[0]!.start);
}

export type DurationRow = {
  /** Which grouping the row is: 'all', 'agent', 'day' or 'hour'. */
  kind: 'all' | 'agent' | 'day' | 'hour';
  key: string | null;
  conversations: number;
  firstCount: number;
  firstMedian: number | null;
  firstP90: number | null;
  resolvedCount: number;
  resolvedMedian: number | null;
  resolvedP90: number | null;
};

/**
 * Conversations started in [from, to) with their first response time (customer's first message to the
 * first answer an agent sent: notes, rating requests and auto-replies are no answer) and resolution time (to the
 * close), summarised overall, per agent holding the room, per local day and per local hour, in one
 * pass (grouping sets). Percentiles interpolate linearly (percentile_cont).
 */
export async function responseTimeFigures(
  db: Executor,
  clientId: string,
  from: Date,
  to: Date,
  timezone: string,
): Promise<DurationRow[]> {
  const result = await db.execute<{
    g: number;
    cs_id: string | null;
    day: string | null;
    hour: number | null;
    conversations: number;
    first_count: number;
    first_median: number | null;
    first_p90: number | null;
    resolved_count: number;
    resolved_median: number | null;
    resolved_p90: number | null;
  }>(sql`
    with durations as (
      select ${csRooms.csId} as cs_id,
        to_char(${csRooms.createdAt} at time zone ${timezone}, 'YYYY-MM-DD') as day,
        extract(hour from ${csRooms.createdAt} at time zone ${timezone})::int as hour,
        extract(epoch from (
          (select min(m.created_at) from ${csMessages} m
            where m.client_id = ${csRooms.clientId} and m.room_id = ${csRooms.id} and m.from_cs
              and m.type not in ('note', 'csat_request', 'auto_reply') and m.created_at >= ${csRooms.createdAt})
          - ${csRooms.createdAt}))::float8 as first_seconds,
        extract(epoch from (${csRooms.closedAt} - ${csRooms.createdAt}))::float8 as resolved_seconds
      from ${csRooms}
      where ${inClient(
        csRooms,
        clientId,
        eq(csRooms.isInternal, false),
        sql`${csRooms.createdAt} >= ${from}`,
        sql`${csRooms.createdAt} < ${to}`,
      )}
    )
    select grouping(cs_id, day, hour)::int as g, cs_id, day, hour,
      count(*)::int as conversations,
      count(first_seconds)::int as first_count,
      percentile_cont(0.5) within group (order by first_seconds) as first_median,
      percentile_cont(0.9) within group (order by first_seconds) as first_p90,
      count(resolved_seconds)::int as resolved_count,
      percentile_cont(0.5) within group (order by resolved_seconds) as resolved_median,
      percentile_cont(0.9) within group (order by resolved_seconds) as resolved_p90
    from durations
    group by grouping sets ((cs_id), (day), (hour), ())`);
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return result.rows.flatMap((row): DurationRow[] => {
    // grouping() sets a bit for each column left out: cs_id 4, day 2, hour 1.
    const g = Number(row.g);
    const kind = g === 7 ? 'all' : g === 3 ? 'agent' : g === 5 ? 'day' : g === 6 ? 'hour' : null;
    if (!kind) return [];
    // Rooms nobody holds (still queued) count overall, per day and per hour, not under an agent.
    if (kind === 'agent' && !row.cs_id) return [];
    return [
      {
        kind,
        key:
          kind === 'agent' ? row.cs_id : kind === 'day' ? row.day : kind === 'hour' ? String(row.hour) : null,
        conversations: Number(row.conversations),
        firstCount: Number(row.first_count),
        firstMedian: number(row.first_median),
        firstP90: number(row.first_p90),
        resolvedCount: Number(row.resolved_count),
        resolvedMedian: number(row.resolved_median),
        resolvedP90: number(row.resolved_p90),
      },
    ];
  });
}

/** Names of the given agents. */
export async function agentNames(db: Executor, clientId: string, csIds: string[]) {
  if (csIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: csAgents.id, name: csAgents.name })
    .from(csAgents)
    .where(inClient(csAgents, clientId, inArray(csAgents.id, csIds)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
