import {
  DEFAULT_OTP_SETTINGS,
  type OtpChannel,
  type OtpKind,
  type OtpSendState,
  type OtpStatus,
} from '@sapa/contracts';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Database, Executor } from '../../../platform/database.js';
import { preparedOn, preparedQuery, runPreparedSql } from '../../../platform/prepared-query.js';
import { cteColumns } from '../../../platform/sql-cte.js';
import {
  type OtpRequestRecord,
  type OtpSendRecord,
  otpChecks,
  otpCounters,
  otpPrefixBlocks,
  otpRequests,
  otpSends,
  otpSettings,
} from './otp.tables.js';

// Every query names the client: another client's request, send or block is never found.

/** A client's stored OTP settings (prepared: every request reads them, decision 0071). */
export async function findSettings(db: Executor, clientId: string): Promise<unknown | null> {
  const [row] = await preparedOn(db, 'otp_settings', (executor) =>
    executor
      .select({ settings: otpSettings.settings })
      .from(otpSettings)
      .where(inClient(otpSettings, sql.placeholder('clientId')))
      .prepare('otp_settings'),
  ).execute({ clientId });
  return row?.settings ?? null;
}

export async function saveSettings(db: Executor, clientId: string, settings: object) {
  await db
    .insert(otpSettings)
    .values({ clientId, settings })
    .onConflictDoUpdate({ target: otpSettings.clientId, set: { settings, updatedAt: sql`now()` } });
}

export async function upsertBlock(
  db: Executor,
  clientId: string,
  block: { prefix: string; blockedUntil: Date; sends: number; createdAt: Date },
) {
  await db
    .insert(otpPrefixBlocks)
    .values({ clientId, ...block })
    .onConflictDoUpdate({
      target: [otpPrefixBlocks.clientId, otpPrefixBlocks.prefix],
      set: { blockedUntil: block.blockedUntil, sends: block.sends, createdAt: block.createdAt },
    });
}

export async function listActiveBlocks(db: Executor, clientId: string, now: Date) {
  return db
    .select()
    .from(otpPrefixBlocks)
    .where(inClient(otpPrefixBlocks, clientId, gt(otpPrefixBlocks.blockedUntil, now)))
    .orderBy(desc(otpPrefixBlocks.createdAt));
}

/** Lifts a block and forgets the prefix's counts, so the next send does not trip the guard again at once. */
export async function deleteBlock(db: Executor, clientId: string, prefix: string, now: Date) {
  const rows = await db
    .delete(otpPrefixBlocks)
    .where(
      inClient(
        otpPrefixBlocks,
        clientId,
        eq(otpPrefixBlocks.prefix, prefix),
        gt(otpPrefixBlocks.blockedUntil, now),
      ),
    )
    .returning({ prefix: otpPrefixBlocks.prefix });
  if (rows.length === 0) return false;
  await db
    .delete(otpCounters)
    .where(inClient(otpCounters, clientId, inArray(otpCounters.key, slotKeysOf(`prefix:${prefix}`))));
  return true;
}

/**
 * Each counter of a client (the day's sends, a prefix's sends in a minute) is kept in `COUNTER_SLOTS`
 * rows (decision 0080): a send bumps one slot (`counterSlot`), and its count is the sum of the slots.
 * Requests running at once then mostly bump different rows, so they no longer wait for each other's
 * commit on one row. Slot 0 is the counter's own key (the rows written before slots were), slot n its
 * key with `#n`.
 */
export const COUNTER_SLOTS = 16;
const slotKey = (key: string, slot: number) => (slot === 0 ? key : `${key}#${slot}`);
const slotKeysOf = (key: string) => Array.from({ length: COUNTER_SLOTS }, (_, slot) => slotKey(key, slot));
/**
 * The slot of one send's counters: the next one in turn, from a random start per process, so the sends
 * a process runs at once (at most its pool's connections, fewer than the slots) take different rows.
 */
let lastSlot = Math.floor(Math.random() * COUNTER_SLOTS);
export const counterSlot = () => {
  lastSlot = (lastSlot + 1) % COUNTER_SLOTS;
  return lastSlot;
};

