import type { CampaignChannel, NotificationStatus } from '@sapa/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import {
  type CampaignBatchRow,
  campaignAttempts,
  campaignBatchCheckpoints,
  campaignBatches,
  campaignNotifications,
} from '../campaigns.tables.js';

/**
 * A notification as a claim hands it to the dispatcher: the attempt the claim started (or, for a lease
 * taken back, the attempt it continues) and that attempt's ledger id, written by the claim itself, with
 * what they were before so a row the claim does not hand over gets them back.
 */
export type ClaimedRow = {
  id: string;
  batchId: string;
  rowNo: number;
  step: number;
  channel: CampaignChannel;
  recipient: string;
  params: Record<string, string>;
  channelIndex: number;
  attemptsOnChannel: number;
  attemptCount: number;
  paidAt: Date | null;
  /** What the row was before this claim: `sending` means a dead worker's lease was taken back. */
  previousStatus: 'queued' | 'sending';
  /** The ledger row of the claimed attempt: chosen by the claim, or the one a taken-back lease holds. */
  outboundId: string;
  previous: { attemptCount: number; attemptsOnChannel: number; outboundId: string | null };
};

/**
 * Moves every `scheduled` batch whose time has come to `running` (all clients: the scheduler works for
 * everyone, each row keeps its own client).
 */
export async function unsafeStartDueBatches(db: Executor, now: Date) {
  const { rows } = await db.execute(sql`
    update ${campaignBatches} set status = 'running', started_at = ${now}, updated_at = ${now}
    where status = 'scheduled' and (scheduled_at is null or scheduled_at <= ${now})
    returning client_id, id`);
  return rows as { client_id: string; id: string }[];
}

/**
 * Finishes every running batch with no notification left `queued` or `sending` (one NOT EXISTS): the
 * rows' own statuses decide, never a cursor (decision 0028, listmonk #3022). Across clients, as above.
 */
export async function unsafeFinishDoneBatches(db: Executor, now: Date) {
  const { rows } = await db.execute(sql`
    update ${campaignBatches} b set status = 'finished', finished_at = ${now}, updated_at = ${now}
    where b.status = 'running' and not exists (
      select 1 from ${campaignNotifications} n
      where n.client_id = b.client_id and n.batch_id = b.id and n.status in ('queued', 'sending'))
    returning b.client_id, b.id`);
  return rows as { client_id: string; id: string }[];
}

/**
 * Statistics for the notifications and attempts (decision 0070): the claim and the outcomes' set
 * statements are planned from them. Not a read of rows: every client's rows are sampled alike, as
 * autovacuum's own analyze does.
 */
export async function unsafeAnalyzeDispatchTables(db: Executor) {
  await db.execute(sql`analyze ${campaignNotifications}, ${campaignAttempts}`);
}

/** The clients and channels that have running batches (fallback channels included), for the round-robin. */
export async function unsafeListRunningLanes(db: Executor) {
  const { rows } = await db.execute(sql`
    select distinct b.client_id, b.channel as channel from ${campaignBatches} b where b.status = 'running'
    union
    select distinct b.client_id, f.channel from ${campaignBatches} b
      cross join lateral jsonb_array_elements_text(coalesce(b.retry_plan -> 'fallbackChannels', '[]'::jsonb)) as f(channel)
      where b.status = 'running'`);
  return (rows as { client_id: string; channel: CampaignChannel }[]).map((row) => ({
    clientId: row.client_id,
    channel: row.channel,
  }));
}

/**
 * The claim (decision 0028, "Claims"): one statement takes up to `limit` due rows of running batches
 * of one client and channel, and rows whose lease ran out, skipping rows other workers hold, and leases
 * them (`sending` until `leaseUntil`). `pending` is `status` in (queued, sending) stored (decision 0074): the
 * claim's index holds both, so the claim changes no indexed column and is a HOT update, and a lease that
 * ran out is found in the same index (a row being sent was due when it was claimed); the claim steps over
 * the rows still in flight. It also starts each row's attempt (decision 0057, the hand-over
 * folded in): a queued row gets the next attempt and the ledger id `outboundIds[k]` its message will be
 * queued under; a lease taken back keeps the attempt and ledger row it held (the same key again).
 */
