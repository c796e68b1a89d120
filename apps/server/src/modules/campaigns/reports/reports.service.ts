import {
  type CampaignChannel,
  NOTIFICATION_STATUSES,
  REPORT_ROLES,
  type ReportFilters,
  type StatusCounts,
} from '@sapa/contracts';
import { type Actor, hasRole, requireUser } from '../../../platform/actor.js';
import type { Database, Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import type { ExportProducer, Exports } from '../../../platform/exports/index.js';
import { reportChannels, requireChannelReportAccess } from '../campaigns.access.js';
import { resolveLocalDays } from '../local-days.js';
import type { StatusMessageWhere } from '../status-messages/status-messages.repository.js';
import { listStatusMessageRows } from '../status-messages/status-messages.repository.js';
import {
  STATUS_MESSAGE_COLUMNS,
  statusMessageRecords,
  toStatusMessage,
} from '../status-messages/status-messages.service.js';
import {
  countByChannelAndStatus,
  countReportDays,
  listCampaignsOfChannels,
  type ReportWhere,
} from './reports.repository.js';

/** The export kind of generated reports (spec §2 `/report/download`), apart from status-message exports. */
export const REPORT_EXPORT = 'campaignReport';
/** A report covers at most a year: enough for the screens' questions, and bounded for the database. */
const MAX_REPORT_DAYS = 366;

const notReportReader = () =>
  new AppError(403, 'forbidden', 'Reports are for the report users, supervisors and admins of the client.');

/**
 * Spec §6 "Report: SAD, ADC, USR, USV, ADB": the route's roles; the channels are those whose feature is
 * open (one chosen channel must be one of them, else its own 403 says why).
 */
async function resolveReport(db: Executor, actor: Actor, filters: ReportFilters): Promise<ReportWhere> {
  if (!hasRole(actor, REPORT_ROLES)) throw notReportReader();
  if (filters.channel) await requireChannelReportAccess(db, actor, filters.channel);
  const channels: CampaignChannel[] = filters.channel ? [filters.channel] : await reportChannels(db, actor);
  const days = await resolveLocalDays(db, actor.clientId, filters, MAX_REPORT_DAYS);
  return {
    channels,
    days,
    campaignId: filters.campaignId,
    status: filters.status,
    recipient: filters.recipient,
  };
}

/** The campaign filter's choices stop here: a longer list is searched by code in the campaign screens. */
const CAMPAIGN_CHOICES = 500;

/** The campaigns a report may be narrowed to: those of the channels the reader's reports cover. */
export async function reportCampaigns(db: Executor, actor: Actor) {
  if (!hasRole(actor, REPORT_ROLES)) throw notReportReader();
  const channels = await reportChannels(db, actor);
  return { items: await listCampaignsOfChannels(db, actor.clientId, channels, CAMPAIGN_CHOICES) };
}

const asStatusMessageWhere = (where: ReportWhere): StatusMessageWhere => ({
  channel: where.channels,
  days: where.days,
  ...(where.campaignId !== undefined ? { campaignId: where.campaignId } : {}),
  ...(where.status !== undefined ? { status: where.status } : {}),
  ...(where.recipient !== undefined ? { recipient: where.recipient } : {}),
});

const emptyCounts = (): StatusCounts =>
  Object.fromEntries(NOTIFICATION_STATUSES.map((status) => [status, 0])) as StatusCounts;

/** A report's figures (`/report/reportPage`): counts by status, by channel, and per local day. */
export async function reportSummary(db: Executor, actor: Actor, filters: ReportFilters) {
  const where = await resolveReport(db, actor, filters);
  const [byChannelAndStatus, days] = await Promise.all([
    countByChannelAndStatus(db, actor.clientId, where),
    countReportDays(db, actor.clientId, where),
  ]);
  const counts = emptyCounts();
  const byChannel = new Map(
    where.channels.map((channel) => [channel, { channel, total: 0, counts: emptyCounts() }]),
  );
  for (const row of byChannelAndStatus) {
    const count = Number(row.count);
    counts[row.status] += count;
    const channel = byChannel.get(row.channel);
    if (!channel) continue;
    channel.counts[row.status] += count;
    channel.total += count;
  }
  return {
    startDate: where.days.startDate,
    endDate: where.days.endDate,
    channels: [...where.channels],
    total: Object.values(counts).reduce((sum, count) => sum + count, 0),
    counts,
    byChannel: [...byChannel.values()],
    days: days.map((row) => ({
      date: row.date,
      total: Number(row.total),
      reached: Number(row.reached),
      failed: Number(row.failed),
    })),
  };
}

/** Notifications of the channels the reader sees (`/report/notificationHistory`), a page at a time. */
export async function notificationHistory(
  db: Executor,
  actor: Actor,
  query: ReportFilters & { pageSize: number; pageNumber: number },
) {
  const { pageSize, pageNumber, ...filters } = query;
  const where = await resolveReport(db, actor, filters);
  const { rows, total } = await listStatusMessageRows(db, actor.clientId, asStatusMessageWhere(where), {
    sort: filters.sort,
    limit: pageSize,
    offset: pageNumber * pageSize,
  });
  return { items: rows.map(toStatusMessage), total, pageSize, pageNumber };
}

/**
 * Generated reports as an export kind: the filters, read again by the job as the person who asked (their
 * roles and channels then). The client's admins see every report, the other report roles their own.
 */
export function reportExportProducer(): ExportProducer {
  return {
    columns: STATUS_MESSAGE_COLUMNS,
    fileName: 'report.csv',
    visibility: (actor) =>
      hasRole(actor, ['SAD', 'ADC', 'ADB']) ? 'all' : hasRole(actor, REPORT_ROLES) ? 'own' : 'none',
    async *rows({ db, actor, request }) {
      const filters = request as ReportFilters;
      const where = await resolveReport(db, actor, filters);
      yield* statusMessageRecords(db, actor.clientId, asStatusMessageWhere(where), filters.sort ?? 'newest');
    },
  };
}

/** Generates a report (`/report/query`): checked now, built by the export job; the answer shows it queued. */
export async function requestReport(db: Database, exports: Exports, actor: Actor, filters: ReportFilters) {
  await resolveReport(db, actor, filters);
  return exports.request(requireUser(actor), REPORT_EXPORT, filters);
}