/**
 * What a counting statement answers for each counter it bumped, by the counter's key: the slot's new
 * count plus the other slots' counts as this statement read them (committed before it started). The
 * other slots are not locked, so sends in flight on them are not seen: decision 0080 bounds what that
 * lets through.
 */
function countedTotals(
  db: Executor,
  counted: { key: AnyColumn; count: AnyColumn; windowStart: AnyColumn },
  slots: SQL,
  clientId: Parameters<typeof inClient>[1],
) {
  const others = db
    .select({ sum: sql`sum(${otpCounters.count})` })
    .from(otpCounters)
    .where(
      inClient(
        otpCounters,
        clientId,
        sql`${otpCounters.key} = any(${slots})`,
        sql`${otpCounters.key} <> ${counted.key}`,
        sql`split_part(${otpCounters.key}, '#', 1) = split_part(${counted.key}, '#', 1)`,
        sql`${otpCounters.windowStart} = ${counted.windowStart}`,
      ),
    );
  return {
    key: sql<string>`split_part(${counted.key}, '#', 1)`,
    count: sql<number>`(${counted.count} + coalesce((${others}), 0))::int`,
  };
}

/**
 * Adds one to each fixed-window counter (its slot 0) and answers the new counts by key, all slots
 * summed, in one statement (safe under concurrency: rows are locked in the order given, the same for
 * every send).
 */
export async function bumpCounters(
  db: Executor,
  clientId: string,
  counters: { key: string; windowStart: Date }[],
) {
  const counted = db.$with('counted').as(
    db
      .insert(otpCounters)
      .values(counters.map((counter) => ({ clientId, ...counter, count: 1 })))
      .onConflictDoUpdate({
        target: [otpCounters.clientId, otpCounters.key, otpCounters.windowStart],
        set: { count: sql`${otpCounters.count} + 1` },
      })
      .returning({ key: otpCounters.key, count: otpCounters.count, windowStart: otpCounters.windowStart }),
  );
  const slots = counters.flatMap((counter) => slotKeysOf(counter.key));
  const rows = await db
    .with(counted)
    .select(countedTotals(db, counted, sql`${sql.param(slots)}::text[]`, clientId))
    .from(counted);
  return new Map(rows.map((row) => [row.key, row.count]));
}

/**
 * What a send must know before it writes, in one prepared statement (decision 0071): the prefix's
 * active block (none without a prefix), the send times to the destination within the window (newest
 * first, at most `limit`), and the pending request for the destination, channel and service (or none),
 * locked as `lockPendingFor` locks it.
 *
 * `withSettings` (decision 0075) also reads the client's stored settings, and takes the window and the
 * limit from them (the defaults without a row or a number): the caller parses the settings and, when
 * they end up with another window or limit (a stored value its schema refuses), reads the limits
 * again with its own.
 */
