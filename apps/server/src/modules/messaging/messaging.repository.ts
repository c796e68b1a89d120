import type { OutboundDetails } from '@sapa/contracts';
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { inClient } from '../../platform/client-scope.js';
import type { Executor } from '../../platform/database.js';
import { preparedOn, rowShape } from '../../platform/prepared-query.js';
import type { ChannelName, OutboundContent } from './channel.ports.js';
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
  // Prepared per shape of row: every single send (an OTP's, an agent's reply) writes one (decision 0075).
  const shape = rowShape(values);
  const name = `messaging_insert_outbound_${shape.key}`;
  const query = preparedOn(executor, name, (db) =>
    db
      .insert(t)
      .values(shape.placeholders as never)
      .onConflictDoNothing()
      .returning()
      .prepare(name),
  );
  const [inserted] = await query.execute(values);
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
  // Prepared: every single send claims its row (decision 0075).
  const [claimed] = await preparedOn(executor, 'messaging_claim_outbound', (db) =>
    db
      .update(t)
      .set({
        attempts: sql`${t.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${sql.placeholder('holdSeconds')}::float8)`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          inClient(t, sql.placeholder('clientId'), eq(t.id, sql.placeholder('id'))),
          eq(t.status, 'queued'),
          or(isNull(t.lockedUntil), lt(t.lockedUntil, sql`now()`)),
        ),
      )
      .returning()
      .prepare('messaging_claim_outbound'),
  ).execute({ clientId, id, holdSeconds: holdMs / 1000 });
  return claimed ?? null;
}

