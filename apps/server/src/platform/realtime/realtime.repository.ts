import { asc, eq, gt, lt, min, sql } from 'drizzle-orm';
import { inClient } from '../client-scope.js';
import type { Executor } from '../database.js';
import { runPreparedSql } from '../prepared-query.js';
import { realtimeCounters, realtimeEvents } from './realtime.tables.js';
import type { PublishInput } from './realtime.types.js';

export type StoredEvent = typeof realtimeEvents.$inferSelect;

export async function findCurrentSeq(executor: Executor, clientId: string): Promise<number> {
  const [row] = await executor
    .select({ seq: realtimeCounters.seq })
    .from(realtimeCounters)
    .where(inClient(realtimeCounters, clientId));
  return row?.seq ?? 0;
}

export async function findOldestSeq(executor: Executor, clientId: string): Promise<number | null> {
  const [row] = await executor
    .select({ seq: min(realtimeEvents.seq) })
    .from(realtimeEvents)
    .where(inClient(realtimeEvents, clientId));
  return row?.seq ?? null;
}

export async function listEventsAfter(
  executor: Executor,
  clientId: string,
  afterSeq: number,
  limit: number,
): Promise<StoredEvent[]> {
  return executor
    .select()
    .from(realtimeEvents)
    .where(inClient(realtimeEvents, clientId, gt(realtimeEvents.seq, afterSeq)))
    .orderBy(asc(realtimeEvents.seq))
    .limit(limit);
}

export async function findEvent(executor: Executor, clientId: string, seq: number) {
  const [row] = await executor
    .select()
    .from(realtimeEvents)
    .where(inClient(realtimeEvents, clientId, eq(realtimeEvents.seq, seq)));
  return row ?? null;
}

/**
 * Takes the client's next sequence numbers, stores the events and NOTIFYs each, in one statement (one
 * round trip while the counter row is locked). An event small enough rides inline in its notification
 * (PostgreSQL refuses payloads from 8000 bytes); otherwise listeners read it back. The lock and the
 * notifications last until commit. Answers the sequence numbers in the order of `inputs`. `commit`:
 * the caller's transaction ends with this statement (`runPreparedSql`), releasing the row at once.
 */
export async function insertEventsAndNotify(
  executor: Executor,
  channel: string,
  clientId: string,
  inputs: readonly Omit<PublishInput, 'clientId'>[],
  maxInlineBytes: number,
  commit = false,
): Promise<number[]> {
  const events = JSON.stringify(inputs.map((input) => ({ a: input.audience, p: input.payload })));
  // Every event of every client: prepared, parsed and planned once per connection (decision 0067).
  const result = await runPreparedSql<{ seq: string | number }>(
    executor,
    'realtime_publish',
    () => {
      const count = sql.placeholder('count');
      const client = sql.placeholder('clientId');
      return sql`
    with next as (
      insert into ${realtimeCounters} (client_id, seq) values (${client}, ${count})
      on conflict (client_id) do update set seq = ${realtimeCounters}.seq + ${count}
      returning seq
    ), items as (
      select (next.seq - ${count} + t.i)::bigint as seq, t.e->'a' as audience, t.e->'p' as payload,
        jsonb_build_object('audience', t.e->'a', 'payload', t.e->'p')::text as inline
      from next, jsonb_array_elements(${sql.placeholder('events')}::jsonb) with ordinality as t(e, i)
    ), stored as (
      insert into ${realtimeEvents} (client_id, seq, audience, payload)
      select ${client}, items.seq, items.audience, items.payload from items
      returning seq
    )
    select items.seq, pg_notify(
      ${sql.placeholder('channel')},
      '{"c":"' || ${client}::text || '","s":' || items.seq::text
        || case when octet_length(items.inline) <= ${sql.placeholder('maxInlineBytes')} then ',"e":' || items.inline else '' end
        || '}'
    ) from items order by items.seq`;
    },
    { clientId, count: inputs.length, events, channel, maxInlineBytes },
    { commit },
  );
  return result.rows.map((row) => Number(row.seq));
}

/** Retention across every client (a housekeeping job, not a request): events older than the cutoff go. */
export async function unsafeDeleteEventsBefore(executor: Executor, cutoff: Date): Promise<number> {
  const rows = await executor
    .delete(realtimeEvents)
    .where(lt(realtimeEvents.createdAt, cutoff))
    .returning({ seq: realtimeEvents.seq });
  return rows.length;
}
