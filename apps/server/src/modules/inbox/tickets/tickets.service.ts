import {
  CS_DAILY_MAX_DAYS,
  DEFAULT_TIMEZONE,
  type TicketCreate,
  type TicketListQuery,
  type TicketUpdate,
} from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import { type Actor, actorLabel } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { findAgent } from '../agents/agents.repository.js';
import { listMessageRows } from '../chat/chat.repository.js';
import { toMessage } from '../chat/message.view.js';
import { startOfLocalDay } from '../dashboard/dashboard.repository.js';
import { confinedAgentIdOf, requireInboxAccess } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import { agentNotFound, forbiddenForAgent, roomNotFound } from '../inbox.errors.js';
import { toRoom } from '../rooms/room.view.js';
import { findRoom, findRoomByShortId } from '../rooms/rooms.repository.js';
import { getVisibleRoom } from '../rooms/rooms.service.js';
import { publishTicketUpdated } from './tickets.live.js';
import {
  dailyTicketCounts,
  findTicketRow,
  insertTicket,
  insertTicketEvents,
  listTicketEvents,
  listTicketRows,
  lockTicket,
  type TicketListRow,
  updateTicketRow,
} from './tickets.repository.js';
import type { CsTicketEventRow, CsTicketRow } from './tickets.tables.js';

export const ticketNotFound = () => notFound('ticket_not_found', 'Ticket not found');
const ticketExists = () =>
  new AppError(409, 'ticket_exists', 'This conversation already has a ticket that is not resolved');
const internalRoomRefused = () =>
  new AppError(409, 'ticket_internal_room', 'An internal room is not a conversation with a customer');
const ticketResolved = () =>
  new AppError(409, 'ticket_resolved', 'This ticket is resolved: reopen it before changing it');
const dueInPast = () => new AppError(400, 'due_in_past', 'Choose a due time in the future');
const badDate = () => new AppError(400, 'invalid_date', 'Dates must look like 2026-11-22');
const rangeTooLong = () =>
  new AppError(400, 'range_too_long', `Choose at most ${CS_DAILY_MAX_DAYS} days for the daily charts`);

const DAY = 86_400_000;
/** The conversation shown on a ticket: its latest messages. */
const DETAIL_MESSAGES = 200;

export function toTicket(row: TicketListRow, now = new Date()) {
  const t = row.ticket;
  return {
    id: t.id,
    roomId: t.roomId,
    roomShortId: row.roomShortId,
    customerPhoneNumber: row.customerPhoneNumber,
    customerName: row.customerName,
    subject: t.subject,
    status: t.status,
    priority: t.priority,
    assigneeCsId: t.assigneeCsId,
    assigneeName: row.assigneeName,
    dueAt: t.dueAt?.toISOString() ?? null,
    overdue: Boolean(t.dueAt && t.status !== 'resolved' && t.dueAt.getTime() < now.getTime()),
    createdBy: t.createdBy,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    resolvedAt: t.resolvedAt?.toISOString() ?? null,
  };
}

const toEvent = (row: CsTicketEventRow) => ({
  id: row.id,
  at: row.at.toISOString(),
  by: row.by,
  change: row.change,
  from: row.fromValue,
  to: row.toValue,
});

/** A ticket the caller may see: an agent only theirs (assigned, or of their room); else 404. */
async function getVisibleTicket(db: Executor, actor: Actor, id: string): Promise<TicketListRow> {
  requireInboxAccess(actor);
  const row = isId(id) ? await findTicketRow(db, actor.clientId, id) : null;
  if (!row) throw ticketNotFound();
  const confined = confinedAgentIdOf(actor);
  if (confined && row.ticket.assigneeCsId !== confined && row.roomCsId !== confined) throw ticketNotFound();
  return row;
}

/** An assignee must be one of the client's agents; an agent may only take a ticket themselves. */
async function checkAssignee(db: Executor, actor: Actor, csId: string | null) {
  if (csId === null) return null;
  const confined = confinedAgentIdOf(actor);
  if (confined && csId !== confined) throw forbiddenForAgent();
  const agent = isId(csId) ? await findAgent(db, actor.clientId, { csId }) : null;
  if (!agent || agent.deleted) throw agentNotFound();
  return agent.id;
}