/** The provider took it: `queued` → `sent`, with its id. */
export async function markOutboundSent(
  executor: Executor,
  clientId: string,
  id: string,
  sent: { providerMessageId: string; channelAccountId: string | null; at: Date },
) {
  // Prepared: every single send records its provider's answer (decision 0075).
  const [updated] = await preparedOn(executor, 'messaging_mark_outbound_sent', (db) =>
    db
      .update(t)
      .set({
        status: 'sent',
        providerMessageId: sql`${sql.placeholder('providerMessageId')}::text`,
        channelAccountId: sql`coalesce(${sql.placeholder('channelAccountId')}::text, ${t.channelAccountId})`,
        statusHistory: sql`jsonb_build_object('sent', ${sql.placeholder('at')}::text) || ${t.statusHistory}`,
        errorCode: null,
        errorMessage: null,
        lockedUntil: null,
        contentSealed: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          inClient(t, sql.placeholder('clientId'), eq(t.id, sql.placeholder('id'))),
          eq(t.status, 'queued'),
        ),
      )
      .returning()
      .prepare('messaging_mark_outbound_sent'),
  ).execute({
    clientId,
    id,
    providerMessageId: sent.providerMessageId,
    channelAccountId: sent.channelAccountId,
    at: sent.at.toISOString(),
  });
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
      contentSealed: null,
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
        // `queued` (status = 'queued') is the predicate of the index that holds only such rows.
        sql`${t.queued}`,
        lt(t.updatedAt, before),
        or(isNull(t.lockedUntil), lt(t.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(t.updatedAt))
    .limit(limit);
}

/** One client's ledger rows with these ids (the sandbox outbox: what became of what a provider received). */
export async function findOutboundByIds(executor: Executor, clientId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return executor
    .select()
    .from(t)
    .where(inClient(t, clientId, inArray(t.id, ids)));
}

/** One client's ledger, newest first (ids are UUIDv7, so the primary key serves the order), optionally one channel and one recipient. */
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

// ---- Batched paths (a sender that hands over many rows at once: campaigns) ----

/** What a batched queue answers per row: enough to hand it to the send. */
export type QueuedOutbound = Pick<OutboundRow, 'clientId' | 'id' | 'idempotencyKey' | 'status'>;

/** Stores many rows of one client, each once per idempotency key, in one statement: answers the rows written (a repeated key is left out). */
export async function insertOutboundMany(
  executor: Executor,
  clientId: string,
  values: {
    id: string;
    channel: ChannelName;
    channelAccountId: string | null;
    recipient: string;
    content: OutboundContent;
    sensitive: boolean;
    contentSealed: string | null;
    source: string;
    sourceRef: string | null;
    idempotencyKey: string;
  }[],
  queuedAt: Date,
  /**
   * The sender sends these rows itself right after its commit (campaigns, decision 0070): each row is
   * written already claimed for that one attempt (`attempts` 1, held for `claimForMs`), as
   * `claimOutboundMany` would claim it, so the send needs no second version of the row.
   */
  claimForMs: number | null = null,
): Promise<QueuedOutbound[]> {
  if (values.length === 0) return [];
  const statusHistory = JSON.stringify({ queued: queuedAt.toISOString() });
  const attempts = claimForMs === null ? 0 : 1;
  const lockedUntil =
    claimForMs === null ? sql`null::timestamptz` : sql`now() + make_interval(secs => ${claimForMs / 1000})`;
  // The rows travel as one JSON parameter: drizzle's multi-row `values()` builds each of the 500 × 10
  // values as its own parameter, a fifth of the dispatch's Node time (bench/README.md, decision 0057).
  const rows = JSON.stringify(
    values.map((value) => ({
      id: value.id,
      channel: value.channel,
      account: value.channelAccountId,
      recipient: value.recipient,
      content: value.content,
      sensitive: value.sensitive,
      sealed: value.contentSealed,
      source: value.source,
      ref: value.sourceRef,
      key: value.idempotencyKey,
    })),
  );
  const { rows: inserted } = await executor.execute(sql`
    insert into ${t} (client_id, id, channel, channel_account_id, recipient, content, sensitive, content_sealed,
      source, source_ref, idempotency_key, status, status_history, attempts, locked_until)
    select ${clientId}, v.id, v.channel, v.account, v.recipient, v.content, v.sensitive, v.sealed, v.source,
      v.ref, v.key, 'queued', ${statusHistory}::jsonb, ${attempts}::int, ${lockedUntil}
    from jsonb_to_recordset(${rows}::jsonb) as v(id uuid, channel text, account text, recipient text,
      content jsonb, sensitive boolean, sealed text, source text, ref text, key text)
    on conflict do nothing
    returning client_id, id, idempotency_key, status`);
  return (inserted as Record<string, unknown>[]).map((row) => ({
    clientId: row.client_id as string,
    id: row.id as string,
    idempotencyKey: row.idempotency_key as string,
    status: row.status as OutboundStatus,
  }));
}

export async function findOutboundByKeys(
  executor: Executor,
  clientId: string,
  idempotencyKeys: string[],
): Promise<QueuedOutbound[]> {
  if (idempotencyKeys.length === 0) return [];
  return executor
    .select({ clientId: t.clientId, id: t.id, idempotencyKey: t.idempotencyKey, status: t.status })
    .from(t)
    .where(inClient(t, clientId, inArray(t.idempotencyKey, idempotencyKeys)));
}

/**
 * `claimOutbound` for many rows of one client in one statement: each row is taken at most once. The ids
 * (our own uuids) go as one array parameter, not one parameter each.
 */
export async function claimOutboundMany(executor: Executor, clientId: string, ids: string[], holdMs: number) {
  if (ids.length === 0) return [];
  return executor
    .update(t)
    .set({
      attempts: sql`${t.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${holdMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(
      inClient(
        t,
        clientId,
        sql`${t.id} = any(${`{${ids.join(',')}}`}::uuid[])`,
        eq(t.status, 'queued'),
        or(isNull(t.lockedUntil), lt(t.lockedUntil, sql`now()`)),
      ),
    )
    .returning();
}

/** What a batched outcome answers: enough to tell the row's sender. */
export type SettledOutbound = Pick<
  OutboundRow,
  | 'clientId'
  | 'id'
  | 'channel'
  | 'source'
  | 'sourceRef'
  | 'status'
  | 'providerMessageId'
  | 'errorCode'
  | 'errorMessage'
>;

const settledOf = (rows: Record<string, unknown>[]): SettledOutbound[] =>
  rows.map((r) => ({
    clientId: r.client_id as string,
    id: r.id as string,
    channel: r.channel as ChannelName,
    source: r.source as string,
    sourceRef: (r.source_ref as string | null) ?? null,
    status: r.status as OutboundStatus,
    providerMessageId: (r.provider_message_id as string | null) ?? null,
    errorCode: (r.error_code as string | null) ?? null,
    errorMessage: (r.error_message as string | null) ?? null,
  }));

const SETTLED_COLUMNS = sql.raw(
  [
    'client_id',
    'id',
    'channel',
    'source',
    'source_ref',
    'status',
    'provider_message_id',
    'error_code',
    'error_message',
  ]
    .map((column) => `"messaging_outbound"."${column}"`)
    .join(', '),
);

/**
 * The ids of a set as one array literal (our own uuids), repeated as `= any(…)` beside the join on the
 * JSON rows: the JSON function's row count is unknown to the planner, which otherwise may read every
 * ledger row of the client by the primary key's first column and hash them (decision 0061).
 */
const idsOf = (items: { id: string }[]) => `{${items.map((item) => item.id).join(',')}}`;

/** `markOutboundSent` for many rows of one client: `queued` → `sent`, each with its provider id. */
export async function markOutboundSentMany(
  executor: Executor,
  clientId: string,
  items: { id: string; providerMessageId: string; channelAccountId: string | null }[],
  at: Date,
): Promise<SettledOutbound[]> {
  if (items.length === 0) return [];
  const values = JSON.stringify(
    items.map((item) => ({ id: item.id, pid: item.providerMessageId, account: item.channelAccountId })),
  );
  const { rows } = await executor.execute(sql`
    update ${t} set status = 'sent', provider_message_id = v.pid,
      channel_account_id = coalesce(v.account, ${t.channelAccountId}),
      status_history = jsonb_build_object('sent', ${at.toISOString()}::text) || ${t.statusHistory},
      error_code = null, error_message = null, locked_until = null, content_sealed = null, updated_at = now()
    from jsonb_to_recordset(${values}::jsonb) as v(id uuid, pid text, account text)
    where ${inClient(t, clientId)} and ${t.id} = v.id and ${t.id} = any(${idsOf(items)}::uuid[]) and ${t.status} = 'queued'
    returning ${SETTLED_COLUMNS}`);
  return settledOf(rows as Record<string, unknown>[]);
}

/** `markOutboundFailed` for many rows of one client: `queued` → `failed`, each with its error. */
export async function markOutboundFailedMany(
  executor: Executor,
  clientId: string,
  items: { id: string; code: string; message: string }[],
  at: Date,
): Promise<SettledOutbound[]> {
  if (items.length === 0) return [];
  const { rows } = await executor.execute(sql`
    update ${t} set status = 'failed', error_code = v.code, error_message = v.message,
      status_history = jsonb_build_object('failed', ${at.toISOString()}::text) || ${t.statusHistory},
      locked_until = null, content_sealed = null, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as v(id uuid, code text, message text)
    where ${inClient(t, clientId)} and ${t.id} = v.id and ${t.id} = any(${idsOf(items)}::uuid[]) and ${t.status} = 'queued'
    returning ${SETTLED_COLUMNS}`);
  return settledOf(rows as Record<string, unknown>[]);
}

/** `releaseOutbound` for many rows of one client. */
export async function releaseOutboundMany(
  executor: Executor,
  clientId: string,
  items: { id: string; code: string; message: string }[],
) {
  if (items.length === 0) return;
  await executor.execute(sql`
    update ${t} set locked_until = null, error_code = v.code, error_message = v.message, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as v(id uuid, code text, message text)
    where ${inClient(t, clientId)} and ${t.id} = v.id and ${t.id} = any(${idsOf(items)}::uuid[]) and ${t.status} = 'queued'`);
}

/** The rows of one client's channel with these provider ids, locked: a set of reports applied at once. */
export async function findOutboundByProviderIdsForUpdate(
  executor: Executor,
  clientId: string,
  channel: ChannelName,
  providerMessageIds: string[],
) {
  if (providerMessageIds.length === 0) return [];
  return executor
    .select({
      clientId: t.clientId,
      id: t.id,
      channel: t.channel,
      source: t.source,
      sourceRef: t.sourceRef,
      status: t.status,
      providerMessageId: t.providerMessageId,
    })
    .from(t)
    .where(
      inClient(
        t,
        clientId,
        eq(t.channel, channel),
        // One text[] parameter: an index condition, where a JSON subquery let the planner hash the client's rows.
        sql`${t.providerMessageId} = any(${sql.param(providerMessageIds)}::text[])`,
      ),
    )
    .for('update');
}

/** `updateOutboundStatus` for many rows of one client, at most one item per row. */
export async function updateOutboundStatuses(
  executor: Executor,
  clientId: string,
  items: {
    id: string;
    status: OutboundStatus | null;
    reached: OutboundStatus;
    at: Date;
    error: { code: string; message: string } | null;
    details: OutboundDetails | null;
  }[],
) {
  if (items.length === 0) return;
  const values = JSON.stringify(
    items.map((item) => ({
      id: item.id,
      status: item.status,
      reached: item.reached,
      at: item.at.toISOString(),
      failed: item.status === 'failed',
      code: item.error?.code ?? null,
      message: item.error?.message ?? null,
      details: item.status ? item.details : null,
    })),
  );
  await executor.execute(sql`
    update ${t} set status = coalesce(v.status, ${t.status}),
      details = coalesce(v.details, ${t.details}),
      error_code = case when v.failed then v.code else ${t.errorCode} end,
      error_message = case when v.failed then v.message else ${t.errorMessage} end,
      status_history = jsonb_build_object(v.reached, v.at) || ${t.statusHistory},
      updated_at = now()
    from jsonb_to_recordset(${values}::jsonb)
      as v(id uuid, status text, reached text, at text, failed boolean, code text, message text, details jsonb)
    where ${inClient(t, clientId)} and ${t.id} = v.id and ${t.id} = any(${idsOf(items)}::uuid[])`);
}

/** The ledger's rank of a status, as SQL: a report moves a row forward only (`nextStatus` in the service). */
const ledgerRank = (expression: string) =>
  `(case ${expression} when 'queued' then 0 when 'sent' then 1 when 'failed' then 1 when 'delivered' then 2 when 'read' then 3 else 0 end)`;

/**
 * Delivery reports of one client's channel applied in one statement (decision 0070), at most one per
 * row: each row found by its provider id moves forward only (a failure only from `queued` or `sent`),
 * keeps the time reached either way, and is answered with what its sender is told. The update locks
 * each row itself and computes the move from the row's latest version, so no locking read comes first.
 * A provider id that matches no row (the report overtook the send's record) is left out of the answer.
 */
export async function applyReportsByProviderIds(
  executor: Executor,
  clientId: string,
  channel: ChannelName,
  items: {
    providerMessageId: string;
    reported: OutboundStatus;
    at: Date;
    error: { code: string; message: string } | null;
    details: OutboundDetails | null;
  }[],
) {
  if (items.length === 0) return [];
  const values = JSON.stringify(
    items.map((item) => ({
      pid: item.providerMessageId,
      reported: item.reported,
      at: item.at.toISOString(),
      code: item.error?.code ?? null,
      message: item.error?.message ?? null,
      details: item.details,
    })),
  );
  // The status the report moves the row to, null when it does not move it.
  const next =
    sql.raw(`(case when v.reported = 'failed' then (case when "messaging_outbound"."status" in ('queued', 'sent') then 'failed' end)
    when ${ledgerRank('v.reported')} > ${ledgerRank('"messaging_outbound"."status"')} then v.reported end)`);
  const { rows } = await executor.execute(sql`
    update ${t} set status = coalesce(${next}, ${t.status}),
      details = case when ${next} is not null then coalesce(v.details, ${t.details}) else ${t.details} end,
      error_code = case when ${next} = 'failed' then v.code else ${t.errorCode} end,
      error_message = case when ${next} = 'failed' then v.message else ${t.errorMessage} end,
      status_history = jsonb_build_object(v.reported, v.at) || ${t.statusHistory},
      updated_at = now()
    from jsonb_to_recordset(${values}::jsonb)
      as v(pid text, reported text, at text, code text, message text, details jsonb)
    where ${inClient(t, clientId)} and ${t.channel} = ${channel} and ${t.providerMessageId} = v.pid
      and ${t.providerMessageId} = any(${sql.param(items.map((item) => item.providerMessageId))}::text[])
    returning "messaging_outbound"."id", "messaging_outbound"."source", "messaging_outbound"."source_ref",
      "messaging_outbound"."provider_message_id"`);
  return (rows as Record<string, unknown>[]).map((row) => ({
    clientId,
    channel,
    id: row.id as string,
    source: row.source as string,
    sourceRef: (row.source_ref as string | null) ?? null,
    providerMessageId: row.provider_message_id as string,
  }));
}

/**
 * Statistics for the ledger (decision 0070): its batched statements are planned from them. Not a read
 * of rows: the whole table is sampled, every client's rows alike, as autovacuum's own analyze does.
 */
export async function unsafeAnalyzeOutbound(executor: Executor) {
  await executor.execute(sql`analyze ${t}`);
}
