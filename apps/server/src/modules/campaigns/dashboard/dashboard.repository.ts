import type { CampaignChannel, NotificationStatus } from '@sapa/contracts';
import { eq, ilike, inArray, sql } from 'drizzle-orm';
import { likePrefix } from '../../../lib/like-pattern.js';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { campaignAttempts, campaignBatches, campaignNotifications, campaigns } from '../campaigns.tables.js';
import { type LocalDays, withinLocalDays } from '../local-days.js';

/** Statuses in which the message reached the recipient, and in which it ended without reaching them. */
export const REACHED: NotificationStatus[] = ['sent', 'delivered', 'read', 'answered'];
export const FAILED: NotificationStatus[] = ['failed', 'expired', 'busy', 'no_answer'];

function notificationsOfChannel(db: Executor, clientId: string, channel: CampaignChannel, days: LocalDays) {
  return {
    from: campaignNotifications,
    join: inClient(
      campaignBatches,
      campaignNotifications.clientId,
      eq(campaignBatches.id, campaignNotifications.batchId),
    ),
    where: inClient(
      campaignNotifications,
      clientId,
      eq(campaignBatches.channel, channel),
      withinLocalDays(campaignNotifications.createdAt, days),
    ),
    db,
  };
}

/** How many of a channel's notifications made in the days are in each status. */
export async function countByStatus(
  db: Executor,
  clientId: string,
  channel: CampaignChannel,
  days: LocalDays,
) {
  const q = notificationsOfChannel(db, clientId, channel, days);
  return db
    .select({ status: campaignNotifications.status, count: sql<number>`count(*)::int` })
    .from(q.from)
    .innerJoin(campaignBatches, q.join)
    .where(q.where)
    .groupBy(campaignNotifications.status);
}

/** Per local day: made, reached the recipient, failed. */
export async function countByDay(db: Executor, clientId: string, channel: CampaignChannel, days: LocalDays) {
  const q = notificationsOfChannel(db, clientId, channel, days);
  const day = sql<string>`((${campaignNotifications.createdAt} at time zone ${days.timeZone})::date)::text`;
  return db
    .select({
      date: day,
      total: sql<number>`count(*)::int`,
      reached: sql<number>`(count(*) filter (where ${inArray(campaignNotifications.status, REACHED)}))::int`,
      failed: sql<number>`(count(*) filter (where ${inArray(campaignNotifications.status, FAILED)}))::int`,
    })
    .from(q.from)
    .innerJoin(campaignBatches, q.join)
    .where(q.where)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** Voice attempts started in the days: answered calls, their seconds, and the seconds charged. */
export async function callDurations(db: Executor, clientId: string, days: LocalDays) {
  const [row] = await db
    .select({
      answered: sql<number>`(count(*) filter (where ${eq(campaignAttempts.status, 'answered')}))::int`,
      durationSeconds: sql<number>`coalesce(sum(${campaignAttempts.durationSeconds}), 0)::int`,
      chargedSeconds: sql<number>`coalesce(sum(${campaignAttempts.chargedSeconds}), 0)::int`,
    })
    .from(campaignAttempts)
    .where(
      inClient(
        campaignAttempts,
        clientId,
        eq(campaignAttempts.channel, 'VOICE'),
        withinLocalDays(campaignAttempts.startedAt, days),
      ),
    );
  return row ?? { answered: 0, durationSeconds: 0, chargedSeconds: 0 };
}

/** Per campaign and status, the notifications due on one local day, of the given channels. */
export async function progressOfDay(
  db: Executor,
  clientId: string,
  input: { channels: CampaignChannel[]; code?: string | undefined; day: LocalDays },
) {
  if (input.channels.length === 0) return [];
  return db
    .select({
      campaignId: campaigns.id,
      code: campaigns.code,
      name: campaigns.name,
      channel: campaigns.channel,
      status: sql<NotificationStatus>`${campaignNotifications.status}`,
      count: sql<number>`count(*)::int`,
    })
    .from(campaignNotifications)
    .innerJoin(
      campaignBatches,
      inClient(
        campaignBatches,
        campaignNotifications.clientId,
        eq(campaignBatches.id, campaignNotifications.batchId),
      ),
    )
    .innerJoin(
      campaigns,
      inClient(campaigns, campaignBatches.clientId, eq(campaigns.id, campaignBatches.campaignId)),
    )
    .where(
      inClient(
        campaignNotifications,
        clientId,
        inArray(campaigns.channel, input.channels),
        withinLocalDays(campaignNotifications.dueAt, input.day),
        input.code ? ilike(campaigns.code, likePrefix(input.code)) : undefined,
      ),
    )
    .groupBy(campaigns.id, campaigns.code, campaigns.name, campaigns.channel, campaignNotifications.status)
    .orderBy(campaigns.code);
}

/**
 * Distinct recipients a message reached on the channels, per local day (`unit` day) or month (`unit`
 * month) of its send, within [from, to) local dates. Served by `campaign_notifications_reached_idx`
 * (client, channel, sent_at, recipient, where reached): an index-only range scan per channel.
 */
export async function activeCustomersBy(
  db: Executor,
  clientId: string,
  input: { channels: CampaignChannel[]; unit: 'day' | 'month'; days: LocalDays },
) {
  if (input.channels.length === 0) return [];
  const local = sql`(${campaignNotifications.sentAt} at time zone ${input.days.timeZone})`;
  const period =
    input.unit === 'day'
      ? sql<string>`(${local}::date)::text`
      : sql<string>`to_char(date_trunc('month', ${local}), 'YYYY-MM')`;
  return db
    .select({ period, customers: sql<number>`count(distinct ${campaignNotifications.recipient})::int` })
    .from(campaignNotifications)
    .where(
      inClient(
        campaignNotifications,
        clientId,
        inArray(campaignNotifications.channel, input.channels),
        withinLocalDays(campaignNotifications.sentAt, input.days),
        // `reached` is `status in REACHED`, stored (decision 0061): the index's predicate, so no status read.
        sql`${campaignNotifications.reached}`,
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}
