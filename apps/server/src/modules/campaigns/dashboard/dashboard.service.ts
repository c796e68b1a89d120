import {
  type ActiveCustomers,
  type CampaignChannel,
  type DailyProgress,
  NOTIFICATION_STATUSES,
  type NotificationStatus,
  type StatusCounts,
} from '@sapa/contracts';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { reportChannels, requireChannelReportAccess } from '../campaigns.access.js';
import { resolveLocalDays } from '../local-days.js';
import {
  activeCustomersBy,
  callDurations,
  countByDay,
  countByStatus,
  FAILED,
  progressOfDay,
  REACHED,
} from './dashboard.repository.js';

/** A chart of more than a quarter is unreadable as daily bars; the limit also bounds the query. */
const MAX_SUMMARY_DAYS = 92;

const emptyCounts = (): StatusCounts =>
  Object.fromEntries(NOTIFICATION_STATUSES.map((status) => [status, 0])) as StatusCounts;

/** A channel's notifications over local days (spec §1 "notification summary", "call durations"). */
export async function campaignSummary(
  db: Executor,
  actor: Actor,
  query: { channel: CampaignChannel; startDate?: string | undefined; endDate?: string | undefined },
) {
  await requireChannelReportAccess(db, actor, query.channel);
  const days = await resolveLocalDays(db, actor.clientId, query, MAX_SUMMARY_DAYS);
  const [byStatus, byDay, calls] = await Promise.all([
    countByStatus(db, actor.clientId, query.channel, days),
    countByDay(db, actor.clientId, query.channel, days),
    query.channel === 'VOICE' ? callDurations(db, actor.clientId, days) : null,
  ]);
  const counts = emptyCounts();
  for (const row of byStatus) counts[row.status] = Number(row.count);
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const reached = REACHED.reduce((sum, status) => sum + counts[status], 0);
  const failed = FAILED.reduce((sum, status) => sum + counts[status], 0);
  return {
    channel: query.channel,
    startDate: days.startDate,
    endDate: days.endDate,
    total,
    counts,
    successRate: reached + failed === 0 ? null : Math.round((reached / (reached + failed)) * 1000) / 10,
    days: byDay.map((row) => ({
      date: row.date,
      total: Number(row.total),
      reached: Number(row.reached),
      failed: Number(row.failed),
    })),
    calls: calls && {
      answered: Number(calls.answered),
      durationSeconds: Number(calls.durationSeconds),
      averageSeconds:
        Number(calls.answered) === 0
          ? null
          : Math.round((Number(calls.durationSeconds) / Number(calls.answered)) * 10) / 10,
      chargedSeconds: Number(calls.chargedSeconds),
    },
  };
}

const IN_FLIGHT: NotificationStatus[] = ['queued', 'sending'];

/**
 * Today's progress of each campaign with notifications due today, on the channels the reader may see
 * (spec §1 "daily campaign progress", searched by campaign code). No campaign: the screen says "no data
 * for today's campaign".
 */
export async function dailyCampaignProgress(
  db: Executor,
  actor: Actor,
  query: { channel?: CampaignChannel | undefined; code?: string | undefined; date?: string | undefined },
): Promise<DailyProgress> {
  const readable = await reportChannels(db, actor);
  if (query.channel) await requireChannelReportAccess(db, actor, query.channel);
  const channels = query.channel ? [query.channel] : readable;
  const day = await resolveLocalDays(db, actor.clientId, { startDate: query.date }, 1);
  const rows = await progressOfDay(db, actor.clientId, { channels, code: query.code, day });
  const byCampaign = new Map<string, DailyProgress['items'][number]>();
  for (const row of rows) {
    const item = byCampaign.get(row.campaignId) ?? {
      campaignId: row.campaignId,
      code: row.code,
      name: row.name,
      channel: row.channel,
      total: 0,
      counts: emptyCounts(),
      progress: 0,
    };
    item.counts[row.status] += Number(row.count);
    item.total += Number(row.count);
    byCampaign.set(row.campaignId, item);
  }
  const items = [...byCampaign.values()].map((item) => {
    const pending = IN_FLIGHT.reduce((sum, status) => sum + item.counts[status], 0);
    return { ...item, progress: Math.round(((item.total - pending) / item.total) * 1000) / 10 };
  });
  return { date: day.startDate, items };
}

const DAY_MS = 86_400_000;
const shiftDay = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The first day of the month `back` months before the month of `date`. */
function monthStart(date: string, back: number) {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - back, 1));
  return first.toISOString().slice(0, 10);
}

/**
 * Daily and monthly active customers (spec §1, decision 0047): distinct recipients a campaign message
 * reached (sent, delivered, read, answered) on the channel, by the local day and month of the send.
 * Without a channel, every channel the reader may see, a recipient reached on two counted once.
 */
export async function activeCustomers(
  db: Executor,
  actor: Actor,
  query: { channel?: CampaignChannel | undefined; date?: string | undefined; days: number; months: number },
): Promise<ActiveCustomers> {
  if (query.channel) await requireChannelReportAccess(db, actor, query.channel);
  const channels = query.channel ? [query.channel] : await reportChannels(db, actor);
  const day = await resolveLocalDays(db, actor.clientId, { startDate: query.date }, 1);
  const date = day.startDate;
  const dailyDays = { ...day, startDate: shiftDay(date, 1 - query.days), endDate: date };
  const monthlyDays = { ...day, startDate: monthStart(date, query.months - 1), endDate: date };
  const [byDay, byMonth] = await Promise.all([
    activeCustomersBy(db, actor.clientId, { channels, unit: 'day', days: dailyDays }),
    activeCustomersBy(db, actor.clientId, { channels, unit: 'month', days: monthlyDays }),
  ]);
  const dayCounts = new Map(byDay.map((row) => [row.period, Number(row.customers)]));
  const monthCounts = new Map(byMonth.map((row) => [row.period, Number(row.customers)]));
  const daily = Array.from({ length: query.days }, (_, index) => {
    const at = shiftDay(dailyDays.startDate, index);
    return { date: at, customers: dayCounts.get(at) ?? 0 };
  });
  const monthly = Array.from({ length: query.months }, (_, index) => {
    const month = monthStart(date, query.months - 1 - index).slice(0, 7);
    return { month, customers: monthCounts.get(month) ?? 0 };
  });
  return {
    channels,
    timezone: day.timeZone,
    date,
    today: daily.at(-1)?.customers ?? 0,
    thisMonth: monthly.at(-1)?.customers ?? 0,
    daily,
    monthly,
  };
}
