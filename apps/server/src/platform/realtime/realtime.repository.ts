import { and, asc, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Executor } from '../database.js';
import { realtimeCounters, realtimeEvents } from './realtime.tables.js';
import type { PublishInput } from './realtime.types.js';

export type StoredEvent = typeof realtimeEvents.$inferSelect;

export async function findCurrentSeq(executor: Executor, clientId: string): Promise<number> {
  const [row] = await executor
    .select({ seq: realtimeCounters.seq })
    .from(realtimeCounters)
    .where(eq(realtimeCounters.clientId, clientId));
  return row?.seq ?? 0;
}

export async function findOldestSeq(executor: Executor, clientId: string): Promise<number | null> {
  const [row] = await executor
    .select({ seq: min(realtimeEvents.seq) })
    .from(realtimeEvents)
    .where(eq(realtimeEvents.clientId, clientId));
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
    .where(and(eq(realtimeEvents.clientId, clientId), gt(realtimeEvents.seq, afterSeq)))
    .orderBy(asc(realtimeEvents.seq))
    .limit(limit);
}

export async function findEvent(executor: Executor, clientId: string, seq: number) {
  const [row] = await executor
    .select()
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.clientId, clientId), eq(realtimeEvents.seq, seq)));
  return row ?? null;
}

/**
 * Takes the client's next sequence number, stores the event and NOTIFYs it, in one statement (one
 * round trip while the counter row is locked). `inlineEvent` (JSON) rides in the notification when
 * given; otherwise listeners read the event back. The lock and the notification last until commit.
 */
export async function insertEventAndNotify(
  executor: Executor,
  channel: string,
  input: PublishInput,
  inlineEvent: string | null,
): Promise<number> {
  const result = await executor.execute<{ seq: string | number }>(sql`
    with next as (
      insert into ${realtimeCounters} (client_id, seq) values (${input.clientId}, 1)
      on conflict (client_id) do update set seq = ${realtimeCounters}.seq + 1
      returning seq
    ), stored as (
      insert into ${realtimeEvents} (client_id, seq, audience, payload)
      select ${input.clientId}, next.seq, ${JSON.stringify(input.audience)}::jsonb, ${JSON.stringify(input.payload)}::jsonb
      from next
      returning seq
    )
    select stored.seq, pg_notify(
      ${channel},
      '{"c":"' || ${input.clientId}::text || '","s":' || stored.seq::text
        || coalesce(',"e":' || ${inlineEvent}::text, '') || '}'
    ) from stored`);
  return Number(result.rows[0]!.seq);
}

/** Retention across every client (a housekeeping job, not a request): events older than the cutoff go. */
export async function unsafeDeleteEventsBefore(executor: Executor, cutoff: Date): Promise<number> {
  const rows = await executor
    .delete(realtimeEvents)
    .where(lt(realtimeEvents.createdAt, cutoff))
    .returning({ seq: realtimeEvents.seq });
  return rows.length;
}