export async function claimDueNotifications(
  db: Executor,
  clientId: string,
  channel: CampaignChannel,
  input: { now: Date; leaseUntil: Date; limit: number; outboundIds: string[] },
): Promise<ClaimedRow[]> {
  // MATERIALIZED: the locked pick is taken once; a subquery could be scanned again per row updated.
  // The ids are our own uuids, sent as one array literal rather than a parameter each.
  const ids = `{${input.outboundIds.join(',')}}`;
  const { rows } = await db.execute(sql`
    with picked as materialized (
      select n.client_id, n.id, n.status as previous_status, n.attempt_count as previous_attempt_count,
        n.attempts_on_channel as previous_attempts_on_channel, n.outbound_id as previous_outbound_id,
        (n.status = 'sending' and n.outbound_id is not null) as taken_back
      from ${campaignNotifications} n
      join ${campaignBatches} b on b.client_id = n.client_id and b.id = n.batch_id and b.status = 'running'
      where n.client_id = ${clientId} and n.channel = ${channel}
        and n.pending and n.due_at <= ${input.now}
        and (n.status = 'queued' or n.claimed_until < ${input.now})
      order by n.due_at
      limit ${input.limit}
      for update of n skip locked
    ),
    numbered as (select picked.*, row_number() over () as k from picked)
    update ${campaignNotifications}
    set status = 'sending', claimed_until = ${input.leaseUntil}, updated_at = ${input.now},
      attempt_count = case when numbered.taken_back then greatest(1, numbered.previous_attempt_count)
        else numbered.previous_attempt_count + 1 end,
      attempts_on_channel = case when numbered.taken_back then greatest(1, numbered.previous_attempts_on_channel)
        else numbered.previous_attempts_on_channel + 1 end,
      outbound_id = case when numbered.taken_back then numbered.previous_outbound_id
        else (${ids}::uuid[])[numbered.k] end
    from numbered
    where ${inClient(campaignNotifications, clientId)} and ${campaignNotifications.id} = numbered.id
    returning ${campaignNotifications.id} as id, batch_id, row_no, step, channel, recipient, params,
      channel_index, attempts_on_channel, attempt_count, paid_at, outbound_id, numbered.previous_status,
      numbered.previous_attempt_count, numbered.previous_attempts_on_channel, numbered.previous_outbound_id`);
  return (rows as Record<string, unknown>[]).map((row) => ({
    id: row.id as string,
    batchId: row.batch_id as string,
    rowNo: Number(row.row_no),
    step: Number(row.step),
    channel: row.channel as CampaignChannel,
    recipient: row.recipient as string,
    params: (typeof row.params === 'string' ? JSON.parse(row.params) : row.params) as Record<string, string>,
    channelIndex: Number(row.channel_index),
    attemptsOnChannel: Number(row.attempts_on_channel),
    attemptCount: Number(row.attempt_count),
    paidAt: row.paid_at ? new Date(row.paid_at as string) : null,
    previousStatus: row.previous_status as 'queued' | 'sending',
    outboundId: row.outbound_id as string,
    previous: {
      attemptCount: Number(row.previous_attempt_count),
      attemptsOnChannel: Number(row.previous_attempts_on_channel),
      outboundId: (row.previous_outbound_id as string | null) ?? null,
    },
  }));
}

export async function findBatchesByIds(
  db: Executor,
  clientId: string,
  ids: string[],
): Promise<CampaignBatchRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(campaignBatches)
    .where(inClient(campaignBatches, clientId, inArray(campaignBatches.id, ids)));
}

/** Rows that wait for their window: queued again, due at its next opening, nothing sent. */
/** What a row the claim does not hand over gets back: the attempt and ledger row it had before. */
export type ClaimUndo = { attemptCount: number; attemptsOnChannel: number; outboundId: string | null };
const undoOf = (previous: ClaimUndo) => ({
  attempt_count: previous.attemptCount,
  attempts_on_channel: previous.attemptsOnChannel,
  outbound_id: previous.outboundId,
});
const UNDO_COLUMNS = sql.raw('attempt_count int, attempts_on_channel int, outbound_id uuid');

