import { asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { csAgents } from '../agents/agents.tables.js';
import { csRooms } from '../rooms/rooms.tables.js';
import { type CsTicketRow, csTicketEvents, csTickets } from './tickets.tables.js';

/** A ticket with what the lists show of its room and assignee. */
const ticketColumns = {
  ticket: csTickets,
  roomShortId: csRooms.shortId,
  roomCsId: csRooms.csId,
  customerPhoneNumber: csRooms.customerPhoneNumber,
  customerName: csRooms.customerName,
  assigneeName: csAgents.name,
};
export type TicketListRow = {
  ticket: CsTicketRow;
  roomShortId: number;
  roomCsId: string | null;
  customerPhoneNumber: string;
  customerName: string | null;
  assigneeName: string | null;
};

export type TicketFilters = {
  status?: CsTicketRow['status'] | undefined;
  priority?: CsTicketRow['priority'] | undefined;
  assigneeCsId?: string | undefined;
  roomId?: string | undefined;
  search?: string | undefined;
  /** An agent sees the tickets assigned to them and those of their own rooms. */
  confinedTo?: string | null | undefined;
};

function whereOf(clientId: string, f: TicketFilters) {
  const pattern = f.search ? `%${f.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  return inClient(
    csTickets,
    clientId,
    f.status ? eq(csTickets.status, f.status) : undefined,
    f.priority ? eq(csTickets.priority, f.priority) : undefined,
    f.assigneeCsId ? eq(csTickets.assigneeCsId, f.assigneeCsId) : undefined,
    f.roomId ? eq(csTickets.roomId, f.roomId) : undefined,
    pattern
      ? or(
          ilike(csTickets.subject, pattern),
          ilike(csRooms.customerPhoneNumber, pattern),
          ilike(csRooms.customerName, pattern),
        )
      : undefined,
    f.confinedTo ? or(eq(csTickets.assigneeCsId, f.confinedTo), eq(csRooms.csId, f.confinedTo)) : undefined,
  );
}

function selectTickets(db: Executor) {
  return db
    .select(ticketColumns)
    .from(csTickets)
    .innerJoin(csRooms, inClient(csRooms, csTickets.clientId, eq(csRooms.id, csTickets.roomId)))
    .leftJoin(csAgents, inClient(csAgents, csTickets.clientId, eq(csAgents.id, csTickets.assigneeCsId)));
}

export async function listTicketRows(
  db: Executor,
  clientId: string,
  filters: TicketFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: TicketListRow[]; total: number }> {
  const where = whereOf(clientId, filters);
  const rows = await selectTickets(db)
    .where(where)
    .orderBy(desc(csTickets.createdAt), desc(csTickets.id))
    .limit(page.limit)
    .offset(page.offset);
  const [totals] = await db
    .select({ total: count() })
    .from(csTickets)
    .innerJoin(csRooms, inClient(csRooms, csTickets.clientId, eq(csRooms.id, csTickets.roomId)))
    .where(where);
  return { rows, total: Number(totals?.total ?? 0) };
}

export async function findTicketRow(
  db: Executor,
  clientId: string,
  id: string,
): Promise<TicketListRow | null> {
  const [row] = await selectTickets(db).where(inClient(csTickets, clientId, eq(csTickets.id, id)));
  return row ?? null;
}

/** Null when the room already has a ticket that is not resolved. */
export async function insertTicket(db: Executor, row: typeof csTickets.$inferInsert) {
  const [inserted] = await db.insert(csTickets).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateTicketRow(
  db: Executor,
  clientId: string,
  id: string,
  changes: Partial<typeof csTickets.$inferInsert>,
) {
  const [row] = await db
    .update(csTickets)
    .set({ ...changes, updatedAt: new Date() })
    .where(inClient(csTickets, clientId, eq(csTickets.id, id)))
    .returning();
  return row ?? null;
}

/** The ticket row locked for a change (so two changes cannot both read the old status). */
export async function lockTicket(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(csTickets)
    .where(inClient(csTickets, clientId, eq(csTickets.id, id)))
    .for('update');
  return row ?? null;
}

export async function findUnresolvedTicketOfRoom(db: Executor, clientId: string, roomId: string) {
  const [row] = await db
    .select({ id: csTickets.id })
    .from(csTickets)
    .where(inClient(csTickets, clientId, eq(csTickets.roomId, roomId), isNull(csTickets.resolvedAt)));
  return row ?? null;
}

export async function insertTicketEvents(db: Executor, rows: (typeof csTicketEvents.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(csTicketEvents).values(rows);
}

export async function listTicketEvents(db: Executor, clientId: string, ticketId: string) {
  return db
    .select()
    .from(csTicketEvents)
    .where(inClient(csTicketEvents, clientId, eq(csTicketEvents.ticketId, ticketId)))
    .orderBy(asc(csTicketEvents.at), asc(csTicketEvents.id));
}

/**
 * For each local day from `start` (a day's first instant) for `days` days: tickets active at the end of
 * the day (opened by then and not resolved by then), opened that day and resolved that day.
 */
export async function dailyTicketCounts(
  db: Executor,
  clientId: string,
  start: Date,
  days: number,
  timezone: string,
) {
  const result = await db.execute<{ day: string; active: number; opened: number; resolved: number }>(sql`
    with days as (
      select d::date as day,
             (d::date::timestamp at time zone ${timezone}) as day_start,
             ((d::date + 1)::timestamp at time zone ${timezone}) as day_end
      from generate_series((${start.toISOString()}::timestamptz at time zone ${timezone})::date,
                           (${start.toISOString()}::timestamptz at time zone ${timezone})::date + ${days - 1}::int,
                           interval '1 day') as d
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      (select count(*)::int from ${csTickets} where ${inClient(csTickets, clientId)}
         and ${csTickets.createdAt} < days.day_end and (${csTickets.resolvedAt} is null or ${csTickets.resolvedAt} >= days.day_end)) as active,
      (select count(*)::int from ${csTickets} where ${inClient(csTickets, clientId)}
         and ${csTickets.createdAt} >= days.day_start and ${csTickets.createdAt} < days.day_end) as opened,
      (select count(*)::int from ${csTickets} where ${inClient(csTickets, clientId)}
         and ${csTickets.resolvedAt} >= days.day_start and ${csTickets.resolvedAt} < days.day_end) as resolved
    from days order by days.day`);
  return result.rows.map((row) => ({
    date: row.day,
    active: Number(row.active),
    opened: Number(row.opened),
    resolved: Number(row.resolved),
  }));
}
