import type { CsAvailabilityCreate, CsAvailabilityUpdate } from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { findClient } from '../../clients/index.js';
import { findAgent } from '../agents/agents.repository.js';
import { agentNotFound, availabilityExists, availabilityNotFound } from '../inbox.errors.js';
import { DEFAULT_TIMEZONE, isOpenAt, type Schedule } from './availability.policy.js';
import {
  deleteAvailability as deleteAvailabilityRow,
  findAvailability,
  insertAvailability,
  listActiveSchedules,
  listAvailabilityRows,
  updateAvailability as updateAvailabilityRow,
} from './availability.repository.js';
import type { CsAvailabilityRow } from './availability.tables.js';

export function toAvailability(row: CsAvailabilityRow, csName: string | null) {
  return {
    id: row.id,
    scope: row.scope,
    csId: row.csId,
    csName,
    name: row.name,
    timezone: row.timezone,
    periods: row.periods,
    holidays: row.holidays,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function clientTimezone(db: Executor, clientId: string) {
  return (await findClient(db, clientId))?.timezone ?? DEFAULT_TIMEZONE;
}

/**
 * Whether the client is open at `at`: inside a period of its business hours and not on one of its
 * holidays, in the schedule's time zone (else the client's, else Asia/Jakarta). A client without
 * switched-on business hours is always open.
 */
export async function isWithinBusinessHours(tx: Executor, clientId: string, at: Date): Promise<boolean> {
  const [business] = await listActiveSchedules(tx, clientId, []);
  if (!business) return true;
  return isOpenAt(business, at, business.timezone ?? (await clientTimezone(tx, clientId)));
}

/**
 * Of the given agents, those inside their schedule at `at`: an agent's own schedule when they have a
 * switched-on one, else the business hours, else always (decision 0036). Two queries at most.
 */
export async function agentsOnSchedule(
  tx: Executor,
  clientId: string,
  csIds: string[],
  at: Date,
): Promise<Set<string>> {
  if (csIds.length === 0) return new Set();
  const schedules = await listActiveSchedules(tx, clientId, csIds);
  if (schedules.length === 0) return new Set(csIds);
  const byKey = new Map(schedules.map((schedule) => [schedule.scopeKey, schedule]));
  const needsClientZone = schedules.some((schedule) => !schedule.timezone);
  const fallbackZone = needsClientZone ? await clientTimezone(tx, clientId) : DEFAULT_TIMEZONE;
  const business = byKey.get('business');
  return new Set(
    csIds.filter((csId) => {
      const schedule = byKey.get(csId) ?? business;
      return !schedule || isOpenAt(schedule, at, schedule.timezone ?? fallbackZone);
    }),
  );
}

/**
 * `agentsOnSchedule` for agents read with the schedule that applies to each (the routing read, decision
 * 0067): no query unless a schedule leaves its time zone to the client's.
 */
export async function agentsOnScheduleOf(
  tx: Executor,
  clientId: string,
  agents: readonly { id: string; schedule: (Schedule & { timezone: string | null }) | null }[],
  at: Date,
): Promise<Set<string>> {
  const needsClientZone = agents.some((agent) => agent.schedule && !agent.schedule.timezone);
  const fallbackZone = needsClientZone ? await clientTimezone(tx, clientId) : DEFAULT_TIMEZONE;
  return new Set(
    agents
      .filter(({ schedule }) => !schedule || isOpenAt(schedule, at, schedule.timezone ?? fallbackZone))
      .map((agent) => agent.id),
  );
}

export async function listAvailability(
  db: Executor,
  actor: Actor,
  query: { id?: string | undefined; pageNumber?: number | undefined; pageSize?: number | undefined },
) {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  if (query.id !== undefined && !isId(query.id)) throw availabilityNotFound();
  const { rows, total } = await listAvailabilityRows(db, actor.clientId, {
    id: query.id,
    pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  if (query.id !== undefined && rows.length === 0) throw availabilityNotFound();
  return { items: rows.map(({ row, csName }) => toAvailability(row, csName)), total, pageNumber, pageSize };
}

const fieldsOf = (input: CsAvailabilityUpdate | CsAvailabilityCreate) => ({
  name: input.name.trim(),
  timezone: input.timezone ?? null,
  periods: [...input.periods].sort((a, b) => a.day - b.day || (a.start < b.start ? -1 : 1)),
  holidays: [...(input.holidays ?? [])].sort((a, b) => (a.date < b.date ? -1 : 1)),
  enabled: input.enabled ?? true,
});

export async function createAvailability(db: Executor, actor: Actor, input: CsAvailabilityCreate) {
  let csId: string | null = null;
  let csName: string | null = null;
  if (input.scope === 'agent') {
    const agent =
      input.csId && isId(input.csId) ? await findAgent(db, actor.clientId, { csId: input.csId }) : null;
    if (!agent || agent.deleted || agent.kind !== 'cs') throw agentNotFound();
    csId = agent.id;
    csName = agent.name;
  }
  const row = await insertAvailability(db, {
    clientId: actor.clientId,
    id: newId(),
    scope: input.scope,
    csId,
    scopeKey: csId ?? 'business',
    ...fieldsOf(input),
  });
  if (!row) throw availabilityExists();
  return toAvailability(row, csName);
}

export async function updateAvailability(db: Executor, actor: Actor, input: CsAvailabilityUpdate) {
  const row = isId(input.id)
    ? await updateAvailabilityRow(db, actor.clientId, input.id, fieldsOf(input))
    : null;
  if (!row) throw availabilityNotFound();
  const found = await findAvailability(db, actor.clientId, row.id);
  return toAvailability(row, found?.csName ?? null);
}

export async function deleteAvailability(db: Executor, actor: Actor, id: string) {
  const deleted = isId(id) ? await deleteAvailabilityRow(db, actor.clientId, id) : 0;
  if (!deleted) throw availabilityNotFound();
  return { deleted };
}
