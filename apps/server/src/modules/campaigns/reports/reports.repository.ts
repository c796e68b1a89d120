import type { CallOutcome, CampaignChannel, NotificationStatus } from '@sapa/contracts';
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isId } from '../../../lib/ids.js';
import { likePattern } from '../../../lib/like-pattern.js';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import {
  campaignAttempts,
  campaignBatches,
  campaignNotifications,
  campaignRetryPlans,
  campaigns,
} from '../campaigns.tables.js';
import { FAILED, REACHED } from '../dashboard/dashboard.repository.js';
import { type LocalDays, withinLocalDays } from '../local-days.js';

/** A report's selection, resolved: the channels the reader may see (or the one chosen) and local days. */
export type ReportWhere = {
  channels: readonly CampaignChannel[];
  days: LocalDays;
  campaignId?: string | undefined;
  status?: NotificationStatus | undefined;
  recipient?: string | undefined;
};

const batchOfNotification = inClient(
  campaignBatches,
  campaignNotifications.clientId,
  eq(campaignBatches.id, campaignNotifications.batchId),
);

function reportConditions(clientId: string, where: ReportWhere): SQL {
  const parts: SQL[] = [
    where.channels.length > 0 ? inArray(campaignBatches.channel, [...where.channels]) : sql`false`,
    withinLocalDays(campaignNotifications.createdAt, where.days),
  ];
  // An id that is not one matches nothing (and never reaches a uuid cast).
  if (where.campaignId !== undefined)
    parts.push(isId(where.campaignId) ? eq(campaignBatches.campaignId, where.campaignId) : sql`false`);
  if (where.status !== undefined) parts.push(eq(campaignNotifications.status, where.status));
  if (where.recipient)
    parts.push(sql`${campaignNotifications.recipient} ilike ${likePattern(where.recipient)}`);
  return inClient(campaignNotifications, clientId, ...parts);
}

/** How many notifications of the selection are in each status, per channel (the batch's). */
export async function countByChannelAndStatus(db: Executor, clientId: string, where: ReportWhere) {
  return db
    .select({
      channel: campaignBatches.channel,
      status: campaignNotifications.status,
      count: sql<number>`count(*)::int`,
    })
    .from(campaignNotifications)
    .innerJoin(campaignBatches, batchOfNotification)
    .where(reportConditions(clientId, where))
    .groupBy(campaignBatches.channel, campaignNotifications.status);
}

