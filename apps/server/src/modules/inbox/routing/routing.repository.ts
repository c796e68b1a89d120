import { eq, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { preparedOn, runPreparedSql } from '../../../platform/prepared-query.js';
import { csAgents } from '../agents/agents.tables.js';
import type { Schedule } from '../availability/availability.policy.js';
import { csAvailability } from '../availability/availability.tables.js';
import { CONNECTION_STALE_SECONDS, hasLiveConnection } from '../presence/presence.repository.js';
import { csRooms } from '../rooms/rooms.tables.js';
import type { Candidate } from './routing.policy.js';

/**
 * Serialises routing decisions of one client until the transaction ends, so two arrivals never
 * read the same loads and pick past an agent's capacity. Works on PostgreSQL and PGlite alike.
 */
export async function lockClientRouting(db: Executor, clientId: string) {
  await db.execute(sql`select ${routingLock(clientId)}`);
}

const routingLock = (clientId: string) =>
  sql`pg_advisory_xact_lock(hashtextextended(${`cs-routing:${clientId}`}, 0))`;

/**
 * `lockClientRouting` with the client's saved configuration, its default bot (a new room may be the bot's)
 * and the agents who may take a room (`listOnlineAgentsWithSchedules`'s rows), in one round trip (decision
 * 0073): a function takes the lock, then reads the agents in a statement of its own (`readRoutingAgents`'s
 * read since migration 0047), so with a snapshot that sees every room committed before the lock was
 * granted. One round trip fewer while the client's routing lock is held, for every new conversation.
 */
export async function lockClientRoutingReadingAgents(db: Executor, clientId: string) {
  const result = await runPreparedSql<RoutingReadRow>(
    db,
    'inbox_lock_routing_agents',
    // Cast: the embedded database sends parameters as text, which no function signature matches.
    () =>
      sql`select config, default_bot_id, agents from sapa_lock_routing_read_agents(
        ${sql.placeholder('clientId')}::uuid, ${sql.placeholder('lockKey')}::text, ${sql.placeholder('staleSeconds')}::integer)`,
    { clientId, lockKey: `cs-routing:${clientId}`, staleSeconds: CONNECTION_STALE_SECONDS },
  );
  return toRoutingRead(result.rows[0]);
}

type AgentsJson = (Omit<ScheduledCandidate, 'lastAssignedAt'> & { lastAssignedAt: string | null })[];

/** What both routing reads answer: the saved configuration, the default bot and the agents as JSON. */
type RoutingReadRow = {
  config: Record<string, unknown> | null;
  default_bot_id: string | null;
  agents: AgentsJson | null;
};

const toRoutingRead = (row: RoutingReadRow | undefined) => ({
  config: row?.config ?? null,
  defaultBotId: row?.default_bot_id ?? null,
  agents: toCandidates(row?.agents ?? null),
});

// JSON carries the timestamp as text; the policy compares dates.
const toCandidates = (agents: AgentsJson | null): ScheduledCandidate[] =>
  (agents ?? []).map((agent) => ({
    ...agent,
    lastAssignedAt: agent.lastAssignedAt ? new Date(agent.lastAssignedAt) : null,
  }));

/**
 * `lockClientRoutingReadingAgents` without the lock (decision 0077): what a new conversation's routing
 * is prepared from before `openRoutedRoom` takes the lock and reads the live loads again.
 */
export async function readRoutingAgents(db: Executor, clientId: string) {
  const result = await runPreparedSql<RoutingReadRow>(
    db,
    'inbox_routing_agents',
    () =>
      sql`select config, default_bot_id, agents from sapa_routing_read_agents(
        ${sql.placeholder('clientId')}::uuid, ${sql.placeholder('staleSeconds')}::integer)`,
    { clientId, staleSeconds: CONNECTION_STALE_SECONDS },
  );
  return toRoutingRead(result.rows[0]);
}

// An array literal both drivers send as one text parameter (ids are uuids: nothing to quote).
const uuidArrayLiteral = (ids: readonly string[]) => `{${ids.join(',')}}`;

export type OpenRoutedRoom = {
  clientId: string;
  /** Choose an agent under the lock (the client auto-assigns and the room is not the bot's). */
  decide: boolean;
  strategy: string;
  preferredCsId: string | null;
  /** Every agent the caller read, and those of them outside their schedule now. */
  knownCsIds: string[];
  offScheduleCsIds: string[];
  /** The agent the caller's events were built for (null: queued). */
  expectedCsId: string | null;
  /** The room's columns (`roomColumnsJson`). */
  room: string;
  /** The events to publish when the expected agent was chosen (`toStatementEvents`), or null. */
  events: string | null;
  channel: string | null;
  maxInlineBytes: number;
  /**
   * The statement ends the caller's transaction (decision 0082, migration 0046): the events must be
   * published by it, so where 0045's function would leave work to the server it raises instead
   * (`isDeclinedLastStatement`) and the transaction rolls back.
   */
  commit: boolean;
};

/**
 * Takes the client's routing lock and, in the same statement (migrations 0045 and 0046): reads the
 * agents' live loads, chooses as `chooseAgent` does among those on schedule, numbers and inserts the room,
 * counts the assignment, and publishes the caller's events when its expected agent was chosen. Null when an
 * agent the caller did not read may take rooms now (nothing done; the lock is held).
 */
export async function openRoutedRoom(db: Executor, input: OpenRoutedRoom) {
  const result = await runPreparedSql<{
    outcome: string;
    short_id: number | null;
    cs_id: string | null;
    reason: string | null;
    published: boolean;
  }>(
    db,
    'inbox_open_routed_room',
    // Casts: the embedded database sends parameters as text, which no function signature matches.
    () =>
      sql`select outcome, short_id, cs_id, reason, published from sapa_open_routed_room(
        ${sql.placeholder('clientId')}::uuid, ${sql.placeholder('lockKey')}::text,
        ${sql.placeholder('staleSeconds')}::integer, ${sql.placeholder('decide')}::boolean,
        ${sql.placeholder('strategy')}::text, ${sql.placeholder('preferred')}::uuid,
        ${sql.placeholder('known')}::uuid[], ${sql.placeholder('offSchedule')}::uuid[],
        ${sql.placeholder('expected')}::uuid, ${sql.placeholder('room')}::jsonb,
        ${sql.placeholder('events')}::jsonb, ${sql.placeholder('channel')}::text,
        ${sql.placeholder('maxInline')}::integer, ${sql.placeholder('commit')}::boolean)`,
    {
      clientId: input.clientId,
      lockKey: `cs-routing:${input.clientId}`,
      staleSeconds: CONNECTION_STALE_SECONDS,
      decide: input.decide,
      strategy: input.strategy,
      preferred: input.preferredCsId,
      known: uuidArrayLiteral(input.knownCsIds),
      offSchedule: uuidArrayLiteral(input.offScheduleCsIds),
      expected: input.expectedCsId,
      room: input.room,
      events: input.events,
      channel: input.channel,
      maxInline: input.maxInlineBytes,
      commit: input.commit,
    },
    { commit: input.commit },
  );
  const row = result.rows[0];
  if (row?.outcome !== 'opened' || row.short_id === null) return null;
  return {
    shortId: Number(row.short_id),
    csId: row.cs_id,
    reason: row.reason ?? '',
    published: row.published,
  };
}

/** A candidate's columns: its routing fields and its open rooms. */
const candidateColumns = () => ({
  id: csAgents.id,
  tags: csAgents.tags,
  percentageWeight: csAgents.percentageWeight,
  capacity: csAgents.capacity,
  assignedCount: csAgents.assignedCount,
  lastAssignedAt: csAgents.lastAssignedAt,
  // Spelled out: inside a one-table select Drizzle leaves column names unqualified.
  openRooms:
    sql<number>`(select count(*)::int from ${csRooms} r where r.client_id = ${sql.placeholder('clientId')}
        and r.cs_id = "cs_agents"."id" and r.status = 'open')`.mapWith(Number),
});

/** Agents who may take a new room now: CS, online, active, and connected. */
const mayTakeRooms = () =>
  inClient(
    csAgents,
    sql.placeholder('clientId'),
    eq(csAgents.kind, 'cs'),
    eq(csAgents.status, 'online'),
    eq(csAgents.deactivated, false),
    eq(csAgents.deleted, false),
    // Online on paper is not enough: a closed tab must not receive customers (issue 13).
    hasLiveConnection(),
  );

/** Agents who may take a new room now (CS, online, connected, active), each with their open rooms, in one query. */
export async function listOnlineAgents(db: Executor, clientId: string): Promise<Candidate[]> {
  // Under the client's routing lock on every new conversation: prepared (decision 0059).
  const query = preparedOn(db, 'inbox_online_agents', (executor) =>
    executor.select(candidateColumns()).from(csAgents).where(mayTakeRooms()).prepare('inbox_online_agents'),
  );
  return query.execute({ clientId });
}

/** An online agent with the schedule that applies to them: their own switched-on one, else the business hours, else none. */
export type ScheduledCandidate = Candidate & { schedule: (Schedule & { timezone: string | null }) | null };

/**
 * `listOnlineAgents` with each agent's schedule in the same statement (decision 0067): one round trip
 * fewer under the client's routing lock for every new conversation. The schedule is their own
 * switched-on one, else the switched-on business hours, else null (always available).
 */
export async function listOnlineAgentsWithSchedules(
  db: Executor,
  clientId: string,
): Promise<ScheduledCandidate[]> {
  const query = preparedOn(db, 'inbox_online_agents_scheduled', (executor) =>
    executor
      .select({
        ...candidateColumns(),
        // The agent's own schedule wins over the business hours (scope keys: the agent's id, 'business').
        schedule: sql<ScheduledCandidate['schedule']>`(select json_build_object('timezone', a.timezone,
          'periods', a.periods, 'holidays', a.holidays, 'enabled', a.enabled)
        from ${csAvailability} a where a.client_id = ${sql.placeholder('clientId')} and a.enabled
          and a.scope_key in ("cs_agents"."id"::text, 'business')
        order by a.scope_key = 'business' limit 1)`,
      })
      .from(csAgents)
      .where(mayTakeRooms())
      .prepare('inbox_online_agents_scheduled'),
  );
  return query.execute({ clientId });
}

export async function countAssignment(db: Executor, clientId: string, csId: string) {
  await db
    .update(csAgents)
    .set({ assignedCount: sql`${csAgents.assignedCount} + 1`, lastAssignedAt: sql`clock_timestamp()` })
    .where(inClient(csAgents, clientId, eq(csAgents.id, csId)));
}
