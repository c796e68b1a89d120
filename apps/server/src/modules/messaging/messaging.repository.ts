import type { OutboundDetails } from '@sapa/contracts';
import { and, asc, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { inClient } from '../../platform/client-scope.js';
import type { Executor } from '../../platform/database.js';
import type { ChannelName } from './channel.ports.js';
import { messagingOutbound, type OutboundRow, type OutboundStatus } from './messaging.tables.js';

const t = messagingOutbound;
const row = (clientId: string, id: string) => inClient(t, clientId, eq(t.id, id));
/** Adds the time a status was reached; a time already recorded stays. */
const historyWith = (status: OutboundStatus, at: Date) =>
  sql`jsonb_build_object(${status}::text, ${at.toISOString()}::text) || ${t.statusHistory}`;

/** Stores a row once per idempotency key: a repeated key answers null and changes nothing. */
export async function insertOutboundOnce(
  executor: Executor,
  values: typeof messagingOutbound.$inferInsert,
): Promise<OutboundRow | null> {
  const [inserted] = await executor.insert(t).values(values).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findOutbound(executor: Executor, clientId: string, id: string) {
  const [found] = await executor.select().from(t).where(row(clientId, id));
  return found ?? null;
}

export async function findOutboundByKey(executor: Executor, clientId: string, idempotencyKey: string) {
  const [found] = await executor
    .select()
    .from(t)
    .where(inClient(t, clientId, eq(t.idempotencyKey, idempotencyKey)));
  return found ?? null;
}

export async function findOutboundByProviderIdForUpdate(
  executor: Executor,
  clientId: string,
  channel: ChannelName,
  providerMessageId: string,
) {
  const [found] = await executor
    .select()
    .from(t)
    .where(inClient(t, clientId, eq(t.channel, channel), eq(t.providerMessageId, providerMessageId)))
    .for('update');
  return found ?? null;
}

/**
 * Takes a queued row for one send attempt: only from `queued` and only when no other sender holds it,
 * so two workers (the in-process send, the job, the sweep) never call the provider for the same row.
 */
export async function claimOutbound(executor: Executor, clientId: string, id: string, holdMs: number) {
  const [claimed] = await executor
    .update(t)
    .set({
      attempts: sql`${t.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${holdMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        row(clientId, id),
        eq(t.status, 'queued'),
        or(isNull(t.lockedUntil), lt(t.lockedUntil, sql`now()`)),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** The provider took it: `queued` → `sent`, with its id. */
export async function markOutboundSent(
  executor: Executor,
  clientId: string,
  id: string,
  sent: { providerMessageId: string; channelAccountId: string | null; at: Date },
) {
  const [updated] = await executor
    .update(t)
    .set({
      status: 'sent',
      providerMessageId: sent.providerMessageId,
      channelAccountId: sql`coalesce(${sent.channelAccountId}::text, ${t.channelAccountId})`,
      statusHistory: historyWith('sent', sent.at),
      errorCode: null,
      errorMessage: null,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(row(clientId, id), eq(t.status, 'queued')))
    .returning();
  return updated ?? null;
}

/** Gives up: `queued` → `failed`, with the provider's error. */
export async function markOutboundFailed(
  executor: Executor,
  clientId: string,
  id: string,
  error: { code: string; message: string; at: Date },
) {
  const [updated] = await executor
    .update(t)
    .set({
      status: 'failed',
      statusHistory: historyWith('failed', error.at),
      errorCode: error.code,
      errorMessage: error.message,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(row(clientId, id), eq(t.status, 'queued')))
    .returning();
  return updated ?? null;
}

/** Lets a row go after a failed attempt worth retrying; the error is kept until it is sent. */
export async function releaseOutbound(
  executor: Executor,
  clientId: string,
  id: string,
  error: { code: string; message: string },
) {
  await executor
    .update(t)
    .set({ lockedUntil: null, errorCode: error.code, errorMessage: error.message, updatedAt: sql`now()` })
    .where(and(row(clientId, id), eq(t.status, 'queued')));
}

/** A delivery status: moves `status` when given, and records the time either way. */
export async function updateOutboundStatus(
  executor: Executor,
  clientId: string,
  id: string,
  update: {
    status: OutboundStatus | null;
    reached: OutboundStatus;
    at: Date;
    error: { code: string; message: string } | null;
    details?: OutboundDetails | null;
  },
) {
  await executor
    .update(t)
    .set({
      ...(update.status ? { status: update.status } : {}),
      ...(update.status && update.details ? { details: update.details } : {}),
      ...(update.status === 'failed'
        ? { errorCode: update.error?.code ?? null, errorMessage: update.error?.message ?? null }
        : {}),
      statusHistory: historyWith(update.reached, update.at),
      updatedAt: sql`now()`,
    })
    .where(row(clientId, id));
}

/**
 * Rows still queued and unheld since `before`, of every client: their job was lost (a crash between
 * commit and queueing, retries used up while another worker held the row). Cross-client on purpose:
 * the sweep is the installation's, and each row it takes is then handled under its own client.
 */
export async function unsafeListStaleQueued(executor: Executor, before: Date, limit: number) {
  return executor
    .select({ clientId: t.clientId, id: t.id })
    .from(t)
    .where(
      and(
        eq(t.status, 'queued'),
        lt(t.updatedAt, before),
        or(isNull(t.lockedUntil), lt(t.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(t.updatedAt))
    .limit(limit);
}

/** One client's ledger, newest first (ids are UUIDv7, so the primary key serves the order), optionally one channel and one recipient: the sandbox outbox. */
export async function listOutboundPage(
  executor: Executor,
  clientId: string,
  filter: { channel?: ChannelName | undefined; recipient?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where = inClient(
    t,
    clientId,
    filter.channel ? eq(t.channel, filter.channel) : undefined,
    filter.recipient ? eq(t.recipient, filter.recipient) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.id)) // UUIDv7: the order they were written
      .limit(page.limit)
      .offset(page.offset),
    executor.select({ value: count() }).from(t).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