export async function deferNotifications(
  db: Executor,
  clientId: string,
  items: { id: string; dueAt: Date; previous: ClaimUndo }[],
  now: Date,
) {
  if (items.length === 0) return;
  const values = JSON.stringify(
    items.map((item) => ({ id: item.id, due_at: item.dueAt.toISOString(), ...undoOf(item.previous) })),
  );
  await db.execute(sql`
    update ${campaignNotifications} set status = 'queued', due_at = v.due_at, claimed_until = null, updated_at = ${now},
      attempt_count = v.attempt_count, attempts_on_channel = v.attempts_on_channel, outbound_id = v.outbound_id
    from jsonb_to_recordset(${values}::jsonb) as v(id uuid, due_at timestamptz, ${UNDO_COLUMNS})
    where ${inClient(campaignNotifications, clientId)} and ${campaignNotifications.id} = v.id`);
}

/** Rows that end without a send (blacklisted, paid, refused content, no window left): one statement. */
export async function endNotifications(
  db: Executor,
  clientId: string,
  items: {
    id: string;
    status: Extract<NotificationStatus, 'canceled' | 'failed' | 'expired'>;
    code: string;
    message: string;
    previous: ClaimUndo;
  }[],
  now: Date,
) {
  if (items.length === 0) return;
  const values = JSON.stringify(items.map(({ previous, ...item }) => ({ ...item, ...undoOf(previous) })));
  await db.execute(sql`
    update ${campaignNotifications} set status = v.status, error_code = v.code, error_message = v.message,
      claimed_until = null, ended_at = ${now}, updated_at = ${now},
      attempt_count = v.attempt_count, attempts_on_channel = v.attempts_on_channel, outbound_id = v.outbound_id
    from jsonb_to_recordset(${values}::jsonb) as v(id uuid, status text, code text, message text, ${UNDO_COLUMNS})
    where ${inClient(campaignNotifications, clientId)} and ${campaignNotifications.id} = v.id
      and ${campaignNotifications.status} = 'sending'`);
}

/**
 * Rows whose attempt the channel refused at once, queued again on the plan's next fallback channel
 * (its first attempt there), the refusal kept as their last error: one statement.
 */
export async function fallBackNotifications(
  db: Executor,
  clientId: string,
  items: {
    id: string;
    channel: CampaignChannel;
    channelIndex: number;
    attemptCount: number;
    dueAt: Date;
    code: string;
    message: string;
    /** The ledger row the notification pointed at before the claim (the refused attempt queued none). */
    previousOutboundId: string | null;
  }[],
  now: Date,
) {
  if (items.length === 0) return;
  const values = JSON.stringify(
    items.map((item) => ({
      id: item.id,
      outbound_id: item.previousOutboundId,
      channel: item.channel,
      channel_index: item.channelIndex,
      attempt_count: item.attemptCount,
      due_at: item.dueAt.toISOString(),
      code: item.code,
      message: item.message,
    })),
  );
  await db.execute(sql`
    update ${campaignNotifications} set status = 'queued', channel = v.channel, channel_index = v.channel_index,
      attempts_on_channel = 0, attempt_count = v.attempt_count, due_at = v.due_at, claimed_until = null,
      error_code = v.code, error_message = v.message, outbound_id = v.outbound_id, updated_at = ${now}
    from jsonb_to_recordset(${values}::jsonb)
      as v(id uuid, outbound_id uuid, channel text, channel_index int, attempt_count int, due_at timestamptz, code text, message text)
    where ${inClient(campaignNotifications, clientId)} and ${campaignNotifications.id} = v.id
      and ${campaignNotifications.status} = 'sending'`);
}

/**
 * Rows whose ledger row is not the one their claim chose (a repeated key answered an older row): the
 * attempt they are on and the ledger row it became. Rare since the claim records the hand-over itself.
 */
export async function markHandedOver(
  db: Executor,
  clientId: string,
  items: { id: string; attemptCount: number; attemptsOnChannel: number; outboundId: string }[],
  now: Date,
) {
  if (items.length === 0) return;
  const values = JSON.stringify(
    items.map((item) => ({
      id: item.id,
      attempt_count: item.attemptCount,
      attempts_on_channel: item.attemptsOnChannel,
      outbound_id: item.outboundId,
    })),
  );
  await db.execute(sql`
    update ${campaignNotifications} set attempt_count = v.attempt_count, attempts_on_channel = v.attempts_on_channel,
      outbound_id = v.outbound_id, updated_at = ${now}
    from jsonb_to_recordset(${values}::jsonb) as v(id uuid, attempt_count int, attempts_on_channel int, outbound_id uuid)
    where ${inClient(campaignNotifications, clientId)} and ${campaignNotifications.id} = v.id`);
}