function sendLimitsParts(db: Executor, withSettings: boolean) {
  const at = sql`${sql.placeholder('now')}::timestamptz`;
  const pending = db
    .select()
    .from(otpRequests)
    .where(
      inClient(
        otpRequests,
        sql.placeholder('clientId'),
        eq(otpRequests.destination, sql.placeholder('destination')),
        eq(otpRequests.channel, sql.placeholder('channel')),
        sql`${otpRequests.serviceId} is not distinct from ${sql.placeholder('serviceId')}::uuid`,
        eq(otpRequests.status, 'pending'),
        gt(otpRequests.expiresAt, at),
      ),
    )
    .orderBy(desc(otpRequests.createdAt))
    .limit(1)
    .for('update')
    .as('pending');
  const block = db
    .select({ blockedUntil: otpPrefixBlocks.blockedUntil })
    .from(otpPrefixBlocks)
    .where(
      inClient(
        otpPrefixBlocks,
        sql.placeholder('clientId'),
        eq(otpPrefixBlocks.prefix, sql.placeholder('prefix')),
        gt(otpPrefixBlocks.blockedUntil, at),
      ),
    );
  // A stored number as written (clamped to the schema's range, so no value can make the statement
  // fail); anything else reads as the default, and the caller's comparison catches the difference.
  const stored = db
    .select({
      settings: otpSettings.settings,
      windowSeconds:
        sql<number>`case when jsonb_typeof(${otpSettings.settings} -> 'windowSeconds') = 'number' then least(greatest((${otpSettings.settings} ->> 'windowSeconds')::float8, 60), 86400) end`.as(
          'window_seconds',
        ),
      sendLimit:
        sql<number>`case when jsonb_typeof(${otpSettings.settings} -> 'sendsPerWindow') = 'number' then least(greatest((${otpSettings.settings} ->> 'sendsPerWindow')::float8, 1), 100) end`.as(
          'send_limit',
        ),
    })
    .from(otpSettings)
    .where(inClient(otpSettings, sql.placeholder('clientId')))
    .as('stored');
  const windowSeconds = sql`coalesce(${stored.windowSeconds}, ${sql.raw(String(DEFAULT_OTP_SETTINGS.windowSeconds))})::float8`;
  const sendLimit = sql`coalesce(${stored.sendLimit}, ${sql.raw(String(DEFAULT_OTP_SETTINGS.sendsPerWindow))})::float8`;
  // Epoch milliseconds: a number array needs no timestamp parsing.
  const recent = db
    .select({ at: sql`(extract(epoch from ${otpSends.createdAt}) * 1000)::float8` })
    .from(otpSends)
    .where(
      inClient(
        otpSends,
        sql.placeholder('clientId'),
        eq(otpSends.destination, sql.placeholder('destination')),
        gt(
          otpSends.createdAt,
          withSettings
            ? sql`${at} - ${windowSeconds} * interval '1 second'`
            : sql`${sql.placeholder('since')}::timestamptz`,
        ),
      ),
    )
    .orderBy(desc(otpSends.createdAt))
    // A limit may be any expression (Drizzle types it as a number or a placeholder only).
    .limit((withSettings ? sql`ceil(${sendLimit})::int` : sql.placeholder('limit')) as never);
  const limits = {
    blockedUntil: sql<Date | null>`(${block})`.mapWith(otpPrefixBlocks.blockedUntil),
    recent: sql<number[]>`array(${recent})`,
    pending: cteColumns(pending, otpRequests),
  };
  return { limits, pending, stored, windowSeconds, sendLimit };
}
const prepareLimits = (db: Executor) => {
  const { limits, pending } = sendLimitsParts(db, false);
  return db
    .select(limits)
    .from(sql`(select 1) as one`)
    .leftJoinLateral(pending, sql`true`)
    .prepare('otp_send_limits');
};
const prepareLimitsWithSettings = (db: Executor) => {
  const { limits, pending, stored, windowSeconds, sendLimit } = sendLimitsParts(db, true);
  return db
    .select({
      ...limits,
      settings: stored.settings,
      windowSeconds: sql<number>`${windowSeconds}`,
      sendLimit: sql<number>`${sendLimit}`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(stored, sql`true`)
    .leftJoinLateral(pending, sql`true`)
    .prepare('otp_send_limits_settings');
};

type SendLimits = { blockedUntil: Date | null; recent: Date[]; pending: OtpRequestRecord | null };
const limitsOf = (row: {
  blockedUntil: Date | null;
  recent: number[] | null;
  pending: { id: string | null } | null;
}): SendLimits => ({
  blockedUntil: row.blockedUntil ?? null,
  recent: (row.recent ?? []).map((ms) => new Date(Number(ms))),
  // No pending request: the lateral join's columns are all null.
  pending: row.pending?.id ? (row.pending as OtpRequestRecord) : null,
});

export async function readSendLimits(
  db: Executor,
  clientId: string,
  key: {
    prefix: string | null;
    destination: string;
    channel: OtpChannel;
    serviceId: string | null;
    since: Date;
    limit: number;
  },
  now: Date,
): Promise<SendLimits> {
  const [row] = await preparedOn(db, 'otp_send_limits', prepareLimits).execute({
    clientId,
    prefix: key.prefix,
    destination: key.destination,
    channel: key.channel,
    serviceId: key.serviceId,
    since: key.since.toISOString(),
    limit: key.limit,
    now: now.toISOString(),
  });
  return limitsOf(row!);
}

/**
 * `readSendLimits` with the client's stored settings (null: none), in the same statement, and the
 * window (seconds) and limit the limits were read with.
 */
export async function readSendLimitsAndSettings(
  db: Executor,
  clientId: string,
  key: { prefix: string | null; destination: string; channel: OtpChannel; serviceId: string | null },
  now: Date,
): Promise<SendLimits & { settings: unknown | null; windowSeconds: number; limit: number }> {
  const [row] = await preparedOn(db, 'otp_send_limits_settings', prepareLimitsWithSettings).execute({
    clientId,
    prefix: key.prefix,
    destination: key.destination,
    channel: key.channel,
    serviceId: key.serviceId,
    now: now.toISOString(),
  });
  return {
    ...limitsOf(row!),
    settings: row!.settings ?? null,
    windowSeconds: Number(row!.windowSeconds),
    limit: Number(row!.sendLimit),
  };
}

export async function lockRequest(
  db: Executor,
  clientId: string,
  id: string,
): Promise<OtpRequestRecord | null> {
  const [row] = await db
    .select()
    .from(otpRequests)
    .where(inClient(otpRequests, clientId, eq(otpRequests.id, id)))
    .for('update');
  return row ?? null;
}

export async function findRequest(
  db: Executor,
  clientId: string,
  id: string,
): Promise<OtpRequestRecord | null> {
  const [row] = await db
    .select()
    .from(otpRequests)
    .where(inClient(otpRequests, clientId, eq(otpRequests.id, id)));
  return row ?? null;
}

/** The newest pending request of a service for a destination (Verify's check by `to`), locked. */
export async function lockPendingOfService(
  db: Executor,
  clientId: string,
  serviceId: string,
  destination: string,
) {
  const [row] = await db
    .select()
    .from(otpRequests)
    .where(
      inClient(
        otpRequests,
        clientId,
        eq(otpRequests.serviceId, serviceId),
        eq(otpRequests.destination, destination),
      ),
    )
    .orderBy(desc(otpRequests.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateRequest(
  db: Executor,
  clientId: string,
  id: string,
  fields: Partial<
    Pick<OtpRequestRecord, 'status' | 'attempts' | 'sends' | 'approvedAt' | 'codeSealed' | 'updatedAt'>
  >,
) {
  await db
    .update(otpRequests)
    .set(fields)
    .where(inClient(otpRequests, clientId, eq(otpRequests.id, id)));
}

/** Moves a pending request to a final status (no-op when it already left pending). */
export async function settlePending(db: Executor, clientId: string, id: string, status: OtpStatus, at: Date) {
  await db
    .update(otpRequests)
    .set({ status, codeSealed: null, updatedAt: at })
    .where(inClient(otpRequests, clientId, eq(otpRequests.id, id), eq(otpRequests.status, 'pending')));
}

export async function insertSend(db: Executor, row: typeof otpSends.$inferInsert) {
  await db.insert(otpSends).values(row);
}

/** The columns of a send row written by `insertSendAndCount`, in placeholders of the same names. */
const SEND_FIELDS = [
  'clientId',
  'id',
  'requestId',
  'destination',
  'channel',
  'step',
  'outboundId',
  'createdAt',
  'updatedAt',
] as const;
type SendRow = Pick<typeof otpSends.$inferInsert, (typeof SEND_FIELDS)[number]>;

/** The columns of a new request row written by `insertSendAndCount`, in placeholders `request.<field>`. */
const REQUEST_FIELDS = [
  'clientId',
  'id',
  'serviceId',
  'destination',
  'channel',
  'codeHash',
  'codeSealed',
  'codeLength',
  'template',
  'locale',
  'status',
  'attempts',
  'maxAttempts',
  'sends',
  'requestedBy',
  'expiresAt',
  'createdAt',
  'updatedAt',
] as const;
type NewRequestRow = Pick<typeof otpRequests.$inferInsert, (typeof REQUEST_FIELDS)[number]>;

/**
 * The send row and the client's counters in one prepared statement (decision 0071), run last in a
 * request's transaction as `bumpCounters` was (decision 0063): the day's counter, and the prefix's
 * minute counter when the destination has one, each bumped by one (rows locked in that order, the same
 * for every send), answering the new counts by key. `withRequest` (decision 0075): a new request's row
 * is inserted by the same statement, another data-modifying CTE (no key refers to it).
 */
function prepareSendAndCount(withPrefix: boolean, withRequest: boolean) {
  const name = `otp_send_count${withPrefix ? '_prefix' : ''}${withRequest ? '_request' : ''}`;
  return (db: Executor) => {
    const sent = db.$with('sent').as(
      db
        .insert(otpSends)
        .values(Object.fromEntries(SEND_FIELDS.map((field) => [field, sql.placeholder(field)])) as never)
        .returning({ id: otpSends.id }),
    );
    const requested = db.$with('requested').as(
      db
        .insert(otpRequests)
        .values(
          Object.fromEntries(
            REQUEST_FIELDS.map((field) => [field, sql.placeholder(`request.${field}`)]),
          ) as never,
        )
        .returning({ id: otpRequests.id }),
    );
    const counter = (key: string, windowStart: string) => ({
      clientId: sql.placeholder('clientId'),
      key: sql`${sql.placeholder(key)}::text`,
      windowStart: sql.placeholder(windowStart),
      count: 1,
    });
    // Each counter's slot (decision 0080), answered with the other slots' counts added.
    const counted = db.$with('counted').as(
      db
        .insert(otpCounters)
        .values(
          (withPrefix
            ? [counter('dayKey', 'day'), counter('prefixKey', 'minute')]
            : [counter('dayKey', 'day')]) as never,
        )
        .onConflictDoUpdate({
          target: [otpCounters.clientId, otpCounters.key, otpCounters.windowStart],
          set: { count: sql`${otpCounters.count} + 1` },
        })
        .returning({ key: otpCounters.key, count: otpCounters.count, windowStart: otpCounters.windowStart }),
    );
    return (withRequest ? db.with(requested, sent, counted) : db.with(sent, counted))
      .select(
        countedTotals(db, counted, sql`${sql.placeholder('slots')}::text[]`, sql.placeholder('clientId')),
      )
      .from(counted)
      .prepare(name);
  };
}
const prepareSendAndCountDay = prepareSendAndCount(false, false);
const prepareSendAndCountPrefix = prepareSendAndCount(true, false);
const prepareRequestSendAndCountDay = prepareSendAndCount(false, true);
const prepareRequestSendAndCountPrefix = prepareSendAndCount(true, true);

/** `request`: a new request's row, written by the same statement. */
export async function insertSendAndCount(
  db: Executor,
  clientId: string,
  row: SendRow,
  counters: { day: Date; prefix: { key: string; minute: Date } | null; slot: number },
  request?: NewRequestRow,
) {
  const { slot, prefix } = counters;
  const values: Record<string, unknown> = {
    ...row,
    clientId,
    day: counters.day,
    dayKey: slotKey('day', slot),
    slots: prefix ? [...slotKeysOf('day'), ...slotKeysOf(prefix.key)] : slotKeysOf('day'),
    ...(prefix ? { prefixKey: slotKey(prefix.key, slot), minute: prefix.minute } : {}),
  };
  if (request) for (const field of REQUEST_FIELDS) values[`request.${field}`] = request[field] ?? null;
  const query = counters.prefix
    ? request
      ? preparedOn(db, 'otp_send_count_prefix_request', prepareRequestSendAndCountPrefix)
      : preparedOn(db, 'otp_send_count_prefix', prepareSendAndCountPrefix)
    : request
      ? preparedOn(db, 'otp_send_count_request', prepareRequestSendAndCountDay)
      : preparedOn(db, 'otp_send_count', prepareSendAndCountDay);
  const rows = await query.execute(values);
  return new Map(rows.map((counted) => [counted.key, counted.count]));
}

/**
 * Moves a send forward (queued → sent → delivered, or to failed from queued or sent); a late or
 * repeated report changes nothing. Answers the send when it moved.
 */
export async function updateSendState(
  db: Executor,
  clientId: string,
  id: string,
  state: OtpSendState,
  error: string | null,
  at: Date,
): Promise<OtpSendRecord | null> {
  // Prepared (decision 0071): every message's result and delivery report moves its send.
  const name = state === 'sent' ? 'otp_send_state_sent' : 'otp_send_state_later';
  const [row] = await preparedOn(db, name, (executor) => {
    const from: OtpSendState[] = state === 'sent' ? ['queued'] : ['queued', 'sent'];
    return executor
      .update(otpSends)
      .set({
        state: sql`${sql.placeholder('state')}::text`,
        error: sql`${sql.placeholder('error')}::text`,
        updatedAt: sql`${sql.placeholder('at')}::timestamptz`,
      })
      .where(
        inClient(
          otpSends,
          sql.placeholder('clientId'),
          eq(otpSends.id, sql.placeholder('id')),
          inArray(otpSends.state, from),
        ),
      )
      .returning()
      .prepare(name);
  }).execute({ clientId, id, state, error, at: at.toISOString() });
  return row ?? null;
}

/**
 * `updateSendState` for many later reports of one client at once (decision 0075): delivered or failed,
 * each from queued or sent only, in one prepared statement. Answers the sends that moved.
 */
export async function moveSendStates(
  db: Executor,
  clientId: string,
  moves: { id: string; state: 'delivered' | 'failed'; error: string | null; at: Date }[],
): Promise<OtpSendRecord[]> {
  const { rows } = await runPreparedSql<OtpSendRecord>(
    db,
    'otp_send_states_later',
    () => sql`update ${otpSends} set state = moved.state, error = moved.error, updated_at = moved.at
      from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('states')}::text[], ${sql.placeholder('errors')}::text[], ${sql.placeholder('ats')}::timestamptz[]) as moved(id, state, error, at)
      where ${inClient(otpSends, sql.placeholder('clientId'), sql`${otpSends.id} = moved.id`, sql`${otpSends.state} in ('queued', 'sent')`)}
      returning ${otpSends.clientId} as "clientId", ${otpSends.id} as "id", ${otpSends.requestId} as "requestId",
        ${otpSends.destination} as "destination", ${otpSends.channel} as "channel", ${otpSends.step} as "step",
        ${otpSends.outboundId} as "outboundId", ${otpSends.state} as "state", ${otpSends.error} as "error",
        ${otpSends.createdAt} as "createdAt", ${otpSends.updatedAt} as "updatedAt"`,
    {
      clientId,
      ids: moves.map((move) => move.id),
      states: moves.map((move) => move.state),
      errors: moves.map((move) => move.error),
      ats: moves.map((move) => move.at.toISOString()),
    },
  );
  return rows;
}

export async function listSendsOf(db: Executor, clientId: string, requestId: string) {
  return db
    .select()
    .from(otpSends)
    .where(inClient(otpSends, clientId, eq(otpSends.requestId, requestId)))
    .orderBy(asc(otpSends.createdAt), asc(otpSends.step));
}

export async function insertCheck(db: Executor, row: typeof otpChecks.$inferInsert) {
  await db.insert(otpChecks).values(row);
}

export async function listChecksOf(db: Executor, clientId: string, requestId: string) {
  return db
    .select()
    .from(otpChecks)
    .where(inClient(otpChecks, clientId, eq(otpChecks.requestId, requestId)))
    .orderBy(asc(otpChecks.createdAt));
}

export async function listRequests(
  db: Executor,
  clientId: string,
  filter: {
    kind?: OtpKind;
    status?: OtpStatus;
    channel?: OtpChannel;
    destination?: string;
    from?: Date;
    to?: Date;
  },
  page: { pageSize: number; pageNumber: number },
) {
  const conditions: (SQL | undefined)[] = [
    kindFilter(filter.kind),
    filter.status ? eq(otpRequests.status, filter.status) : undefined,
    filter.channel ? eq(otpRequests.channel, filter.channel) : undefined,
    filter.destination ? eq(otpRequests.destination, filter.destination) : undefined,
    filter.from ? gte(otpRequests.createdAt, filter.from) : undefined,
    filter.to ? lte(otpRequests.createdAt, filter.to) : undefined,
  ];
  const where = inClient(otpRequests, clientId, ...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(otpRequests)
      .where(where)
      .orderBy(desc(otpRequests.createdAt), desc(otpRequests.id))
      .limit(page.pageSize)
      .offset(page.pageSize * page.pageNumber),
    db.select({ total: count() }).from(otpRequests).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** Bare OTPs have no service; Verify's verifications have one. */
function kindFilter(kind: OtpKind | undefined) {
  if (kind === 'otp') return sql`${otpRequests.serviceId} is null`;
  if (kind === 'verify') return sql`${otpRequests.serviceId} is not null`;
  return undefined;
}

/** The same for a table keyed by request: its requests of that kind (a subquery in the same client). */
function requestsOfKind(db: Executor, requestId: AnyColumn, clientId: string, kind: OtpKind | undefined) {
  if (!kind) return undefined;
  return inArray(
    requestId,
    db
      .select({ id: otpRequests.id })
      .from(otpRequests)
      .where(inClient(otpRequests, clientId, kindFilter(kind))),
  );
}

/** The dashboard's figures over a period: totals, per channel and per hour (UTC hours). */
export async function summarise(db: Executor, clientId: string, from: Date, to: Date, kind?: OtpKind) {
  const inRange = (column: AnyColumn) => and(gte(column, from), lt(column, to));
  const [requested] = await db
    .select({ n: count() })
    .from(otpRequests)
    .where(inClient(otpRequests, clientId, inRange(otpRequests.createdAt), kindFilter(kind)));
  const [failedChecks] = await db
    .select({ n: count() })
    .from(otpChecks)
    .where(
      inClient(
        otpChecks,
        clientId,
        eq(otpChecks.valid, false),
        inRange(otpChecks.createdAt),
        requestsOfKind(db, otpChecks.requestId, clientId, kind),
      ),
    );
  const sentByChannel = await db
    .select({ channel: otpSends.channel, n: count() })
    .from(otpSends)
    .where(
      inClient(
        otpSends,
        clientId,
        inRange(otpSends.createdAt),
        requestsOfKind(db, otpSends.requestId, clientId, kind),
      ),
    )
    .groupBy(otpSends.channel);
  const verifiedByChannel = await db
    .select({ channel: otpRequests.channel, n: count() })
    .from(otpRequests)
    .where(
      inClient(
        otpRequests,
        clientId,
        eq(otpRequests.status, 'approved'),
        inRange(otpRequests.createdAt),
        kindFilter(kind),
      ),
    )
    .groupBy(otpRequests.channel);
  const sentHour = sql<string>`to_char(date_trunc('hour', ${otpSends.createdAt} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"')`;
  const sentByHour = await db
    .select({ hour: sentHour, n: count() })
    .from(otpSends)
    .where(
      inClient(
        otpSends,
        clientId,
        inRange(otpSends.createdAt),
        requestsOfKind(db, otpSends.requestId, clientId, kind),
      ),
    )
    .groupBy(sentHour);
  const approvedHour = sql<string>`to_char(date_trunc('hour', ${otpRequests.approvedAt} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"')`;
  const verifiedByHour = await db
    .select({ hour: approvedHour, n: count() })
    .from(otpRequests)
    .where(
      inClient(
        otpRequests,
        clientId,
        eq(otpRequests.status, 'approved'),
        inRange(otpRequests.createdAt),
        kindFilter(kind),
      ),
    )
    .groupBy(approvedHour);
  return {
    requested: requested?.n ?? 0,
    failedChecks: failedChecks?.n ?? 0,
    sentByChannel,
    verifiedByChannel,
    sentByHour,
    verifiedByHour,
  };
}

/** Requests matching the export's filters after a cursor, newest first (keyset: exports read them all). */
export async function listRequestsAfter(
  db: Executor,
  clientId: string,
  filter: { kind?: OtpKind; status?: OtpStatus; channel?: OtpChannel; from?: Date; to?: Date },
  cursor: { createdAt: Date; id: string } | null,
  limit: number,
) {
  return db
    .select()
    .from(otpRequests)
    .where(
      inClient(
        otpRequests,
        clientId,
        kindFilter(filter.kind),
        filter.status ? eq(otpRequests.status, filter.status) : undefined,
        filter.channel ? eq(otpRequests.channel, filter.channel) : undefined,
        filter.from ? gte(otpRequests.createdAt, filter.from) : undefined,
        filter.to ? lte(otpRequests.createdAt, filter.to) : undefined,
        cursor
          ? sql`(${otpRequests.createdAt}, ${otpRequests.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(otpRequests.createdAt), desc(otpRequests.id))
    .limit(limit);
}

/**
 * What a check of a bare OTP compares against, read once (decision 0063): the keyed hash and what never
 * changes after the request is created. Prepared, as every per-verification statement (decision 0058).
 */
function prepareFindCheckable(db: Database) {
  return db
    .select({
      id: otpRequests.id,
      clientId: otpRequests.clientId,
      serviceId: otpRequests.serviceId,
      channel: otpRequests.channel,
      codeHash: otpRequests.codeHash,
      maxAttempts: otpRequests.maxAttempts,
    })
    .from(otpRequests)
    .where(inClient(otpRequests, sql.placeholder('clientId'), eq(otpRequests.id, sql.placeholder('id'))))
    .prepare('otp_find_checkable');
}

export async function findCheckable(db: Database, clientId: string, id: string) {
  const [row] = await preparedQuery(db, 'otp_find_checkable', prepareFindCheckable).execute({ clientId, id });
  return row ?? null;
}

/**
 * Checks of bare OTPs of one client, in one statement (decision 0063, batched by decision 0080): for each
 * check the attempt is counted on a request still pending, unexpired and with attempts left, the check
 * row is written, and what the compared code decides is settled in the same update: the right code
 * approves; the last allowed wrong one ends the request. Codes were compared in the process beforehand
 * (constant time, against the stored hash). The row lock of the update orders racing checks: a second
 * right code finds the request no longer pending and claims nothing (it approves once). A request given
 * twice in one batch is updated once (PostgreSQL's `update … from` takes one matching row): the other
 * check claims nothing and goes the locked path, like a racing one. Answers, by check id, the counted
 * attempts of the checks that claimed their request; a check absent from the answer found its request
 * not checkable (unknown, another client's, a Verify verification, settled, expired or exhausted): the
 * locked path says which.
 */
export async function checkAttempts(
  db: Executor,
  clientId: string,
  checks: { requestId: string; checkId: string; valid: boolean; at: Date }[],
): Promise<Map<string, { attempts: number; maxAttempts: number }>> {
  const { rows } = await runPreparedSql<{ checkId: string; attempts: number; maxAttempts: number }>(
    db,
    'otp_checks_batch',
    () => {
      const attemptsAfter = sql`${otpRequests.attempts} + 1`;
      const exhausted = sql`${attemptsAfter} >= ${otpRequests.maxAttempts}`;
      return sql`with given as (
        select * from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('checkIds')}::uuid[], ${sql.placeholder('valids')}::boolean[], ${sql.placeholder('ats')}::timestamptz[]) as given(id, check_id, valid, at)
      ), claimed as (
        update ${otpRequests} set
          attempts = ${attemptsAfter},
          status = case when given.valid then 'approved' when ${exhausted} then 'max_attempts_reached' else ${otpRequests.status} end,
          code_sealed = case when given.valid or ${exhausted} then null else ${otpRequests.codeSealed} end,
          approved_at = case when given.valid then given.at else ${otpRequests.approvedAt} end,
          updated_at = given.at
        from given
        where ${inClient(
          otpRequests,
          sql.placeholder('clientId'),
          sql`${otpRequests.id} = given.id`,
          sql`${otpRequests.serviceId} is null`,
          eq(otpRequests.status, 'pending'),
          sql`${otpRequests.expiresAt} > given.at`,
          lt(otpRequests.attempts, otpRequests.maxAttempts),
        )}
        returning ${otpRequests.clientId} as client_id, ${otpRequests.id} as request_id, given.check_id, given.valid, given.at,
          ${otpRequests.attempts} as attempts, ${otpRequests.maxAttempts} as max_attempts
      ), checked as (
        insert into ${otpChecks} (client_id, id, request_id, valid, created_at)
        select client_id, check_id, request_id, valid, at from claimed
      )
      select check_id as "checkId", attempts, max_attempts as "maxAttempts" from claimed`;
    },
    {
      clientId,
      ids: checks.map((check) => check.requestId),
      checkIds: checks.map((check) => check.checkId),
      valids: checks.map((check) => check.valid),
      ats: checks.map((check) => check.at.toISOString()),
    },
  );
  return new Map(rows.map((row) => [row.checkId, { attempts: row.attempts, maxAttempts: row.maxAttempts }]));
}