function checkDue(dueAt: string | null | undefined) {
  if (!dueAt) return dueAt === null ? null : undefined;
  const due = new Date(dueAt);
  if (due.getTime() <= Date.now()) throw dueInPast();
  return due;
}

const isUniqueViolation = (error: unknown) =>
  ((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505';

export async function listTickets(db: Executor, actor: Actor, query: TicketListQuery) {
  requireInboxAccess(actor);
  const pageSize = query.pageSize ?? 10;
  const pageNumber = query.pageNumber ?? 1;
  const { rows, total } = await listTicketRows(
    db,
    actor.clientId,
    {
      status: query.status,
      priority: query.priority,
      // An unknown id matches nothing rather than failing the whole list.
      assigneeCsId: query.assigneeCsId
        ? isId(query.assigneeCsId)
          ? query.assigneeCsId
          : '00000000-0000-0000-0000-000000000000'
        : undefined,
      roomId: query.roomId
        ? isId(query.roomId)
          ? query.roomId
          : '00000000-0000-0000-0000-000000000000'
        : undefined,
      search: query.search?.trim() || undefined,
      confinedTo: confinedAgentIdOf(actor),
    },
    { limit: pageSize, offset: (pageNumber - 1) * pageSize },
  );
  const now = new Date();
  return { pageSize, pageNumber, total, items: rows.map((row) => toTicket(row, now)) };
}

export async function getTicketDetail(db: Executor, actor: Actor, id: string) {
  const row = await getVisibleTicket(db, actor, id);
  // Whoever may see the ticket (its assignee too) reads the conversation it follows.
  const room = await findRoom(db, actor.clientId, row.ticket.roomId);
  if (!room) throw ticketNotFound();
  const messages = await listMessageRows(db, actor.clientId, room.id, {
    pageSize: DETAIL_MESSAGES,
    cursor: null,
    internal: false,
  });
  const history = await listTicketEvents(db, actor.clientId, row.ticket.id);
  return {
    ticket: toTicket(row),
    room: toRoom(room),
    messages: messages.slice(0, DETAIL_MESSAGES).reverse().map(toMessage),
    history: history.map(toEvent),
  };
}

/** The room a ticket is about: by id, or by the short number the workspace shows. */
async function roomOf(db: Executor, actor: Actor, roomId: string) {
  if (/^\d{1,9}$/.test(roomId)) {
    const byShortId = await findRoomByShortId(db, actor.clientId, Number(roomId));
    if (!byShortId) throw roomNotFound();
    return getVisibleRoom(db, actor, byShortId.id);
  }
  return getVisibleRoom(db, actor, roomId);
}

export async function createTicket(
  db: Executor,
  actor: Actor,
  input: TicketCreate,
  live: Pick<InboxDeps, 'realtime'> = {},
) {
  const room = await roomOf(db, actor, input.roomId);
  if (room.isInternal) throw internalRoomRefused();
  const assigneeCsId =
    input.assigneeCsId === undefined ? room.csId : await checkAssignee(db, actor, input.assigneeCsId);
  const dueAt = checkDue(input.dueAt) ?? null;
  const by = actorLabel(actor);
  const id = await db.transaction(async (tx) => {
    const row = await insertTicket(tx, {
      clientId: actor.clientId,
      id: newId(),
      roomId: room.id,
      subject: input.subject.trim(),
      status: 'open',
      priority: input.priority ?? 'normal',
      assigneeCsId,
      dueAt,
      createdBy: by,
    });
    if (!row) throw ticketExists();
    await insertTicketEvents(tx, [
      { clientId: actor.clientId, id: newId(), ticketId: row.id, change: 'created', toValue: 'open', by },
    ]);
    return row.id;
  });
  const ticket = toTicket((await findTicketRow(db, actor.clientId, id))!);
  await publishTicketUpdated(live, db, actor.clientId, ticket);
  return ticket;
}

type Change = CsTicketEventRow['change'];
/** The history entry each changeable column writes. */
const CHANGE_OF = {
  subject: 'subject',
  status: 'status',
  priority: 'priority',
  assigneeCsId: 'assignee',
  dueAt: 'dueAt',
} as const satisfies Partial<Record<keyof CsTicketRow, Change>>;
const show = (value: Date | string | null | undefined) =>
  value instanceof Date ? value.toISOString() : (value ?? null);

/**
 * Changes what was asked and writes one history entry per field that really changed. A resolved ticket
 * only reopens (status open or pending); resolving stamps `resolvedAt`, reopening clears it.
 */
export async function updateTicket(
  db: Executor,
  actor: Actor,
  input: TicketUpdate,
  live: Pick<InboxDeps, 'realtime'> = {},
) {
  const visible = await getVisibleTicket(db, actor, input.id);
  const assigneeCsId =
    input.assigneeCsId === undefined ? undefined : await checkAssignee(db, actor, input.assigneeCsId);
  const dueAt = checkDue(input.dueAt);
  const by = actorLabel(actor);
  let changed = false;
  await db
    .transaction(async (tx) => {
      const current = await lockTicket(tx, actor.clientId, visible.ticket.id);
      if (!current) throw ticketNotFound();
      const wanted: Partial<CsTicketRow> = {
        ...(input.subject !== undefined && { subject: input.subject.trim() }),
        ...(input.status !== undefined && { status: input.status }),
        ...(input.priority !== undefined && { priority: input.priority }),
        ...(assigneeCsId !== undefined && { assigneeCsId }),
        ...(dueAt !== undefined && { dueAt }),
      };
      const reopening = current.status === 'resolved' && wanted.status && wanted.status !== 'resolved';
      if (current.status === 'resolved' && !reopening) throw ticketResolved();
      const changes: Partial<CsTicketRow> = {};
      const events: { change: Change; from: string | null; to: string | null }[] = [];
      for (const [key, value] of Object.entries(wanted) as [keyof typeof CHANGE_OF, never][]) {
        if (show(current[key]) === show(value)) continue;
        (changes as Record<string, unknown>)[key] = value;
        events.push({ change: CHANGE_OF[key], from: show(current[key]), to: show(value) });
      }
      if (events.length === 0) return;
      changed = true;
      if (changes.status === 'resolved') changes.resolvedAt = new Date();
      else if (changes.status) changes.resolvedAt = null;
      await updateTicketRow(tx, actor.clientId, current.id, changes);
      await insertTicketEvents(
        tx,
        events.map((event) => ({
          clientId: actor.clientId,
          id: newId(),
          ticketId: current.id,
          change: event.change,
          fromValue: event.from,
          toValue: event.to,
          by,
        })),
      );
    })
    .catch((error: unknown) => {
      // Reopening while the conversation already has another unresolved ticket.
      if (isUniqueViolation(error)) throw ticketExists();
      throw error;
    });
  const ticket = toTicket((await findTicketRow(db, actor.clientId, visible.ticket.id))!);
  if (changed) await publishTicketUpdated(live, db, actor.clientId, ticket, visible.ticket.assigneeCsId);
  return ticket;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Daily active tickets (spec §1): the call-center dashboard's chart, in the client's time zone. */
export async function getDailyTickets(
  db: Executor,
  actor: Actor,
  query: { from: string; to: string },
  timezone = DEFAULT_TIMEZONE,
) {
  if (!DATE.test(query.from) || !DATE.test(query.to) || query.to < query.from) throw badDate();
  const days =
    Math.round((Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / DAY) + 1;
  if (days > CS_DAILY_MAX_DAYS) throw rangeTooLong();
  const start = await startOfLocalDay(db, query.from, timezone);
  return {
    from: query.from,
    to: query.to,
    days: await dailyTicketCounts(db, actor.clientId, start, days, timezone),
  };
}