export type NewAttempt = typeof campaignAttempts.$inferInsert;

/** One row per try; a claim taken back after a crash writes the same attempt again, which changes nothing. */
/** Writes one client's attempts of a chunk (the dispatcher's lanes are per client). */
export async function insertAttempts(db: Executor, clientId: string, rows: Omit<NewAttempt, 'clientId'>[]) {
  if (rows.length === 0) return;
  // One JSON parameter rather than drizzle's one per value (decision 0057: that builder was a fifth of
  // the dispatch's Node time).
  const values = JSON.stringify(
    rows.map((row) => ({
      client_id: clientId,
      notification_id: row.notificationId,
      attempt: row.attempt,
      channel: row.channel,
      provider: row.provider ?? null,
      outbound_id: row.outboundId ?? null,
      status: row.status,
      error_code: row.errorCode ?? null,
      error_message: row.errorMessage ?? null,
      started_at: (row.startedAt ?? new Date()).toISOString(),
      ended_at: row.endedAt ? row.endedAt.toISOString() : null,
    })),
  );
  await db.execute(sql`
    insert into ${campaignAttempts} (client_id, notification_id, attempt, channel, provider, outbound_id, status,
      error_code, error_message, started_at, ended_at)
    select v.client_id, v.notification_id, v.attempt, v.channel, v.provider, v.outbound_id, v.status,
      v.error_code, v.error_message, v.started_at, v.ended_at
    from jsonb_to_recordset(${values}::jsonb) as v(client_id uuid, notification_id uuid, attempt int,
      channel text, provider text, outbound_id uuid, status text, error_code text, error_message text,
      started_at timestamptz, ended_at timestamptz)
    on conflict do nothing`);
}

/** The attempt a ledger row belongs to, and its notification, locked: outcomes are applied one at a time. */
export async function findAttemptByOutboundForUpdate(db: Executor, clientId: string, outboundId: string) {
  const [attempt] = await db
    .select()
    .from(campaignAttempts)
    .where(inClient(campaignAttempts, clientId, eq(campaignAttempts.outboundId, outboundId)))
    .limit(1)
    .for('update');
  if (!attempt) return null;
  const [notification] = await db
    .select()
    .from(campaignNotifications)
    .where(inClient(campaignNotifications, clientId, eq(campaignNotifications.id, attempt.notificationId)))
    .for('update');
  return notification ? { attempt, notification } : null;
}

export async function updateAttempt(
  db: Executor,
  clientId: string,
  key: { notificationId: string; attempt: number },
  patch: Partial<typeof campaignAttempts.$inferInsert>,
) {
  await db
    .update(campaignAttempts)
    .set(patch)
    .where(
      inClient(
        campaignAttempts,
        clientId,
        and(
          eq(campaignAttempts.notificationId, key.notificationId),
          eq(campaignAttempts.attempt, key.attempt),
        ),
      ),
    );
}

export async function updateNotification(
  db: Executor,
  clientId: string,
  id: string,
  patch: Partial<typeof campaignNotifications.$inferInsert>,
) {
  await db
    .update(campaignNotifications)
    .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
    .where(inClient(campaignNotifications, clientId, eq(campaignNotifications.id, id)));
}

/** A batch's counts per status and its highest row handed out, derived from the rows themselves. */
export async function upsertCheckpoint(db: Executor, clientId: string, batchId: string, now: Date) {
  const { rows } = await db.execute(sql`
    select status, count(*)::int as count, max(case when status <> 'queued' then row_no end) as last_row_no
    from ${campaignNotifications}
    where ${inClient(campaignNotifications, clientId)} and batch_id = ${batchId}
    group by status`);
  const counts: Partial<Record<NotificationStatus, number>> = {};
  let lastRowNo: number | null = null;
  for (const row of rows as { status: NotificationStatus; count: number; last_row_no: number | null }[]) {
    counts[row.status] = Number(row.count);
    if (row.last_row_no !== null) lastRowNo = Math.max(lastRowNo ?? 0, Number(row.last_row_no));
  }
  const [saved] = await db
    .insert(campaignBatchCheckpoints)
    .values({ clientId, batchId, counts, lastRowNo, updatedAt: now })
    .onConflictDoUpdate({
      target: [campaignBatchCheckpoints.clientId, campaignBatchCheckpoints.batchId],
      set: { counts, lastRowNo, updatedAt: now },
    })
    .returning();
  return saved!;
}