/** Per local day of the selection: made, reached the recipient, failed. */
export async function countReportDays(db: Executor, clientId: string, where: ReportWhere) {
  const day = sql<string>`((${campaignNotifications.createdAt} at time zone ${where.days.timeZone})::date)::text`;
  return db
    .select({
      date: day,
      total: sql<number>`count(*)::int`,
      reached: sql<number>`(count(*) filter (where ${inArray(campaignNotifications.status, REACHED)}))::int`,
      failed: sql<number>`(count(*) filter (where ${inArray(campaignNotifications.status, FAILED)}))::int`,
    })
    .from(campaignNotifications)
    .innerJoin(campaignBatches, batchOfNotification)
    .where(reportConditions(clientId, where))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

// ---- Voice history: every call (a voice attempt), whichever channel its notification started on.

export type VoiceHistoryWhere = {
  days: LocalDays;
  campaignId?: string | undefined;
  outcome?: CallOutcome | undefined;
  recipient?: string | undefined;
};

/** A call's outcome from its attempt's status (the gateway's busy / no answer / answered; the rest failed). */
const OUTCOME_OF: Record<Exclude<CallOutcome, 'pending' | 'failed'>, NotificationStatus[]> = {
  answered: ['answered', 'delivered', 'read'],
  busy: ['busy'],
  no_answer: ['no_answer'],
};
const PENDING: NotificationStatus[] = ['queued', 'sending', 'sent'];

export function callOutcome(status: NotificationStatus): CallOutcome {
  for (const [outcome, statuses] of Object.entries(OUTCOME_OF)) {
    if (statuses.includes(status)) return outcome as CallOutcome;
  }
  return PENDING.includes(status) ? 'pending' : 'failed';
}

function outcomeCondition(outcome: CallOutcome): SQL {
  if (outcome === 'pending') return inArray(campaignAttempts.status, PENDING);
  if (outcome === 'failed') {
    const known = [...Object.values(OUTCOME_OF).flat(), ...PENDING];
    return sql`${campaignAttempts.status} not in (${sql.join(
      known.map((status) => sql`${status}`),
      sql`, `,
    )})`;
  }
  return inArray(campaignAttempts.status, OUTCOME_OF[outcome]);
}

function callConditions(clientId: string, where: VoiceHistoryWhere): SQL {
  const parts: SQL[] = [
    eq(campaignAttempts.channel, 'VOICE'),
    withinLocalDays(campaignAttempts.startedAt, where.days),
  ];
  if (where.campaignId !== undefined)
    parts.push(isId(where.campaignId) ? eq(campaignBatches.campaignId, where.campaignId) : sql`false`);
  if (where.outcome !== undefined) parts.push(outcomeCondition(where.outcome));
  if (where.recipient)
    parts.push(sql`${campaignNotifications.recipient} ilike ${likePattern(where.recipient)}`);
  return inClient(campaignAttempts, clientId, ...parts);
}

const notificationOfAttempt = inClient(
  campaignNotifications,
  campaignAttempts.clientId,
  eq(campaignNotifications.id, campaignAttempts.notificationId),
);
const campaignOfBatch = inClient(
  campaigns,
  campaignBatches.clientId,
  eq(campaigns.id, campaignBatches.campaignId),
);

const callColumns = {
  notificationId: campaignAttempts.notificationId,
  attempt: campaignAttempts.attempt,
  batchId: campaignNotifications.batchId,
  campaignCode: campaigns.code,
  campaignName: campaigns.name,
  recipient: campaignNotifications.recipient,
  status: campaignAttempts.status,
  provider: campaignAttempts.provider,
  providerMessageId: campaignAttempts.providerMessageId,
  errorMessage: campaignAttempts.errorMessage,
  durationSeconds: campaignAttempts.durationSeconds,
  chargedSeconds: campaignAttempts.chargedSeconds,
  outboundId: campaignAttempts.outboundId,
  startedAt: campaignAttempts.startedAt,
  endedAt: campaignAttempts.endedAt,
};

/** A page of a client's calls, and the totals of every call the filters select. */
export async function listCalls(
  db: Executor,
  clientId: string,
  where: VoiceHistoryWhere,
  page: { sort: 'newest' | 'oldest'; limit: number; offset: number },
) {
  const filter = callConditions(clientId, where);
  const order =
    page.sort === 'newest'
      ? [
          desc(campaignAttempts.startedAt),
          desc(campaignAttempts.notificationId),
          desc(campaignAttempts.attempt),
        ]
      : [
          asc(campaignAttempts.startedAt),
          asc(campaignAttempts.notificationId),
          asc(campaignAttempts.attempt),
        ];
  const rows = await db
    .select(callColumns)
    .from(campaignAttempts)
    .innerJoin(campaignNotifications, notificationOfAttempt)
    .innerJoin(campaignBatches, batchOfNotification)
    .leftJoin(campaigns, campaignOfBatch)
    .where(filter)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const answered = inArray(campaignAttempts.status, OUTCOME_OF.answered);
  const [totals] = await db
    .select({
      calls: sql<number>`count(*)::int`,
      answered: sql<number>`(count(*) filter (where ${answered}))::int`,
      durationSeconds: sql<number>`coalesce(sum(${campaignAttempts.durationSeconds}) filter (where ${answered}), 0)::int`,
      chargedSeconds: sql<number>`coalesce(sum(${campaignAttempts.chargedSeconds}), 0)::int`,
    })
    .from(campaignAttempts)
    .innerJoin(campaignNotifications, notificationOfAttempt)
    .innerJoin(campaignBatches, batchOfNotification)
    .where(filter);
  return {
    rows,
    totals: {
      calls: Number(totals?.calls ?? 0),
      answered: Number(totals?.answered ?? 0),
      durationSeconds: Number(totals?.durationSeconds ?? 0),
      chargedSeconds: Number(totals?.chargedSeconds ?? 0),
    },
  };
}

/** One voice attempt of a client (its ledger row, for the recording), or null. */
export async function findCall(db: Executor, clientId: string, notificationId: string, attempt: number) {
  if (!isId(notificationId)) return null;
  const [row] = await db
    .select({ outboundId: campaignAttempts.outboundId })
    .from(campaignAttempts)
    .where(
      inClient(
        campaignAttempts,
        clientId,
        eq(campaignAttempts.notificationId, notificationId),
        eq(campaignAttempts.attempt, attempt),
        eq(campaignAttempts.channel, 'VOICE'),
      ),
    );
  return row ?? null;
}

// ---- Scenario diagram: a campaign's batches and a batch's counts per step.

export async function findCampaignByCode(db: Executor, clientId: string, code: string) {
  const [row] = await db
    .select({
      campaignId: campaigns.id,
      code: campaigns.code,
      name: campaigns.name,
      channel: campaigns.channel,
      windowId: campaigns.windowId,
      retryPlanId: campaigns.retryPlanId,
    })
    .from(campaigns)
    .where(inClient(campaigns, clientId, eq(campaigns.code, code)));
  return row ?? null;
}

/** The campaign's newest batches (the picker), newest first. */
export async function listCampaignBatches(db: Executor, clientId: string, campaignId: string, limit: number) {
  return db
    .select({
      batchId: campaignBatches.id,
      status: campaignBatches.status,
      fileName: campaignBatches.fileName,
      createdAt: campaignBatches.createdAt,
      channel: campaignBatches.channel,
      retryPlan: campaignBatches.retryPlan,
      windowId: campaignBatches.windowId,
      rowsRead: campaignBatches.rowsRead,
      validCount: campaignBatches.validCount,
      invalidCount: campaignBatches.invalidCount,
      blacklistedCount: campaignBatches.blacklistedCount,
      duplicateCount: campaignBatches.duplicateCount,
    })
    .from(campaignBatches)
    .where(inClient(campaignBatches, clientId, eq(campaignBatches.campaignId, campaignId)))
    .orderBy(desc(campaignBatches.createdAt), desc(campaignBatches.id))
    .limit(limit);
}

/** A batch's notifications by status. */
export async function countBatchNotifications(db: Executor, clientId: string, batchId: string) {
  return db
    .select({ status: campaignNotifications.status, count: sql<number>`count(*)::int` })
    .from(campaignNotifications)
    .where(inClient(campaignNotifications, clientId, eq(campaignNotifications.batchId, batchId)))
    .groupBy(campaignNotifications.status);
}

export type StepTransition = {
  channel: CampaignChannel;
  onChannel: number;
  prevChannel: CampaignChannel | null;
  prevOnChannel: number | null;
  /** The notification's status when this is its last attempt so far; null otherwise. */
  finalStatus: NotificationStatus | null;
  count: number;
};

/**
 * A batch's attempts as steps: each attempt's channel and number on that channel, the step before it,
 * and for a notification's last attempt its status now; counted per distinct transition.
 */
export async function countStepTransitions(
  db: Executor,
  clientId: string,
  batchId: string,
): Promise<StepTransition[]> {
  const { rows } = await db.execute(sql`
    with numbered as (
      select a.notification_id, a.attempt, a.channel,
        row_number() over (partition by a.notification_id, a.channel order by a.attempt) as on_channel
      from ${campaignAttempts} a
      join ${campaignNotifications} n on n.client_id = a.client_id and n.id = a.notification_id
      where a.client_id = ${clientId} and n.batch_id = ${batchId}
    ), ordered as (
      select notification_id, channel, on_channel,
        lag(channel) over w as prev_channel,
        lag(on_channel) over w as prev_on_channel,
        lead(attempt) over w is null as is_last
      from numbered
      window w as (partition by notification_id order by attempt)
    )
    select o.channel, o.on_channel, o.prev_channel, o.prev_on_channel,
      case when o.is_last then n.status end as final_status, count(*)::int as count
    from ordered o
    join ${campaignNotifications} n on n.client_id = ${clientId} and n.id = o.notification_id
    group by 1, 2, 3, 4, 5
  `);
  return (rows as Record<string, unknown>[]).map((row) => ({
    channel: row.channel as CampaignChannel,
    onChannel: Number(row.on_channel),
    prevChannel: (row.prev_channel as CampaignChannel | null) ?? null,
    prevOnChannel: row.prev_on_channel === null ? null : Number(row.prev_on_channel),
    finalStatus: (row.final_status as NotificationStatus | null) ?? null,
    count: Number(row.count),
  }));
}

export type CallRow = Awaited<ReturnType<typeof listCalls>>['rows'][number];

/** The retry plan a campaign names now (a campaign with no batch yet is drawn with it). */
export async function findRetryPlanOf(db: Executor, clientId: string, retryPlanId: string) {
  const [row] = await db
    .select({
      maxAttempts: campaignRetryPlans.maxAttempts,
      fallbackChannels: campaignRetryPlans.fallbackChannels,
    })
    .from(campaignRetryPlans)
    .where(inClient(campaignRetryPlans, clientId, eq(campaignRetryPlans.id, retryPlanId)));
  return row ?? null;
}

/** The newest campaigns of the channels (a report's campaign filter). */
export async function listCampaignsOfChannels(
  db: Executor,
  clientId: string,
  channels: readonly CampaignChannel[],
  limit: number,
) {
  if (channels.length === 0) return [];
  return db
    .select({
      campaignId: campaigns.id,
      code: campaigns.code,
      name: campaigns.name,
      channel: campaigns.channel,
    })
    .from(campaigns)
    .where(inClient(campaigns, clientId, inArray(campaigns.channel, [...channels])))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit);
}
