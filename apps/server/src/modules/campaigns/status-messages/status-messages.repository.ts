import type { CampaignChannel, StatusMessageFilters } from '@sapa/contracts';
import { and, asc, desc, eq, gt, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { isId } from '../../../lib/ids.js';
import { likePattern } from '../../../lib/like-pattern.js';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { campaignBatches, campaignNotifications, campaigns } from '../campaigns.tables.js';
import { type LocalDays, withinLocalDays } from '../local-days.js';

/** The filters of the status-message screen, resolved: local days turned into instants by PostgreSQL. */
export type StatusMessageWhere = Omit<StatusMessageFilters, 'startDate' | 'endDate' | 'sort' | 'channel'> & {
  /** One channel (a channel's status messages), or several (a report of every channel the reader sees). */
  channel: CampaignChannel | readonly CampaignChannel[];
  days: LocalDays;
};

const columns = {
  notificationId: campaignNotifications.id,
  batchId: campaignNotifications.batchId,
  campaignId: campaignBatches.campaignId,
  campaignCode: campaigns.code,
  campaignName: campaigns.name,
  channel: campaignNotifications.channel,
  recipient: campaignNotifications.recipient,
  status: campaignNotifications.status,
  attempts: campaignNotifications.attemptCount,
  providerMessageId: campaignNotifications.providerMessageId,
  errorCode: campaignNotifications.errorCode,
  errorMessage: campaignNotifications.errorMessage,
  createdAt: campaignNotifications.createdAt,
  dueAt: campaignNotifications.dueAt,
  sentAt: campaignNotifications.sentAt,
  deliveredAt: campaignNotifications.deliveredAt,
  readAt: campaignNotifications.readAt,
  updatedAt: campaignNotifications.updatedAt,
};
function conditions(clientId: string, where: StatusMessageWhere): SQL {
  const parts: (SQL | undefined)[] = [
    typeof where.channel === 'string'
      ? eq(campaignBatches.channel, where.channel)
      : where.channel.length > 0
        ? inArray(campaignBatches.channel, [...where.channel])
        : sql`false`,
    withinLocalDays(campaignNotifications.createdAt, where.days),
  ];
  // An id that is not one matches nothing (and never reaches a uuid cast).
  if (where.campaignId !== undefined) {
    parts.push(isId(where.campaignId) ? eq(campaignBatches.campaignId, where.campaignId) : sql`false`);
  }
  if (where.batchId !== undefined) {
    parts.push(isId(where.batchId) ? eq(campaignNotifications.batchId, where.batchId) : sql`false`);
  }
  if (where.status !== undefined) parts.push(eq(campaignNotifications.status, where.status));
  if (where.recipient) parts.push(ilike(campaignNotifications.recipient, likePattern(where.recipient)));
  return inClient(campaignNotifications, clientId, ...parts.filter((part): part is SQL => Boolean(part)));
}

function selectRows(db: Executor) {
  return db
    .select(columns)
    .from(campaignNotifications)
    .innerJoin(
      campaignBatches,
      inClient(
        campaignBatches,
        campaignNotifications.clientId,
        eq(campaignBatches.id, campaignNotifications.batchId),
      ),
    )
    .leftJoin(
      campaigns,
      inClient(campaigns, campaignBatches.clientId, eq(campaigns.id, campaignBatches.campaignId)),
    );
}

/** One page of a client's status messages and how many match. */
export async function listStatusMessageRows(
  db: Executor,
  clientId: string,
  where: StatusMessageWhere,
  page: { sort: 'newest' | 'oldest'; limit: number; offset: number },
) {
  const order =
    page.sort === 'newest'
      ? [desc(campaignNotifications.createdAt), desc(campaignNotifications.id)]
      : [asc(campaignNotifications.createdAt), asc(campaignNotifications.id)];
  const filter = conditions(clientId, where);
  const rows = await selectRows(db)
    .where(filter)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaignNotifications)
    .innerJoin(
      campaignBatches,
      inClient(
        campaignBatches,
        campaignNotifications.clientId,
        eq(campaignBatches.id, campaignNotifications.batchId),
      ),
    )
    .where(filter);
  return { rows, total: Number(counted?.count ?? 0) };
}

export type StatusMessageCursor = { createdAt: Date; id: string };

/** The next rows after `cursor` in the chosen order (an export reads them all, a page at a time). */
export async function listStatusMessagesAfter(
  db: Executor,
  clientId: string,
  where: StatusMessageWhere,
  page: { sort: 'newest' | 'oldest'; limit: number; cursor: StatusMessageCursor | null },
) {
  const { cursor } = page;
  const newest = page.sort === 'newest';
  const beyond = newest ? lt : gt;
  const after = cursor
    ? or(
        beyond(campaignNotifications.createdAt, cursor.createdAt),
        and(
          eq(campaignNotifications.createdAt, cursor.createdAt),
          beyond(campaignNotifications.id, cursor.id),
        ),
      )
    : undefined;
  const rows = await selectRows(db)
    .where(after ? and(conditions(clientId, where), after) : conditions(clientId, where))
    .orderBy(
      ...(newest
        ? [desc(campaignNotifications.createdAt), desc(campaignNotifications.id)]
        : [asc(campaignNotifications.createdAt), asc(campaignNotifications.id)]),
    )
    .limit(page.limit);
  return rows;
}

export type StatusMessageRow = Awaited<ReturnType<typeof listStatusMessagesAfter>>[number];