/** A finished batch with a row queued again (a retry after a late failure) runs again. */
export async function reopenBatch(db: Executor, clientId: string, batchId: string, now: Date) {
  await db
    .update(campaignBatches)
    .set({ status: 'running', finishedAt: null, updatedAt: now })
    .where(
      inClient(
        campaignBatches,
        clientId,
        eq(campaignBatches.id, batchId),
        eq(campaignBatches.status, 'finished'),
      ),
    );
}

/** One conditional move of a batch's status; null when its status is not one of `from`. */
export async function transitionBatch(
  db: Executor,
  clientId: string,
  batchId: string,
  from: readonly string[],
  patch: Partial<typeof campaignBatches.$inferInsert>,
) {
  const [row] = await db
    .update(campaignBatches)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      inClient(
        campaignBatches,
        clientId,
        eq(campaignBatches.id, batchId),
        inArray(campaignBatches.status, [...from] as never[]),
      ),
    )
    .returning();
  return row ?? null;
}

/** The batches of a campaign in one of these statuses. */
export async function listCampaignBatchIds(
  db: Executor,
  clientId: string,
  campaignId: string,
  statuses: readonly string[],
) {
  const rows = await db
    .select({ id: campaignBatches.id })
    .from(campaignBatches)
    .where(
      inClient(
        campaignBatches,
        clientId,
        eq(campaignBatches.campaignId, campaignId),
        inArray(campaignBatches.status, [...statuses] as never[]),
      ),
    );
  return rows.map((row) => row.id);
}

/** A cancel's one statement: every row of the batch still queued is canceled (rows sending finish). */
export async function cancelQueuedNotifications(db: Executor, clientId: string, batchId: string, now: Date) {
  const rows = await db
    .update(campaignNotifications)
    .set({
      status: 'canceled',
      errorCode: 'canceled',
      errorMessage: 'The batch was canceled.',
      endedAt: now,
      updatedAt: now,
    })
    .where(
      inClient(
        campaignNotifications,
        clientId,
        eq(campaignNotifications.batchId, batchId),
        eq(campaignNotifications.status, 'queued'),
      ),
    )
    .returning({ id: campaignNotifications.id });
  return rows.length;
}

/** "Retry failed": the batch's failed rows queued again on its own channel; the next claim starts a new attempt. */
export async function requeueFailedNotifications(
  db: Executor,
  clientId: string,
  batch: Pick<CampaignBatchRow, 'id' | 'channel'>,
  now: Date,
) {
  const rows = await db
    .update(campaignNotifications)
    .set({
      status: 'queued',
      channel: batch.channel,
      channelIndex: 0,
      attemptsOnChannel: 0,
      dueAt: now,
      claimedUntil: null,
      endedAt: null,
      updatedAt: now,
    })
    .where(
      inClient(
        campaignNotifications,
        clientId,
        eq(campaignNotifications.batchId, batch.id),
        eq(campaignNotifications.status, 'failed'),
      ),
    )
    .returning({ id: campaignNotifications.id });
  return rows.length;
}

/** Notifications per status of one batch, counted now. */
export async function countNotificationsByStatus(db: Executor, clientId: string, batchId: string) {
  const rows = await db
    .select({ status: campaignNotifications.status, count: sql<number>`count(*)::int` })
    .from(campaignNotifications)
    .where(inClient(campaignNotifications, clientId, eq(campaignNotifications.batchId, batchId)))
    .groupBy(campaignNotifications.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)])) as Partial<
    Record<NotificationStatus, number>
  >;
}

export async function findCheckpoint(db: Executor, clientId: string, batchId: string) {
  const [row] = await db
    .select()
    .from(campaignBatchCheckpoints)
    .where(inClient(campaignBatchCheckpoints, clientId, eq(campaignBatchCheckpoints.batchId, batchId)));
  return row ?? null;
}

export async function findNotification(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(campaignNotifications)
    .where(inClient(campaignNotifications, clientId, eq(campaignNotifications.id, id)));
  return row ?? null;
}

export async function listAttempts(db: Executor, clientId: string, notificationId: string) {
  return db
    .select()
    .from(campaignAttempts)
    .where(inClient(campaignAttempts, clientId, eq(campaignAttempts.notificationId, notificationId)))
    .orderBy(asc(campaignAttempts.attempt));
}

/** The notification the public API answered for this Idempotency-Key, when there is one. */
export async function findNotificationByKey(db: Executor, clientId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(campaignNotifications)
    .where(
      inClient(campaignNotifications, clientId, eq(campaignNotifications.idempotencyKey, idempotencyKey)),
    );
  return row ?? null;
}

/** A key kept past its 24 hours is let go, so the tenant may use it again. */
export async function releaseNotificationKey(db: Executor, clientId: string, id: string) {
  await db
    .update(campaignNotifications)
    .set({ idempotencyKey: null })
    .where(inClient(campaignNotifications, clientId, eq(campaignNotifications.id, id)));
}

export async function insertBatch(db: Executor, row: typeof campaignBatches.$inferInsert) {
  await db.insert(campaignBatches).values(row);
}

/** Answers false when the Idempotency-Key was taken meanwhile (another request with it won). */
export async function insertNotification(db: Executor, row: typeof campaignNotifications.$inferInsert) {
  const inserted = await db
    .insert(campaignNotifications)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: campaignNotifications.id });
  return inserted.length > 0;
}

/**
 * The ledger ids of a set as one array literal (our own uuids), repeated as `= any(…)` beside the join
 * on the JSON rows: the JSON function's row count is unknown to the planner, which otherwise may read
 * every attempt of the client by its index and hash them (decision 0061, bench/README.md).
 */
const outboundIdsOf = (items: { outboundId: string }[]) =>
  `{${items.map((item) => item.outboundId).join(',')}}`;

/**
 * The attempts of a chunk's outcomes, written once they are known (decision 0070): the claim starts an
 * attempt on the notification (its number, its ledger row), and its row in `campaign_attempts` is
 * inserted with its outcome, `sent` with the provider's id, or `sending` for a failure the caller then
 * applies (`applyOutcome`). Started at the claim (the notification's `updated_at` until it moves on).
 * A row already there (written before decision 0070, or by a claim-time refusal) is moved to `sent`
 * only from `queued` or `sending`. A notification no longer on that ledger row writes nothing.
 */
export async function recordAttemptOutcomes(
  db: Executor,
  clientId: string,
  items: { notificationId: string; outboundId: string; provider: string; providerMessageId: string | null }[],
) {
  if (items.length === 0) return;
  const values = JSON.stringify(
    items.map((item) => ({
      nid: item.notificationId,
      outbound_id: item.outboundId,
      provider: item.provider,
      pid: item.providerMessageId,
    })),
  );
  const n = campaignNotifications;
  const ids = `{${items.map((item) => item.notificationId).join(',')}}`;
  await db.execute(sql`
    insert into ${campaignAttempts} (client_id, notification_id, attempt, channel, provider, outbound_id, status,
      provider_message_id, started_at)
    select ${n.clientId}, ${n.id}, ${n.attemptCount}, ${n.channel}, v.provider, v.outbound_id,
      case when v.pid is null then 'sending' else 'sent' end, v.pid, ${n.updatedAt}
    from jsonb_to_recordset(${values}::jsonb) as v(nid uuid, outbound_id uuid, provider text, pid text)
    join ${n} on ${inClient(n, clientId)} and ${n.id} = v.nid and ${n.id} = any(${ids}::uuid[])
      and ${n.outboundId} = v.outbound_id
    on conflict (client_id, notification_id, attempt) do update
      set status = excluded.status, provider_message_id = excluded.provider_message_id
      where excluded.status = 'sent' and ${campaignAttempts.status} in ('queued', 'sending')`);
}

/**
 * Many sends the provider took, of one client: each attempt is written `sent` with its provider id
 * (`recordAttemptOutcomes`), and each notification still `sending` on that very attempt becomes `sent`.
 */
export async function markAttemptsSent(
  db: Executor,
  clientId: string,
  items: {
    notificationId: string;
    outboundId: string;
    provider: string;
    providerMessageId: string;
    at: Date;
  }[],
) {
  if (items.length === 0) return;
  await recordAttemptOutcomes(db, clientId, items);
  const values = JSON.stringify(
    items.map((item) => ({
      nid: item.notificationId,
      outbound_id: item.outboundId,
      pid: item.providerMessageId,
      at: item.at.toISOString(),
    })),
  );
  const n = campaignNotifications;
  const ids = `{${items.map((item) => item.notificationId).join(',')}}`;
  await db.execute(sql`
    update ${n} set status = 'sent', provider_message_id = v.pid, claimed_until = null,
      sent_at = v.at, updated_at = v.at
    from jsonb_to_recordset(${values}::jsonb) as v(nid uuid, outbound_id uuid, pid text, at timestamptz)
    where ${inClient(n, clientId)} and ${n.id} = v.nid and ${n.id} = any(${ids}::uuid[])
      and ${n.outboundId} = v.outbound_id and ${n.status} = 'sending'`);
}

/** How far a status got, as SQL: a report never moves an attempt or a notification back. */
const rankOf = (column: string) =>
  sql.raw(
    `coalesce(case ${column} when 'queued' then 0 when 'sending' then 1 when 'sent' then 2 when 'delivered' then 3 when 'answered' then 3 when 'read' then 4 end, 0)`,
  );
const ENDED_SQL = sql.raw(`('failed', 'expired', 'canceled', 'busy', 'no_answer')`);

/**
 * Many successful delivery reports (delivered, answered, read) of one client, in two statements: each
 * attempt and its notification (on that very attempt) move forward only, and never out of an end.
 */
export async function applyReachedMany(
  db: Executor,
  clientId: string,
  items: {
    outboundId: string;
    status: 'delivered' | 'answered' | 'read';
    at: Date;
    durationSeconds?: number | undefined;
    chargedSeconds?: number | undefined;
  }[],
) {
  if (items.length === 0) return;
  const rank = { delivered: 3, answered: 3, read: 4 };
  const values = JSON.stringify(
    items.map((item) => ({
      outbound_id: item.outboundId,
      status: item.status,
      rank: rank[item.status],
      at: item.at.toISOString(),
      duration: item.durationSeconds ?? null,
      charged: item.durationSeconds !== undefined ? (item.chargedSeconds ?? 0) : null,
    })),
  );
  const v = sql`jsonb_to_recordset(${values}::jsonb) as v(outbound_id uuid, status text, rank int, at timestamptz, duration int, charged int)`;
  const a = campaignAttempts;
  const n = campaignNotifications;
  const ids = outboundIdsOf(items);
  await db.execute(sql`
    update ${a} set status = v.status, ended_at = v.at,
      duration_seconds = coalesce(v.duration, ${a.durationSeconds}),
      charged_seconds = coalesce(v.charged, ${a.chargedSeconds})
    from ${v}
    where ${inClient(a, clientId)} and ${a.outboundId} = v.outbound_id and ${a.outboundId} = any(${ids}::uuid[])
      and ${a.status} not in ${ENDED_SQL} and ${rankOf('"campaign_attempts"."status"')} < v.rank`);
  await db.execute(sql`
    update ${n} set status = v.status, claimed_until = null,
      read_at = case when v.status = 'read' then v.at else ${n.readAt} end,
      delivered_at = case when v.status <> 'read' then v.at else ${n.deliveredAt} end,
      ended_at = case when v.status <> 'read' then v.at else ${n.endedAt} end,
      updated_at = v.at
    from ${v}, ${a}
    where ${inClient(a, clientId)} and ${a.outboundId} = v.outbound_id and ${a.outboundId} = any(${ids}::uuid[])
      and ${inClient(n, clientId)} and ${n.id} = ${a.notificationId} and ${n.outboundId} = v.outbound_id
      and ${n.status} not in ${ENDED_SQL} and ${rankOf('"campaign_notifications"."status"')} < v.rank`);
}
